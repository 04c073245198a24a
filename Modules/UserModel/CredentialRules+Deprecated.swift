/// The rules as they were before they became a value: each forwards to
/// ``CredentialRules/default``.
extension CredentialRules {
  /// The default's fewest password characters.
  @available(
    *, deprecated,
    message: "state the rules once, to the service; read rules.minimumPasswordLength")
  public static var minimumPasswordLength: Int { Self.default.minimumPasswordLength }

  /// The default's most name scalars.
  @available(
    *, deprecated, message: "state the rules once, to the service; read rules.maximumNameLength")
  public static var maximumNameLength: Int { Self.default.maximumNameLength }

  /// The default's strong password length.
  @available(
    *, deprecated, message: "state the rules once, to the service; read rules.strongPasswordLength")
  public static var strongPasswordLength: Int { Self.default.strongPasswordLength }

  /// Checks a password by the default rules.
  /// - Parameter password: The password.
  /// - Returns: The first problem, or `nil`.
  @available(*, deprecated, message: "use the app's rules: rules.passwordProblem(in:)")
  public static func passwordProblem(in password: String) -> PasswordProblem? {
    Self.default.passwordProblem(in: password)
  }

  /// Rates a password by the default rules.
  /// - Parameter password: The password.
  /// - Returns: Its strength.
  @available(*, deprecated, message: "use the app's rules: rules.passwordStrength(of:)")
  public static func passwordStrength(of password: String) -> PasswordStrength {
    Self.default.passwordStrength(of: password)
  }

  /// Checks a name by the default rules.
  /// - Parameter name: A name as typed, or `nil`.
  /// - Returns: The first problem, or `nil`.
  @available(*, deprecated, message: "use the app's rules: rules.nameProblem(in:)")
  public static func nameProblem(in name: String?) -> NameProblem? {
    Self.default.nameProblem(in: name)
  }

  /// Checks a sign-up form by the default rules.
  /// - Parameters:
  ///   - credentials: The input as typed.
  ///   - identifier: What the identifier is; an email by default.
  /// - Returns: The normalised credentials.
  /// - Throws: The first `CredentialProblem` found.
  @available(*, deprecated, message: "use the app's rules: rules.validated(_:identifier:)")
  public static func validated(
    _ credentials: SignUpCredentials, identifier: IdentifierRule = .email
  ) throws(CredentialProblem) -> SignUpCredentials {
    try Self.default.validated(credentials, identifier: identifier)
  }
}
