import Foundation
import WireFormat

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension Database {
  /// The suffixes of the files SQLite keeps beside a database, which must never be links
  /// either, and which go with the database wherever it is moved.
  package static let companionSuffixes = ["-wal", "-shm", "-journal"]

  /// Makes the file at `path` ready for SQLite: missing folders created 0700, whatever is in
  /// the way of the file or its companions moved aside, the file created 0600 when missing.
  /// Existing ones follow `PrivateFiles`' rules before SQLite opens any: the folder and the
  /// files must be the user's, and a file others could write (or with a second name) is
  /// refused, since what another user wrote into a `-wal` would be replayed; the rest are
  /// narrowed (folder 0700 when others can write it; the file, `-wal`, `-shm` and `-journal`
  /// 0600 when others can read them). SQLite gives a companion it creates the main file's
  /// mode, so new ones are 0600 too.
  ///
  /// An existing file is opened only when its mode must change: closing any descriptor of
  /// the file drops the `fcntl` locks this process's connections hold on it (SQLite's "How
  /// To Corrupt An SQLite Database File", 2.2), and the same database may be open already.
  /// - Parameter path: The database's path.
  /// - Returns: The path SQLite opens: the same file, with the links in its folder's path
  ///   resolved, because `SQLITE_OPEN_NOFOLLOW` refuses a link anywhere in the path (a
  ///   home folder reached through a link, macOS's `/var`).
  /// - Throws: ``DatabaseError`` `.cannotOpen`.
  static func preparePrivateFile(at path: String) throws(DatabaseError) -> String {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    do {
      try PrivateFiles.createFolders(folder)
    } catch {
      throw DatabaseError(
        kind: .cannotOpen, message: "cannot use the folder \(error.path): \(error.reason)")
    }
    guard let resolved = realpath(folder, nil) else {
      throw DatabaseError(
        kind: .cannotOpen,
        message: "cannot use the folder \(folder): \(String(cString: strerror(errno)))")
    }
    defer { free(resolved) }
    let resolvedFolder = String(cString: resolved)
    let file = (resolvedFolder.hasSuffix("/") ? resolvedFolder : resolvedFolder + "/")
      + url.lastPathComponent
    let now = Date()
    do {
      // The main file first: when it is in the way, its companions go aside with it.
      if try PrivateFiles.kind(of: file) == .regularFile {
        try PrivateFiles.makeFilePrivate(file)
      }
      // Missing, in the way, or gone meanwhile: nobody's locks are on a file made here.
      if try PrivateFiles.kind(of: file) != .regularFile {
        let descriptor = try PrivateFiles.open(
          file, flags: O_RDONLY, companions: companionSuffixes, at: now)
        _ = close(descriptor)
      }
      for suffix in companionSuffixes {
        try PrivateFiles.moveAsideUnlessRegularFile(file + suffix, at: now)
        // An existing -wal holds the newest writes: private before SQLite opens it.
        try PrivateFiles.makeFilePrivate(file + suffix)
      }
    } catch {
      throw DatabaseError(
        kind: .cannotOpen, message: "cannot open \(error.path): \(error.reason)")
    }
    return file
  }
}
