import Localization
import LoginCore
import UserModel

/// The logic of "Sign in with a passkey": the service asks the server for a challenge, the
/// app's `PasskeyAuthenticator` signs it with a passkey of the site (the passkey names its
/// user, so nothing is typed), and the signed-in user is routed by type and entry point as
/// after a password sign-in. It reports the start, the moment the authenticator is asked, a
/// cancellation by the person, a device with no passkey for the site, a failure, or the
/// route.
///
/// ```swift
/// let passkey = PasskeySignInLogicControl(environment: environment, entryPoint: .welcome)
/// passkey.delegate = welcomeScreen
/// // the "Sign in with a passkey" button:
/// passkey.signIn(with: platformPasskeys)
/// ```
@MainActor
public final class PasskeySignInLogicControl: LoginFlowControl {
  /// Told what happens; held weakly.
  public weak var delegate: (any PasskeySignInLogicDelegate)?
  /// Where this sign-in began.
  public let entryPoint: LoginEntryPoint
  /// `true` from the start until the sign-in ends; taps meanwhile are ignored.
  public var isSigningIn: Bool { run.isRunning }

  private let run: FlowRun

  /// Makes a passkey sign-in control.
  /// - Parameters:
  ///   - environment: The shared service and log.
  ///   - entryPoint: Where the sign-in began; decides where success goes.
  public init(environment: LoginEnvironment, entryPoint: LoginEntryPoint) {
    self.entryPoint = entryPoint
    run = FlowRun(.passkeySignIn, in: environment, busy: "a sign-in is already in flight")
  }

  /// The sentence for a failed passkey sign-in: for a device without a passkey for the site,
  /// one that says what to do instead; else the failure's own.
  /// - Parameter failure: Why the sign-in failed.
  /// - Returns: One sentence, in the language of the moment.
  public nonisolated static func message(for failure: AuthFailure) -> String {
    switch failure {
    case .refused(.noPasskey): TextTable.loginLogicControl.text("passkeySignIn.noPasskey")
    default: failure.message
    }
  }

  /// Starts a passkey sign-in, unless one is in flight (ignored).
  /// - Parameter authenticator: The app's passkey authenticator.
  /// - Returns: The running sign-in, or `nil` when one was in flight.
  @discardableResult
  public func signIn(with authenticator: any PasskeyAuthenticator) -> Task<Void, Never>? {
    guard run.admits() else { return nil }
    let watched = WatchedAuthenticator(authenticator) { [weak self] in
      self?.authenticatorAsked()
    }
    return run.start(
      .providerSignInStarted(.passkeySignIn, entry: entryPoint),
      announce: { delegate?.passkeySignInLogicDidStart(self) },
      trying: { service async throws(AuthFailure) in
        try await service.signIn(withPasskeyFrom: watched)
      },
      then: { self.finish($0) })
  }

  private func authenticatorAsked() {
    guard isSigningIn else { return }
    run.record(.authenticatorAsked(.passkeySignIn))
    delegate?.passkeySignInLogicIsWaitingForAuthenticator(self)
  }

  private func finish(_ result: Result<UserSession, AuthFailure>) {
    switch result {
    case .failure(.refused(.passkeyCancelled)):
      run.record(.cancelled(.passkeySignIn))
      delegate?.passkeySignInLogicDidCancel(self)
    case .failure(.refused(.noPasskey)):
      run.fail(.refused(.noPasskey)) { failure in
        delegate?.passkeySignInLogic(self, foundNoPasskey: Self.message(for: failure))
      }
    default:
      run.report(result, by: self, tell: delegate) { failure in
        delegate?.passkeySignInLogic(self, didFail: failure, message: Self.message(for: failure))
      }
    }
  }
}
