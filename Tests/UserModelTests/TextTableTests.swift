import Foundation
import Localization
import TestSupport
import Testing
import UserModel

/// One table type for every module's sentences: a value names a table and its bundle, and
/// reads it as `Texts` does; the modules hold one value each instead of wrappers of their own.
@Suite("One text table type for every module's sentences")
struct TextTableTests {
  @Test("a table of any bundle reads its texts, placeholders and counted forms as Texts does")
  func readsLikeTexts() throws {
    let folder = try TemporaryDirectory(prefix: "text-table")
    defer { folder.remove() }
    let tables = [
      "en.lproj": #""hello" = "Hello, {name}"; "left.one" = "{n} left";"#
        + #""left.other" = "{n} left!";"#,
      "fr.lproj": #""hello" = "Bonjour, {name}";"#,
    ]
    for (name, contents) in tables {
      let lproj = folder.url(name)
      try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: lproj.appendingPathComponent("Demo.strings"))
    }
    let bundle = try #require(Bundle(path: folder.url.path))
    let demo = TextTable("Demo", bundle: bundle)
    let french = TextLanguage(code: "fr")

    #expect(demo.name == "Demo")
    #expect(demo.bundle.bundlePath == bundle.bundlePath)
    #expect(demo.text("hello", ["name": "Ann"], language: french) == "Bonjour, Ann")
    #expect(demo.text("hello", ["name": "Ann"], language: .english) == "Hello, Ann")
    // French has no counted text: English's, counted and written as English does.
    #expect(demo.counted("left", 1_000, as: "n", language: french) == "1,000 left!")
    #expect(demo.counted("left", 1, as: "n", language: .english) == "1 left")
    #expect(demo.text("absent", language: french) == "absent")
    #expect(demo.table(in: french) == ["hello": "Bonjour, {name}"])
    // The language chosen for a task is the default, as for `Texts`.
    Texts.$scopedLanguage.withValue(french) {
      #expect(demo.text("hello", ["name": "Ann"]) == "Bonjour, Ann")
    }
  }

  @Test("a module's value is its table in its own bundle, in both of the package's languages")
  func moduleValue() {
    let table = TextTable.userModel
    #expect(table.name == "UserModel")
    #expect(table.bundle.bundlePath != Bundle.main.bundlePath)
    #expect(
      table.text("email.empty", language: .english)
        == Texts.string(
          "email.empty", table: "UserModel", bundle: table.bundle, language: .english))
    #expect(!table.table(in: .english).isEmpty)
    #expect(Set(table.table(in: .english).keys) == Set(table.table(in: .simplifiedChinese).keys))
  }

  @Test("no module or example wraps Texts itself: every sentence is read through a TextTable")
  func noWrappers() throws {
    let resources = try Regex(#"enum \w+Resources\b"#)
    var wrappers: [String] = []
    for folder in ["Modules", "Examples"] {
      let root = LocalizationAudit.root.appendingPathComponent(folder)
      let files = FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String]
      for file in files ?? [] where file.hasSuffix(".swift") && !file.hasPrefix("Localization/") {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        let code = text.split(separator: "\n").filter { !$0.contains("///") }.joined()
        if code.contains("Texts.string(") || code.contains("Texts.counted(")
          || code.contains(resources)
        {
          wrappers.append("\(folder)/\(file)")
        }
      }
    }
    #expect(wrappers == [])
  }
}
