import Localization

/// Why an email cannot be used, in the order `CredentialRules` checks: the first that applies
/// is the one reported.
public enum EmailProblem: Error, Sendable, Hashable {
  /// Nothing but whitespace was entered.
  case empty
  /// Longer than `maximum` characters after trimming.
  case tooLong(maximum: Int)
  /// Whitespace inside the address (around it is trimmed, not an error).
  case containsWhitespace
  /// A control character (general category Cc, such as ESC or DEL) inside the address; the
  /// whitespace ones (tab, line breaks) are reported as `containsWhitespace` first.
  case controlCharacter
  /// No `@` at all.
  case missingAt
  /// More than one `@`.
  case multipleAt
  /// Nothing before the `@`.
  case missingLocalPart
  /// The part after the `@` is not a dotted domain (`example.com`): no dot, or an empty label
  /// as in `a@.com`, `a@com.` or `a@b..com`.
  case invalidDomain

  /// A stable identifier a program can switch on or log.
  public var code: String {
    switch self {
    case .empty: "email_empty"
    case .tooLong: "email_too_long"
    case .containsWhitespace: "email_contains_whitespace"
    case .controlCharacter: "email_control_character"
    case .missingAt: "email_missing_at"
    case .multipleAt: "email_multiple_at"
    case .missingLocalPart: "email_missing_local_part"
    case .invalidDomain: "email_invalid_domain"
    }
  }

  /// One sentence a person can act on, ready to show under the field.
  public var message: String {
    switch self {
    case .empty: TextTable.userModel.text("email.empty")
    case .tooLong(let maximum): TextTable.userModel.text("email.tooLong", ["maximum": "\(maximum)"])
    case .containsWhitespace: TextTable.userModel.text("email.containsWhitespace")
    case .controlCharacter: TextTable.userModel.text("email.controlCharacter")
    case .missingAt: TextTable.userModel.text("email.missingAt")
    case .multipleAt: TextTable.userModel.text("email.multipleAt")
    case .missingLocalPart: TextTable.userModel.text("email.missingLocalPart")
    case .invalidDomain: TextTable.userModel.text("email.invalidDomain")
    }
  }
}
