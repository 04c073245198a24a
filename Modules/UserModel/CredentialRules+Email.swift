extension CredentialRules {
  /// The form in which emails are stored and compared: trimmed and lower-cased.
  /// - Parameter email: An email as typed, pasted or received.
  /// - Returns: The email without surrounding whitespace, lower-cased (locale-independent).
  public static func normalizedEmail(_ email: String) -> String {
    trimming(email, where: \.properties.isWhitespace).lowercased()
  }

  /// Checks an email's syntax after trimming: at most 254 characters, no whitespace or
  /// control character (category Cc) inside, exactly one `@` with something before it, and a
  /// dotted domain after it.
  ///
  /// Non-ASCII addresses (`zoë@exämple.com`, `用户@例子.中国`) are accepted: the API does not
  /// restrict the alphabet.
  /// - Parameter email: An email as typed; surrounding whitespace is ignored.
  /// - Returns: The first problem, or `nil` when the email is well formed.
  public static func emailProblem(in email: String) -> EmailProblem? {
    let trimmed = trimming(email, where: \.properties.isWhitespace)
    if trimmed.isEmpty { return .empty }
    if trimmed.count > maximumEmailLength { return .tooLong(maximum: maximumEmailLength) }
    let scalars = trimmed.unicodeScalars
    if scalars.contains(where: \.properties.isWhitespace) { return .containsWhitespace }
    // An escape sequence in an address would reach terminals, logs and other people's mail
    // headers; no address syntax allows one.
    if scalars.contains(where: { $0.properties.generalCategory == .control }) {
      return .controlCharacter
    }
    let parts = scalars.split(separator: "@", omittingEmptySubsequences: false)
    if parts.count < 2 { return .missingAt }
    if parts.count > 2 { return .multipleAt }
    if parts[0].isEmpty { return .missingLocalPart }
    let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
    if labels.count < 2 || labels.contains(where: \.isEmpty) { return .invalidDomain }
    return nil
  }
}
