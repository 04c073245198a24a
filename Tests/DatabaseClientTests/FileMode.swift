import Foundation

/// Reading what the tests need about files, without following links.
enum FileMode {
  /// The permission bits of a file or folder, e.g. `0o600`.
  static func of(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? Int) ?? -1
  }

  /// Whether `path` is a regular file (a link to one is not).
  static func isRegularFile(_ path: String) throws -> Bool {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return attributes[.type] as? FileAttributeType == .typeRegular
  }

  /// The names in `folder` that start with `prefix`.
  static func names(in folder: String, startingWith prefix: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(prefix) }
  }
}

/// Runs `body` with the process's umask set to `mask`, then restores it. 022 is the usual
/// default, which is what the tests set, so tests running meanwhile are not disturbed.
func withUmask<R>(_ mask: mode_t, _ body: () throws -> R) rethrows -> R {
  let previous = umask(mask)
  defer { umask(previous) }
  return try body()
}
