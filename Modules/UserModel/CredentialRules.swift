/// The one set of rules for emails, passwords and names, the ones the server checks too,
/// shared by the view model, the logic layer and the backend so they never disagree.
///
/// Each rule comes as a `…Problem(in:)` check that returns the first problem or `nil`, and the
/// whole form as `validated(_:)`, which returns the credentials ready to send (email trimmed
/// and lower-cased, name trimmed, an empty name as `nil`) or throws the first problem.
///
/// ```swift
/// CredentialRules.emailProblem(in: "ann@example")?.message
/// // "After the @ comes a domain with a dot, as in example.com."
/// let ready = try CredentialRules.validated(
///   SignUpCredentials(
///     identifier: " Ann@Example.com", password: "trail3rs!", name: "", type: .driver))
/// // ready.identifier == "ann@example.com", ready.name == nil
/// ```
public enum CredentialRules {
  /// The most characters an email may have after trimming.
  public static let maximumEmailLength = 254
  /// The fewest characters a password may have.
  public static let minimumPasswordLength = 8
  /// The most Unicode scalars a name may have after trimming.
  public static let maximumNameLength = 50
  /// The length from which a varied password counts as strong.
  public static let strongPasswordLength = 12

  /// Checks sign-in input: a well-formed identifier and a non-empty password.
  ///
  /// The password's strength is not checked here: an account made under other rules must
  /// still be able to sign in, and the server answers a wrong password itself.
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

  /// Checks sign-up input: identifier, then password, then name, as the API's 422 answers
  /// list them.
  /// - Parameters:
  ///   - credentials: The input as typed.
  ///   - identifier: What the identifier is; an email by default.
  /// - Returns: The credentials with the identifier normalised and the name trimmed (`nil`
  ///   when empty).
  /// - Throws: The first `CredentialProblem` found.
  public static func validated(
    _ credentials: SignUpCredentials, identifier: IdentifierRule = .email
  ) throws(CredentialProblem) -> SignUpCredentials {
    if let problem = identifier.problem(in: credentials.identifier) { throw problem }
    if let problem = passwordProblem(in: credentials.password) { throw .password(problem) }
    if let problem = nameProblem(in: credentials.name) { throw .name(problem) }
    return SignUpCredentials(
      identifier: identifier.normalized(credentials.identifier),
      password: credentials.password,
      name: normalizedName(credentials.name),
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
