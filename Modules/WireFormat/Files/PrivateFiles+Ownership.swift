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
/// - A private folder the user owns is made 0700 (``ExistingFolder/madePrivate``), or, for a
///   folder the person chose among their own files, only when group or others can write it
///   (``ExistingFolder/narrowedWhenWritable``).
/// - A file the user owns that group or others can only read is made 0600. One they can
///   write is refused (``PrivateFileError/Cause/fileWritableByOthers``), never narrowed: a
///   narrowed mode does not close what another user already opened for writing, nor undo
///   what they wrote (SQLite replays a `-wal` it finds, and its checksums are not keyed). A
///   regular file with more than one name is refused too
///   (``PrivateFileError/Cause/hardLinked``): the other name may be someone else's way in.
/// - Every folder that holds a private folder, up to `/`, on the path as written and on its
///   real path, must belong to root or the user and be writable by nobody else unless it has
///   the sticky bit (`/tmp`): whoever can write there could swap the private folder for their
///   own. One that is not is refused (``PrivateFileError/Cause/writableByOthers``): it is not
///   the package's to change. Every symbolic link met on the way (each component `lstat`ed,
///   the links' own targets too) must belong to root or the user
///   (``PrivateFileError/Cause/linkOfAnotherUser``): another user could repoint theirs later,
///   so callers use the real path once it is checked.
/// - Modes change through a descriptor opened without following a link (`fchmod`), after
///   `fstat` on that descriptor showed whom it belongs to: a link swapped in meanwhile can
///   never redirect the change.
extension PrivateFiles {
  /// What happens to an existing private folder the user owns.
  package enum ExistingFolder: Sendable {
    /// Made 0700 when group or others can write it; otherwise its mode is kept. For a folder
    /// the person or app chose among its other files (a `--data-dir` option's, a database's
    /// folder), whose other files are not the package's to hide.
    case narrowedWhenWritable
    /// Made 0700 whatever its mode: a folder that is the caller's alone (a session store's,
    /// an app's own folders inside its data folder).
    case madePrivate
  }

  /// Applies the private-folder rule to the existing folder at `path`: it must belong to the
  /// user, and is narrowed as `existing` says, through a descriptor.
  /// - Parameters:
  ///   - path: The folder; a link at its last component is followed (the caller chose the
  ///     path), and the folder it names is then opened without following any.
  ///   - existing: What to do with its mode.
  /// - Returns: The folder's real path (no link in it).
  /// - Throws: `PrivateFileError` `.ownedByAnotherUser`, `.fileHasFolderName`, or the
  ///   system's error.
  @discardableResult
  static func makeFolderPrivate(
    _ path: String, existing: ExistingFolder
  ) throws(PrivateFileError) -> String {
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
    return real
  }

  /// Applies the private-file rule to an open regular file: it must belong to the user, have
  /// one name, and be writable by nobody else; it is made 0600 when group or others may
  /// read it.
  /// - Parameters:
  ///   - descriptor: The open file.
  ///   - status: Its `fstat`.
  ///   - path: Its path, for errors.
  /// - Throws: `PrivateFileError` `.ownedByAnotherUser`, `.fileWritableByOthers`,
  ///   `.hardLinked`, or the system's error.
  static func makeOpenFilePrivate(
    _ descriptor: Int32, status: stat, path: String
  ) throws(PrivateFileError) {
    try checkFile(status, path: path)
    if status.st_mode & 0o077 != 0, fchmod(descriptor, 0o600) != 0 {
      throw PrivateFileError(path: path, code: errno)
    }
  }

  /// The checks of the private-file rule that refuse rather than narrow.
  private static func checkFile(_ status: stat, path: String) throws(PrivateFileError) {
    guard status.st_uid == geteuid() else {
      throw PrivateFileError(path: path, cause: .ownedByAnotherUser)
    }
    // Narrowing would not close a descriptor another user already holds, nor undo what they
    // wrote: such a file is not the user's alone any more.
    guard status.st_mode & 0o022 == 0 else {
      throw PrivateFileError(path: path, cause: .fileWritableByOthers)
    }
    guard status.st_mode & S_IFMT != S_IFREG || status.st_nlink <= 1 else {
      throw PrivateFileError(path: path, cause: .hardLinked)
    }
  }

  /// Applies the private-file rule to the file at `path` if it is a regular file; nothing
  /// there, or a link, a FIFO or a folder (moved aside when it is used) is left alone.
  ///
  /// The file is opened only when its mode must change: closing a descriptor drops the
  /// process's `fcntl` locks on the file, and SQLite may hold some on a database or its
  /// `-shm` (SQLite's "How To Corrupt An SQLite Database File", 2.2).
  /// - Parameter path: The file.
  /// - Throws: `PrivateFileError` `.ownedByAnotherUser`, `.fileWritableByOthers`,
  ///   `.hardLinked`, or the system's error.
  package static func makeFilePrivate(_ path: String) throws(PrivateFileError) {
    var seen = stat()
    guard lstat(path, &seen) == 0 else {
      let code = errno
      if code == ENOENT { return }
      throw PrivateFileError(path: path, code: code)
    }
    guard seen.st_mode & S_IFMT == S_IFREG else { return }
    try checkFile(seen, path: path)
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

  /// Makes `folder` and every folder in it 0700 (``ExistingFolder/madePrivate``: the whole
  /// tree is the caller's own), and applies the private-file rule to every file in them;
  /// links are not followed (a link, FIFO or folder where a file belongs is moved aside when
  /// that file is used).
  /// - Parameter folder: The folder; a missing one is fine.
  /// - Throws: `PrivateFileError` naming the first folder or file that breaks the rule
  ///   (`.ownedByAnotherUser`, `.fileWritableByOthers`, `.hardLinked`), or the system's
  ///   error.
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
    try makeFolderPrivate(folder, existing: .madePrivate)
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
