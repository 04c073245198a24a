import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The holder and link checks of the rules in `PrivateFiles+Ownership.swift`: whoever can
/// write a folder above a private one, or repoint a link on its path, could swap it.
extension PrivateFiles {
  /// Checks every folder that holds `folder`, on the path as written and on its real path:
  /// each must belong to root or the user and be writable by nobody else unless sticky.
  /// - Parameters:
  ///   - folder: An absolute path; it and the folders above it that exist are checked.
  ///   - includingItself: Whether `folder` itself is checked as a holder too.
  /// - Throws: `PrivateFileError` `.ownedByAnotherUser` or `.writableByOthers` naming the
  ///   first holder that fails, or the system's error when one cannot be examined.
  static func checkHolders(of folder: String, includingItself: Bool) throws(PrivateFileError) {
    try checkLinks(on: folder)
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

  /// The most links followed on one path, as the system's own `MAXSYMLINKS` bounds it.
  private static let linkHops = 40

  /// Walks `path` component by component as the system resolves it, `lstat`ing each, and
  /// refuses a symbolic link that belongs to neither root nor the user (in a sticky folder
  /// such as `/tmp`, anyone may leave a link and repoint it later). The links' own targets
  /// are walked the same way; the walk stops at the first component that does not exist.
  /// - Parameter path: An absolute path.
  /// - Throws: `PrivateFileError` `.linkOfAnotherUser` naming the link, or the system's error
  ///   (`ELOOP` past ``linkHops`` links).
  static func checkLinks(on path: String) throws(PrivateFileError) {
    var pending = path.split(separator: "/").map(String.init)
    var resolved = "/"
    var hops = 0
    while !pending.isEmpty {
      let name = pending.removeFirst()
      if name.isEmpty || name == "." { continue }
      if name == ".." {
        resolved = (resolved as NSString).deletingLastPathComponent
        continue
      }
      let candidate = (resolved as NSString).appendingPathComponent(name)
      var status = stat()
      guard lstat(candidate, &status) == 0 else {
        let code = errno
        if code == ENOENT { return }
        throw PrivateFileError(path: candidate, code: code)
      }
      guard status.st_mode & S_IFMT == S_IFLNK else {
        resolved = candidate
        continue
      }
      guard status.st_uid == 0 || status.st_uid == geteuid() else {
        throw PrivateFileError(path: candidate, cause: .linkOfAnotherUser)
      }
      hops += 1
      guard hops <= linkHops, let target = linkTarget(candidate) else {
        throw PrivateFileError(path: candidate, code: hops > linkHops ? ELOOP : errno)
      }
      if target.hasPrefix("/") { resolved = "/" }
      pending = target.split(separator: "/").map(String.init) + pending
    }
  }

  /// What a symbolic link holds, or `nil` (with `errno` set) when it cannot be read.
  private static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count >= 0 else { return nil }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
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
}
