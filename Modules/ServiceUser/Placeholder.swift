// Placeholder until ServiceUser gets its code.
