import Foundation

/// The form a counted sentence takes for a number, as CLDR names the plural categories: a
/// table holds `key.one` and `key.other`, and, for a language that needs them, `key.zero`,
/// `key.two`, `key.few` and `key.many`.
///
/// ```swift
/// TextLanguage(code: "fr").pluralCategory(0)   // .one: "0 essai"
/// TextLanguage.english.pluralCategory(0)       // .other: "0 attempts"
/// TextLanguage(code: "ru").pluralCategory(3)   // .few
/// ```
public enum PluralCategory: String, Sendable, CaseIterable {
  /// Arabic's and Welsh's 0, Latvian's 10 and 11.
  case zero
  /// English's 1, French's 0 and 1, Russian's 21.
  case one
  /// Arabic's, Hebrew's, Slovenian's 2.
  case two
  /// Polish's and Russian's 2–4, Czech's 2–4.
  case few
  /// Polish's and Russian's 5–20, Arabic's 11–99, French's and Spanish's millions.
  case many
  /// Every other number; the only form Chinese, Japanese and Korean have.
  case other
}

extension TextLanguage {
  /// The plural category of a whole number in this language, by CLDR's cardinal rules; a
  /// language the rules here do not know counts as English does (`one` for 1 only).
  /// - Parameter count: The number; a negative one takes the form of its magnitude.
  /// - Returns: The category.
  public func pluralCategory(_ count: Int) -> PluralCategory {
    let tag = LanguageTag(code)
    let language = tag?.language ?? code
    var rule = PluralRule.byLanguage[language] ?? .oneForOne
    // European Portuguese counts 0 as English does; Brazil's, as French does.
    if language == "pt", tag?.region == "PT" { rule = .oneForOneManyMillions }
    return rule.category(count.magnitude)
  }

  /// A whole number as this language writes it: `1,000` in English, `1 000` with a narrow
  /// no-break space (U+202F) in French, `1.000` in German.
  /// - Parameter number: The number.
  /// - Returns: The number in the language's locale.
  public func formatted(_ number: Int) -> String {
    number.formatted(.number.locale(Locale(identifier: code)))
  }
}

/// CLDR's cardinal plural rules for whole numbers (the `v = 0` half of each rule), one case
/// per shape of rule, from CLDR 44's `plurals.xml`.
enum PluralRule {
  /// Chinese, Japanese, Korean, Thai, Vietnamese, Indonesian, …: one form.
  case otherOnly
  /// English, German, Dutch, Swedish, …: `one` for 1.
  case oneForOne
  /// Italian, Spanish, Catalan, European Portuguese: `one` for 1, `many` for millions.
  case oneForOneManyMillions
  /// Hindi, Bengali, Persian, Armenian, Zulu, …: `one` for 0 and 1.
  case oneForZeroAndOne
  /// French, Portuguese: `one` for 0 and 1, `many` for millions.
  case oneForZeroAndOneManyMillions
  /// Russian, Ukrainian, Belarusian.
  case eastSlavic
  /// Polish.
  case polish
  /// Czech, Slovak.
  case czech
  /// Croatian, Serbian, Bosnian.
  case southSlavic
  /// Icelandic, Macedonian: `one` for 1, 21, 31, … but not 11.
  case oneForEndsInOne
  /// Lithuanian.
  case lithuanian
  /// Latvian.
  case latvian
  /// Romanian.
  case romanian
  /// Arabic.
  case arabic
  /// Hebrew.
  case hebrew
  /// Irish.
  case irish
  /// Welsh.
  case welsh
  /// Slovenian.
  case slovenian

  /// The rule of each language subtag; any other counts as English does.
  static let byLanguage: [String: PluralRule] = {
    let groups: [(PluralRule, [String])] = [
      (
        .otherOnly,
        [
          "bm", "bo", "dz", "id", "ig", "ii", "ja", "jv", "kde", "kea", "km", "ko", "lo", "ms",
          "my", "sah", "ses", "sg", "su", "th", "to", "vi", "wo", "yo", "yue", "zh",
        ]
      ),
      (.oneForOneManyMillions, ["ca", "es", "it"]),
      (.oneForZeroAndOne, ["am", "as", "bn", "fa", "ff", "gu", "hi", "hy", "kab", "kn", "zu"]),
      (.oneForZeroAndOneManyMillions, ["fr", "pt"]),
      (.eastSlavic, ["be", "ru", "uk"]),
      (.polish, ["pl"]),
      (.czech, ["cs", "sk"]),
      (.southSlavic, ["bs", "hr", "sh", "sr"]),
      (.oneForEndsInOne, ["is", "mk"]),
      (.lithuanian, ["lt"]),
      (.latvian, ["lv"]),
      (.romanian, ["mo", "ro"]),
      (.arabic, ["ar"]),
      (.hebrew, ["he"]),
      (.irish, ["ga"]),
      (.welsh, ["cy"]),
      (.slovenian, ["sl"]),
    ]
    return Dictionary(
      groups.flatMap { rule, languages in languages.map { ($0, rule) } },
      uniquingKeysWith: { first, _ in first })
  }()

  /// The category of `n`.
  func category(_ n: UInt) -> PluralCategory {
    let (mod10, mod100) = (n % 10, n % 100)
    let teen = (11...19).contains(mod100)
    switch self {
    case .otherOnly: return .other
    case .oneForOne: return n == 1 ? .one : .other
    case .oneForOneManyMillions: return n == 1 ? .one : Self.millions(n)
    case .oneForZeroAndOne: return n <= 1 ? .one : .other
    case .oneForZeroAndOneManyMillions: return n <= 1 ? .one : Self.millions(n)
    case .eastSlavic, .polish, .southSlavic:
      let one = self == .polish ? n == 1 : (mod10 == 1 && mod100 != 11)
      if one { return .one }
      if (2...4).contains(mod10) && !(12...14).contains(mod100) { return .few }
      return self == .southSlavic ? .other : .many
    case .czech: return n == 1 ? .one : (2...4).contains(n) ? .few : .other
    case .oneForEndsInOne: return mod10 == 1 && mod100 != 11 ? .one : .other
    case .lithuanian:
      if teen { return .other }
      return mod10 == 1 ? .one : mod10 == 0 ? .other : .few
    case .latvian: return mod10 == 0 || teen ? .zero : mod10 == 1 ? .one : .other
    case .romanian:
      return n == 1 ? .one : n == 0 || (2...19).contains(mod100) ? .few : .other
    case .arabic: return Self.arabic(n, mod100)
    case .hebrew: return n == 1 ? .one : n == 2 ? .two : .other
    case .irish:
      return [1: .one, 2: .two, 3: .few, 4: .few, 5: .few, 6: .few][n]
        ?? ((7...10).contains(n) ? .many : .other)
    case .welsh: return [0: .zero, 1: .one, 2: .two, 3: .few, 6: .many][n] ?? .other
    case .slovenian: return [1: .one, 2: .two, 3: .few, 4: .few][mod100] ?? .other
    }
  }

  private static func millions(_ n: UInt) -> PluralCategory {
    n != 0 && n % 1_000_000 == 0 ? .many : .other
  }

  private static func arabic(_ n: UInt, _ mod100: UInt) -> PluralCategory {
    switch n {
    case 0: .zero
    case 1: .one
    case 2: .two
    default: (3...10).contains(mod100) ? .few : (11...99).contains(mod100) ? .many : .other
    }
  }
}
