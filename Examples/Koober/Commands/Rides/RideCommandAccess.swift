import KooberWire
import Localization
import LoginLogicControl
import ServiceRide
import UserModel

/// Who may run a ride command.
enum RideCommandAccess {
  /// A gated feature: the guest gate decides, as on the screens.
  case feature(AppFeature)
  /// Any signed-in account.
  case anyAccount
  /// Passenger accounts only (cancel, receipts).
  case passengers
  /// Driver accounts only (the queue and the steps).
  case drivers

  /// Checks the saved session for a ride command and that the account may run it; says why
  /// not on stderr.
  /// - Parameter app: The app container.
  /// - Returns: The signed-in user's container, or the exit status: 4 when no one is signed
  ///   in, 1 when the account may not run the command or the check failed.
  @MainActor
  func container(in app: AppContainer) async -> Result<SignedInContainer, RideCommandExit> {
    let user: User
    switch await SessionCheck.run(in: app) {
    case .failed(let status): return .failure(RideCommandExit(status))
    case .notSignedIn(let expired):
      // One sentence: why the session is gone when there is more to say, else what to run.
      app.console.error(expired ?? TextTable.kooberCommands.text("rides.signInFirst"))
      return .failure(RideCommandExit(.notSignedIn))
    case .signedIn(let signedIn, _):
      // Offline, the command still runs: its own request says the server is unreachable,
      // and `rides list` falls back on the rides saved here.
      user = signedIn
    }
    if let refusal = refusal(to: user.type, gate: app.guestGate) {
      app.console.error(refusal)
      return .failure(RideCommandExit(.failure))
    }
    return .success(app.makeSignedInContainer(for: user))
  }

  @MainActor
  private func refusal(to type: UserType, gate: GuestGate) -> String? {
    switch self {
    case .anyAccount: return nil
    case .passengers: return type == .passenger ? nil : RideError.passengersOnly.message
    case .drivers: return type == .driver ? nil : RideError.driversOnly.message
    case .feature(let feature):
      guard case .notAvailable(let message) = gate.check(feature, signedInAs: type) else {
        return nil
      }
      return message
    }
  }
}

/// The exit status of a ride command that could not start; its reason is on stderr already.
struct RideCommandExit: Error {
  /// The status to exit with.
  let status: ExitCode

  /// Wraps an exit status.
  /// - Parameter status: The status to exit with.
  init(_ status: ExitCode) {
    self.status = status
  }
}
