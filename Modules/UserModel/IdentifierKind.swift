import Localization

/// What kind of identifier a person signs in with (an email, a username, a phone number, or an
/// app's own), so that the sentences about it name it: "That username is taken", not "An
/// account with this email already exists".
///
/// Every ``IdentifierRule`` has one. The sentences come from UserModel's table under
/// `identifier.taken.<rawValue>` and `identifier.wrongPassword.<rawValue>`; a kind the table
/// does not know (an app's own) reads the general `identifier.taken` and
/// `identifier.wrongPassword` sentences until the app adds its own keys to its
/// `UserModel.strings`.
///
/// ```swift
/// IdentifierKind.username.takenMessage
/// // "That username is taken; choose another or sign in instead."
/// IdentifierKind(rawValue: "memberNumber").takenMessage
/// // "An account with this sign-in name already exists; sign in instead."
/// ```
public struct IdentifierKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// An email address.
  public static let email = IdentifierKind(rawValue: "email")
  /// A username.
  public static let username = IdentifierKind(rawValue: "username")
  /// A phone number.
  public static let phoneNumber = IdentifierKind(rawValue: "phoneNumber")

  /// The kind's key in text tables, e.g. `username` or an app's `memberNumber`.
  public let rawValue: String

  /// A kind by its key.
  /// - Parameter rawValue: The key, e.g. `memberNumber`.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// The sentence for an identifier another account already uses, e.g. "That username is
  /// taken."
  public var takenMessage: String {
    switch self {
    case .email: TextTable.userModel.text("identifier.taken.email")
    case .username: TextTable.userModel.text("identifier.taken.username")
    case .phoneNumber: TextTable.userModel.text("identifier.taken.phoneNumber")
    default: ownText("identifier.taken") ?? TextTable.userModel.text("identifier.taken")
    }
  }

  /// The sentence for a sign-in whose identifier or password is wrong (the server does not
  /// say which), e.g. "The username or password is wrong."
  public var wrongPasswordMessage: String {
    switch self {
    case .email: TextTable.userModel.text("identifier.wrongPassword.email")
    case .username: TextTable.userModel.text("identifier.wrongPassword.username")
    case .phoneNumber: TextTable.userModel.text("identifier.wrongPassword.phoneNumber")
    default:
      ownText("identifier.wrongPassword") ?? TextTable.userModel.text("identifier.wrongPassword")
    }
  }

  /// The key.
  public var description: String { rawValue }

  /// An app's sentence for its own kind (`<base>.<rawValue>` in its `UserModel.strings`), or
  /// `nil` when no table has it.
  private func ownText(_ base: String) -> String? {
    let key = base + "." + rawValue
    let text = TextTable.userModel.text(key)
    return text == key ? nil : text
  }
}
