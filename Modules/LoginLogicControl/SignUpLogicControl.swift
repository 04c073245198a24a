import LoginCore
import UserModel

/// The sign-up screen's logic: checks the form with `CredentialRules`, keeps one sign-up in
/// flight, and reports start, failure, or the route of the new user by its user type (every
/// type is signed in at once; with Koober, a driver meets the one-time code at the next
/// sign-in).
///
/// ```swift
/// let signUp = SignUpLogicControl(environment: environment, entryPoint: .welcome)
/// signUp.delegate = signUpScreen
/// signUp.signUp(
///   SignUpCredentials(identifier: typed, password: password, name: name, type: .driver))
/// ```
@MainActor
public final class SignUpLogicControl: LoginFlowControl {
  /// Told what happens; held weakly.
  public weak var delegate: (any SignUpLogicDelegate)?
  /// Where the sign-up began.
  public let entryPoint: LoginEntryPoint
  /// `true` while a sign-up is in flight; taps meanwhile are ignored.
  public private(set) var isSigningUp = false

  private let environment: LoginEnvironment

  /// Makes a sign-up control.
  /// - Parameters:
  ///   - environment: The shared service, log and clocks.
  ///   - entryPoint: Where the sign-up began; decides where success goes.
  public init(environment: LoginEnvironment, entryPoint: LoginEntryPoint) {
    self.environment = environment
    self.entryPoint = entryPoint
  }

  /// Creates the account, unless the form breaks a rule (reported as `.invalidInput`) or a
  /// sign-up is already in flight (ignored).
  /// - Parameter credentials: The form as typed; the identifier and name are normalised
  ///   before sending.
  /// - Returns: The running sign-up, or `nil` when nothing was sent.
  @discardableResult
  public func signUp(_ credentials: SignUpCredentials) -> Task<Void, Never>? {
    let log = environment.log
    guard !isSigningUp else {
      log.record(.ignored(.signUp, because: "a sign-up is already in flight"))
      return nil
    }
    let validated: SignUpCredentials
    do {
      validated = try CredentialRules.validated(
        credentials, identifier: environment.identifierRule)
    } catch {
      log.record(.failed(.signUp, .refused(.invalidForm(error))))
      delegate?.signUpLogic(self, didFail: .refused(.invalidForm(error)))
      return nil
    }
    isSigningUp = true
    log.record(.signUpSubmitted(
        identifier: validated.identifier, type: validated.type, entry: entryPoint))
    delegate?.signUpLogicDidStart(self)
    return Task { [environment] in
      let result = await Result { () async throws(AuthFailure) in
        try await environment.service.signUp(validated)
      }
      self.finish(result)
    }
  }

  private func finish(_ result: Result<UserSession, AuthFailure>) {
    isSigningUp = false
    switch result {
    case .success(let session):
      let route = LoginRoute(signedIn: session.user.type, from: entryPoint)
      environment.log.record(.succeeded(.signUp, session.user.type, route))
      delegate?.loginLogic(self, didSignIn: session.user, route: route)
    case .failure(let error):
      let failure = error
      environment.log.record(.failed(.signUp, failure))
      delegate?.signUpLogic(self, didFail: failure)
    }
  }
}
