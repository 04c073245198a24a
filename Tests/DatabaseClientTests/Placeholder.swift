// Placeholder until DatabaseClientTests gets its tests.
