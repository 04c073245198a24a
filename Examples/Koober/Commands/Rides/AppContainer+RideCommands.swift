import LoginLogicControl
import RideLogicControl
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
}

extension AppContainer {
  /// Runs a ride command for the signed-in user, once `rideCommandContainer(_:)` let it.
  /// - Parameters:
  ///   - access: Who may run the command.
  ///   - body: The command, given the user's container.
  /// - Returns: The command's exit status, or the refusal's.
  func runRideCommand(
    _ access: RideCommandAccess, _ body: (SignedInContainer) async -> ExitCode
  ) async -> ExitCode {
    switch await rideCommandContainer(access) {
    case .failure(let exit): return exit.status
    case .success(let container): return await body(container)
    }
  }

  /// Checks the saved session for a ride command and that the account may run it; says why
  /// not on stderr.
  /// - Parameter access: Who may run the command.
  /// - Returns: The signed-in user's container, or the exit status: 4 when no one is signed
  ///   in, 1 when the account may not run the command or the check failed.
  func rideCommandContainer(_ access: RideCommandAccess) async
    -> Result<SignedInContainer, RideCommandExit>
  {
    let user: User
    switch await checkSessionForCommand() {
    case .failed(let status): return .failure(RideCommandExit(status))
    case .notSignedIn(let expired):
      // One sentence: why the session is gone when there is more to say, else what to run.
      console.error(expired ?? "Not signed in: run 'koober sign-in' (or 'koober sign-up') first.")
      return .failure(RideCommandExit(.notSignedIn))
    case .signedIn(let signedIn, _):
      // Offline, the command still runs: its own request says the server is unreachable,
      // and `rides list` falls back on the rides saved here.
      user = signedIn
    }
    if let refusal = refusal(of: access, to: user.type) {
      console.error(refusal)
      return .failure(RideCommandExit(.failure))
    }
    return .success(makeSignedInContainer(for: user))
  }

  private func refusal(of access: RideCommandAccess, to type: UserType) -> String? {
    switch access {
    case .anyAccount: return nil
    case .passengers: return type == .passenger ? nil : RideError.passengersOnly.message
    case .drivers: return type == .driver ? nil : RideError.driversOnly.message
    case .feature(let feature):
      guard case .notAvailable(let message) = guestGate.check(feature, signedInAs: type) else {
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

  init(_ status: ExitCode) {
    self.status = status
  }
}
