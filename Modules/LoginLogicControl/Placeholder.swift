// Placeholder until LoginLogicControl gets its code.
