// Placeholder until RideViewModelTests gets its tests.
