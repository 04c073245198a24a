import Foundation
import LoginCore
import UserModel

/// The logic of "Sign in on another device" (RFC 8628's device authorization grant), with the
/// same routing by user type and entry point as the password sign-in: it asks for a code,
/// hands the screen the code and address to show, counts the time left down every second
/// while the service waits for the person, and reports a cancellation, a refusal (denied,
/// expired, …) or the route of the signed-in user.
///
/// ```swift
/// let device = DeviceSignInLogicControl(environment: environment, entryPoint: .welcome)
/// device.delegate = deviceScreen
/// device.start()
/// // the screen's Cancel button: device.cancel()
/// ```
@MainActor
public final class DeviceSignInLogicControl: LoginFlowControl {
  /// Told what happens; held weakly.
  public weak var delegate: (any DeviceSignInLogicDelegate)?
  /// Where this sign-in began.
  public let entryPoint: LoginEntryPoint
  /// `true` from the start until the sign-in ends; taps meanwhile are ignored.
  public var isSigningIn: Bool { run.isRunning }
  /// The code and address being shown, while the service waits for the person.
  public private(set) var authorization: DeviceAuthorization?

  private let environment: LoginEnvironment
  private let run: FlowRun
  private let countdown = Countdown()

  /// Makes a device sign-in control.
  /// - Parameters:
  ///   - environment: The shared service, log and clocks.
  ///   - entryPoint: Where the sign-in began; decides where success goes.
  public init(environment: LoginEnvironment, entryPoint: LoginEntryPoint) {
    self.environment = environment
    self.entryPoint = entryPoint
    run = FlowRun(
      .deviceSignIn, in: environment, busy: "a sign-in is already in flight", cancellable: true)
  }

  /// Starts the sign-in, unless one is in flight (ignored).
  /// - Returns: The running sign-in, or `nil` when one was in flight.
  @discardableResult
  public func start() -> Task<Void, Never>? {
    guard run.admits() else { return nil }
    return run.start(
      .providerSignInStarted(.deviceSignIn, entry: entryPoint),
      announce: { delegate?.deviceSignInLogicDidStart(self) },
      trying: { service async throws(AuthFailure) in
        let authorization = try await service.startDeviceSignIn()
        self.show(authorization)
        return try await service.finishDeviceSignIn(authorization)
      },
      then: { self.finish($0) })
  }

  /// Stops waiting: the sign-in ends as cancelled (the delegate hears
  /// `deviceSignInLogicDidCancel`), nothing kept.
  public func cancel() {
    run.cancel()
  }

  private func show(_ authorization: DeviceAuthorization) {
    guard !Task.isCancelled else { return }
    self.authorization = authorization
    let left = Self.seconds(until: authorization.expiresAt, from: environment.now())
    run.record(.deviceCodeShown(expiresInSeconds: left))
    delegate?.deviceSignInLogic(self, show: authorization, secondsLeft: left)
    countdown.start(seconds: left, clock: environment.clock) { [weak self] left in
      guard let self else { return }
      self.delegate?.deviceSignInLogic(self, secondsLeft: left)
    }
  }

  /// Whole seconds from `now` to `date`, at least 0 and at most a day.
  static func seconds(until date: Date, from now: Date) -> Int {
    let interval = date.timeIntervalSince(now)
    guard interval.isFinite, interval > 0 else { return 0 }
    return Int(min(interval, 86_400).rounded(.down))
  }

  private func finish(_ result: Result<UserSession, AuthFailure>) {
    countdown.stop()
    authorization = nil
    run.report(
      result, by: self, tell: delegate,
      cancelled: { delegate?.deviceSignInLogicDidCancel(self) },
      failed: { delegate?.deviceSignInLogic(self, didFail: $0) })
  }
}
