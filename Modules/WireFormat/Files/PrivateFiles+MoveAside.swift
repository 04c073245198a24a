import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension PrivateFiles {
  /// Renames what is at `path` to `<path>.<reason>-<UTC time>` beside it, with each companion
  /// that exists (`<path>-wal` becomes `<path>.<reason>-<UTC time>-wal`, so a database keeps
  /// its files together). It is renamed rather than deleted: it may be someone's data, or
  /// wanted for a bug report, and a link is renamed itself, its target untouched.
  /// - Parameters:
  ///   - path: The file, link or folder to move.
  ///   - reason: The word in the new name, e.g. `moved-aside` or `corrupt`.
  ///   - companions: Suffixes of files that go with it, e.g. `["-wal", "-shm"]`.
  ///   - moment: The time in the new name.
  /// - Returns: The new path of `path`.
  /// - Throws: `PrivateFileError` when something cannot be moved; `path` is moved first, so
  ///   when that fails nothing has changed.
  @discardableResult
  package static func moveAside(
    _ path: String, reason: String = "moved-aside", companions: [String] = [],
    at moment: Date = Date()
  ) throws(PrivateFileError) -> String {
    // WireDate's form without separators (20261121T083000Z): sortable and file-name safe.
    let stamp = WireDate.wholeSecondsString(from: moment).filter { $0 != "-" && $0 != ":" }
    var destination = path + "." + reason + "-" + stamp
    if try kind(of: destination) != .missing {
      // A second one within the same second: never replace the first.
      destination += "-" + UUID().uuidString.prefix(8)
    }
    for companion in [""] + companions {
      let source = path + companion
      if !companion.isEmpty, try kind(of: source) == .missing { continue }
      guard rename(source, destination + companion) == 0 else {
        throw PrivateFileError(path: source, code: errno)
      }
    }
    return destination
  }

  /// Moves aside what is at `path` unless it is a regular file or nothing.
  /// - Parameters:
  ///   - path: The path.
  ///   - moment: The time in the new name.
  /// - Throws: `PrivateFileError` when it cannot be examined or moved.
  package static func moveAsideUnlessRegularFile(
    _ path: String, at moment: Date = Date()
  ) throws(PrivateFileError) {
    switch try kind(of: path) {
    case .missing, .regularFile: return
    case .folder, .other: try moveAside(path, at: moment)
    }
  }
}
