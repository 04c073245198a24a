import LoginCore
import UserModel

/// The sign-up screen's logic: checks the form with the service's `CredentialRules`, keeps
/// one sign-up in flight, and reports start, failure, or the route of the new user by its
/// user type (every type is signed in at once; a server that asks some types for a one-time
/// code asks at the next sign-in).
///
/// ```swift
/// let signUp = SignUpLogicControl(environment: environment, entryPoint: .welcome)
/// signUp.delegate = signUpScreen
/// signUp.signUp(
///   SignUpCredentials(identifier: typed, password: password, name: name, type: .member))
/// ```
@MainActor
public final class SignUpLogicControl: LoginFlowControl {
  /// Told what happens; held weakly.
  public weak var delegate: (any SignUpLogicDelegate)?
  /// Where the sign-up began.
  public let entryPoint: LoginEntryPoint
  /// `true` while a sign-up is in flight; taps meanwhile are ignored.
  public var isSigningUp: Bool { run.isRunning }

  /// What a person signs in with: the service's rule, for the screen's form
  /// (`SignInViewModel(lastIdentifier:identifierRule:)`, `SignUpViewModel(type:identifierRule:)`).
  public var identifierRule: IdentifierRule { environment.identifierRule }
  /// The app's password and name rules: the service's, for the screen's form
  /// (`SignUpViewModel(type:identifierRule:credentialRules:)`).
  public var credentialRules: CredentialRules { environment.credentialRules }

  private let environment: LoginEnvironment
  private let run: FlowRun

  /// Makes a sign-up control.
  /// - Parameters:
  ///   - environment: The shared service, log and clocks.
  ///   - entryPoint: Where the sign-up began; decides where success goes.
  public init(environment: LoginEnvironment, entryPoint: LoginEntryPoint) {
    self.environment = environment
    self.entryPoint = entryPoint
    run = FlowRun(.signUp, in: environment, busy: "a sign-up is already in flight")
  }

  /// Creates the account, unless the form breaks a rule (reported as `.invalidInput`) or a
  /// sign-up is already in flight (ignored).
  /// - Parameter credentials: The form as typed; the identifier and name are normalised
  ///   before sending.
  /// - Returns: The running sign-up, or `nil` when nothing was sent.
  @discardableResult
  public func signUp(_ credentials: SignUpCredentials) -> Task<Void, Never>? {
    guard run.admits() else { return nil }
    let validated: SignUpCredentials
    do {
      validated = try environment.credentialRules.validated(
        credentials, identifier: environment.identifierRule)
    } catch {
      run.fail(.refused(.invalidForm(error)), tell: tellFailed)
      return nil
    }
    return run.start(
      .signUpSubmitted(identifier: validated.identifier, type: validated.type, entry: entryPoint),
      announce: { delegate?.signUpLogicDidStart(self) },
      trying: { service async throws(AuthFailure) in try await service.signUp(validated) },
      then: { self.run.report($0, by: self, tell: self.delegate, failed: self.tellFailed) })
  }

  private func tellFailed(_ failure: AuthFailure) {
    delegate?.signUpLogic(self, didFail: failure)
  }
}
