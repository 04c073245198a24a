import Foundation

/// One module's sentences: its `.strings` table, by name, in the module's resource bundle,
/// read through ``Texts`` in the chosen language (an app's table of the same name wins).
///
/// Each module with sentences holds one value of it, as a static member named after the
/// module (`TextTable.userModel`, `TextTable.networkClient`, …), and asks it for every text
/// it shows. An app or a test reads a module's tables, or its ``bundle``, through the same
/// value; an app's own module can hold one the same way:
///
/// ```swift
/// extension TextTable {
///   static let myApp = TextTable("MyApp", bundle: .module)   // Resources/en.lproj/MyApp.strings
/// }
///
/// TextTable.myApp.text("welcome.title")                       // "Welcome"
/// TextTable.myApp.text("welcome.hello", ["name": "Ann"])      // "Hello, Ann"
/// TextTable.myApp.counted("cart.items", 3, as: "count")       // "3 items"
/// TextTable.userModel.table(in: .simplifiedChinese)           // UserModel's keys and texts
/// ```
public struct TextTable: Sendable, Hashable {
  /// The table's name, which is its `.strings` file's name: `UserModel` for
  /// `en.lproj/UserModel.strings`.
  public let name: String
  /// The bundle holding the table's `.lproj` folders: the module's `Bundle.module`.
  public let bundle: Bundle

  /// A table of `bundle`.
  /// - Parameters:
  ///   - name: The table's name, e.g. `UserModel`.
  ///   - bundle: The bundle holding it, e.g. `Bundle.module`.
  public init(_ name: String, bundle: Bundle) {
    self.name = name
    self.bundle = bundle
  }

  /// The text of `key`, with `{name}` placeholders filled in
  /// (``Texts/string(_:table:bundle:_:language:)``).
  /// - Parameters:
  ///   - key: The text's key, e.g. `email.empty`.
  ///   - values: Placeholder values by name, e.g. `["minimum": "8"]`.
  ///   - language: The language; `Texts.language` by default.
  /// - Returns: The text; the key itself when no table has it.
  public func text(
    _ key: String, _ values: [String: String] = [:], language: TextLanguage = Texts.language
  ) -> String {
    Texts.string(key, table: name, bundle: bundle, values, language: language)
  }

  /// The form of `key` for `count`, with `{name}` set to it
  /// (``Texts/counted(_:_:as:table:bundle:language:)``).
  /// - Parameters:
  ///   - key: The key without its `.one` / `.other` ending, e.g. `error.invalidCode`.
  ///   - count: The number the sentence counts.
  ///   - name: The placeholder the number fills, e.g. `left`.
  ///   - language: The language; `Texts.language` by default.
  /// - Returns: The text.
  public func counted(
    _ key: String, _ count: Int, as name: String, language: TextLanguage = Texts.language
  ) -> String {
    Texts.counted(key, count, as: name, table: self.name, bundle: bundle, language: language)
  }

  /// Every key of the table in `language` and its text (``Texts/table(_:bundle:language:)``),
  /// for tests that compare the languages.
  /// - Parameter language: The language.
  /// - Returns: The keys and their texts; empty when there is no such table.
  public func table(in language: TextLanguage) -> [String: String] {
    Texts.table(name, bundle: bundle, language: language)
  }
}
