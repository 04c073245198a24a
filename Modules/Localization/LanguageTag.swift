/// A language identifier taken apart: the language, script and region subtags of a BCP 47 tag
/// (`fr-CA`, `zh-Hant-TW`), a POSIX locale name (`fr_FR.UTF-8`, `sr_RS@latin`) or a `Locale`
/// identifier (`en_US_POSIX`, `de_DE@calendar=gregorian`), checked character by character.
///
/// Anything not well formed is refused rather than guessed at, so that a hostile `LANG` can
/// neither trap nor name a folder outside the `.lproj` pattern: at most 200 ASCII characters;
/// subtags of 1 to 8 letters and digits between `-` or `_`; a language of 2–3 or 5–8 letters;
/// variants of 5–8 characters (4 when they start with a digit); a singleton followed by its
/// subtags; a codeset of letters, digits, `-` and `_`; a modifier of those and `=` and `;`.
struct LanguageTag: Equatable {
  /// The language subtag, lower-case: `fr`. A deprecated code is replaced (`iw` is `he`).
  let language: String
  /// The script subtag, title-case: `Latn`, `Hant`.
  let script: String?
  /// The region subtag, upper-case letters or three digits: `CA`, `419`.
  let region: String?

  /// The longest identifier read, in bytes.
  static let longest = 200
  /// Codes that name no language: the POSIX locales and ISO 639's special codes.
  private static let notLanguages: Set<String> = ["c", "posix", "und", "mul", "mis", "zxx"]
  /// Codes ISO 639 withdrew that old systems (Java, some Linux locales) still write.
  private static let replaced = ["iw": "he", "in": "id", "ji": "yi", "jw": "jv"]

  /// The tag in `identifier`, or `nil` when it is empty, too long, malformed, or names no
  /// language (`C`, `POSIX`, `und`).
  /// - Parameter identifier: e.g. `fr_FR.UTF-8`, `zh-Hant-TW`, `sr_RS@latin`.
  init?(_ identifier: String) {
    guard identifier.utf8.count <= Self.longest,
      identifier.utf8.allSatisfy({ $0 < 0x80 })
    else { return nil }
    var tag = Substring(identifier)
    var modifier: Substring = ""
    if let at = tag.firstIndex(of: "@") {
      modifier = tag[tag.index(after: at)...]
      tag = tag[..<at]
      guard Self.only(modifier, "-_=;") else { return nil }
    }
    if let dot = tag.firstIndex(of: ".") {
      guard Self.only(tag[tag.index(after: dot)...], "-_") else { return nil }
      tag = tag[..<dot]
    }
    let subtags = tag.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "_" }
    guard subtags.allSatisfy({ (1...8).contains($0.count) && Self.only($0, "") }),
      let parsed = Self.parse(subtags, modifier: modifier.lowercased())
    else { return nil }
    self = parsed
  }

  private init(language: String, script: String?, region: String?) {
    self.language = language
    self.script = script
    self.region = region
  }

  /// The tag in BCP 47's form, as `.lproj` folders are named: `fr`, `pt-BR`, `sr-Latn`.
  var code: String {
    ([language] + [script, region].compactMap { $0 }).joined(separator: "-")
  }

  /// Reads language, extended language, script and region in their order; checks what follows
  /// (variants, extensions, private use) and leaves it out.
  private static func parse(_ subtags: [Substring], modifier: String) -> LanguageTag? {
    var rest = subtags[...]
    guard let first = rest.popFirst()?.lowercased(), letters(first),
      first.count != 4, first.count != 1, !notLanguages.contains(first)
    else { return nil }
    var language = replaced[first] ?? first
    // An extended language subtag (`zh-yue`) names the language itself (RFC 5646, 2.2.2).
    if first.count <= 3, let next = rest.first, next.count == 3, letters(next) {
      language = next.lowercased()
      rest = rest.dropFirst()
      while let more = rest.first, more.count == 3, letters(more) { rest = rest.dropFirst() }
    }
    var script = rest.first.flatMap { $0.count == 4 && letters($0) ? titled($0) : nil }
    if script != nil { rest = rest.dropFirst() }
    let region = rest.first.flatMap(Self.region)
    if region != nil { rest = rest.dropFirst() }
    while let subtag = rest.popFirst() {
      if subtag.count == 1 {
        // An extension or private use: at least one subtag follows; the rest is not read.
        guard !rest.isEmpty else { return nil }
        break
      }
      let variant = subtag.count >= 5 || (subtag.count == 4 && subtag.first?.isNumber == true)
      guard variant else { return nil }
    }
    // POSIX writes the script as a modifier: `sr_RS@latin`, `uz_UZ@cyrillic`.
    if script == nil {
      script = ["latin": "Latn", "cyrillic": "Cyrl"][modifier]
    }
    return LanguageTag(language: language, script: script, region: region)
  }

  /// A region subtag in its case: two letters (upper-cased) or three digits.
  private static func region(_ subtag: Substring) -> String? {
    if subtag.count == 2, letters(subtag) { return subtag.uppercased() }
    if subtag.count == 3, subtag.allSatisfy(\.isNumber) { return String(subtag) }
    return nil
  }

  private static func titled(_ subtag: Substring) -> String {
    subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased()
  }

  private static func letters(_ text: some StringProtocol) -> Bool {
    !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isLetter }
  }

  /// Whether `text` is ASCII letters and digits and the `extra` characters only, and not empty.
  private static func only(_ text: Substring, _ extra: String) -> Bool {
    !text.isEmpty
      && text.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || extra.contains($0) }
  }
}
