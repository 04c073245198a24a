import Foundation
import LoginCore
import UserModel

/// What every login control shares: the service, the event log, the clock for the code
/// timer, and the wall clock for challenge expiry dates.
///
/// The host's onboarding container makes one and hands it to each control it creates.
///
/// ```swift
/// let environment = LoginEnvironment(service: serviceUser, log: eventLog)
/// let signIn = SignInLogicControl(environment: environment, entryPoint: .welcome)
/// ```
public struct LoginEnvironment: Sendable {
  /// The service the controls call.
  public let service: any LoginServicing
  /// Where every action and outcome is recorded.
  public let log: LoginEventLog
  /// Paces the one-time-code countdown (one tick a second); a test passes a manual clock.
  public let clock: any Clock<Duration>
  /// The current date, compared with a challenge's `expiresAt`.
  public let now: @Sendable () -> Date
  /// What a person signs in with; the same rule the service and the view models use.
  public let identifierRule: IdentifierRule

  /// Makes an environment.
  /// - Parameters:
  ///   - service: The service, usually the app's `ServiceUser`.
  ///   - log: The event log shared by all controls (and printed in bug reports).
  ///   - clock: The clock that paces the countdown; `ContinuousClock` by default.
  ///   - now: The current date; `Date.init` by default.
  ///   - identifierRule: What a person signs in with; an email by default.
  public init(
    service: any LoginServicing,
    log: LoginEventLog,
    clock: any Clock<Duration> = ContinuousClock(),
    now: @escaping @Sendable () -> Date = Date.init,
    identifierRule: IdentifierRule = .email
  ) {
    self.service = service
    self.log = log
    self.clock = clock
    self.now = now
    self.identifierRule = identifierRule
  }
}
