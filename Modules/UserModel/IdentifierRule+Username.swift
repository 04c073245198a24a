import Foundation
import Localization

extension IdentifierRule {
  /// A username of Django's characters and length, sent lower-cased.
  ///
  /// The same usernames as ``username(keepingCase:asciiOnly:)`` accepts, sent lower-cased for
  /// servers that do not tell `Ann` from `ann`. Django itself tells them apart: use
  /// `username(keepingCase: true)` for it.
  public static let username = username(keepingCase: false)

  /// A username as Django's default user model takes it: 1 to 150 letters, digits and
  /// `@ . + - _`.
  ///
  /// This is Django's `UnicodeUsernameValidator` (`^[\w.@+-]+\Z`, where Python's `\w` is a
  /// letter of any script, a character with a numeric value such as `٣` or `²`, or `_`) and
  /// the username field's `max_length` of 150, checked on the username as it is sent and as
  /// Django's forms and `create_user` store it: trimmed and in Unicode NFKC form, so a
  /// decomposed `Zoë` or a full-width `ａｎｎ` is sent the way the server keeps it. A letter
  /// with a separate accent mark that NFKC cannot join, a space, `/`, `!` or an emoji is
  /// refused, as Django refuses it. With `asciiOnly`, only `A`–`Z`, `a`–`z` and `0`–`9` count
  /// as letters and digits: Django's `ASCIIUsernameValidator`, which apps built on
  /// djangorestframework-simplejwt often choose.
  ///
  /// Problems, by `code`: `username_empty`, `username_too_long` (more than 150 Unicode
  /// scalars) and `username_invalid` (a character outside the set).
  ///
  /// ```swift
  /// let rule = IdentifierRule.username(keepingCase: true)   // Django's default user model
  /// rule.normalized("  Ann+news@x ")    // "Ann+news@x"
  /// rule.problem(in: "ann lee")         // .identifier(username_invalid)
  /// IdentifierRule.username(keepingCase: true, asciiOnly: true).problem(in: "Zoë")
  /// // .identifier(username_invalid)
  /// ```
  /// - Parameters:
  ///   - keepingCase: Whether the server tells `Ann` from `ann` (Django does): the username is
  ///     then sent as typed (trimmed, NFKC), not lower-cased.
  ///   - asciiOnly: Whether only ASCII letters and digits are allowed, as Django's
  ///     `ASCIIUsernameValidator` allows; `false` by default, as Django's default user model.
  /// - Returns: The rule.
  public static func username(keepingCase: Bool, asciiOnly: Bool = false) -> IdentifierRule {
    IdentifierRule(
      name: "username", kind: .username,
      normalize: { text in
        let stored = storedUsername(text)
        return keepingCase ? stored : stored.lowercased()
      },
      problem: { usernameProblem(in: $0, asciiOnly: asciiOnly) })
  }

  /// The most Unicode scalars in a username: the `max_length` of Django's username field.
  public static let usernameMaximumLength = 150

  /// The username as Django stores it: trimmed, then NFKC (`normalize_username`).
  private static func storedUsername(_ text: String) -> String {
    CredentialRules.trimmingWhitespace(text).precomposedStringWithCompatibilityMapping
  }

  /// The first problem of a username, checked before lower-casing so that the two case
  /// choices accept the same usernames.
  private static func usernameProblem(in text: String, asciiOnly: Bool) -> IdentifierProblem? {
    let stored = storedUsername(text)
    if stored.isEmpty {
      return IdentifierProblem(
        code: "username_empty", message: TextTable.userModel.text("username.empty"))
    }
    if stored.unicodeScalars.count > usernameMaximumLength {
      let maximum = ["maximum": "\(usernameMaximumLength)"]
      return IdentifierProblem(
        code: "username_too_long", message: TextTable.userModel.text("username.tooLong", maximum))
    }
    let allowed = stored.unicodeScalars.allSatisfy { scalar in
      "@.+-_".unicodeScalars.contains(scalar)
        || (asciiOnly ? isASCIIWordScalar(scalar) : isWordScalar(scalar))
    }
    guard allowed else {
      let message =
        asciiOnly
        ? TextTable.userModel.text("username.invalidASCII")
        : TextTable.userModel.text("username.invalid")
      return IdentifierProblem(code: "username_invalid", message: message)
    }
    return nil
  }

  /// Python's `\w` for `str` patterns without the underscore: `str.isalnum()`, which is a
  /// letter (general category Lu, Ll, Lt, Lm or Lo) or any character with a numeric value
  /// (decimal digits, `²`, `½`, `Ⅻ`, …). Marks and connector punctuation are not in it.
  private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
      true
    default:
      scalar.properties.numericType != nil
    }
  }

  /// Python's `\w` under `re.ASCII`, without the underscore: `A`–`Z`, `a`–`z`, `0`–`9`.
  private static func isASCIIWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
  }
}
