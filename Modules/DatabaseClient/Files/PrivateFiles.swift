import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The file-system steps behind ``Database``'s promise that what it creates is private, shared
/// with the package's other modules so that their files keep the same promise.
///
/// - Folders are created 0700 and files 0600, whatever the process's umask; folders and files
///   that already exist keep their modes (a folder the user made 0755 stays so).
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

  /// Creates `folder` and each missing parent, each 0700; existing folders are left as they
  /// are, so a parent the user made 0755 keeps that mode.
  /// - Parameter folder: The folder's path.
  /// - Throws: `PrivateFileError` when one cannot be created, or something that is not a
  ///   folder has its name (it is left alone: it is not a file of ours).
  package static func createFolders(_ folder: String) throws(PrivateFileError) {
    var missing: [String] = []
    var current = URL(fileURLWithPath: folder).standardizedFileURL.path
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
    for path in missing.reversed() { try createFolder(path) }
  }

  /// Creates one folder 0700; a folder made meanwhile by someone else is fine.
  private static func createFolder(_ path: String) throws(PrivateFileError) {
    if mkdir(path, 0o700) != 0 {
      let code = errno
      guard code == EEXIST, try kind(of: path) == .folder else {
        throw PrivateFileError(path: path, code: code)
      }
      return
    }
    // mkdir's mode passes through the umask: set it exactly, on the folder just made (not
    // through a link someone swapped in).
    let descriptor = systemOpen(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { throw PrivateFileError(path: path, code: errno) }
    defer { _ = close(descriptor) }
    guard fchmod(descriptor, 0o700) == 0 else { throw PrivateFileError(path: path, code: errno) }
  }

  /// Opens the regular file at `path` without following a link, creating it 0600 when
  /// missing; anything else in its place is moved aside first (with `companions`).
  /// - Parameters:
  ///   - path: The file.
  ///   - flags: The access, e.g. `O_RDWR` or `O_WRONLY | O_APPEND`; `O_CREAT`, `O_EXCL`,
  ///     `O_NOFOLLOW` and `O_CLOEXEC` are added as needed.
  ///   - companions: Suffixes of files that belong with it (`"-wal"`), moved aside with it.
  ///   - moment: The time named in a moved-aside file's name.
  /// - Returns: The open descriptor; the caller closes it.
  /// - Throws: `PrivateFileError` when it cannot be opened, created, or cleared of what is
  ///   in its way.
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
  /// - Returns: The open descriptor (the caller closes it), or `nil` when nothing is there.
  /// - Throws: `PrivateFileError` when it cannot be opened or is not a regular file.
  package static func openForReading(_ path: String) throws(PrivateFileError) -> Int32? {
    let descriptor = systemOpen(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT { return nil }
      if code == ELOOP { throw notRegular(path) }
      throw PrivateFileError(path: path, code: code)
    }
    guard isRegularFile(descriptor) else {
      _ = close(descriptor)
      throw notRegular(path)
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
    guard isRegularFile(descriptor) else {
      _ = close(descriptor)
      return nil
    }
    return descriptor
  }

  private static func isRegularFile(_ descriptor: Int32) -> Bool {
    var status = stat()
    return fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
  }

  private static func notRegular(_ path: String) -> PrivateFileError {
    PrivateFileError(path: path, cause: .notRegularFile)
  }
}

/// `open(2)`, under a name of its own: inside ``PrivateFiles`` the name `open` is its own.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
  open(path, flags, mode)
}
