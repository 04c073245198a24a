// Placeholder until ServiceRide gets its code.
