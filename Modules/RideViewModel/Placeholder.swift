// Placeholder until RideViewModel gets its code.
