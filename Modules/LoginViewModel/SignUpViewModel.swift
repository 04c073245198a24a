import UserModel

/// The sign-up form's view state: identifier, password, optional name and the user type in;
/// field errors, a password-strength hint and the button's state out.
///
/// Each closure fires only when its value changes; read the matching property for the initial
/// state. Within one event, closures fire in this order: identifier error, password error,
/// password strength, name error, selected type, loading, sign-up enabled. They run once every
/// output of the event is stored, so a closure may read any property back.
///
/// Identifier and password errors show once a field is finished (see
/// `CredentialsFormViewModel`). A name error shows at once, because no name problem (too
/// long, a control character) can be fixed by typing more. The strength hint follows the
/// password live and is `nil` while the password is empty.
///
/// ```swift
/// let form = SignUpViewModel(
///   type: .member, identifierRule: signUp.identifierRule,
///   credentialRules: signUp.credentialRules)   // the service's, through the control
/// form.onPasswordStrengthChange = { meter.show($0?.message) }
/// form.onSignUpEnabledChange = { button.isEnabled = $0 }
/// adminSwitch.onToggle = { form.typeSelected($0 ? .admin : .member) }
/// ```
@MainActor
public final class SignUpViewModel: CredentialsFormViewModel {
  /// Called with the new enabled state of the sign-up button.
  public var onSignUpEnabledChange: ((Bool) -> Void)?
  /// Called with the new strength hint, or `nil` to hide it (empty password).
  public var onPasswordStrengthChange: ((PasswordStrength?) -> Void)?
  /// Called with the name field's new error text, or `nil` to hide it.
  public var onNameErrorChange: ((String?) -> Void)?
  /// Called when the chosen user type changes.
  public var onSelectedTypeChange: ((UserType) -> Void)?

  /// Whether the sign-up button can be tapped.
  public private(set) var isSignUpEnabled = false
  /// The password's strength, or `nil` while the password is empty.
  public private(set) var passwordStrength: PasswordStrength?
  /// The name field's error text, or `nil` when none shows.
  public private(set) var nameError: String?
  /// The chosen account type.
  public private(set) var selectedType: UserType

  private var name = ""
  /// The app's password and name rules, the service's.
  private let credentialRules: CredentialRules

  /// Creates an empty form.
  /// - Parameters:
  ///   - type: The user type chosen at first: the app's own choice (its usual type, or
  ///     another from an entry point that asks for it).
  ///   - identifierRule: What the identifier field holds; an email by default.
  ///   - credentialRules: The password and name rules (`SignUpLogicControl.credentialRules`,
  ///     the service's); the default rules when left out.
  public init(
    type: UserType, identifierRule: IdentifierRule = .email,
    credentialRules: CredentialRules = .default
  ) {
    selectedType = type
    self.credentialRules = credentialRules
    super.init(identifier: "", identifierRule: identifierRule)
  }

  /// The input as typed, for the host to hand to the logic layer when the button is tapped;
  /// an empty name is passed as `nil`.
  public var credentials: SignUpCredentials {
    SignUpCredentials(
      identifier: identifier.text, password: password.text, name: name.isEmpty ? nil : name,
      type: selectedType)
  }

  /// The name field changed.
  /// - Parameter text: The field's whole new text; empty means "no name".
  public func nameChanged(_ text: String) {
    name = text
    refresh()
  }

  /// The person chose a user type.
  /// - Parameter type: The chosen type.
  public func typeSelected(_ type: UserType) {
    changes.set(\.selectedType, of: self, to: type, tell: \.onSelectedTypeChange)
    refresh()
  }

  override func passwordProblem(in password: String) -> PasswordProblem? {
    credentialRules.passwordProblem(in: password)
  }

  override func refreshFormOutputs() {
    changes.set(
      \.passwordStrength, of: self,
      to: password.text.isEmpty ? nil : credentialRules.passwordStrength(of: password.text),
      tell: \.onPasswordStrengthChange)
    changes.set(
      \.nameError, of: self, to: credentialRules.nameProblem(in: name)?.message,
      tell: \.onNameErrorChange)
    let isComplete =
      (try? credentialRules.validated(credentials, identifier: identifierRule)) != nil
    changes.set(
      \.isSignUpEnabled, of: self, to: !isLoading && isComplete,
      tell: \.onSignUpEnabledChange)
  }
}
