import Foundation
import WireFormat

/// Where every person-facing sentence of the package comes from: the localized `.strings`
/// tables of the module that owns it, in the language chosen here.
///
/// A text is looked up, in order, in: the app's own table of the same name in
/// ``appBundles`` (the main bundle unless set, so an app rewords any text without a fork),
/// the module's table in the chosen language, and the module's English table. A text missing
/// everywhere shows its key, which the package's tests rule out for its own texts.
///
/// ```swift
/// Texts.language = .simplifiedChinese                  // or leave the platform's choice
/// // An app's own wording: resources named like the module's table, e.g.
/// // en.lproj/UserModel.strings with  "email.empty" = "Your email, please.";
/// // keys the app's table leaves out still come from the module.
/// ```
///
/// On Linux SwiftPM lower-cases `zh-Hans.lproj` to `zh-hans.lproj` and Foundation does not
/// pick a language from the environment, so the bundle of the chosen language is found here,
/// by name, in either case.
public enum Texts {
  private static let chosen = LanguageSetting()
  private static let replacements = Locked<[Bundle]>([Bundle.main])
  /// Tables already read, by bundle path, table and language (an empty table for one that
  /// does not exist): a text is asked for each time a screen draws, and the files never
  /// change while the process runs.
  private static let loaded = Locked<[TableKey: [String: String]]>([:])

  /// A table of one bundle in one language.
  private struct TableKey: Hashable {
    let bundlePath: String
    let table: String
    let language: String
  }

  /// The language every module speaks; the platform's choice until set. Inside
  /// `Texts.$scopedLanguage.withValue(_:operation:)` the scoped language wins, for that task
  /// and its children only.
  public static var language: TextLanguage {
    get { scopedLanguage ?? chosen.value }
    set { chosen.value = newValue }
  }

  /// The bundles whose tables win over the modules' own, first match first: `[Bundle.main]`
  /// until set. Set it when the app's wording lives in a framework or a package of its own,
  /// e.g. `Texts.appBundles = [Bundle.module, .main]`; an empty list shows the modules' texts
  /// only.
  public static var appBundles: [Bundle] {
    get { replacements.withLock { $0 } }
    set { replacements.withLock { $0 = newValue } }
  }

  /// A language for one task and its children, e.g. one request or one test:
  /// `Texts.$scopedLanguage.withValue(.simplifiedChinese) { problem.message }`.
  @TaskLocal public static var scopedLanguage: TextLanguage?

  /// The text of `key` in `table`, with `{name}` placeholders filled in.
  /// - Parameters:
  ///   - key: The text's key, e.g. `email.empty`.
  ///   - table: The table, named after the module, e.g. `UserModel`.
  ///   - bundle: The module's resource bundle (`Bundle.module`).
  ///   - values: Placeholder values by name, e.g. `["minimum": "8"]`.
  ///   - language: The language; `Texts.language` by default.
  /// - Returns: The text.
  public static func string(
    _ key: String, table: String, bundle: Bundle, _ values: [String: String] = [:],
    language: TextLanguage = Texts.language
  ) -> String {
    let replaced = appBundles.lazy.compactMap {
      lookup(key, table: table, in: $0, language: language)
    }.first
    let template =
      replaced
      ?? lookup(key, table: table, in: bundle, language: language)
      ?? lookup(key, table: table, in: bundle, language: .english)
      ?? key
    return fill(template, values)
  }

  /// What `body` makes, with every text in English whatever the chosen language: for
  /// `description`s and log lines, which stay English so that reports read alike.
  /// - Parameter body: Makes the text.
  /// - Returns: What `body` returns.
  public static func inEnglish<R>(_ body: () throws -> R) rethrows -> R {
    try $scopedLanguage.withValue(.english, operation: body)
  }

  /// A server's own explanation (API.md's `message`) as shown to a person: kept when the app
  /// speaks English, the language servers write those explanations in, and `nil` otherwise,
  /// so that a screen in another language shows the module's own sentence instead of half a
  /// sentence in English. Codes are never dropped this way; only the prose is.
  /// - Parameter message: The server's text.
  /// - Returns: The text, or `nil` when the app speaks another language.
  public static func serverMessage(_ message: String) -> String? {
    language == .english ? message : nil
  }

  /// The `.one` or `.other` form of `key` for `count`, with `{name}` set to it: `.one` for
  /// exactly 1, `.other` for any other count. Both languages the package ships count this
  /// way (Chinese writes the two forms alike).
  /// - Parameters:
  ///   - key: The key without its `.one` / `.other` ending, e.g. `error.invalidCode`.
  ///   - count: The number the sentence counts.
  ///   - name: The placeholder the number fills, e.g. `left`.
  ///   - table: The table, named after the module.
  ///   - bundle: The module's resource bundle.
  ///   - language: The language; `Texts.language` by default.
  /// - Returns: The text.
  public static func counted(
    _ key: String, _ count: Int, as name: String, table: String, bundle: Bundle,
    language: TextLanguage = Texts.language
  ) -> String {
    string(
      count == 1 ? key + ".one" : key + ".other", table: table, bundle: bundle,
      [name: "\(count)"], language: language)
  }

  /// Every key of a module's table in one language, for tests that compare the languages.
  /// - Parameters:
  ///   - table: The table.
  ///   - bundle: The module's resource bundle.
  ///   - language: The language.
  /// - Returns: The keys and their texts; empty when there is no such table.
  public static func table(
    _ table: String, bundle: Bundle, language: TextLanguage
  ) -> [String: String] {
    let key = TableKey(bundlePath: bundle.bundlePath, table: table, language: language.code)
    return loaded.withLock { loaded in
      // Read under the lock, so that two threads asking at once read the file once.
      if let cached = loaded[key] { return cached }
      let read = readTable(table, bundle: bundle, language: language)
      loaded[key] = read
      return read
    }
  }

  private static func readTable(
    _ table: String, bundle: Bundle, language: TextLanguage
  ) -> [String: String] {
    guard let url = tableURL(table, in: bundle, language: language),
      let data = try? Data(contentsOf: url),
      let list = try? PropertyListSerialization.propertyList(from: data, format: nil),
      let dictionary = list as? [String: String]
    else { return [:] }
    return dictionary
  }

  private static func lookup(
    _ key: String, table: String, in bundle: Bundle, language: TextLanguage
  ) -> String? {
    self.table(table, bundle: bundle, language: language)[key]
  }

  private static func tableURL(
    _ table: String, in bundle: Bundle, language: TextLanguage
  ) -> URL? {
    let code = language.code
    // SwiftPM on Linux lower-cases `zh-Hans.lproj`; `en` is tried once.
    for folder in code == code.lowercased() ? [code] : [code, code.lowercased()] {
      if let url = bundle.url(
        forResource: table, withExtension: "strings", subdirectory: nil,
        localization: folder)
      {
        return url
      }
      let direct = bundle.bundleURL.appendingPathComponent("\(folder).lproj")
        .appendingPathComponent("\(table).strings")
      if FileManager.default.fileExists(atPath: direct.path) { return direct }
    }
    return nil
  }

  /// Replaces `{name}` with `values[name]`; other braces stay as they are.
  static func fill(_ template: String, _ values: [String: String]) -> String {
    guard !values.isEmpty else { return template }
    var text = template
    for (name, value) in values {
      text = text.replacingOccurrences(of: "{\(name)}", with: value)
    }
    return text
  }
}

/// The chosen language behind a lock: set from any thread, read from any thread.
private final class LanguageSetting: Sendable {
  private let stored = Locked<TextLanguage?>(nil)

  var value: TextLanguage {
    get {
      stored.withLock { stored in
        if let stored { return stored }
        let preferred = TextLanguage.platformPreferred
        stored = preferred
        return preferred
      }
    }
    set {
      stored.withLock { $0 = newValue }
    }
  }
}
