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
  public private(set) var isSigningIn = false
  /// The code and address being shown, while the service waits for the person.
  public private(set) var authorization: DeviceAuthorization?

  private let environment: LoginEnvironment
  private let countdown = Countdown()
  private var task: Task<Void, Never>?

  /// Makes a device sign-in control.
  /// - Parameters:
  ///   - environment: The shared service, log and clocks.
  ///   - entryPoint: Where the sign-in began; decides where success goes.
  public init(environment: LoginEnvironment, entryPoint: LoginEntryPoint) {
    self.environment = environment
    self.entryPoint = entryPoint
  }

  /// Starts the sign-in, unless one is in flight (ignored).
  /// - Returns: The running sign-in, or `nil` when one was in flight.
  @discardableResult
  public func start() -> Task<Void, Never>? {
    guard !isSigningIn else {
      environment.log.record(.ignored(.deviceSignIn, because: "a sign-in is already in flight"))
      return nil
    }
    isSigningIn = true
    environment.log.record(.providerSignInStarted(.deviceSignIn, entry: entryPoint))
    delegate?.deviceSignInLogicDidStart(self)
    let task = Task { [environment] in
      let started = await Result { () async throws(AuthFailure) in
        try await environment.service.startDeviceSignIn()
      }
      guard case .success(let authorization) = started else {
        self.finish(started.map { _ in nil })
        return
      }
      self.show(authorization)
      let result = await Result { () async throws(AuthFailure) in
        try await environment.service.finishDeviceSignIn(authorization)
      }
      self.finish(result.map { Optional($0) })
    }
    self.task = task
    return task
  }

  /// Stops waiting: the sign-in ends as cancelled (the delegate hears
  /// `deviceSignInLogicDidCancel`), nothing kept.
  public func cancel() {
    task?.cancel()
  }

  private func show(_ authorization: DeviceAuthorization) {
    guard !Task.isCancelled else { return }
    self.authorization = authorization
    let left = Self.seconds(until: authorization.expiresAt, from: environment.now())
    environment.log.record(.deviceCodeShown(expiresInSeconds: left))
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

  private func finish(_ result: Result<UserSession?, AuthFailure>) {
    countdown.stop()
    let cancelled = task?.isCancelled ?? false
    isSigningIn = false
    task = nil
    authorization = nil
    // A cancelled task may end in the network's own failure (offline) while asking.
    let ended = cancelled ? result.mapError { _ in .refused(.signInCancelled) } : result
    switch ended {
    case .success(let session?):
      let route = LoginRoute(signedIn: session.user.type, from: entryPoint)
      environment.log.record(.succeeded(.deviceSignIn, session.user.type, route))
      delegate?.loginLogic(self, didSignIn: session.user, route: route)
    case .failure(.refused(.signInCancelled)), .success(nil):
      environment.log.record(.cancelled(.deviceSignIn))
      delegate?.deviceSignInLogicDidCancel(self)
    case .failure(let failure):
      environment.log.record(.failed(.deviceSignIn, failure))
      delegate?.deviceSignInLogic(self, didFail: failure)
    }
  }
}
