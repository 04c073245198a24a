import Foundation

// `koober`: the composition root is `AppContainer` (Composition/), the screens' state machine
// `Navigator` (Screens/), the subcommands Commands/. `serve` keeps its own parser.
let arguments = Array(CommandLine.arguments.dropFirst())
let environment = ProcessInfo.processInfo.environment
if arguments.first == "serve", !arguments.contains("--help"), !arguments.contains("-h") {
  exit(
    Host.serve(
      arguments: Array(arguments.dropFirst()), environment: environment,
      console: Console(environment: environment)))
}
let status = await Host.run(arguments: arguments, environment: environment)
exit(status.rawValue)
