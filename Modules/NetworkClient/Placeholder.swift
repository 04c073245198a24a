// Placeholder until NetworkClient gets its code.
