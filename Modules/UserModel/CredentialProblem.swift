/// The first reason a set of credentials was refused, whichever field it concerns.
///
/// `code` is the API's error code for that field (`invalid_email`, `invalid_identifier`,
/// `weak_password`, `invalid_name`), so the backend can answer with it and a client can map a
/// server answer back onto the field; `reasonCode` is the precise reason, the field problem's
/// own code (`email_missing_at`, `username_too_long`), which `AuthFailure.code` reports.
public enum CredentialProblem: Error, Sendable, Hashable {
  /// The email is unusable.
  case email(EmailProblem)
  /// The identifier of an app's own kind (`IdentifierRule.username`, …) is unusable.
  case identifier(IdentifierProblem)
  /// The password is too weak (or, for sign-in, empty).
  case password(PasswordProblem)
  /// The display name is unusable.
  case name(NameProblem)

  /// The API error code of the field: `invalid_email`, `invalid_identifier`, `weak_password`
  /// or `invalid_name`.
  public var code: String {
    switch self {
    case .email: "invalid_email"
    case .identifier: "invalid_identifier"
    case .password: "weak_password"
    case .name: "invalid_name"
    }
  }

  /// The precise reason: the field problem's own stable snake_case code, e.g.
  /// `email_missing_at`, `username_too_long`, `password_too_short`, `name_control_character`.
  public var reasonCode: String {
    switch self {
    case .email(let problem): problem.code
    case .identifier(let problem): problem.code
    case .password(let problem): problem.code
    case .name(let problem): problem.code
    }
  }

  /// The field problem's sentence, ready to show a person.
  public var message: String {
    switch self {
    case .email(let problem): problem.message
    case .identifier(let problem): problem.message
    case .password(let problem): problem.message
    case .name(let problem): problem.message
    }
  }
}
