// Placeholder until RideModelTests gets its tests.
