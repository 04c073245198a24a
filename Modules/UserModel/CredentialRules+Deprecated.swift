/// The rules as they were before they became a value: each checks by the rules it always
/// checked by (8 characters with a letter and a digit, strong from 12, names up to 50), so
/// an app still calling them sees no change; ``CredentialRules/default`` asks for no kinds.
extension CredentialRules {
  /// What these static checks always meant, before ``default`` became policy-neutral.
  static let formerDefault = CredentialRules(requiredPasswordCharacters: [.letter, .digit])

  /// The default's fewest password characters.
  @available(
    *, deprecated,
    message: "state the rules once, to the service; read rules.minimumPasswordLength")
  public static var minimumPasswordLength: Int { Self.formerDefault.minimumPasswordLength }

  /// The default's most name scalars.
  @available(
    *, deprecated, message: "state the rules once, to the service; read rules.maximumNameLength")
  public static var maximumNameLength: Int { Self.formerDefault.maximumNameLength }

  /// The default's strong password length.
  @available(
    *, deprecated, message: "state the rules once, to the service; read rules.strongPasswordLength")
  public static var strongPasswordLength: Int { Self.formerDefault.strongPasswordLength }

  /// Checks a password by the former default rules (a letter and a digit).
  /// - Parameter password: The password.
  /// - Returns: The first problem, or `nil`.
  @available(*, deprecated, message: "use the app's rules: rules.passwordProblem(in:)")
  public static func passwordProblem(in password: String) -> PasswordProblem? {
    Self.formerDefault.passwordProblem(in: password)
  }

  /// Rates a password by the former default rules.
  /// - Parameter password: The password.
  /// - Returns: Its strength.
  @available(*, deprecated, message: "use the app's rules: rules.passwordStrength(of:)")
  public static func passwordStrength(of password: String) -> PasswordStrength {
    Self.formerDefault.passwordStrength(of: password)
  }

  /// Checks a name by the former default rules (up to 50 scalars).
  /// - Parameter name: A name as typed, or `nil`.
  /// - Returns: The first problem, or `nil`.
  @available(*, deprecated, message: "use the app's rules: rules.nameProblem(in:)")
  public static func nameProblem(in name: String?) -> NameProblem? {
    Self.formerDefault.nameProblem(in: name)
  }

  /// Checks a sign-up form by the former default rules (a letter and a digit).
  /// - Parameters:
  ///   - credentials: The input as typed.
  ///   - identifier: What the identifier is; an email by default.
  /// - Returns: The normalised credentials.
  /// - Throws: The first `CredentialProblem` found.
  @available(*, deprecated, message: "use the app's rules: rules.validated(_:identifier:)")
  public static func validated(
    _ credentials: SignUpCredentials, identifier: IdentifierRule = .email
  ) throws(CredentialProblem) -> SignUpCredentials {
    try Self.formerDefault.validated(credentials, identifier: identifier)
  }
}
