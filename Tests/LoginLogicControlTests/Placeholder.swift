// Placeholder until LoginLogicControlTests gets its tests.
