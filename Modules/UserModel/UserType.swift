import Localization

/// The kind of account: who the app serves and which home a signed-in user lands on.
///
/// An open set, like `Notification.Name`: an app declares its types as static constants, and
/// the package declares none. There is no list of all types and no default type: which types
/// an app serves, and which one a server that sends none means, are the app's to say. The raw
/// value is the server's word for the type, so it decodes straight from a User object.
///
/// ```swift
/// extension UserType {
///   static let member = UserType("member")
///   static let admin = UserType("admin")
/// }
/// ```
///
/// A raw value is 1 to 64 characters of lower-case ASCII letters, digits, `_` and `-`, the
/// first a letter; anything else is refused (`init?(rawValue:)` returns `nil`, decoding throws)
/// rather than becoming a silent default, since it would end up in files and on screens.
public struct UserType: RawRepresentable, Codable, Sendable, Hashable {
  /// The server's word for the type, e.g. `"member"`.
  public let rawValue: String

  /// A type from the server's word for it.
  /// - Parameter rawValue: The word.
  /// - Returns: `nil` when the word breaks the rule above.
  public init?(rawValue: String) {
    guard Self.isValid(rawValue) else { return nil }
    self.rawValue = rawValue
  }

  /// A type the app declares as a constant; a word that breaks the rule is kept lower-cased
  /// and trimmed to the allowed characters, so a typo cannot trap.
  /// - Parameter word: The word, e.g. `"member"`.
  public init(_ word: String) {
    let cleaned = String(
      word.lowercased().unicodeScalars.filter(Self.isAllowed).map(Character.init).prefix(64))
    rawValue = Self.isValid(cleaned) ? cleaned : "unknown"
  }

  /// Reads the raw value, refusing a word that breaks the rule.
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError.dataCorrupted` for such a word.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let word = try container.decode(String.self)
    guard let type = UserType(rawValue: word) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "not a user type: 1-64 of a-z 0-9 _ -")
    }
    self = type
  }

  /// Writes the raw value.
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  private static func isValid(_ word: String) -> Bool {
    guard let first = word.unicodeScalars.first, ("a"..."z").contains(first),
      word.unicodeScalars.count <= 64
    else { return false }
    return word.unicodeScalars.allSatisfy(isAllowed)
  }

  private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
      || scalar == "-"
  }
}

extension UserType {
  /// The type as a person reads it, in the language `Texts.language` names: the app's name
  /// for it, `userType.<raw value>` in the app's own `UserModel.strings` (`Texts.appBundles`),
  /// or else the raw value.
  ///
  /// ```swift
  /// // en.lproj/UserModel.strings:       "userType.admin" = "administrator";
  /// //                                   "userType.admin.plural" = "administrators";
  /// // zh-Hans.lproj/UserModel.strings:  "userType.admin" = "管理员";
  /// //                                   "userType.admin.plural" = "管理员";
  /// UserType("admin").displayName        // "administrator"
  /// UserType("member").displayName       // "member": no name in the app's tables
  /// ```
  public var displayName: String { appName ?? rawValue }

  /// The app's name for the type (`userType.<raw value>`), or `nil` when its tables have none.
  package var appName: String? { appText("userType.\(rawValue)") }

  /// The app's name for accounts of the type in general ("not available to administrators":
  /// `userType.<raw value>.plural`), or `nil` when its tables have none.
  package var appPluralName: String? { appText("userType.\(rawValue).plural") }

  /// The text of `key` in the UserModel tables, or `nil` when none has it (a missing text
  /// reads as its key).
  private func appText(_ key: String) -> String? {
    let text = TextTable.userModel.text(key)
    return text == key ? nil : text
  }
}

extension UserType: CustomStringConvertible {
  /// The raw value.
  public var description: String { rawValue }
}
