/// Kinds of character a password must contain (``CredentialRules/requiredPasswordCharacters``).
///
/// ```swift
/// CredentialRules(requiredPasswordCharacters: [.letter, .digit])   // a letter and a digit
/// CredentialRules(requiredPasswordCharacters: [])                   // length only: the default
/// ```
public struct PasswordCharacters: OptionSet, Sendable, Hashable {
  /// A Unicode letter of any script (general category L*); a missing one is
  /// `PasswordProblem.missingLetter`.
  public static let letter = PasswordCharacters(rawValue: 1 << 0)
  /// A digit 0–9; a missing one is `PasswordProblem.missingDigit`.
  public static let digit = PasswordCharacters(rawValue: 1 << 1)

  /// The kinds as bits.
  public let rawValue: Int

  /// Kinds from their bits.
  /// - Parameter rawValue: The bits, e.g. `PasswordCharacters.letter.rawValue`.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }
}
