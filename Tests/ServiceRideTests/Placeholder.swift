// Placeholder until ServiceRideTests gets its tests.
