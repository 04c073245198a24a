import Foundation
import RideModel
import ServiceRide

/// A location service with a fixed position and a table of search answers; a search for a
/// text with a gate waits for it to open.
final class FakeLocations: LocationService, @unchecked Sendable {
  private let lock = NSLock()
  private var here: Result<Location, RideError>
  private var answers: [String: Result<[Location], RideError>] = [:]
  private var gates: [String: Gate] = [:]

  init(here: Result<Location, RideError>) {
    self.here = here
  }

  func answer(_ text: String, with result: Result<[Location], RideError>, gate: Gate? = nil) {
    lock.withLock {
      answers[text] = result
      gates[text] = gate
    }
  }

  func currentLocation() async throws(RideError) -> Location {
    try lock.withLock { here }.get()
  }

  func search(_ text: String) async throws(RideError) -> [Location] {
    if let gate = lock.withLock({ gates[text] }) { await gate.wait() }
    return try lock.withLock { answers[text] ?? .success([]) }.get()
  }
}
