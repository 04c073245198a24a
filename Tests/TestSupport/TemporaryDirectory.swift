import Foundation

/// A fresh, empty folder under the system's temporary directory, for one test.
///
/// Tests run in parallel, so each makes its own. Remove it with a `defer` right after making
/// it: Swift may release an object right after its last use, so deinit is only a backstop.
///
/// ```swift
/// let folder = try TemporaryDirectory()
/// defer { folder.remove() }
/// let db = try Database(path: folder.path("app.sqlite"))
/// ```
public final class TemporaryDirectory: Sendable {
  /// The folder.
  public let url: URL

  /// Creates a new, uniquely named folder.
  /// - Parameter prefix: The start of the folder's name, to tell tests' leftovers apart.
  /// - Throws: The file system's error when the folder cannot be created.
  public init(prefix: String = "koober-test") throws {
    let name = "\(prefix)-\(UUID().uuidString)"
    url = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
  }

  deinit {
    remove()
  }

  /// The URL of `name` inside the folder (nothing is created).
  /// - Parameter name: A file or folder name, or a relative path such as `"a/b/c.sqlite"`.
  /// - Returns: The URL.
  public func url(_ name: String) -> URL {
    url.appendingPathComponent(name)
  }

  /// The path of `name` inside the folder (nothing is created).
  /// - Parameter name: A file or folder name, or a relative path such as `"a/b/c.sqlite"`.
  /// - Returns: The path.
  public func path(_ name: String) -> String {
    url(name).path
  }

  /// Deletes the folder and everything in it; does nothing if it is already gone.
  public func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
