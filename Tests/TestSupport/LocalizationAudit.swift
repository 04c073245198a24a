import Foundation
import Localization

/// Reads a module's `.strings` tables and its sources, for the tests that keep every key in
/// both languages and no key unused.
public enum LocalizationAudit {
  /// The package's root folder.
  public static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// What is wrong with a module's tables: keys missing from a language, placeholders that
  /// differ, keys no source asks for, keys asked for but missing. Empty when all is well.
  /// - Parameters:
  ///   - table: The table, named after the module.
  ///   - bundle: The module's resource bundle.
  ///   - folder: The module's sources, e.g. `Modules/UserModel`, read with its subfolders.
  ///   - helper: How the module's sources ask for a text, e.g. `TextTable.userModel.text`; a
  ///     counted text asked for with `TextTable.userModel.counted("key", …)` stands for
  ///     `key.one` and `key.other`. The key may start the next line.
  /// - Returns: One line per problem.
  public static func problems(
    table: String, bundle: Bundle, folder: String, helper: String
  ) throws -> [String] {
    let english = Texts.table(table, bundle: bundle, language: .english)
    let chinese = Texts.table(table, bundle: bundle, language: .simplifiedChinese)
    var problems: [String] = []
    if english.isEmpty { problems.append("no English table \(table)") }
    for key in Set(english.keys).symmetricDifference(chinese.keys).sorted() {
      problems.append("\(key): in one language only")
    }
    for (key, text) in english where placeholders(text) != placeholders(chinese[key] ?? "") {
      problems.append("\(key): placeholders differ")
    }
    var used: Set<String> = []
    let sources = root.appendingPathComponent(folder)
    let files = FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String]
    let escaped = NSRegularExpression.escapedPattern(for: helper)
    let textCall = try Regex(escaped + #"\(\s*"([A-Za-z.]+)""#)
    let table = helper.split(separator: ".").dropLast().joined(separator: ".")
    let prefix = NSRegularExpression.escapedPattern(for: table + ".")
    let countedCall = try Regex(prefix + #"counted\(\s*"([A-Za-z.]+)""#)
    for file in files ?? [] where file.hasSuffix(".swift") {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for match in text.matches(of: textCall) {
        if let key = match.output[1].substring { used.insert(String(key)) }
      }
      for match in text.matches(of: countedCall) {
        if let key = match.output[1].substring {
          used.formUnion([key + ".one", key + ".other"])
        }
      }
    }
    for key in Set(english.keys).subtracting(used).sorted() { problems.append("\(key): unused") }
    for key in used.subtracting(english.keys).sorted() { problems.append("\(key): missing") }
    return problems
  }

  private static func placeholders(_ text: String) -> Set<String> {
    Set(text.matches(of: #/\{[a-z]+\}/#).map { String($0.output) })
  }
}
