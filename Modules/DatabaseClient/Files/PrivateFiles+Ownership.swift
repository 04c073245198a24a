import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The rules for folders and files someone else may have made before the package used them
/// (StrictModes, as ssh has it):
///
/// - A private folder (the one a caller keeps files in) and every file in it must belong to
///   the user the process runs as; one that belongs to another user is refused
///   (``PrivateFileError/Cause/ownedByAnotherUser``), never used or narrowed.
/// - A private folder the user owns that group or others can write is made 0700 (a folder
///   they can only read keeps its mode: nobody else can change what is in it, and each file in
///   it is 0600). A file the user owns that group or others can read or write is made 0600.
/// - Every folder that holds a private folder, up to `/`, on the path as written and on its
///   real path, must belong to root or the user and be writable by nobody else unless it has
///   the sticky bit (`/tmp`): whoever can write there could swap the private folder for their
///   own. One that is not is refused (``PrivateFileError/Cause/writableByOthers``): it is not
///   the package's to change.
/// - Modes change through a descriptor opened without following a link (`fchmod`), after
///   `fstat` on that descriptor showed whom it belongs to: a link swapped in meanwhile can
///   never redirect the change.
extension PrivateFiles {
  /// What happens to an existing private folder the user owns.
  package enum ExistingFolder: Sendable {
    /// Made 0700 when group or others can write it; otherwise its mode is kept.
    case narrowedWhenWritable
    /// Made 0700 whatever its mode (a folder given to one store alone).
    case madePrivate
  }

  /// Checks every folder that holds `folder`, on the path as written and on its real path:
  /// each must belong to root or the user and be writable by nobody else unless sticky.
  /// - Parameters:
  ///   - folder: An absolute path; it and the folders above it that exist are checked.
  ///   - includingItself: Whether `folder` itself is checked as a holder too.
  /// - Throws: `PrivateFileError` `.ownedByAnotherUser` or `.writableByOthers` naming the
  ///   first holder that fails, or the system's error when one cannot be examined.
  static func checkHolders(of folder: String, includingItself: Bool) throws(PrivateFileError) {
    var chains = [ancestors(of: folder, includingItself: includingItself)]
    if let resolved = realpath(folder, nil) {
      let real = String(cString: resolved)
      free(resolved)
      chains.append(ancestors(of: real, includingItself: includingItself))
    }
    var checked: Set<String> = []
    for path in chains.joined() where checked.insert(path).inserted {
      var status = stat()
      guard stat(path, &status) == 0 else {
        let code = errno
        if code == ENOENT { continue }
        throw PrivateFileError(path: path, code: code)
      }
      guard status.st_mode & S_IFMT == S_IFDIR else {
        throw PrivateFileError(path: path, cause: .fileHasFolderName)
      }
      guard status.st_uid == 0 || status.st_uid == geteuid() else {
        throw PrivateFileError(path: path, cause: .ownedByAnotherUser)
      }
      if status.st_mode & 0o022 != 0, status.st_mode & S_ISVTX == 0 {
        throw PrivateFileError(path: path, cause: .writableByOthers)
      }
    }
  }

  /// The folders above `path` (and `path` itself when asked), nearest first.
  private static func ancestors(of path: String, includingItself: Bool) -> [String] {
    var result: [String] = includingItself ? [path] : []
    var current = path
    while true {
      let parent = (current as NSString).deletingLastPathComponent
      if parent == current || parent.isEmpty { break }
      result.append(parent)
      current = parent
    }
    return result
  }

  /// Applies the private-folder rule to the existing folder at `path`: it must belong to the
  /// user, and is narrowed as `existing` says, through a descriptor.
  /// - Parameters:
  ///   - path: The folder; a link at its last component is followed (the caller chose the
  ///     path), and the folder it names is then opened without following any.
  ///   - existing: What to do with its mode.
  /// - Throws: `PrivateFileError` `.ownedByAnotherUser`, `.fileHasFolderName`, or the
  ///   system's error.
  static func makeFolderPrivate(
    _ path: String, existing: ExistingFolder
  ) throws(PrivateFileError) {
    guard let resolved = realpath(path, nil) else {
      throw PrivateFileError(path: path, code: errno)
    }
    let real = String(cString: resolved)
    free(resolved)
    let descriptor = systemOpenFolder(real)
    guard descriptor >= 0 else {
      let code = errno
      if code == ELOOP || code == ENOTDIR {
        throw PrivateFileError(path: path, cause: .fileHasFolderName)
      }
      throw PrivateFileError(path: path, code: code)
    }
    defer { _ = close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw PrivateFileError(path: path, code: errno) }
    guard status.st_uid == geteuid() else {
      throw PrivateFileError(path: path, cause: .ownedByAnotherUser)
    }
    let mode = status.st_mode & 0o7777
    let narrow =
      switch existing {
      case .narrowedWhenWritable: mode & 0o022 != 0
      case .madePrivate: mode != 0o700
      }
    if narrow, fchmod(descriptor, 0o700) != 0 { throw PrivateFileError(path: path, code: errno) }
  }

  /// Applies the private-file rule to an open regular file: it must belong to the user, and
  /// is made 0600 when group or others may read or write it.
  /// - Parameters:
  ///   - descriptor: The open file.
  ///   - status: Its `fstat`.
  ///   - path: Its path, for errors.
  /// - Throws: `PrivateFileError` `.ownedByAnotherUser`, or the system's error.
  static func makeOpenFilePrivate(
    _ descriptor: Int32, status: stat, path: String
  ) throws(PrivateFileError) {
    guard status.st_uid == geteuid() else {
      throw PrivateFileError(path: path, cause: .ownedByAnotherUser)
    }
    if status.st_mode & 0o077 != 0, fchmod(descriptor, 0o600) != 0 {
      throw PrivateFileError(path: path, code: errno)
    }
  }

  /// Applies the private-file rule to the file at `path` if it is a regular file; nothing
  /// there, or a link, a FIFO or a folder (moved aside when it is used) is left alone.
  ///
  /// A file already private is not opened: closing a descriptor drops the process's `fcntl`
  /// locks on the file, and SQLite may hold some on a database's `-shm`.
  /// - Parameter path: The file.
  /// - Throws: `PrivateFileError` `.ownedByAnotherUser`, or the system's error.
  package static func makeFilePrivate(_ path: String) throws(PrivateFileError) {
    var seen = stat()
    guard lstat(path, &seen) == 0 else {
      let code = errno
      if code == ENOENT { return }
      throw PrivateFileError(path: path, code: code)
    }
    guard seen.st_mode & S_IFMT == S_IFREG else { return }
    guard seen.st_uid == geteuid() else {
      throw PrivateFileError(path: path, cause: .ownedByAnotherUser)
    }
    guard seen.st_mode & 0o077 != 0 else { return }
    let descriptor = systemOpenFile(path)
    guard descriptor >= 0 else {
      let code = errno
      // Gone or replaced by a link or FIFO meanwhile: whoever uses it next looks again.
      if code == ENOENT || code == ELOOP || code == ENXIO { return }
      throw PrivateFileError(path: path, code: code)
    }
    defer { _ = close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw PrivateFileError(path: path, code: errno) }
    guard status.st_mode & S_IFMT == S_IFREG else { return }
    try makeOpenFilePrivate(descriptor, status: status, path: path)
  }

  /// How deep ``makeTreePrivate(_:)`` goes: far below any layout the package makes, and a
  /// bound on a tree someone built to make it loop.
  private static let treeDepth = 8

  /// Applies the private-folder rule to `folder` and every folder in it, and the private-file
  /// rule to every file in them; links are not followed (a link, FIFO or folder where a file
  /// belongs is moved aside when that file is used).
  /// - Parameter folder: The folder; a missing one is fine.
  /// - Throws: `PrivateFileError` naming the first folder or file that belongs to another
  ///   user (`.ownedByAnotherUser`), or the system's error.
  package static func makeTreePrivate(_ folder: String) throws(PrivateFileError) {
    try makeTreePrivate(folder, depth: 0)
  }

  private static func makeTreePrivate(_ folder: String, depth: Int) throws(PrivateFileError) {
    var status = stat()
    guard lstat(folder, &status) == 0 else {
      let code = errno
      if code == ENOENT { return }
      throw PrivateFileError(path: folder, code: code)
    }
    // The top folder may be a link the caller chose; below it, links are not followed.
    if depth > 0, status.st_mode & S_IFMT != S_IFDIR { return }
    try makeFolderPrivate(folder, existing: .narrowedWhenWritable)
    for name in try names(in: folder) {
      let path = (folder as NSString).appendingPathComponent(name)
      var entry = stat()
      guard lstat(path, &entry) == 0 else { continue }
      switch entry.st_mode & S_IFMT {
      case S_IFDIR where depth < treeDepth: try makeTreePrivate(path, depth: depth + 1)
      case S_IFREG: try makeFilePrivate(path)
      default: continue
      }
    }
  }

  /// The names in a folder, sorted, without `.` and `..`; none when it is missing.
  private static func names(in folder: String) throws(PrivateFileError) -> [String] {
    do {
      return try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    } catch {
      // FileManager's error carries no errno alike on every platform: ask the system why.
      guard let stream = opendir(folder) else {
        let code = errno
        if code == ENOENT { return [] }
        throw PrivateFileError(path: folder, code: code)
      }
      closedir(stream)
      throw PrivateFileError(path: folder, code: EIO)
    }
  }
}

/// Opens a folder for `fstat` and `fchmod`, not following a link at its last component.
private func systemOpenFolder(_ path: String) -> Int32 {
  open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
}

/// Opens a file for `fstat` and `fchmod`: no link followed, no FIFO waited for.
private func systemOpenFile(_ path: String) -> Int32 {
  open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
}
