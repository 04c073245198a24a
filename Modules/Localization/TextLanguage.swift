import Foundation

/// A language the package's texts are written in: English (the development language) and
/// Simplified Chinese ship; an app can add its own by shipping tables of its own.
///
/// ```swift
/// TextLanguage(identifier: "zh_CN.UTF-8")   // .simplifiedChinese
/// TextLanguage(identifier: "en-AU")         // .english
/// Texts.language = .simplifiedChinese       // every module speaks Chinese from now on
/// ```
public struct TextLanguage: Hashable, Sendable, CustomStringConvertible {
  /// English, the development language and the fallback for a missing text.
  public static let english = TextLanguage(code: "en")
  /// Simplified Chinese (`zh-Hans`).
  public static let simplifiedChinese = TextLanguage(code: "zh-Hans")

  /// The `.lproj` name of the language, e.g. `en` or `zh-Hans`.
  public let code: String

  /// A language by its `.lproj` name.
  /// - Parameter code: e.g. `en`, `zh-Hans`, or an app's own.
  public init(code: String) {
    self.code = code
  }

  /// The language a locale or language identifier asks for, among the two the package
  /// ships: `zh`, `zh-Hans`, `zh_CN`, `zh-SG`, `zh_CN.UTF-8` are Simplified Chinese; `en…`
  /// is English.
  /// - Parameter identifier: A BCP 47 tag, a POSIX locale name or a `Locale` identifier.
  /// - Returns: `nil` for any other language (Traditional Chinese included), and for `C` or
  ///   `POSIX`.
  public init?(identifier: String) {
    let tag = identifier.split(separator: ".").first.map(String.init) ?? identifier
    let parts = tag.replacingOccurrences(of: "_", with: "-").lowercased()
      .split(separator: "-").map(String.init)
    guard let language = parts.first else { return nil }
    switch language {
    case "en":
      self = .english
    case "zh":
      let rest = Set(parts.dropFirst())
      guard rest.isDisjoint(with: ["hant", "tw", "hk", "mo"]) else { return nil }
      self = .simplifiedChinese
    default:
      return nil
    }
  }

  /// The language a `Locale` asks for, among the two the package ships, e.g.
  /// `Texts.language = TextLanguage(locale: Locale(identifier: "zh_CN")) ?? .english`.
  /// - Parameter locale: The locale, e.g. `Locale.current` or one the user picked.
  /// - Returns: `nil` for a language the package does not ship.
  public init?(locale: Locale) {
    self.init(identifier: locale.identifier)
  }

  /// The language the POSIX environment asks for: the first of `LC_ALL`, `LC_MESSAGES` and
  /// `LANG` that is set and not empty decides; English when it names another language, `C`,
  /// or nothing.
  /// - Parameter environment: The process environment.
  /// - Returns: The language.
  public static func fromEnvironment(_ environment: [String: String]) -> TextLanguage {
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      if let value = environment[name], !value.isEmpty {
        return TextLanguage(identifier: value) ?? .english
      }
    }
    return .english
  }

  /// The language the platform chose for this app: on Apple platforms the app's preferred
  /// localization (the system's language list matched against the app's), elsewhere the
  /// POSIX environment's (Foundation does not read it there).
  public static var platformPreferred: TextLanguage {
    #if canImport(Darwin)
      for identifier in Bundle.main.preferredLocalizations + Locale.preferredLanguages {
        if let language = TextLanguage(identifier: identifier) { return language }
      }
      return .english
    #else
      return fromEnvironment(ProcessInfo.processInfo.environment)
    #endif
  }

  /// The code.
  public var description: String { code }
}
