import WireFormat

/// The one-time code screen's view state (a second sign-in step): the code field, the
/// countdown to the challenge's expiry, and the attempts left.
///
/// The logic layer owns the clock and the attempts; the host forwards them here
/// (`remainingSecondsChanged(_:)`, `attemptsLeftChanged(_:)`) and this model only turns them
/// into text and button state. Each closure fires only when its value changes; read the
/// matching property for the initial state. Within one event, closures fire in this order:
/// code error, countdown text, attempts-left text, loading, verify enabled. They run once
/// every output of the event is stored, so a closure may read any property back.
///
/// The code is read forgivingly: whitespace is dropped (`123 456` from an SMS) and decimal
/// digits of any script become 0–9 (`١٢٣٤٥٦` is `123456`); any other character shows an error
/// at once, as does a seventh digit, because typing more cannot fix either.
///
/// ```swift
/// let screen = CodeViewModel(remainingSeconds: 60)
/// screen.onCountdownTextChange = { timerLabel.text = $0 }   // "0:59", "0:58", …
/// screen.onVerifyEnabledChange = { verifyButton.isEnabled = $0 }
/// codeField.onEdit = { screen.codeChanged($0) }
/// ```
@MainActor
public final class CodeViewModel {
  /// How many digits a code has: six, the common length of one-time codes.
  public nonisolated static let codeLength = 6

  /// Called with the new enabled state of the verify button.
  public var onVerifyEnabledChange: ((Bool) -> Void)?
  /// Called with the code field's new error text, or `nil` to hide it.
  public var onCodeErrorChange: ((String?) -> Void)?
  /// Called with the new countdown text, `m:ss` (e.g. `0:59`).
  public var onCountdownTextChange: ((String) -> Void)?
  /// Called with the new attempts-left text, e.g. `2 attempts left`, or `nil` to hide it.
  public var onAttemptsLeftTextChange: ((String?) -> Void)?
  /// Called when a request starts or ends, to show or hide progress.
  public var onLoadingChange: ((Bool) -> Void)?

  /// Whether the verify button can be tapped: six digits, time left, nothing in flight.
  public private(set) var isVerifyEnabled = false
  /// The code field's error text, or `nil` when none shows.
  public private(set) var codeError: String?
  /// The countdown as `m:ss`.
  public private(set) var countdownText: String
  /// The attempts-left text, or `nil` before the server has said how many are left.
  public private(set) var attemptsLeftText: String?
  /// Whether a verify request is in flight (set by the host from the logic layer).
  public private(set) var isLoading = false
  /// The code's digits in ASCII, whitespace removed: what the host sends when the person
  /// taps verify.
  public private(set) var code = ""

  private var codeIsValid = false
  private var remainingSeconds: Int
  private let changes = ChangeQueue()

  /// Creates the screen for a fresh challenge.
  /// - Parameter remainingSeconds: Seconds until the challenge expires; 60 by default.
  public init(remainingSeconds: Int = 60) {
    self.remainingSeconds = max(0, remainingSeconds)
    countdownText = Self.countdownText(forRemainingSeconds: remainingSeconds)
  }

  /// The code field changed.
  /// - Parameter text: The field's whole new text.
  public func codeChanged(_ text: String) {
    let reading = Self.read(code: text)
    code = reading.digits
    codeIsValid = reading.problem == nil && reading.digits.count == Self.codeLength
    changes.set(\.codeError, of: self, to: reading.problem, tell: \.onCodeErrorChange)
    refreshVerifyEnabled()
    changes.tell()
  }

  /// The logic layer's countdown ticked.
  /// - Parameter seconds: Seconds left until the challenge expires; negatives count as 0.
  public func remainingSecondsChanged(_ seconds: Int) {
    remainingSeconds = max(0, seconds)
    changes.set(
      \.countdownText, of: self, to: Self.countdownText(forRemainingSeconds: remainingSeconds),
      tell: \.onCountdownTextChange)
    refreshVerifyEnabled()
    changes.tell()
  }

  /// The server said how many attempts are left after a wrong code.
  /// - Parameter attemptsLeft: Attempts left; negatives count as 0.
  public func attemptsLeftChanged(_ attemptsLeft: Int) {
    changes.set(
      \.attemptsLeftText, of: self, to: Self.attemptsLeftText(max(0, attemptsLeft)),
      tell: \.onAttemptsLeftTextChange)
    changes.tell()
  }

  /// Shows or hides progress; while loading, the verify button is disabled.
  /// - Parameter isLoading: Whether a request is in flight.
  public func setLoading(_ isLoading: Bool) {
    changes.set(\.isLoading, of: self, to: isLoading, tell: \.onLoadingChange)
    refreshVerifyEnabled()
    changes.tell()
  }

  private func refreshVerifyEnabled() {
    changes.set(
      \.isVerifyEnabled, of: self, to: codeIsValid && remainingSeconds > 0 && !isLoading,
      tell: \.onVerifyEnabledChange)
  }
}
