import Foundation

// `swift run -c release bench [database|network|transfer|json|all]`
//
// Each case does the same work through this package's module and through a raw baseline in
// the same process, and prints one line: `name: ours=…s baseline=…s ratio=…`.

let arguments = Array(CommandLine.arguments.dropFirst())
let suites = arguments.isEmpty || arguments == ["all"] ? ["database", "network"] : arguments

for suite in suites {
  switch suite {
  case "database": runDatabaseBenchmarks()
  case "network": await runNetworkBenchmarks()
  case "transfer": await runTransferBenchmarks()
  case "json": runJSONBenchmarks()
  default:
    print("unknown benchmark suite '\(suite)'; use database, network, transfer, json or all")
    exit(2)
  }
}
