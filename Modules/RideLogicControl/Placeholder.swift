// Placeholder until RideLogicControl gets its code.
