// Placeholder until NetworkClientTests gets its tests.
