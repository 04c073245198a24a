import Localization
import WireFormat

/// The "Sign in with a passkey" button's view state: whether it can be tapped, whether a
/// sign-in is in flight, what is happening, and the sentence of the last attempt. The host
/// forwards the logic layer's events (`PasskeySignInLogicDelegate`); no business logic here.
///
/// Each closure fires only when its value changes, once every output of the event is stored,
/// so it may read the model back. Within one event, closures fire in this order: status,
/// error, button, busy.
///
/// ```swift
/// let passkey = PasskeySignInViewModel()
/// passkeyButton.title = PasskeySignInViewModel.buttonTitle   // "Sign in with a passkey"
/// passkey.onSignInEnabledChange = { passkeyButton.isEnabled = $0 }
/// passkey.onErrorTextChange = { errorLabel.text = $0 }
/// // PasskeySignInLogicDelegate: didStart → passkey.started(),
/// // isWaitingForAuthenticator → passkey.waitingForAuthenticator(),
/// // didCancel → passkey.cancelled(), foundNoPasskey / didFail → passkey.failed(message)
/// ```
@MainActor
public final class PasskeySignInViewModel {
  /// The button's title: "Sign in with a passkey".
  public nonisolated static var buttonTitle: String {
    TextTable.loginViewModel.text("passkey.signIn")
  }

  /// Called with the new enabled state of the button.
  public var onSignInEnabledChange: ((Bool) -> Void)?
  /// Called when a sign-in starts or ends, to show or hide progress.
  public var onBusyChange: ((Bool) -> Void)?
  /// Called with the new status text, or `nil` to hide it.
  public var onStatusTextChange: ((String?) -> Void)?
  /// Called with the new error text, or `nil` to hide it.
  public var onErrorTextChange: ((String?) -> Void)?

  /// Whether the button can be tapped: no sign-in in flight.
  public private(set) var isSignInEnabled = true
  /// Whether a sign-in is in flight.
  public private(set) var isBusy = false
  /// What is happening while the authenticator is asked ("Use your passkey when your
  /// device asks."), or `nil`.
  public private(set) var statusText: String?
  /// The last attempt's sentence (no passkey here, a failure), or `nil`.
  public private(set) var errorText: String?

  private let changes = ChangeQueue()

  /// Makes the button's state with nothing in flight.
  public init() {}

  /// A sign-in started: the button waits, the last sentence goes.
  public func started() {
    changes.set(\.errorText, of: self, to: nil, tell: \.onErrorTextChange)
    setBusy(true)
  }

  /// The authenticator is asked: "Use your passkey when your device asks.".
  public func waitingForAuthenticator() {
    guard isBusy else { return }
    changes.set(
      \.statusText, of: self, to: TextTable.loginViewModel.text("passkey.waiting"),
      tell: \.onStatusTextChange)
    changes.tell()
  }

  /// The person cancelled: the button is back, with no sentence.
  public func cancelled() { end(error: nil) }

  /// The sign-in did not happen (no passkey for the site, or a failure).
  /// - Parameter message: The logic's sentence.
  public func failed(_ message: String) { end(error: message) }

  /// The person is signed in: the screen is left; nothing in flight any more.
  public func signedIn() { end(error: nil) }

  private func end(error: String?) {
    changes.set(\.statusText, of: self, to: nil, tell: \.onStatusTextChange)
    changes.set(\.errorText, of: self, to: error, tell: \.onErrorTextChange)
    setBusy(false)
  }

  private func setBusy(_ busy: Bool) {
    changes.set(\.isSignInEnabled, of: self, to: !busy, tell: \.onSignInEnabledChange)
    changes.set(\.isBusy, of: self, to: busy, tell: \.onBusyChange)
    changes.tell()
  }
}
