import Foundation
import RideLogicControl
import RideModel
import ServiceRide

/// A scriptable ride service: the test sets what the "server" answers, and reads which
/// calls were made. Every answer is immediate unless a gate holds it.
final class FakeRides: PassengerRideServicing, DriverRideServicing, @unchecked Sendable {
  private let lock = NSLock()
  private var state = State()

  private struct State {
    var server: Result<Ride, RideError> = .failure(.notFound)
    var active: Result<Ride?, RideError> = .success(nil)
    var estimates: Result<[FareEstimate], RideError> = .success([])
    var request: Result<Ride, RideError>?
    var cancel: Result<Ride, RideError>?
    var queue: Result<[Ride], RideError> = .success([])
    var steps: [DriverStep: Result<Ride, RideError>] = [:]
    var calls: [String] = []
    var requestGate: Gate?
  }

  /// What `ride(_:)` answers: the ride as the server has it, or a failure.
  var server: Result<Ride, RideError> {
    get { lock.withLock { state.server } }
    set { lock.withLock { state.server = newValue } }
  }
  /// What `activeRide()` answers.
  var active: Result<Ride?, RideError> {
    get { lock.withLock { state.active } }
    set { lock.withLock { state.active = newValue } }
  }
  /// What `fareEstimates` answers.
  var estimates: Result<[FareEstimate], RideError> {
    get { lock.withLock { state.estimates } }
    set { lock.withLock { state.estimates = newValue } }
  }
  /// What `requestRide` answers; on success the server then has that ride.
  var request: Result<Ride, RideError>? {
    get { lock.withLock { state.request } }
    set { lock.withLock { state.request = newValue } }
  }
  /// What `cancelRide` answers; on success the server then has that ride.
  var cancel: Result<Ride, RideError>? {
    get { lock.withLock { state.cancel } }
    set { lock.withLock { state.cancel = newValue } }
  }
  /// What `queue()` answers.
  var queue: Result<[Ride], RideError> {
    get { lock.withLock { state.queue } }
    set { lock.withLock { state.queue = newValue } }
  }
  /// When set, `requestRide` waits for the gate to open before answering.
  var requestGate: Gate? {
    get { lock.withLock { state.requestGate } }
    set { lock.withLock { state.requestGate = newValue } }
  }
  /// Every call, in order, e.g. `ride(ride_1)`.
  var calls: [String] { lock.withLock { state.calls } }

  /// Sets what one driver step answers; on success the server then has that ride.
  func answer(_ step: DriverStep, with result: Result<Ride, RideError>) {
    lock.withLock { state.steps[step] = result }
  }

  func fareEstimates(from pickup: Location, to destination: Location)
    async throws(RideError) -> [FareEstimate]
  {
    try record("fareEstimates(\(destination.displayText))") { $0.estimates }.get()
  }

  func requestRide(from pickup: Location, to destination: Location, vehicle: VehicleType)
    async throws(RideError) -> Ride
  {
    if let gate = requestGate { await gate.wait() }
    return try settle(record("requestRide(\(vehicle.rawValue))") { $0.request })
  }

  func cancelRide(_ id: String) async throws(RideError) -> Ride {
    try settle(record("cancelRide(\(id))") { $0.cancel })
  }

  func ride(_ id: String) async throws(RideError) -> Ride {
    try record("ride(\(id))") { $0.server }.get()
  }

  func activeRide() async throws(RideError) -> Ride? {
    try record("activeRide") { $0.active }.get()
  }

  func queue() async throws(RideError) -> [Ride] {
    try record("queue") { $0.queue }.get()
  }

  func perform(_ step: DriverStep, onRide id: String) async throws(RideError) -> Ride {
    try settle(record("\(step.rawValue)(\(id))") { $0.steps[step] })
  }

  private func record<T>(_ call: String, _ answer: (State) -> T) -> T {
    lock.withLock {
      state.calls.append(call)
      return answer(state)
    }
  }

  /// A successful move changes the ride on the server too.
  private func settle(_ result: Result<Ride, RideError>?) throws(RideError) -> Ride {
    guard let result else { throw .serverTrouble("the test gave no answer") }
    let ride = try result.get()
    server = .success(ride)
    return ride
  }
}

/// A one-shot gate: `wait()` suspends until `open()`.
final class Gate: @unchecked Sendable {
  private let lock = NSLock()
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    await withCheckedContinuation { continuation in
      let resumeNow = lock.withLock {
        if isOpen { return true }
        waiters.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  func open() {
    let waiting = lock.withLock {
      isOpen = true
      defer { waiters = [] }
      return waiters
    }
    for continuation in waiting { continuation.resume() }
  }

  var waiterCount: Int { lock.withLock { waiters.count } }
}
