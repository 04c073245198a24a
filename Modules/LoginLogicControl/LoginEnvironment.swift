import Foundation
import LoginCore
import UserModel

/// What every login control shares: the service, the event log, the clock for the code
/// timer, and the wall clock for challenge expiry dates.
///
/// The host's onboarding container makes one and hands it to each control it creates. The
/// identifier rule and the credential rules are the service's (`service.identifierRule`,
/// `service.credentialRules`): an app states them once, where it makes its `ServiceUser`.
///
/// ```swift
/// let environment = LoginEnvironment(service: service, log: eventLog)
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
  /// What a person signs in with: the service's rule, which the view models use too.
  public var identifierRule: IdentifierRule { service.identifierRule }
  /// The app's password and name rules: the service's, which the sign-up form uses too.
  public var credentialRules: CredentialRules { service.credentialRules }
  /// Which account the controls made from this environment last took the app to (shared by
  /// its copies), so that a switch is routed once.
  let routedAccount = RoutedAccount()

  /// Makes an environment.
  /// - Parameters:
  ///   - service: The service, usually the app's `ServiceUser`.
  ///   - log: The event log shared by all controls (and printed in bug reports).
  ///   - clock: The clock that paces the countdown; `ContinuousClock` by default.
  ///   - now: The current date; `Date.init` by default.
  public init(
    service: any LoginServicing,
    log: LoginEventLog,
    clock: any Clock<Duration> = ContinuousClock(),
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.service = service
    self.log = log
    self.clock = clock
    self.now = now
  }

  /// Gone: the rule was given twice and silently defaulted to an email here. Give it once,
  /// to the service (`ServiceUser(…, identifierRule:)`); the environment reads
  /// `service.identifierRule`.
  /// - Parameters:
  ///   - service: The service.
  ///   - log: The event log.
  ///   - clock: The countdown's clock.
  ///   - now: The current date.
  ///   - identifierRule: Not used.
  @available(
    *, unavailable,
    message: "give the rule once, to the service: ServiceUser(…, identifierRule:)"
  )
  public init(
    service: any LoginServicing,
    log: LoginEventLog,
    clock: any Clock<Duration> = ContinuousClock(),
    now: @escaping @Sendable () -> Date = Date.init,
    identifierRule: IdentifierRule
  ) {
    self.init(service: service, log: log, clock: clock, now: now)
  }
}
