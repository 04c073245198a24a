import Foundation

// The form rules' problems are `LocalizedError`s: `errorDescription` is their `message`, in
// the language `Texts.language` names.

extension EmailProblem: LocalizedError {
  /// The sentence to show, in the chosen language.
  public var errorDescription: String? { message }
}

extension PasswordProblem: LocalizedError {
  /// The sentence to show, in the chosen language.
  public var errorDescription: String? { message }
}

extension NameProblem: LocalizedError {
  /// The sentence to show, in the chosen language.
  public var errorDescription: String? { message }
}

extension CredentialProblem: LocalizedError {
  /// The sentence to show, in the chosen language.
  public var errorDescription: String? { message }
}

extension IdentifierProblem: LocalizedError {
  /// The sentence to show, as the rule that found the problem wrote it.
  public var errorDescription: String? { message }
}
