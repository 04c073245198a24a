import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Small POSIX file operations with the permissions a secret needs, used by FileSessionStore.
/// POSIX rather than FileManager because the file must be created 0600 (not created, then
/// narrowed) and replaced with one `rename`, so a crash leaves the old file or the new one.
enum SecureFile {
  /// What a read found.
  enum ReadResult {
    case missing
    case contents(Data)
  }

  /// Reads a whole file of at most `limit` bytes.
  /// - Throws: `SessionStoreError.unreadable` (or `.corrupt` past the limit).
  static func contents(of path: String, limit: Int) throws(SessionStoreError) -> ReadResult {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 {
      let code = errno
      if code == ENOENT { return .missing }
      throw .unreadable(errorText(code))
    }
    defer { _ = close(descriptor) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = buffer.withUnsafeMutableBytes { raw in
        read(descriptor, raw.baseAddress, raw.count)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(errorText(errno))
      }
      if count == 0 { return .contents(data) }
      data.append(contentsOf: buffer[0..<count])
      if data.count > limit { throw .corrupt("the file is larger than a session can be") }
    }
  }

  /// Writes `data` to a new 0600 file beside `path`, flushes it, and renames it over `path`.
  /// - Throws: `SessionStoreError.writeFailed`; the previous file is untouched then.
  static func replaceContents(of path: String, with data: Data) throws(SessionStoreError) {
    let temporary = path + ".tmp-" + UUID().uuidString
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw .writeFailed(errorText(errno)) }
    var failure: Int32?
    data.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count, let base = raw.baseAddress {
        let written = write(descriptor, base + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        offset += written
      }
    }
    if failure == nil, fsync(descriptor) != 0 { failure = errno }
    _ = close(descriptor)
    if failure == nil, rename(temporary, path) != 0 { failure = errno }
    if let failure {
      _ = unlink(temporary)
      throw .writeFailed(errorText(failure))
    }
  }

  /// Removes a file; a missing file is fine.
  /// - Throws: `SessionStoreError.removeFailed`.
  static func removeFile(_ path: String) throws(SessionStoreError) {
    if unlink(path) != 0, errno != ENOENT { throw .removeFailed(errorText(errno)) }
  }

  /// Renames a file; used to set an unreadable session aside instead of deleting it.
  /// - Throws: `SessionStoreError.writeFailed`.
  static func moveFile(_ path: String, to destination: String) throws(SessionStoreError) {
    if rename(path, destination) != 0 { throw .writeFailed(errorText(errno)) }
  }

  /// Creates a folder (and its parents) and makes the folder itself 0700.
  /// - Throws: `SessionStoreError.writeFailed`.
  static func makePrivateDirectory(_ url: URL) throws(SessionStoreError) {
    do {
      try FileManager.default.createDirectory(
        at: url, withIntermediateDirectories: true,
        attributes: [.posixPermissions: NSNumber(value: 0o700)])
    } catch {
      throw .writeFailed("the folder could not be created")
    }
    if chmod(url.path, 0o700) != 0 { throw .writeFailed(errorText(errno)) }
  }

  private static func errorText(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
