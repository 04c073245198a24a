import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Small files only the user can read (0600): written whole and atomically, or appended to.
enum PrivateFile {
  /// Reads a file, or `nil` when there is none.
  /// - Parameters:
  ///   - url: The file.
  ///   - limit: The most bytes to read; a bigger file is refused rather than read.
  /// - Returns: The contents, or `nil` when the file does not exist.
  /// - Throws: `StorageFailure` when it exists but cannot be read or is too big.
  static func read(_ url: URL, limit: Int = 1 << 20) throws(StorageFailure) -> Data? {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
      return nil
    }
    guard !isFolder.boolValue else { throw .file(url.path, "it is a folder, not a file") }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .file(url.path, DataFolder.reason(error))
    }
    guard data.count <= limit else { throw .file(url.path, "it is larger than expected") }
    return data
  }

  /// Replaces a file's contents at once: a new 0600 file is written beside it, then renamed
  /// over it, so a reader never sees half a file.
  /// - Parameters:
  ///   - data: The new contents.
  ///   - url: The file; its folder must exist.
  /// - Throws: `StorageFailure` when the file cannot be written.
  static func save(_ data: Data, to url: URL) throws(StorageFailure) {
    let temporary = url.path + ".\(UUID().uuidString).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard descriptor >= 0 else { throw .file(url.path, Self.lastError()) }
    let written = writeAll(data, to: descriptor)
    let closed = close(descriptor) == 0
    guard written, closed, rename(temporary, url.path) == 0 else {
      let reason = Self.lastError()
      unlink(temporary)
      throw .file(url.path, reason)
    }
  }

  /// Appends to a file, creating it 0600 when missing.
  /// - Parameters:
  ///   - data: What to append.
  ///   - url: The file; its folder must exist.
  /// - Throws: `StorageFailure` when the file cannot be written.
  static func append(_ data: Data, to url: URL) throws(StorageFailure) {
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
    guard descriptor >= 0 else { throw .file(url.path, Self.lastError()) }
    let written = writeAll(data, to: descriptor)
    guard close(descriptor) == 0, written else { throw .file(url.path, Self.lastError()) }
  }

  /// Removes a file; a missing file is fine.
  /// - Parameter url: The file.
  /// - Throws: `StorageFailure` when it exists and cannot be removed.
  static func remove(_ url: URL) throws(StorageFailure) {
    guard unlink(url.path) == 0 || errno == ENOENT else {
      throw .file(url.path, Self.lastError())
    }
  }

  private static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let result = write(
          descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if result < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += result
      }
      return true
    }
  }

  private static func lastError() -> String {
    String(cString: strerror(errno)).lowercased()
  }
}
