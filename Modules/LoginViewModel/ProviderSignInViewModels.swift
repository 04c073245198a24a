import Localization
import WireFormat

/// What a provider sign-in screen (browser or device) shows besides its own texts: whether a
/// sign-in can start, whether Cancel can be tapped, and the error of the last attempt.
/// Shared by ``BrowserSignInViewModel`` and ``DeviceSignInViewModel``.
@MainActor
public class ProviderSignInViewModel {
  /// Called with the new enabled state of the start button ("Sign in with browser", "Sign
  /// in on another device").
  public var onStartEnabledChange: ((Bool) -> Void)?
  /// Called with the new enabled state of the Cancel button.
  public var onCancelEnabledChange: ((Bool) -> Void)?
  /// Called with the new status text, or `nil` to hide it.
  public var onStatusTextChange: ((String?) -> Void)?
  /// Called with the new error text, or `nil` to hide it.
  public var onErrorTextChange: ((String?) -> Void)?
  /// Whether a sign-in can start: none is in flight.
  public private(set) var isStartEnabled = true
  /// Whether Cancel can be tapped: a sign-in is in flight.
  public private(set) var isCancelEnabled = false
  /// What is happening, e.g. "Finish signing in in your browser.", or `nil`.
  public private(set) var statusText: String?
  /// The last attempt's error sentence, or `nil`.
  public private(set) var errorText: String?
  /// Where every output is stored and its closure queued; each input event ends with
  /// `changes.tell()`.
  let changes = ChangeQueue()

  init() {}

  /// A sign-in started: the start button is disabled, Cancel enabled, the error hidden; then
  /// the view is told.
  func begin(status: String) {
    setStatus(status)
    changes.set(\.errorText, of: self, to: nil, tell: \.onErrorTextChange)
    setInFlight(true)
    changes.tell()
  }

  /// The sign-in ended: the error shown when there is one (`nil` for a cancellation or a
  /// success), the choices offered again; then the view is told.
  func end(error: String?) {
    setStatus(nil)
    changes.set(\.errorText, of: self, to: error, tell: \.onErrorTextChange)
    setInFlight(false)
    changes.tell()
  }

  func setStatus(_ text: String?) {
    changes.set(\.statusText, of: self, to: text, tell: \.onStatusTextChange)
  }

  private func setInFlight(_ inFlight: Bool) {
    changes.set(\.isStartEnabled, of: self, to: !inFlight, tell: \.onStartEnabledChange)
    changes.set(\.isCancelEnabled, of: self, to: inFlight, tell: \.onCancelEnabledChange)
  }
}

/// The "Sign in with browser" screen's view state. The host forwards the logic layer's
/// events (`BrowserSignInLogicDelegate`); this model turns them into texts and button
/// states. Each closure fires only when its value changes, once every output of the event is
/// stored, so it may read any property back.
///
/// ```swift
/// let screen = BrowserSignInViewModel()
/// screen.onStatusTextChange = { statusLabel.text = $0 }  // "Finish signing in in your browser."
/// screen.onCancelEnabledChange = { cancelButton.isEnabled = $0 }
/// // BrowserSignInLogicDelegate: didStart → screen.started(),
/// // isWaitingForBrowserAt → screen.waitingForBrowser(),
/// // didCancel → screen.cancelled(), didFail → screen.failed(failure.message)
/// ```
@MainActor
public final class BrowserSignInViewModel: ProviderSignInViewModel {
  /// Makes the screen with nothing in flight.
  override public init() {}

  /// The sign-in started: "Opening the sign-in page…".
  public func started() {
    begin(status: TextTable.loginViewModel.text("browser.starting"))
  }

  /// The page is open: "Finish signing in in your browser.".
  public func waitingForBrowser() {
    guard isCancelEnabled else { return }
    setStatus(TextTable.loginViewModel.text("browser.waiting"))
    changes.tell()
  }

  /// The sign-in was cancelled: back to the choices, no error.
  public func cancelled() { end(error: nil) }

  /// The sign-in failed.
  /// - Parameter message: The failure's sentence (`AuthFailure.message`).
  public func failed(_ message: String) { end(error: message) }

  /// The person is signed in: the screen is left; nothing in flight any more.
  public func signedIn() { end(error: nil) }
}

/// The "Sign in on another device" screen's view state (RFC 8628): the code, the address,
/// the time left as a countdown text, and the buttons. The host forwards the logic layer's
/// events (`DeviceSignInLogicDelegate`); each closure fires only when its value changes, once
/// every output of the event is stored, so it may read any property back.
///
/// ```swift
/// let screen = DeviceSignInViewModel()
/// screen.onCodeTextChange = { codeLabel.text = $0 }             // "WDJB-MJHT"
/// screen.onAddressTextChange = { addressLabel.text = $0 }       // "https://…/device"
/// screen.onCountdownTextChange = { timerLabel.text = $0 }       // "Expires in 4:59"
/// // DeviceSignInLogicDelegate: didStart → screen.started(),
/// // show → screen.show(userCode:address:secondsLeft:),
/// // secondsLeft → screen.remainingSecondsChanged(_:)
/// ```
@MainActor
public final class DeviceSignInViewModel: ProviderSignInViewModel {
  /// Called with the code to show, or `nil` to hide it.
  public var onCodeTextChange: ((String?) -> Void)?
  /// Called with the address to show, or `nil` to hide it.
  public var onAddressTextChange: ((String?) -> Void)?
  /// Called with the countdown text ("Expires in 4:59", then "The code has expired."), or
  /// `nil` to hide it.
  public var onCountdownTextChange: ((String?) -> Void)?
  /// The code being shown, or `nil`.
  public private(set) var codeText: String?
  /// The address being shown, or `nil`.
  public private(set) var addressText: String?
  /// The countdown text, or `nil`.
  public private(set) var countdownText: String?

  /// Makes the screen with nothing in flight.
  override public init() {}

  /// The sign-in started: "Getting a code…".
  public func started() {
    begin(status: TextTable.loginViewModel.text("device.starting"))
  }

  /// The code arrived: show it, the address, the instructions and the time left.
  /// - Parameters:
  ///   - userCode: The code the person enters.
  ///   - address: Where they enter it.
  ///   - secondsLeft: Seconds until it expires.
  public func show(userCode: String, address: String, secondsLeft: Int) {
    changes.set(\.codeText, of: self, to: userCode, tell: \.onCodeTextChange)
    changes.set(\.addressText, of: self, to: address, tell: \.onAddressTextChange)
    setStatus(TextTable.loginViewModel.text("device.instructions", ["address": address]))
    setCountdown(secondsLeft)
    changes.tell()
  }

  /// A second passed while waiting.
  /// - Parameter seconds: Seconds left; negatives count as 0.
  public func remainingSecondsChanged(_ seconds: Int) {
    setCountdown(seconds)
    changes.tell()
  }

  private func setCountdown(_ seconds: Int) {
    guard codeText != nil else { return }
    let left = max(0, seconds)
    let time = CodeViewModel.countdownText(forRemainingSeconds: left)
    let text =
      left == 0
      ? TextTable.loginViewModel.text("device.expired")
      : TextTable.loginViewModel.text("device.countdown", ["time": time])
    changes.set(\.countdownText, of: self, to: text, tell: \.onCountdownTextChange)
  }

  /// The sign-in was cancelled: code and address hidden, no error.
  public func cancelled() { finish(error: nil) }

  /// The sign-in ended without a session (denied, expired, …).
  /// - Parameter message: The failure's sentence (`AuthFailure.message`).
  public func failed(_ message: String) { finish(error: message) }

  /// The person is signed in: the screen is left; nothing in flight any more.
  public func signedIn() { finish(error: nil) }

  private func finish(error: String?) {
    changes.set(\.codeText, of: self, to: nil, tell: \.onCodeTextChange)
    changes.set(\.addressText, of: self, to: nil, tell: \.onAddressTextChange)
    changes.set(\.countdownText, of: self, to: nil, tell: \.onCountdownTextChange)
    end(error: error)
  }
}
