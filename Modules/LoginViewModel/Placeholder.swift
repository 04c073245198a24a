// Placeholder until LoginViewModel gets its code.
