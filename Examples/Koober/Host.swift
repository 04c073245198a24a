import Foundation
import KooberWire
import Localization

/// `koober`'s entry: parses the command line into one command (`RootCommand.subcommands`,
/// or the screens without one), runs it, and returns the exit status. `main.swift` only
/// calls it.
@MainActor
enum Host {
  /// Runs `koober` once.
  /// - Parameters:
  ///   - arguments: The command line without the program name.
  ///   - environment: The process environment.
  /// - Returns: The exit status.
  static func run(arguments: [String], environment: [String: String]) async -> ExitCode {
    // koober's own wording of the modules' texts (Resources/<language>.lproj/LoginCore.strings
    // names Koober where the module says "the server"): the one documented step.
    // KooberWire names Koober's user types, whichever server signs people in.
    Texts.appBundles = [Bundle.module, KooberWire.textBundle, .main]
    // Before parsing, so that its usage errors speak the language asked for.
    Texts.language = LanguageOption.chosen(arguments: arguments, environment: environment)
    let console = Console(environment: environment)
    let invocation: Invocation
    do {
      invocation = try Invocation(arguments: arguments)
    } catch {
      console.usageError(error)
      return .usage
    }
    // With an OpenID Connect provider the server is not Koober's: the modules' own wording
    // ("the server", "the sign-in provider") is used, never "Koober's server".
    if invocation.global.oidc != nil { Texts.appBundles = [KooberWire.textBundle, .main] }
    let context = CommandContext(
      global: invocation.global, environment: environment, console: console)
    return await invocation.command.run(context)
  }
}
