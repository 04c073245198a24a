import Foundation
import WireFormat

/// Where every person-facing sentence of the package comes from: the localized `.strings`
/// tables of the module that owns it, in the language chosen here.
///
/// **Replacing a module's text or adding a language is one step:** put
/// `<language>.lproj/<Module>.strings` (e.g. `fr.lproj/UserModel.strings`) with the keys you
/// want in your app's main bundle; when the tables live in a package target instead, the same
/// folder goes in its `Resources` (with `defaultLocalization` in that manifest and the
/// target's `resources: [.process("Resources")]`) and you say so once, at launch:
/// `Texts.appBundles = [Bundle.module, .main]`. Any BCP 47 language works (`fr`, `fr-CA`,
/// `pt-BR`); the keys and their placeholders are those of the module's English table.
///
/// A text is looked up, in order, in: the tables of the same name in ``appBundles``, then the
/// module's, in the chosen language (each under its ``TextLanguage/folders``: `fr-CA.lproj`,
/// then `fr.lproj`); then the same in English. A text missing everywhere shows its key, which
/// the package's tests rule out for its own texts. The language is the platform's choice
/// (``TextLanguage/platformPreferred``: the first preferred language that has tables) until
/// ``language`` is set.
///
/// ```swift
/// Texts.language = .simplifiedChinese                  // or leave the platform's choice
/// // An app's own wording: resources named like the module's table, e.g.
/// // en.lproj/UserModel.strings with  "email.empty" = "Your email, please.";
/// // fr.lproj/UserModel.strings with  "email.empty" = "Votre adresse e-mail, svp.";
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
  /// only. Setting it makes the platform choose the language again (unless ``language`` was
  /// set), since the languages the app ships may have changed with it.
  public static var appBundles: [Bundle] {
    get { replacements.withLock { $0 } }
    set {
      replacements.withLock { $0 = newValue }
      chosen.forgetPlatformChoice()
    }
  }

  /// The languages every module of the package ships tables in: English and Simplified
  /// Chinese.
  public static let packageLanguages: [TextLanguage] = [.english, .simplifiedChinese]

  /// Whether texts exist in `language`: the package ships it (``packageLanguages``), or one
  /// of `bundles` has an `.lproj` folder for it, under any of its ``TextLanguage/folders``.
  /// - Parameters:
  ///   - language: The language, e.g. `fr-CA`, which `fr.lproj` serves.
  ///   - bundles: The app's bundles; ``appBundles`` by default.
  /// - Returns: `true` when some table is in that language.
  public static func ships(_ language: TextLanguage, in bundles: [Bundle] = appBundles) -> Bool {
    let folders = language.folders
    if packageLanguages.contains(where: { folders.contains($0.code) }) { return true }
    return bundles.contains { bundle in
      folders.contains { folder in
        spellings(of: folder).contains { lprojFolder($0, in: bundle) != nil }
      }
    }
  }

  /// The first of `languages` that has texts (``ships(_:in:)``), or English.
  /// - Parameters:
  ///   - languages: The languages, most wanted first.
  ///   - bundles: The app's bundles; ``appBundles`` by default.
  /// - Returns: The language.
  public static func firstShipped(
    _ languages: [TextLanguage], in bundles: [Bundle] = appBundles
  ) -> TextLanguage {
    languages.first { ships($0, in: bundles) } ?? .english
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
    let found = template(table: table, bundle: bundle, language: language) { _ in [key] }
    return fill(found?.text ?? key, values)
  }

  /// What `body` makes, with every text in English whatever the chosen language: for
  /// `description`s and log lines, which stay English so that reports read alike.
  /// - Parameter body: Makes the text.
  /// - Returns: What `body` returns.
  public static func inEnglish<R>(_ body: () throws -> R) rethrows -> R {
    try $scopedLanguage.withValue(.english, operation: body)
  }

  /// The form of `key` for `count`, with `{name}` set to it as the language writes numbers
  /// (``TextLanguage/formatted(_:)``: `1,000`, in French `1 000`).
  ///
  /// The form is the language's plural category (``TextLanguage/pluralCategory(_:)``):
  /// `key.one` and `key.other` always, and `key.zero`, `key.two`, `key.few` or `key.many` when
  /// the language's rule asks for them and a table has them, `key.other` when none has.
  /// English takes `.one` for 1 only, French for 0 and 1, Chinese `.other` for all; a text
  /// that falls back to English counts, and writes its number, as English does.
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
    let found = template(table: table, bundle: bundle, language: language) { speaking in
      let category = speaking.pluralCategory(count)
      return category == .other ? [key + ".other"] : [key + "." + category.rawValue, key + ".other"]
    }
    guard let found else { return key + "." + language.pluralCategory(count).rawValue }
    return fill(found.text, [name: found.language.formatted(count)])
  }

  /// The first text found for `keys` in the tables, in the order ``Texts`` describes, and the
  /// language it is written in.
  /// - Parameters:
  ///   - table: The table.
  ///   - bundle: The module's resource bundle.
  ///   - language: The chosen language; English follows it.
  ///   - keys: The keys to try in a language, first first.
  /// - Returns: The text and its language, or `nil` when no table has any of the keys.
  private static func template(
    table: String, bundle: Bundle, language: TextLanguage,
    keys: (TextLanguage) -> [String]
  ) -> (text: String, language: TextLanguage)? {
    let bundles = appBundles + [bundle]
    for speaking in language == .english ? [language] : [language, .english] {
      for key in keys(speaking) {
        for candidate in bundles {
          if let text = self.table(table, bundle: candidate, language: speaking)[key] {
            return (text, speaking)
          }
        }
      }
    }
    return nil
  }

  /// Every key of a module's table in one language, for tests that compare the languages: the
  /// tables of the language's ``TextLanguage/folders`` together, a key of a more specific one
  /// (`fr-CA.lproj`) winning over the same key of a more general one (`fr.lproj`).
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
    // The most general folder first, so that a more specific one's keys replace its own.
    language.folders.reversed().reduce(into: [:]) { merged, folder in
      guard let url = tableURL(table, in: bundle, folder: folder),
        let data = try? Data(contentsOf: url),
        let list = try? PropertyListSerialization.propertyList(from: data, format: nil),
        let dictionary = list as? [String: String]
      else { return }
      merged.merge(dictionary) { _, specific in specific }
    }
  }

  private static func tableURL(_ table: String, in bundle: Bundle, folder: String) -> URL? {
    for spelling in spellings(of: folder) {
      if let url = bundle.url(
        forResource: table, withExtension: "strings", subdirectory: nil,
        localization: spelling)
      {
        return url
      }
      let direct = lprojFolder(spelling, in: bundle)?.appendingPathComponent("\(table).strings")
      if let direct, FileManager.default.fileExists(atPath: direct.path) { return direct }
    }
    return nil
  }

  /// The names a folder may have on disk: as written (`pt-BR`), lower-cased (SwiftPM on Linux
  /// lower-cases `zh-Hans.lproj`), and with an underscore (`pt_BR.lproj`, an older Xcode
  /// habit). `en` is tried once.
  private static func spellings(of folder: String) -> [String] {
    var spellings = [folder]
    for spelling in [folder.lowercased(), folder.replacingOccurrences(of: "-", with: "_")]
    where !spellings.contains(spelling) {
      spellings.append(spelling)
    }
    return spellings
  }

  /// The `<name>.lproj` folder of `bundle`, among its resources or at its top, if it exists.
  private static func lprojFolder(_ name: String, in bundle: Bundle) -> URL? {
    let places = [bundle.resourceURL, bundle.bundleURL].compactMap { $0 }
    for place in places {
      let folder = place.appendingPathComponent("\(name).lproj", isDirectory: true)
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder),
        isFolder.boolValue
      {
        return folder
      }
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
  /// The language set, and the platform's choice, made on first use.
  private struct State {
    var set: TextLanguage?
    var platform: TextLanguage?
  }

  private let stored = Locked(State())

  var value: TextLanguage {
    get {
      stored.withLock { state in
        if let chosen = state.set ?? state.platform { return chosen }
        // Takes the lock of `Texts.appBundles` inside this one; its setter takes them one
        // after the other, never this one inside its own.
        let preferred = TextLanguage.platformPreferred
        state.platform = preferred
        return preferred
      }
    }
    set {
      stored.withLock { $0.set = newValue }
    }
  }

  /// Makes the platform's choice again on next use.
  func forgetPlatformChoice() {
    stored.withLock { $0.platform = nil }
  }
}
