import LoginCore
import UserModel

/// The skeleton every login control shares: one request at a time, started, finished, routed
/// and logged. A control states only what differs: the event that starts it, how its delegate
/// hears of the start, the service call, and what each answer means.
///
/// Order, the same for every control: a request arriving while one is out is ignored and
/// logged; otherwise the run is marked busy, the start is logged, the delegate hears of it, the
/// service is called; when the answer comes the run is marked over, then the control handles
/// the answer. State is always written before a delegate is called, and the run is a class so a
/// delegate that reads the control back (`isSigningIn`, `isBusy`) never meets an open access to
/// it.
@MainActor
final class FlowRun {
  /// The area of this control's lines in the event log.
  let area: LoginEvent.Area
  /// `true` from the start of a request until its answer is handed to the control.
  private(set) var isRunning = false

  private let environment: LoginEnvironment
  // What the log says of a request that arrives while one is out.
  private let busy: String
  // A cancelled request ends as `.refused(.signInCancelled)`, whatever the service answered.
  private let cancellable: Bool
  private var task: Task<Void, Never>?

  /// Makes the run of one control.
  /// - Parameters:
  ///   - area: The control's area in the event log.
  ///   - environment: The shared service and log.
  ///   - busy: Why a request is ignored, e.g. "a sign-in is already in flight".
  ///   - cancellable: Whether ``cancel()`` ends a request as `.refused(.signInCancelled)`.
  init(
    _ area: LoginEvent.Area, in environment: LoginEnvironment, busy: String,
    cancellable: Bool = false
  ) {
    self.area = area
    self.environment = environment
    self.busy = busy
    self.cancellable = cancellable
  }

  /// Whether a request may start now; if not, the log says why and nothing else happens.
  /// - Parameter ready: The control's own condition, besides nothing being in flight.
  /// - Returns: `true` when the control may go on.
  func admits(when ready: Bool = true) -> Bool {
    guard ready, !isRunning else {
      record(.ignored(area, because: busy))
      return false
    }
    return true
  }

  /// Starts one request whose answer cannot fail (a launch check, a sign-out).
  /// - Parameters:
  ///   - event: What the log says of the start.
  ///   - announce: Tells the delegate of the start, once the run is marked busy.
  ///   - call: The service call.
  ///   - finish: Handles the answer, once the run is marked over.
  /// - Returns: The running request.
  func start<Outcome>(
    _ event: LoginEvent, announce: () -> Void = {},
    awaiting call: @escaping @MainActor (any LoginServicing) async -> Outcome,
    then finish: @escaping @MainActor (Outcome) -> Void
  ) -> Task<Void, Never> {
    isRunning = true
    record(event)
    announce()
    let service = environment.service
    let task = Task {
      let outcome = await call(service)
      self.isRunning = false
      self.task = nil
      finish(outcome)
    }
    self.task = task
    return task
  }

  /// Starts one request that ends in a value or an `AuthFailure`; a cancelled one ends as
  /// `.refused(.signInCancelled)` when the run is cancellable.
  /// - Parameters:
  ///   - event: What the log says of the start.
  ///   - announce: Tells the delegate of the start, once the run is marked busy.
  ///   - call: The service call.
  ///   - finish: Handles the answer, once the run is marked over.
  /// - Returns: The running request.
  func start<Success>(
    _ event: LoginEvent, announce: () -> Void = {},
    trying call: @escaping @MainActor (any LoginServicing) async throws(AuthFailure) -> Success,
    then finish: @escaping @MainActor (Result<Success, AuthFailure>) -> Void
  ) -> Task<Void, Never> {
    let cancellable = cancellable
    return start(
      event, announce: announce,
      awaiting: { service in
        let result = await Result { () async throws(AuthFailure) in try await call(service) }
        // A cancelled request may end in the network's own failure (offline) while it asked.
        guard cancellable, Task.isCancelled else { return result }
        return result.mapError { _ in .refused(.signInCancelled) }
      },
      then: finish)
  }

  /// Cancels the request in flight, if any; its answer still comes, through the control's
  /// `finish`.
  func cancel() {
    task?.cancel()
  }

  /// Hands on the answer of a call that ends signed in: the route, the cancellation (in a
  /// cancellable run) or the failure, each logged before the delegate hears of it.
  /// - Parameters:
  ///   - result: The service's answer.
  ///   - control: The control that finished.
  ///   - delegate: The control's delegate, told the route.
  ///   - cancelled: Tells the delegate of a cancellation.
  ///   - failed: Tells the delegate of a failure.
  func report(
    _ result: Result<UserSession, AuthFailure>, by control: any LoginFlowControl,
    tell delegate: (any LoginRouteDelegate)?, cancelled: () -> Void = {},
    failed: (AuthFailure) -> Void
  ) {
    switch result {
    case .success(let session):
      signedIn(session.user, by: control, tell: delegate)
    case .failure(.refused(.signInCancelled)) where cancellable:
      record(.cancelled(area))
      cancelled()
    case .failure(let failure):
      fail(failure, tell: failed)
    }
  }

  /// Routes a signed-in user by type and the control's entry point, logs it, then tells the
  /// delegate.
  /// - Parameters:
  ///   - user: The signed-in user.
  ///   - control: The control that finished.
  ///   - delegate: The control's delegate.
  func signedIn(
    _ user: User, by control: any LoginFlowControl, tell delegate: (any LoginRouteDelegate)?
  ) {
    let route = LoginRoute(signedIn: user.type, from: control.entryPoint)
    record(.succeeded(area, user.type, route))
    delegate?.loginLogic(control, didSignIn: user, route: route)
  }

  /// Logs a failure in this control's area, then tells the delegate.
  /// - Parameters:
  ///   - failure: What went wrong.
  ///   - tell: Tells the delegate.
  func fail(_ failure: AuthFailure, tell: (AuthFailure) -> Void) {
    record(.failed(area, failure))
    tell(failure)
  }

  /// Logs one event.
  func record(_ event: LoginEvent) {
    environment.log.record(event)
  }
}
