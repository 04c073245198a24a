import Foundation
import Localization
import TestSupport
import Testing

/// Any language an app ships: identifiers read strictly, the environment's list, the folders
/// a language is looked for in, and counts in each language's forms and digits.
@Suite("Languages an app ships: identifiers, preferences, folders, counts")
struct TextLanguageTests {
  @Test(
    "identifiers of any language read as their .lproj code; English and Chinese as before",
    arguments: [
      ("fr_FR.UTF-8", "fr-FR"), ("fr-CA", "fr-CA"), ("pt_BR", "pt-BR"), ("de", "de"),
      ("zh-Hant-TW", "zh-Hant"), ("sr-Latn", "sr-Latn"), ("sr_RS@latin", "sr-Latn-RS"),
      ("en_US.UTF-8", "en"), ("en-AU", "en"), ("en_US_POSIX", "en"), ("zh_CN.UTF-8", "zh-Hans"),
      ("zh-SG", "zh-Hans"), ("zh", "zh-Hans"), ("zh-Hans-HK", "zh-Hans"), ("zh_TW", "zh-Hant"),
      ("zh-HK", "zh-Hant"), ("zh_MO.UTF-8", "zh-Hant"), ("ZH-hant", "zh-Hant"),
      ("es-419", "es-419"), ("DE_de", "de-DE"), ("iw_IL", "he-IL"), ("de_DE@euro", "de-DE"),
      ("ja_JP.eucJP", "ja-JP"), ("fr-FR-u-nu-latn", "fr-FR"), ("ca-ES-valencia", "ca-ES"),
      ("de_DE@calendar=gregorian", "de-DE"), ("ast", "ast"), ("zh-yue-HK", "yue-HK"),
      ("en-x-pirate", "en"),
    ])
  func identifiers(identifier: String, code: String) {
    #expect(TextLanguage(identifier: identifier)?.code == code)
  }

  @Test(
    "C, POSIX, empty, malformed and hostile identifiers name no language",
    arguments: [
      "", "C", "POSIX", "C.UTF-8", "posix", "und", "f", "fran", "abcdefghi", "12", "fr_FR.",
      "fr__FR", "-fr", "fr-", "fr-FR-x", "fr-CA-CA", "fr FR", "français", "🇫🇷", "../fr",
      "fr/../../etc", "fr\u{0}", "fr_FR.UTF-8\n", "fr_FR.UTF-8@", "fr_FR@../x", "fr;rm -rf",
      "fr-FR.UTF-8.bak",
      // Well formed, but longer than 200 characters.
      "fr-FR-x-" + Array(repeating: "abcdefgh", count: 22).joined(separator: "-"),
    ])
  func refused(identifier: String) {
    #expect(TextLanguage(identifier: identifier) == nil)
  }

  @Test("a Locale reads as its identifier does")
  func locale() {
    #expect(TextLanguage(locale: Locale(identifier: "fr_CA"))?.code == "fr-CA")
    #expect(TextLanguage(locale: Locale(identifier: "zh_TW")) == .traditionalChinese)
  }

  @Test(
    "a table is looked for in the most specific folder, then without the region",
    arguments: [
      ("fr-CA", ["fr-CA", "fr"]), ("fr", ["fr"]), ("zh-Hant", ["zh-Hant"]),
      ("sr-Latn-RS", ["sr-Latn-RS", "sr-Latn"]), ("es-419", ["es-419", "es"]),
      ("pt_BR", ["pt_BR", "pt"]), ("en", ["en"]),
    ])
  func folders(code: String, folders: [String]) {
    #expect(TextLanguage(code: code).folders == folders)
  }

  @Test(
    "LANGUAGE's list comes first, then LC_ALL / LC_MESSAGES / LANG; a C locale ignores it",
    arguments: [
      (["LANGUAGE": "fr_CA:de", "LANG": "en_US.UTF-8"], ["fr-CA", "de", "en"]),
      (["LANGUAGE": "C:bad!:pt_BR::", "LC_MESSAGES": "de_DE.UTF-8"], ["pt-BR", "de-DE"]),
      (["LANGUAGE": "", "LANG": "zh_TW.UTF-8"], ["zh-Hant"]),
      (["LANGUAGE": "fr", "LC_ALL": "C", "LANG": "de_DE.UTF-8"], []),
      (["LANGUAGE": "fr", "LANG": "POSIX"], []),
      (["LANGUAGE": "fr"], []),
      (["LANG": "../../etc/passwd"], []),
    ] as [([String: String], [String])])
  func preferred(environment: [String: String], codes: [String]) {
    #expect(TextLanguage.preferred(in: environment).map(\.code) == codes)
  }

  @Test("the first preferred language with tables wins: the app's, the package's, or English")
  func firstShipped() throws {
    let app = try TableBundle(["fr.lproj", "zh-hant.lproj"])
    defer { app.remove() }
    let bundles = [app.bundle]
    let french = TextLanguage.preferred(in: ["LANG": "fr_FR.UTF-8"])
    #expect(Texts.firstShipped(french, in: bundles).code == "fr-FR")
    #expect(Texts.firstShipped(french, in: []) == .english)
    let list = TextLanguage.preferred(in: ["LANGUAGE": "de:fr_CA", "LANG": "en_US.UTF-8"])
    #expect(Texts.firstShipped(list, in: bundles).code == "fr-CA")
    let chinese = TextLanguage.preferred(in: ["LANGUAGE": "de", "LANG": "zh_CN.UTF-8"])
    #expect(Texts.firstShipped(chinese, in: []) == .simplifiedChinese)
    #expect(Texts.ships(.traditionalChinese, in: bundles))
    #expect(!Texts.ships(TextLanguage(code: "de"), in: bundles))
    // Nobody ships German: the environment's choice is English, whatever the app bundles.
    #expect(TextLanguage.fromEnvironment(["LANG": "de_DE.UTF-8"]) == .english)
  }

  @Test("fr-CA's texts come from fr-CA.lproj, then fr.lproj, then English, key by key")
  func folderFallback() throws {
    let module = try TableBundle([
      "fr.lproj": #""a" = "fr a"; "b" = "fr b";"#, "fr-CA.lproj": #""a" = "fr-CA a";"#,
      "en.lproj": #""a" = "en a"; "b" = "en b"; "c" = "en c";"#,
      "pt-br.lproj": #""a" = "pt-BR a";"#,
    ])
    defer { module.remove() }
    let text = { (key: String, code: String) in
      Texts.string(key, table: "Demo", bundle: module.bundle, language: TextLanguage(code: code))
    }
    #expect(text("a", "fr-CA") == "fr-CA a")
    #expect(text("b", "fr-CA") == "fr b")
    #expect(text("c", "fr-CA") == "en c")
    #expect(text("a", "fr") == "fr a")
    #expect(text("a", "fr-BE") == "fr a")
    #expect(text("a", "pt-BR") == "pt-BR a")
    #expect(text("a", "de") == "en a")
    #expect(text("d", "fr-CA") == "d")
  }

  @Test(
    "plural categories follow each language's rule",
    arguments: [
      ("en", 0, PluralCategory.other), ("en", 1, .one), ("en", 2, .other), ("en", -1, .one),
      ("fr", 0, .one), ("fr-CA", 1, .one), ("fr", 2, .other), ("fr", 1_000_000, .many),
      ("zh-Hans", 1, .other), ("ja", 1, .other), ("ko", 1, .other), ("es", 0, .other),
      ("pt-BR", 0, .one), ("pt-PT", 0, .other), ("ru", 1, .one), ("ru", 3, .few),
      ("ru", 5, .many), ("ru", 11, .many), ("ru", 21, .one), ("ru", 22, .few), ("ru", 0, .many),
      ("pl", 1, .one), ("pl", 22, .few), ("pl", 21, .many), ("pl", 12, .many), ("cs", 3, .few),
      ("cs", 5, .other), ("hr", 21, .one), ("hr", 25, .other), ("ar", 0, .zero),
      ("ar", 2, .two), ("ar", 103, .few), ("ar", 111, .many), ("ar", 100, .other),
      ("he", 2, .two), ("lv", 0, .zero), ("lv", 21, .one), ("lt", 12, .other),
      ("lt", 22, .few), ("ro", 0, .few), ("ro", 20, .other), ("cy", 6, .many),
      ("ga", 7, .many), ("sl", 102, .two), ("is", 21, .one), ("xx", 1, .one),
    ] as [(String, Int, PluralCategory)])
  func plural(code: String, count: Int, category: PluralCategory) {
    #expect(TextLanguage(code: code).pluralCategory(count) == category)
  }

  @Test(
    "numbers are written as the language writes them",
    arguments: [
      ("en", 1_000, "1,000"), ("zh-Hans", 1_000, "1,000"), ("fr", 1_000, "1\u{202F}000"),
      ("fr-CA", 12, "12"), ("de", 1_234_567, "1.234.567"), ("en", -3, "-3"),
    ])
  func number(code: String, number: Int, text: String) {
    #expect(TextLanguage(code: code).formatted(number) == text)
  }

  @Test("counted texts take the language's form and digits, and English's when they fall back")
  func counted() throws {
    let module = try TableBundle([
      "en.lproj": #""left.one" = "{n} attempt left"; "left.other" = "{n} attempts left";"#,
      "fr.lproj": #""left.one" = "{n} essai restant"; "left.other" = "{n} essais restants";"#,
      "ru.lproj": #""left.one" = "{n} попытка"; "left.few" = "{n} попытки";"#
        + #""left.other" = "{n} ?";"#,
      "zh-hans.lproj": #""left.other" = "还剩 {n} 次";"#,
    ])
    defer { module.remove() }
    let text = { (count: Int, code: String) in
      Texts.counted(
        "left", count, as: "n", table: "Demo", bundle: module.bundle,
        language: TextLanguage(code: code))
    }
    #expect(text(0, "en") == "0 attempts left")
    #expect(text(1, "en") == "1 attempt left")
    #expect(text(1_000, "en") == "1,000 attempts left")
    #expect(text(0, "fr") == "0 essai restant")
    #expect(text(1_000, "fr-FR") == "1\u{202F}000 essais restants")
    #expect(text(21, "ru") == "21 попытка")
    #expect(text(3, "ru") == "3 попытки")
    // Russian's `many` is missing from the table: `other` stands in.
    #expect(text(5, "ru") == "5 ?")
    #expect(text(1, "zh-Hans") == "还剩 1 次")
    // No German table: English's text, English's rule (0 is `other`) and English's digits.
    #expect(text(0, "de") == "0 attempts left")
    #expect(text(1_000, "de") == "1,000 attempts left")
    #expect(text(2, "xx") == "2 attempts left")
  }
}

/// A bundle folder made for one test, with `.lproj` folders holding a `Demo.strings` table.
private struct TableBundle {
  let folder: TemporaryDirectory
  let bundle: Bundle

  /// - Parameter tables: The `.lproj` folder names and their `Demo.strings` contents; an
  ///   empty folder for an empty text.
  init(_ tables: [String: String]) throws {
    folder = try TemporaryDirectory(prefix: "table-bundle")
    for (name, contents) in tables {
      let lproj = folder.url(name)
      try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
      if !contents.isEmpty {
        try Data(contents.utf8).write(to: lproj.appendingPathComponent("Demo.strings"))
      }
    }
    bundle = try #require(Bundle(path: folder.url.path))
  }

  /// Empty `.lproj` folders, for tests that ask only which languages are shipped.
  init(_ folders: [String]) throws {
    try self.init(Dictionary(uniqueKeysWithValues: folders.map { ($0, "") }))
  }

  func remove() { folder.remove() }
}

@Suite("A language code never leaves its bundle")
struct LanguageCodeSyntaxTests {
  @Test("a code that is not BCP 47 syntax names no folder, so no table outside a bundle")
  func pathCodes() {
    for code in ["../../etc", "en/../../x", "", "fr\u{0}", String(repeating: "a", count: 65)] {
      #expect(TextLanguage(code: code).folders == [], "\(code.debugDescription)")
    }
    #expect(TextLanguage(code: "fr-CA").folders == ["fr-CA", "fr"])
    #expect(TextLanguage(code: "sr_Latn").folders == ["sr_Latn"])
  }
}
