import Localization

/// Why a password is too weak, in the order `CredentialRules` checks.
public enum PasswordProblem: Error, Sendable, Hashable {
  /// Nothing was entered.
  case empty
  /// Fewer than `minimum` characters.
  case tooShort(minimum: Int)
  /// No Unicode letter (any script counts).
  case missingLetter
  /// No digit 0–9.
  case missingDigit

  /// A stable identifier a program can switch on or log.
  public var code: String {
    switch self {
    case .empty: "password_empty"
    case .tooShort: "password_too_short"
    case .missingLetter: "password_missing_letter"
    case .missingDigit: "password_missing_digit"
    }
  }

  /// One sentence a person can act on, ready to show under the field.
  public var message: String {
    switch self {
    case .empty: TextTable.userModel.text("password.empty")
    case .tooShort(let minimum):
      TextTable.userModel.text("password.tooShort", ["minimum": "\(minimum)"])
    case .missingLetter: TextTable.userModel.text("password.missingLetter")
    case .missingDigit: TextTable.userModel.text("password.missingDigit")
    }
  }
}
