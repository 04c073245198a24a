// Placeholder until KooberBackendTests gets its tests.
