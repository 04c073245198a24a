import UserModel

/// The sign-in form's view state: input events in, closures out; no business logic.
///
/// Each closure fires only when its value changes, never on assignment; read the matching
/// property to draw the initial state. Within one event, closures fire in a fixed order:
/// email error, password error, loading, sign-in enabled.
///
/// Errors follow "punish late, reward early": a field's error shows only after the person
/// first finishes the field (`emailEditingEnded()`, `passwordEditingEnded()`, e.g. on focus
/// loss or Return) and from then on follows every change. The button is enabled whenever the
/// input passes `CredentialRules.validated(_:)` and no request is in flight, so the view and
/// the logic layer can never disagree about what is complete.
///
/// ```swift
/// let form = SignInViewModel(lastEmail: accounts.lastEmail)
/// form.onSignInEnabledChange = { button.isEnabled = $0 }
/// form.onEmailErrorChange = { emailErrorLabel.text = $0 }
/// button.isEnabled = form.isSignInEnabled
/// emailField.onEdit = { form.emailChanged($0) }
/// ```
@MainActor
public final class SignInViewModel {
  /// Called with the new enabled state of the sign-in button.
  public var onSignInEnabledChange: ((Bool) -> Void)?
  /// Called with the email field's new error text, or `nil` to hide it.
  public var onEmailErrorChange: ((String?) -> Void)?
  /// Called with the password field's new error text, or `nil` to hide it.
  public var onPasswordErrorChange: ((String?) -> Void)?
  /// Called when a request starts or ends, to show or hide progress.
  public var onLoadingChange: ((Bool) -> Void)?

  /// Whether the sign-in button can be tapped.
  public private(set) var isSignInEnabled = false
  /// The email field's error text, or `nil` when none shows.
  public private(set) var emailError: String?
  /// The password field's error text, or `nil` when none shows.
  public private(set) var passwordError: String?
  /// Whether a sign-in request is in flight (set by the host from the logic layer).
  public private(set) var isLoading = false

  private var email: FieldInput
  private var password = FieldInput()

  /// Creates the form, pre-filling the email of the last account that signed in here.
  /// - Parameter lastEmail: The email to pre-fill, or `nil` for an empty field.
  public init(lastEmail: String?) {
    email = FieldInput(text: lastEmail ?? "")
    isSignInEnabled = Self.isComplete(credentials)
  }

  /// The email field's text, as typed or pre-filled (the view shows this in the field).
  public var emailText: String { email.text }

  /// The input as typed, for the host to hand to the logic layer when the button is tapped;
  /// the logic layer normalises it with the same rules.
  public var credentials: SignInCredentials {
    SignInCredentials(email: email.text, password: password.text)
  }

  /// The email field changed.
  /// - Parameter text: The field's whole new text; surrounding spaces are allowed (trimmed).
  public func emailChanged(_ text: String) {
    email.text = text
    refresh()
  }

  /// The person finished the email field; its error may show from now on.
  public func emailEditingEnded() {
    email.isRevealed = true
    refresh()
  }

  /// The password field changed.
  /// - Parameter text: The field's whole new text, taken exactly (never trimmed).
  public func passwordChanged(_ text: String) {
    password.text = text
    refresh()
  }

  /// The person finished the password field; its error may show from now on.
  public func passwordEditingEnded() {
    password.isRevealed = true
    refresh()
  }

  /// Shows or hides progress; while loading, the sign-in button is disabled so a second tap
  /// cannot start a second request.
  /// - Parameter isLoading: Whether a request is in flight.
  public func setLoading(_ isLoading: Bool) {
    updateIfChanged(&self.isLoading, to: isLoading, notify: onLoadingChange)
    refresh()
  }

  private func refresh() {
    updateIfChanged(
      &emailError, to: email.error { CredentialRules.emailProblem(in: $0)?.message },
      notify: onEmailErrorChange)
    updateIfChanged(
      &passwordError, to: password.error { $0.isEmpty ? PasswordProblem.empty.message : nil },
      notify: onPasswordErrorChange)
    updateIfChanged(
      &isSignInEnabled, to: !isLoading && Self.isComplete(credentials),
      notify: onSignInEnabledChange)
  }

  private static func isComplete(_ credentials: SignInCredentials) -> Bool {
    (try? CredentialRules.validated(credentials)) != nil
  }
}
