import Localization

/// `--lang en|zh-Hans`: the language of everything `koober` says, ahead of `LANGUAGE`,
/// `LC_ALL`, `LC_MESSAGES` and `LANG`.
///
/// It is picked out of the command line before the parser runs, so that the parser's own
/// usage errors are already in that language; the parser then checks it like any global
/// option, and a value naming no language is its usage error.
///
/// ```swift
/// LanguageOption.chosen(arguments: ["status", "--lang", "zh-Hans"], environment: [:])
/// // .simplifiedChinese
/// ```
enum LanguageOption {
  /// The language of this run: the one `--lang` names, else the environment's. A `--lang`
  /// value is read by `TextLanguage(identifier:)`, so `en`, `en_US`, `zh-Hans`, `zh_CN` and
  /// `zh_CN.UTF-8` are all accepted, as in `LANG`.
  /// - Parameters:
  ///   - arguments: The command line without the program name.
  ///   - environment: The process environment.
  /// - Returns: The language; a `--lang` naming none is left to the parser to report.
  static func chosen(arguments: [String], environment: [String: String]) -> TextLanguage {
    value(in: arguments).flatMap(language(named:)) ?? TextLanguage.fromEnvironment(environment)
  }

  /// The language a `--lang` value names, if it is one koober speaks (English or Simplified
  /// Chinese): `TextLanguage(identifier:)` reads any language, `fr` and `zh-TW` included.
  /// - Parameter value: The option's value, e.g. `zh_CN`.
  /// - Returns: The language, or `nil` for any other.
  static func language(named value: String) -> TextLanguage? {
    TextLanguage(identifier: value).flatMap { Texts.packageLanguages.contains($0) ? $0 : nil }
  }

  /// The first value of `--lang` as the parser reads it: `--lang V` (V not an option) or
  /// `--lang=V`, before a `--` that ends the options.
  /// - Parameter arguments: The command line without the program name.
  /// - Returns: The value, or `nil` when `--lang` is not given.
  static func value(in arguments: [String]) -> String? {
    var rest = arguments[...]
    while let token = rest.popFirst(), token != "--" {
      if token == "--lang", let next = rest.first, !next.hasPrefix("--") { return next }
      if token.hasPrefix("--lang=") { return String(token.dropFirst("--lang=".count)) }
    }
    return nil
  }
}
