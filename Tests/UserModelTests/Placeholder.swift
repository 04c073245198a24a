// Placeholder until UserModelTests gets its tests.
