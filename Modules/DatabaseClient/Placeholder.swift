// Placeholder until DatabaseClient gets its code.
