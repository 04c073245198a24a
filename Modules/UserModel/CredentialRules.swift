/// The app's rules for a sign-up form's password and name: a value the app passes once, to
/// its service, as it passes its ``IdentifierRule``; the logic controls and the view models
/// read it from there, so the form, the logic and the service never disagree.
///
/// ``default`` is policy-neutral: passwords of at least 8 characters of any kind, strong from
/// 12, names up to 50. It asks for no kinds of character, as NIST SP 800-63B (5.1.1.2)
/// advises: composition rules make passwords no harder to guess and harder to remember, so
/// length is the rule. An app whose server checks more states its own, e.g.
/// `CredentialRules(requiredPasswordCharacters: [.letter, .digit])`. The email checks
/// (``emailProblem(in:)``, ``normalizedEmail(_:)``) are RFC syntax, not an app's policy, and
/// stay on the type.
///
/// ```swift
/// let rules = CredentialRules(minimumPasswordLength: 10, maximumNameLength: 80)
/// rules.passwordProblem(in: "trail3rs!")?.message   // "Use at least 10 characters."
/// let ready = try rules.validated(
///   SignUpCredentials(
///     identifier: " Ann@Example.com", password: "trail3rs-go!", name: "",
///     type: UserType("member")))
/// // ready.identifier == "ann@example.com", ready.name == nil
/// // stated once, to the service: ServiceUser(…, credentialRules: rules)
/// ```
public struct CredentialRules: Sendable, Hashable {
  /// The fewest characters a password may have.
  public var minimumPasswordLength: Int
  /// The kinds of character a password must contain.
  public var requiredPasswordCharacters: PasswordCharacters
  /// The length from which a varied password counts as strong.
  public var strongPasswordLength: Int
  /// The most Unicode scalars a name may have after trimming.
  public var maximumNameLength: Int

  /// The rules when an app states none, policy-neutral: passwords of at least 8 characters
  /// and no required kinds (NIST SP 800-63B asks for length, not composition), strong from
  /// 12 characters of three kinds, names up to 50 scalars.
  public static let `default` = CredentialRules()

  /// The most characters an email may have after trimming (RFC 5321's path limit).
  public static let maximumEmailLength = 254

  /// Declares an app's rules; each one left out is the ``default``'s.
  /// - Parameters:
  ///   - minimumPasswordLength: The fewest characters a password may have.
  ///   - requiredPasswordCharacters: What a password must contain; `[]` for no such rule.
  ///   - strongPasswordLength: The length from which a password of three kinds is strong.
  ///   - maximumNameLength: The most Unicode scalars a name may have after trimming.
  public init(
    minimumPasswordLength: Int = 8,
    requiredPasswordCharacters: PasswordCharacters = [],
    strongPasswordLength: Int = 12,
    maximumNameLength: Int = 50
  ) {
    self.minimumPasswordLength = minimumPasswordLength
    self.requiredPasswordCharacters = requiredPasswordCharacters
    self.strongPasswordLength = strongPasswordLength
    self.maximumNameLength = maximumNameLength
  }

  /// Checks sign-in input: a well-formed identifier and a non-empty password.
  ///
  /// No password rule is checked here: an account made under other rules must still be able
  /// to sign in, and the server answers a wrong password itself.
  /// - Parameters:
  ///   - credentials: The input as typed.
  ///   - identifier: What the identifier is; an email by default.
  /// - Returns: The credentials with the identifier normalised (an email trimmed and
  ///   lower-cased).
  /// - Throws: `.email(_)` (or `.identifier(_)`) or `.password(.empty)`, whichever comes first.
  public static func validated(
    _ credentials: SignInCredentials, identifier: IdentifierRule = .email
  ) throws(CredentialProblem) -> SignInCredentials {
    if let problem = identifier.problem(in: credentials.identifier) { throw problem }
    if credentials.password.isEmpty { throw .password(.empty) }
    return SignInCredentials(
      identifier: identifier.normalized(credentials.identifier), password: credentials.password)
  }

  /// Checks sign-up input by these rules: identifier, then password, then name, in the order
  /// a server's answer lists them.
  /// - Parameters:
  ///   - credentials: The input as typed.
  ///   - identifier: What the identifier is; an email by default.
  /// - Returns: The credentials with the identifier normalised and the name trimmed (`nil`
  ///   when empty).
  /// - Throws: The first `CredentialProblem` found.
  public func validated(
    _ credentials: SignUpCredentials, identifier: IdentifierRule = .email
  ) throws(CredentialProblem) -> SignUpCredentials {
    if let problem = identifier.problem(in: credentials.identifier) { throw problem }
    if let problem = passwordProblem(in: credentials.password) { throw .password(problem) }
    if let problem = nameProblem(in: credentials.name) { throw .name(problem) }
    return SignUpCredentials(
      identifier: identifier.normalized(credentials.identifier),
      password: credentials.password,
      name: Self.normalizedName(credentials.name),
      type: credentials.type
    )
  }

  /// Removes whitespace (and line breaks) from both ends.
  /// - Parameter text: The text as typed or pasted.
  /// - Returns: The text without surrounding whitespace.
  public static func trimmingWhitespace(_ text: String) -> String {
    trimming(text, where: \.properties.isWhitespace)
  }

  /// Removes the scalars matching `isTrimmed` from both ends (a pasted value often carries
  /// spaces or a line break around it).
  static func trimming(_ text: String, where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
      let last = scalars.lastIndex(where: { !isTrimmed($0) })
    else { return "" }
    return String(scalars[first...last])
  }
}
