import LoginCore
import UserModel

/// The sign-in screen's logic: checks the form with `CredentialRules` (the view model's
/// rules), keeps one sign-in in flight, and reports start, failure, code-required or the
/// route of the signed-in user.
///
/// ```swift
/// let signIn = SignInLogicControl(environment: environment, entryPoint: .welcome)
/// signIn.delegate = signInScreen
/// signInScreen.prefill(await signIn.lastSignedInIdentifier())
/// signIn.signIn(identifier: typedIdentifier, password: typedPassword)
/// ```
@MainActor
public final class SignInLogicControl: LoginFlowControl {
  /// Told what happens; held weakly.
  public weak var delegate: (any SignInLogicDelegate)?
  /// Where this sign-in began.
  public let entryPoint: LoginEntryPoint
  /// `true` while a sign-in is in flight; taps meanwhile are ignored.
  public var isSigningIn: Bool { run.isRunning }

  /// What a person signs in with: the service's rule, for the screen's form
  /// (`SignInViewModel(lastIdentifier:identifierRule:)`, `SignUpViewModel(type:identifierRule:)`).
  public var identifierRule: IdentifierRule { environment.identifierRule }

  private let environment: LoginEnvironment
  private let run: FlowRun

  /// Makes a sign-in control.
  /// - Parameters:
  ///   - environment: The shared service, log and clocks.
  ///   - entryPoint: Where the sign-in began; decides where success goes.
  public init(environment: LoginEnvironment, entryPoint: LoginEntryPoint) {
    self.environment = environment
    self.entryPoint = entryPoint
    run = FlowRun(.signIn, in: environment, busy: "a sign-in is already in flight")
  }

  /// The identifier of the last account that signed in here, to pre-fill the form.
  /// - Returns: The identifier, or `nil` when nobody has signed in on this device.
  public func lastSignedInIdentifier() async -> String? {
    await environment.service.lastSignedInIdentifier()
  }

  /// Signs in, unless the form breaks a rule (reported as `.invalidInput`) or a sign-in is
  /// already in flight (ignored: a second tap does nothing).
  /// - Parameters:
  ///   - identifier: What the person typed to sign in with; the environment's
  ///     `identifierRule` normalises it before sending.
  ///   - password: The password as typed.
  /// - Returns: The running sign-in, or `nil` when nothing was sent.
  @discardableResult
  public func signIn(identifier: String, password: String) -> Task<Void, Never>? {
    guard run.admits() else { return nil }
    let credentials: SignInCredentials
    do {
      credentials = try CredentialRules.validated(
        SignInCredentials(identifier: identifier, password: password),
        identifier: environment.identifierRule)
    } catch {
      run.fail(.refused(.invalidForm(error)), tell: tellFailed)
      return nil
    }
    return run.start(
      .signInSubmitted(identifier: credentials.identifier, entry: entryPoint),
      announce: { delegate?.signInLogicDidStart(self) },
      trying: { service async throws(AuthFailure) in
        try await service.signIn(
          identifier: credentials.identifier, password: credentials.password)
      },
      then: { self.finish($0, credentials: credentials) })
  }

  private func finish(_ result: Result<SignInOutcome, AuthFailure>, credentials: SignInCredentials)
  {
    switch result {
    case .success(.signedIn(let session)):
      run.signedIn(session.user, by: self, tell: delegate)
    case .success(.codeRequired(let challenge)):
      run.record(.codeRequired(channel: challenge.channel))
      let codeControl = CodeLogicControl(
        environment: environment, entryPoint: entryPoint, credentials: credentials,
        challenge: challenge)
      delegate?.signInLogic(self, needsCode: codeControl)
    case .failure(let failure):
      run.fail(failure, tell: tellFailed)
    }
  }

  private func tellFailed(_ failure: AuthFailure) {
    delegate?.signInLogic(self, didFail: failure)
  }
}
