import Localization

/// A hint for the password field; ordered, so `strength >= .fair` means "acceptable".
///
/// `weak` fails the app's `CredentialRules`; `fair` passes them; `strong` passes them with at
/// least their `strongPasswordLength` characters drawn from at least three kinds
/// (lower-case letters, upper-case letters, letters without case such as 漢字, digits, others).
public enum PasswordStrength: Int, Sendable, Hashable, Comparable, CaseIterable {
  /// Not accepted: fails at least one rule.
  case weak
  /// Accepted.
  case fair
  /// Accepted, and long and varied.
  case strong

  /// A short label to show beside the field.
  public var message: String {
    switch self {
    case .weak: TextTable.userModel.text("strength.weak")
    case .fair: TextTable.userModel.text("strength.fair")
    case .strong: TextTable.userModel.text("strength.strong")
    }
  }

  /// Orders weak < fair < strong.
  /// - Parameters:
  ///   - lhs: One strength.
  ///   - rhs: Another.
  /// - Returns: Whether `lhs` is weaker than `rhs`.
  public static func < (lhs: PasswordStrength, rhs: PasswordStrength) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
