import Foundation

// `koober`: the composition root is `AppContainer` (Composition/), the screens' state machine
// `Navigator` (Screens/), each subcommand one `KooberCommand` type (Commands/), all listed in
// `RootCommand.subcommands`.
let environment = ProcessInfo.processInfo.environment
let status = await Host.run(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: environment)
exit(status.rawValue)
