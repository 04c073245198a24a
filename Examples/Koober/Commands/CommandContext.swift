import ServiceUser

/// What every command runs with: the checked global options, the environment and the
/// terminal. The commands that need the app container ask it for one here, so the container
/// stays the composition root and never runs a command itself.
@MainActor
struct CommandContext {
  /// `--server`, `--data-dir`, `--lang` and the OIDC options.
  let global: GlobalOptions
  /// The process environment.
  let environment: [String: String]
  /// The terminal.
  let console: Console

  /// Builds the app container, runs `body` with it and closes it; a container that cannot
  /// be built is reported on stderr instead.
  /// - Parameter body: The command's work.
  /// - Returns: `body`'s exit status, or the startup failure's (1, or 2 for a bad setting).
  func withApp(_ body: (AppContainer) async -> ExitCode) async -> ExitCode {
    let app: AppContainer
    do {
      app = try AppContainer.make(global: global, environment: environment, console: console)
    } catch {
      console.error(error.message)
      return error.exitCode
    }
    defer { app.close() }
    let status = await body(app)
    // A queued revocation the command started sending (it reached the server) finishes
    // before the process ends.
    await app.serviceUser.queuedRevocationsSent()
    return status
  }

  /// As `withApp(_:)` for a ride command: with `--oidc-issuer` there are no rides, which is
  /// said in one sentence (exit 1) instead of running `body`.
  /// - Parameter body: The command's work.
  /// - Returns: `body`'s exit status, or the refusal's.
  func withRides(_ body: (AppContainer) async -> ExitCode) async -> ExitCode {
    await withApp { app in
      if let ridesUnavailable = app.ridesUnavailable {
        console.error(ridesUnavailable)
        return .failure
      }
      return await body(app)
    }
  }

  /// As `withRides(_:)` for a ride command of the signed-in user: the saved session is
  /// checked and the account must be one that `access` lets in (`RideCommandAccess`).
  /// - Parameters:
  ///   - access: Who may run the command.
  ///   - body: The command's work, given the user's container.
  /// - Returns: `body`'s exit status, or the refusal's (4 when no one is signed in, 1 when
  ///   the account may not run the command or the check failed).
  func withSignedIn(
    _ access: RideCommandAccess, _ body: (SignedInContainer) async -> ExitCode
  ) async -> ExitCode {
    await withRides { app in
      switch await access.container(in: app) {
      case .failure(let exit): return exit.status
      case .success(let container): return await body(container)
      }
    }
  }
}
