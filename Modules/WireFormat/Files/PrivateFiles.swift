import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The file-system steps behind DatabaseClient's promise that what its `Database` creates is
/// private, shared with the package's other modules (in WireFormat, so that modules linking no
/// SQLite can use them) so that their files keep the same promise.
///
/// - Folders are created 0700 and files 0600, whatever the process's umask. Folders and files
///   that already exist follow `PrivateFiles+Ownership`'s rules: another user's are refused,
///   and so is a file others could write or one with a second name; the user's own are
///   narrowed (folders 0700, files others could read 0600) through their descriptor, before
///   anything is written.
/// - Files are opened without following a symbolic link (`O_NOFOLLOW`).
/// - What is in a file's way (a symbolic link, a FIFO, a folder: anything not a regular file)
///   is renamed aside as `<name>.moved-aside-<UTC time>` and a fresh file is made; a link is
///   renamed itself, so its target is never read, written or touched.
///
/// ```swift
/// try PrivateFiles.createFolders(folder.path)
/// let descriptor = try PrivateFiles.open(logPath, flags: O_WRONLY | O_APPEND)
/// defer { close(descriptor) }
/// ```
package enum PrivateFiles {
  /// What a path names, without following a link.
  package enum Kind: Equatable, Sendable {
    /// Nothing.
    case missing
    /// A regular file.
    case regularFile
    /// A folder.
    case folder
    /// Anything else: a symbolic link, a FIFO, a socket, a device.
    case other
  }

  /// How many times an open retries when the path changes under it; past that, someone is
  /// racing it on purpose and it gives up rather than loop.
  private static let attempts = 3

  /// What `path` names, without following a link.
  /// - Parameter path: The path.
  /// - Returns: Its kind.
  /// - Throws: `PrivateFileError` when it cannot be examined.
  package static func kind(of path: String) throws(PrivateFileError) -> Kind {
    var status = stat()
    guard lstat(path, &status) == 0 else {
      let code = errno
      if code == ENOENT { return .missing }
      throw PrivateFileError(path: path, code: code)
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return .regularFile
    case S_IFDIR: return .folder
    default: return .other
    }
  }

  /// Creates `folder` and each missing parent, each 0700, after checking the folders that
  /// hold it; applies the private-folder rule to `folder` when it exists (see
  /// `PrivateFiles+Ownership`). Existing parents are never changed: one that another user
  /// could use to swap `folder` for their own is refused instead, and so is a symbolic link
  /// of another user on the way.
  /// - Parameters:
  ///   - folder: The folder's path.
  ///   - existing: What happens to the mode of `folder` when it exists and is the user's.
  /// - Returns: The folder's real path, checked: use it from then on, so that no link on the
  ///   way can be repointed later.
  /// - Throws: `PrivateFileError` when one cannot be created, something that is not a folder
  ///   has its name (it is left alone: it is not a file of ours), `folder` belongs to another
  ///   user (`.ownedByAnotherUser`), a folder holding it fails the rule (its own path,
  ///   `.ownedByAnotherUser` or `.writableByOthers`), or a link on the way is another user's
  ///   (`.linkOfAnotherUser`).
  @discardableResult
  package static func createFolders(
    _ folder: String, existing: ExistingFolder = .narrowedWhenWritable
  ) throws(PrivateFileError) -> String {
    var missing: [String] = []
    let target = URL(fileURLWithPath: folder).standardizedFileURL.path
    var current = target
    // Walk up to the first folder that exists (a link to a folder counts: it is the user's).
    while true {
      var status = stat()
      if stat(current, &status) == 0 {
        guard status.st_mode & S_IFMT == S_IFDIR else {
          throw PrivateFileError(path: current, cause: .fileHasFolderName)
        }
        break
      }
      let code = errno
      guard code == ENOENT else { throw PrivateFileError(path: current, code: code) }
      missing.append(current)
      let parent = (current as NSString).deletingLastPathComponent
      if parent == current || parent.isEmpty { break }
      current = parent
    }
    // Before anything is made in them: whoever can write a holder could swap what is made.
    try checkHolders(of: current, includingItself: !missing.isEmpty)
    for path in missing.reversed() {
      // Made meanwhile by someone else: it holds the rest, or is the folder itself.
      if try !createFolder(path), path != target {
        try checkHolders(of: path, includingItself: true)
      }
    }
    return try makeFolderPrivate(target, existing: existing)
  }

  /// Creates one folder 0700; `false` when it was made meanwhile by someone else.
  private static func createFolder(_ path: String) throws(PrivateFileError) -> Bool {
    if mkdir(path, 0o700) != 0 {
      let code = errno
      guard code == EEXIST, try kind(of: path) == .folder else {
        throw PrivateFileError(path: path, code: code)
      }
      return false
    }
    // mkdir's mode passes through the umask: set it exactly, on the folder just made (not
    // through a link someone swapped in).
    let descriptor = systemOpen(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { throw PrivateFileError(path: path, code: errno) }
    defer { _ = close(descriptor) }
    guard fchmod(descriptor, 0o700) == 0 else { throw PrivateFileError(path: path, code: errno) }
    return true
  }

  /// Opens the regular file at `path` without following a link, creating it 0600 when
  /// missing; anything else in its place is moved aside first (with `companions`).
  /// - Parameters:
  ///   - path: The file.
  ///   - flags: The access, e.g. `O_RDWR` or `O_WRONLY | O_APPEND`; `O_CREAT`, `O_EXCL`,
  ///     `O_NOFOLLOW` and `O_CLOEXEC` are added as needed.
  ///   - companions: Suffixes of files that belong with it (`"-wal"`), moved aside with it.
  ///   - moment: The time named in a moved-aside file's name.
  /// - Returns: The open descriptor; the caller closes it. An existing file that group or
  ///   others could read has been made 0600 through it.
  /// - Throws: `PrivateFileError` when it cannot be opened, created, or cleared of what is
  ///   in its way, belongs to another user (`.ownedByAnotherUser`), others could write it
  ///   (`.fileWritableByOthers`) or it has a second name (`.hardLinked`).
  package static func open(
    _ path: String, flags: Int32, companions: [String] = [], at moment: Date = Date()
  ) throws(PrivateFileError) -> Int32 {
    for _ in 0..<attempts {
      switch try kind(of: path) {
      case .missing:
        let created = systemOpen(
          path, flags | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if created >= 0 {
          // The umask may have taken more than group and other bits: make it exactly 0600.
          guard fchmod(created, 0o600) == 0 else {
            let code = errno
            _ = close(created)
            throw PrivateFileError(path: path, code: code)
          }
          return created
        }
        guard errno == EEXIST else { throw PrivateFileError(path: path, code: errno) }
      case .regularFile:
        if let opened = try openRegularFile(path, flags: flags) { return opened }
      case .folder, .other:
        try moveAside(path, companions: companions, at: moment)
      }
    }
    throw PrivateFileError(path: path, cause: .placeKeepsBeingTaken)
  }

  /// Opens an existing file for reading without following a link, and without blocking on a
  /// FIFO.
  /// - Parameter path: The file.
  /// - Returns: The open descriptor (the caller closes it), or `nil` when nothing is there. A
  ///   file group or others could read has been made 0600 through it.
  /// - Throws: `PrivateFileError` when it cannot be opened, is not a regular file, belongs
  ///   to another user (`.ownedByAnotherUser`), others could write it
  ///   (`.fileWritableByOthers`) or it has a second name (`.hardLinked`).
  package static func openForReading(_ path: String) throws(PrivateFileError) -> Int32? {
    let descriptor = systemOpen(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT { return nil }
      if code == ELOOP { throw notRegular(path) }
      throw PrivateFileError(path: path, code: code)
    }
    guard let status = regularFileStatus(descriptor) else {
      _ = close(descriptor)
      throw notRegular(path)
    }
    do {
      try makeOpenFilePrivate(descriptor, status: status, path: path)
    } catch {
      _ = close(descriptor)
      throw error
    }
    return descriptor
  }

  /// Opens a file `lstat` saw as regular; `nil` when it changed meanwhile (the caller looks
  /// again). `O_NONBLOCK` keeps a FIFO swapped in from blocking the open.
  private static func openRegularFile(
    _ path: String, flags: Int32
  ) throws(PrivateFileError) -> Int32? {
    let descriptor = systemOpen(path, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ELOOP || code == ENXIO || code == EISDIR { return nil }
      throw PrivateFileError(path: path, code: code)
    }
    guard let status = regularFileStatus(descriptor) else {
      _ = close(descriptor)
      return nil
    }
    do {
      try makeOpenFilePrivate(descriptor, status: status, path: path)
    } catch {
      _ = close(descriptor)
      throw error
    }
    return descriptor
  }

  /// The `fstat` of an open regular file; `nil` for anything else.
  private static func regularFileStatus(_ descriptor: Int32) -> stat? {
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return status
  }

  private static func notRegular(_ path: String) -> PrivateFileError {
    PrivateFileError(path: path, cause: .notRegularFile)
  }
}

/// `open(2)`, under a name of its own: inside ``PrivateFiles`` the name `open` is its own.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
  open(path, flags, mode)
}
