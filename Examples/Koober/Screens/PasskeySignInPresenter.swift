import LoginCore
import LoginLogicControl
import LoginViewModel
import UserModel

/// The passkey sign-in control's delegate, for `koober sign-in --passkey` and the
/// "Sign in with a passkey" screen alike: it forwards the control's events to the view model,
/// whose status sentence goes to `onStatus`, and keeps how the sign-in ended.
@MainActor
final class PasskeySignInPresenter {
  /// How a passkey sign-in ended.
  enum Outcome {
    /// Signed in; the route says where to.
    case signedIn(User, LoginRoute)
    /// The person cancelled at the authenticator: nothing was sent.
    case cancelled
    /// Refused or failed (no passkey here included), with the sentence to show.
    case failed(AuthFailure, message: String)
  }

  /// How the sign-in ended, or `nil` while it runs.
  private(set) var outcome: Outcome?
  /// Told each new status sentence ("Use your passkey when your device asks.").
  var onStatus: (String) -> Void = { _ in }

  private let model = PasskeySignInViewModel()

  init() {
    model.onStatusTextChange = { [weak self] text in
      if let text { self?.onStatus(text) }
    }
  }
}

extension PasskeySignInPresenter: PasskeySignInLogicDelegate {
  func loginLogic(_ control: any LoginFlowControl, didSignIn user: User, route: LoginRoute) {
    outcome = .signedIn(user, route)
    model.signedIn()
  }

  func passkeySignInLogicDidStart(_ control: PasskeySignInLogicControl) {
    model.started()
  }

  func passkeySignInLogicIsWaitingForAuthenticator(_ control: PasskeySignInLogicControl) {
    model.waitingForAuthenticator()
  }

  func passkeySignInLogicDidCancel(_ control: PasskeySignInLogicControl) {
    outcome = .cancelled
    model.cancelled()
  }

  func passkeySignInLogic(_ control: PasskeySignInLogicControl, foundNoPasskey message: String) {
    outcome = .failed(.refused(.noPasskey), message: message)
    model.failed(message)
  }

  func passkeySignInLogic(
    _ control: PasskeySignInLogicControl, didFail failure: AuthFailure, message: String
  ) {
    outcome = .failed(failure, message: message)
    model.failed(message)
  }
}
