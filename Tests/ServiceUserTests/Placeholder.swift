// Placeholder until ServiceUserTests gets its tests.
