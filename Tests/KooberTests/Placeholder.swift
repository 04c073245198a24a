// Placeholder until KooberTests gets its tests.
