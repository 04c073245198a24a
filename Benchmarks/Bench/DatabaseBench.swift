/// Placeholder until the database cases exist.
func runDatabaseBenchmarks() {}
