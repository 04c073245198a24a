import Foundation

/// A language the package's texts are written in: English (the development language) and
/// Simplified Chinese ship with every module; an app adds any other language by shipping
/// tables of its own (see ``Texts``).
///
/// ```swift
/// TextLanguage(identifier: "zh_CN.UTF-8")   // .simplifiedChinese
/// TextLanguage(identifier: "en-AU")         // .english
/// TextLanguage(identifier: "fr_CA.UTF-8")   // code "fr-CA": fr-CA.lproj, then fr.lproj
/// Texts.language = .simplifiedChinese       // every module speaks Chinese from now on
/// ```
public struct TextLanguage: Hashable, Sendable, CustomStringConvertible {
  /// English, the development language and the fallback for a missing text.
  public static let english = TextLanguage(code: "en")
  /// Simplified Chinese (`zh-Hans`).
  public static let simplifiedChinese = TextLanguage(code: "zh-Hans")
  /// Traditional Chinese (`zh-Hant`): the package ships no tables in it; an app may.
  public static let traditionalChinese = TextLanguage(code: "zh-Hant")

  /// The `.lproj` name of the language, in BCP 47's form with hyphens, as Xcode names the
  /// folders: `en`, `zh-Hans`, `fr`, `fr-CA`, `pt-BR`, `sr-Latn`, `es-419`.
  public let code: String

  /// A language by its `.lproj` name. Only BCP 47's syntax (letters, digits and hyphens
  /// or underscores, at most 64 characters) names folders: a code like `../x` keeps the
  /// value but has no ``folders``, so no table is ever looked for outside a bundle and the
  /// texts are English.
  /// - Parameter code: e.g. `en`, `zh-Hans`, or an app's own, e.g. `fr`.
  public init(code: String) {
    self.code = code
  }

  /// Whether the code has BCP 47's syntax, so it can name a folder inside a bundle.
  var hasTagSyntax: Bool {
    (1...64).contains(code.utf8.count)
      && code.utf8.allSatisfy { byte in
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
          || (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x5F
      }
      && code.first?.isLetter == true
  }

  /// The language a locale or language identifier asks for.
  ///
  /// Every English is ``english`` and every Simplified Chinese (`zh`, `zh_CN`, `zh-SG`,
  /// `zh-Hans-HK`) is ``simplifiedChinese``, the two the package ships; Traditional Chinese
  /// (`zh-Hant`, `zh_TW`, `zh-HK`, `zh-MO`) is ``traditionalChinese``. Any other language
  /// keeps its script and region: `fr_FR.UTF-8` is `fr-FR`, `pt_BR` is `pt-BR`,
  /// `sr_RS@latin` is `sr-Latn-RS`; its tables are looked for under ``folders``.
  /// - Parameter identifier: A BCP 47 tag, a POSIX locale name or a `Locale` identifier.
  /// - Returns: `nil` for `C`, `POSIX`, an empty or malformed identifier (a language subtag
  ///   of 2–3 or 5–8 letters, subtags of letters and digits, at most 200 ASCII characters).
  public init?(identifier: String) {
    guard let tag = LanguageTag(identifier) else { return nil }
    switch tag.language {
    case "en":
      self = .english
    case "zh":
      let traditional =
        tag.script == "Hant" || (tag.script == nil && ["TW", "HK", "MO"].contains(tag.region))
      self = traditional ? .traditionalChinese : .simplifiedChinese
    default:
      self.init(code: tag.code)
    }
  }

  /// The language a `Locale` asks for, as ``init(identifier:)`` reads its identifier, e.g.
  /// `Texts.language = TextLanguage(locale: Locale(identifier: "zh_CN")) ?? .english`.
  /// - Parameter locale: The locale, e.g. `Locale.current` or one the user picked.
  /// - Returns: `nil` for the POSIX locale or an identifier that names no language.
  public init?(locale: Locale) {
    self.init(identifier: locale.identifier)
  }

  /// The `.lproj` folders a table in this language is looked for in, most specific first: the
  /// code, then the code without its region, so that an app shipping only `fr.lproj` serves
  /// `fr-CA`. `["fr-CA", "fr"]`, `["sr-Latn-RS", "sr-Latn"]`, `["zh-Hant"]`. A script is never
  /// dropped: `sr-Latn` is not `sr`, nor `zh-Hant` `zh`.
  public var folders: [String] {
    guard hasTagSyntax else { return [] }
    guard let cut = code.lastIndex(where: { $0 == "-" || $0 == "_" }) else { return [code] }
    let last = code[code.index(after: cut)...]
    let region =
      (last.count == 2 && last.allSatisfy { $0.isASCII && $0.isLetter })
      || (last.count == 3 && last.allSatisfy { $0.isASCII && $0.isNumber })
    return region && cut > code.startIndex ? [code, String(code[..<cut])] : [code]
  }

  /// The languages the POSIX environment asks for, most wanted first: those of `LANGUAGE`
  /// (GNU gettext's colon-separated list, e.g. `fr_CA:fr:de`), then the locale's, the first
  /// of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty. As in gettext, a locale
  /// that is `C` or `POSIX` (or missing or malformed) asks for untranslated texts, English,
  /// and `LANGUAGE` is then not read; entries that name no language are skipped.
  /// - Parameter environment: The process environment.
  /// - Returns: The languages, duplicates kept; empty for untranslated texts.
  public static func preferred(in environment: [String: String]) -> [TextLanguage] {
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }
      .first { !$0.isEmpty }
    guard let locale, let language = TextLanguage(identifier: locale) else { return [] }
    let listed = (environment["LANGUAGE"] ?? "").split(separator: ":").compactMap {
      TextLanguage(identifier: String($0))
    }
    return listed + [language]
  }

  /// The language the POSIX environment asks for: the first of ``preferred(in:)`` that has
  /// texts (``Texts/ships(_:in:)``: the package's own or a table in ``Texts/appBundles``),
  /// English when none has, as gettext takes the first language of `LANGUAGE` it has a
  /// catalog for. `LANG=fr_FR.UTF-8` is `fr-FR` when the app ships `fr.lproj`, and English
  /// otherwise.
  /// - Parameter environment: The process environment.
  /// - Returns: The language.
  public static func fromEnvironment(_ environment: [String: String]) -> TextLanguage {
    Texts.firstShipped(preferred(in: environment))
  }

  /// The language the platform chose for this app: on Apple platforms the app's preferred
  /// localization (the system's language list matched against the app's), then the system's
  /// list; elsewhere the POSIX environment's (``fromEnvironment(_:)``; Foundation does not
  /// read it there). Of these, the first that has texts wins, not simply the first: a
  /// language nobody ships would show English texts anyway, and naming it would make
  /// ``Texts/language`` say a language the screens do not speak (a server's English
  /// explanation, kept only for English screens, would be dropped), and a later language
  /// the user also reads (`LANGUAGE=de:fr` in an app that ships French) would be lost.
  public static var platformPreferred: TextLanguage {
    #if canImport(Darwin)
      let identifiers = Bundle.main.preferredLocalizations + Locale.preferredLanguages
      return Texts.firstShipped(identifiers.compactMap(TextLanguage.init(identifier:)))
    #else
      return fromEnvironment(ProcessInfo.processInfo.environment)
    #endif
  }

  /// The code.
  public var description: String { code }
}
