import Foundation
import Localization

/// An app's own text tables for one test: a bundle made in a temporary folder, put first in
/// `Texts.appBundles` while `body` runs.
///
/// `Texts.appBundles` is one value for the whole process and test targets run in one
/// process, so every test that sets it goes through here: one at a time, and the bundles are
/// restored after.
///
/// ```swift
/// try AppTexts.with(["en": ["UserModel": #""userType.admin" = "administrator";"#]]) {
///   #expect(UserType("admin").displayName == "administrator")
/// }
/// ```
public enum AppTexts {
  private static let lock = NSLock()

  /// Runs `body` with a bundle of `tables` first in `Texts.appBundles`.
  /// - Parameters:
  ///   - tables: By `.lproj` language code, each table's name and its `.strings` text.
  ///   - replacing: Whether the bundle is the only one (`true`) or comes before the bundles
  ///     already set (`false`, the default).
  ///   - body: What runs with the tables; it must not set `Texts.appBundles` itself.
  /// - Returns: What `body` returns.
  /// - Throws: What writing the tables or `body` throws.
  public static func with<R>(
    _ tables: [String: [String: String]], replacing: Bool = false, _ body: () throws -> R
  ) throws -> R {
    let folder = try TemporaryDirectory(prefix: "app-texts")
    defer { folder.remove() }
    for (language, files) in tables {
      let lproj = folder.url.appendingPathComponent("\(language).lproj")
      try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
      for (table, text) in files {
        try Data(text.utf8).write(to: lproj.appendingPathComponent("\(table).strings"))
      }
    }
    guard let bundle = Bundle(path: folder.url.path) else {
      throw CocoaError(.fileReadCorruptFile)
    }
    let before = Texts.appBundles
    return try with(bundles: replacing ? [bundle] : [bundle] + before, body)
  }

  /// Runs `body` with `Texts.appBundles` set to `bundles`, then restores them.
  /// - Parameters:
  ///   - bundles: The app's bundles while `body` runs.
  ///   - body: What runs with them; it must not set `Texts.appBundles` itself.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public static func with<R>(bundles: [Bundle], _ body: () throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    let before = Texts.appBundles
    Texts.appBundles = bundles
    defer { Texts.appBundles = before }
    return try body()
  }
}
