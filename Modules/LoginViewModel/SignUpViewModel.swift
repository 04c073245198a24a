import UserModel

/// The sign-up form's view state: email, password, optional name and the passenger / driver
/// choice in; field errors, a password-strength hint and the button's state out.
///
/// Each closure fires only when its value changes; read the matching property for the initial
/// state. Within one event, closures fire in this order: email error, password error, password
/// strength, name error, selected type, loading, sign-up enabled.
///
/// Email and password errors show once the person first finishes that field
/// (`…EditingEnded()`), then follow every change. A name error shows at once, because no
/// name problem (too long, a control character) can be fixed by typing more. The strength
/// hint follows the password live and is `nil` while the password is empty.
///
/// ```swift
/// let form = SignUpViewModel()
/// form.onPasswordStrengthChange = { meter.show($0?.message) }
/// form.onSignUpEnabledChange = { button.isEnabled = $0 }
/// driverSwitch.onToggle = { form.typeSelected($0 ? .driver : .passenger) }
/// ```
@MainActor
public final class SignUpViewModel {
  /// Called with the new enabled state of the sign-up button.
  public var onSignUpEnabledChange: ((Bool) -> Void)?
  /// Called with the email field's new error text, or `nil` to hide it.
  public var onEmailErrorChange: ((String?) -> Void)?
  /// Called with the password field's new error text, or `nil` to hide it.
  public var onPasswordErrorChange: ((String?) -> Void)?
  /// Called with the new strength hint, or `nil` to hide it (empty password).
  public var onPasswordStrengthChange: ((PasswordStrength?) -> Void)?
  /// Called with the name field's new error text, or `nil` to hide it.
  public var onNameErrorChange: ((String?) -> Void)?
  /// Called when the passenger / driver choice changes.
  public var onSelectedTypeChange: ((UserType) -> Void)?
  /// Called when a request starts or ends, to show or hide progress.
  public var onLoadingChange: ((Bool) -> Void)?

  /// Whether the sign-up button can be tapped.
  public private(set) var isSignUpEnabled = false
  /// The email field's error text, or `nil` when none shows.
  public private(set) var emailError: String?
  /// The password field's error text, or `nil` when none shows.
  public private(set) var passwordError: String?
  /// The password's strength, or `nil` while the password is empty.
  public private(set) var passwordStrength: PasswordStrength?
  /// The name field's error text, or `nil` when none shows.
  public private(set) var nameError: String?
  /// The chosen account type.
  public private(set) var selectedType: UserType
  /// Whether a sign-up request is in flight (set by the host from the logic layer).
  public private(set) var isLoading = false

  private var email = FieldInput()
  private var password = FieldInput()
  private var name = ""

  /// Creates an empty form.
  /// - Parameter type: The account type chosen at first; passenger unless the host knows
  ///   better (e.g. a "drive with us" entry point).
  public init(type: UserType = .passenger) {
    selectedType = type
  }

  /// The input as typed, for the host to hand to the logic layer when the button is tapped;
  /// an empty name is passed as `nil`.
  public var credentials: SignUpCredentials {
    SignUpCredentials(
      email: email.text, password: password.text, name: name.isEmpty ? nil : name,
      type: selectedType)
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

  /// The name field changed.
  /// - Parameter text: The field's whole new text; empty means "no name".
  public func nameChanged(_ text: String) {
    name = text
    refresh()
  }

  /// The person chose passenger or driver.
  /// - Parameter type: The chosen type.
  public func typeSelected(_ type: UserType) {
    updateIfChanged(&selectedType, to: type, notify: onSelectedTypeChange)
    refresh()
  }

  /// Shows or hides progress; while loading, the sign-up button is disabled.
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
      &passwordError, to: password.error { CredentialRules.passwordProblem(in: $0)?.message },
      notify: onPasswordErrorChange)
    updateIfChanged(
      &passwordStrength,
      to: password.text.isEmpty ? nil : CredentialRules.passwordStrength(of: password.text),
      notify: onPasswordStrengthChange)
    updateIfChanged(
      &nameError, to: CredentialRules.nameProblem(in: name)?.message, notify: onNameErrorChange)
    let isComplete = (try? CredentialRules.validated(credentials)) != nil
    updateIfChanged(
      &isSignUpEnabled, to: !isLoading && isComplete, notify: onSignUpEnabledChange)
  }
}
