// Placeholder until LoginViewModelTests gets its tests.
