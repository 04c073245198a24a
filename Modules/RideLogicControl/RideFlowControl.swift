import ServiceRide

/// What the passenger's and the driver's controls share: one step at a time, and every
/// failure or refusal of a step told to the delegate's `didFail`.
@MainActor
protocol RideFlowControl: AnyObject, Sendable {
  /// `true` while a step is in flight; only `run(_:)` sets it.
  var isWorking: Bool { get set }

  /// Tells the delegate that a step failed or was refused.
  /// - Parameter error: Why.
  func reportFailure(_ error: RideLogicError)
}

extension RideFlowControl {
  /// Runs one step at a time: `nil` (and nothing reported) while another is in flight; a
  /// failure thrown by `body` is reported through `reportFailure(_:)`.
  /// - Parameter body: The step, given the control.
  /// - Returns: The running task, or `nil` when another step is in flight.
  func run(
    _ body: @escaping @MainActor (Self) async throws(RideLogicError) -> Void
  ) -> Task<Void, Never>? {
    guard !isWorking else { return nil }
    isWorking = true
    return Task {
      do throws(RideLogicError) {
        try await body(self)
      } catch {
        self.reportFailure(error)
      }
      self.isWorking = false
    }
  }

  /// Calls the service, wrapping its failure for the flow.
  /// - Parameter body: The service call.
  /// - Returns: What the call returned.
  /// - Throws: `RideLogicError.service` with the call's failure.
  func call<T>(_ body: () async throws(RideError) -> T) async throws(RideLogicError) -> T {
    do {
      return try await body()
    } catch {
      throw .service(error)
    }
  }

  /// Reports a refusal of the flow's rules; nothing is sent.
  /// - Parameter error: The rule that refused the step.
  /// - Returns: `nil`: no task was started.
  @discardableResult
  func refuse(_ error: RideLogicError) -> Task<Void, Never>? {
    reportFailure(error)
    return nil
  }
}
