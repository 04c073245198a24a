import UserModel

extension CredentialRules {
  /// Koober's rules, as its contract states them (<doc:HTTPContract>, sign-up's
  /// `weak_password` and `invalid_name`): passwords of at least 8 characters with a letter and
  /// a digit, strong from 12, names of at most 50 scalars. The reference backend checks
  /// sign-ups with them, and `koober` gives them to its `ServiceUser`.
  public static let koober = CredentialRules(
    minimumPasswordLength: 8, requiredPasswordCharacters: [.letter, .digit],
    strongPasswordLength: 12, maximumNameLength: 50)
}
