/// Placeholder until the network cases exist.
func runNetworkBenchmarks() async {}
