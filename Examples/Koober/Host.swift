import Foundation

/// `koober`'s entry: parses the command line, builds the app container, runs the screens or
/// one subcommand, and returns the exit status. `main.swift` only calls it.
@MainActor
enum Host {
  /// Runs `koober` once.
  /// - Parameters:
  ///   - arguments: The command line without the program name.
  ///   - environment: The process environment.
  /// - Returns: The exit status.
  static func run(arguments: [String], environment: [String: String]) async -> ExitCode {
    let console = Console(environment: environment)
    let invocation: Invocation
    do {
      invocation = try Invocation(arguments: arguments)
    } catch {
      console.usageError(error)
      return .usage
    }
    switch invocation.action {
    case .help(let topic):
      console.write((topic.map(HelpText.text(for:)) ?? HelpText.general) + "\n")
      return .ok
    case .report:
      return report(invocation.global, environment: environment, console: console)
    case .serve(let host, let port, let demo):
      return serve(
        invocation.global, host: host, port: port, demo: demo, environment: environment,
        console: console)
    default:
      break
    }
    let app: AppContainer
    do {
      app = try AppContainer.make(
        global: invocation.global, environment: environment, console: console)
    } catch {
      console.error(error.message)
      return error.exitCode
    }
    defer { app.close() }
    return await run(invocation.action, in: app)
  }

  private static func run(_ action: Action, in app: AppContainer) async -> ExitCode {
    switch action {
    case .interactive:
      await app.makeNavigator().run()
      return .ok
    case .status: return await StatusCommand(app: app).run()
    case .signOut: return await SignOutCommand(app: app).run()
    case .signIn(let email, let fromStdin):
      return await SignInCommand(app: app, email: email, passwordFromStdin: fromStdin).run()
    case .signUp(let email, let type, let name, let fromStdin):
      return await SignUpCommand(
        app: app, email: email, type: type, name: name, passwordFromStdin: fromStdin
      ).run()
    case .verify(let code): return await VerifyCommand(app: app, code: code).run()
    case .outbox(let email): return await OutboxCommand(app: app, email: email).run()
    case .ride(let rideAction):
      if let ridesUnavailable = app.ridesUnavailable {
        app.console.error(ridesUnavailable)
        return .failure
      }
      return await rideAction.run(in: app)
    case .help, .report, .serve: return .ok
    }
  }

  private static func report(
    _ global: GlobalOptions, environment: [String: String], console: Console
  ) -> ExitCode {
    do {
      let folder = try AppContainer.prepareDataFolder(global: global, environment: environment)
      let store = EventLogStore(url: folder.clientFolder(for: global).eventLog)
      return ReportCommand(console: console, store: store).run()
    } catch {
      console.error(error.message)
      return error.exitCode
    }
  }
}
