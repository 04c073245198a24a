// Placeholder until RideLogicControlTests gets its tests.
