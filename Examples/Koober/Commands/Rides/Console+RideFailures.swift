import Localization
import RideLogicControl
import RideModel
import ServiceRide

/// How the ride commands print a ride, report failures and pick their exit status.
extension Console {
  /// Reports a ride failure on stderr.
  /// - Parameter failure: What the service reported.
  /// - Returns: 2 for a ride id that cannot be one (nothing was sent), 4 when the session
  ///   has ended, 1 otherwise.
  func fail(_ failure: RideError) -> ExitCode {
    error(failure.message)
    switch failure {
    case .invalidRideID: return .usage
    case .notSignedIn: return .notSignedIn
    default: return .failure
    }
  }

  /// Reports a failed step of a ride flow on stderr.
  /// - Parameter failure: What the logic control reported.
  /// - Returns: As `fail(_: RideError)` for the service's failures, else 1.
  func fail(_ failure: RideLogicError) -> ExitCode {
    if case .service(let error) = failure { return fail(error) }
    error(failure.message)
    return .failure
  }

  /// Prints the ride one service call returns (id, status, route), or reports its failure.
  /// - Parameter call: The call, e.g. `{ () throws(RideError) in try await rides.advance(id) }`.
  /// - Returns: `.ok` once the ride is printed; as `fail(_: RideError)` after a failure.
  func printRide(_ call: () async throws(RideError) -> Ride) async -> ExitCode {
    do throws(RideError) {
      line(try await call().line)
      return .ok
    } catch {
      return fail(error)
    }
  }

  /// Reports that the account has a ride going on already (one ride at a time), naming it.
  /// - Parameter ride: The ride going on.
  /// - Returns: `.failure`.
  func failRideInProgress(_ ride: Ride) -> ExitCode {
    error(
      TextTable.kooberCommands.text(
        "rides.inProgress", ["id": ride.id, "status": ride.status.displayName]))
    return .failure
  }
}
