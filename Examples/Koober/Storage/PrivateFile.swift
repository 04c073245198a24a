import DatabaseClient
import Foundation
import Localization
import WireFormat

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Small files only the user can read (0600, whatever the umask): written whole and
/// atomically, or appended to.
///
/// A file is never read or written through a symbolic link: what is in its way (a link, a
/// FIFO, a folder: anything not a regular file) is renamed `<name>.moved-aside-<UTC time>`
/// beside it, its target untouched, and the file is then missing (reads) or made fresh
/// (writes). The steps are DatabaseClient's `PrivateFiles`, so the databases beside these
/// files keep the same promise.
enum PrivateFile {
  /// Reads a file, or `nil` when there is none.
  /// - Parameters:
  ///   - url: The file.
  ///   - limit: The most bytes to read; a bigger file is refused rather than read.
  /// - Returns: The contents, or `nil` when the file does not exist (or something else was in
  ///   its way, now moved aside).
  /// - Throws: `StorageFailure` when it exists but cannot be read or is too big.
  static func read(_ url: URL, limit: Int = 1 << 20) throws(StorageFailure) -> Data? {
    let data = try withFileForReading(url) { descriptor throws(PrivateFileError) in
      try PrivateFiles.read(descriptor, path: url.path, limit: limit)
    }
    guard let data else { return nil }
    guard data.count <= limit else {
      throw .file(url.path, TextTable.koober.text("storage.tooLarge"))
    }
    return data
  }

  /// Reads the newest whole lines of a file: its last `limit` bytes at most, without the
  /// partial line they may start with. A file that grew past `limit` is still read.
  /// - Parameters:
  ///   - url: The file.
  ///   - limit: The most bytes to read.
  /// - Returns: The bytes and whether older ones were left out, or `nil` when there is no
  ///   file.
  /// - Throws: `StorageFailure` when it exists but cannot be read.
  static func readTail(
    _ url: URL, limit: Int
  ) throws(StorageFailure) -> (data: Data, isCut: Bool)? {
    let tail = try withFileForReading(url) { descriptor throws(PrivateFileError) in
      try PrivateFiles.readTail(descriptor, path: url.path, limit: limit)
    }
    guard let tail else { return nil }
    guard tail.isCut else { return tail }
    let newline = tail.data.firstIndex(of: UInt8(ascii: "\n"))
    let start = newline.map { $0 + 1 } ?? tail.data.endIndex
    return (Data(tail.data[start...]), true)
  }

  /// Replaces a file's contents at once: a new 0600 file is written beside it, then renamed
  /// over it, so a reader never sees half a file.
  /// - Parameters:
  ///   - data: The new contents.
  ///   - url: The file; its folder must exist.
  /// - Throws: `StorageFailure` when the file cannot be written.
  static func save(_ data: Data, to url: URL) throws(StorageFailure) {
    let temporary = url.path + ".\(UUID().uuidString).tmp"
    do throws(PrivateFileError) {
      let descriptor = try PrivateFiles.open(temporary, flags: O_WRONLY)
      var failure: PrivateFileError?
      do {
        try PrivateFiles.write(data, to: descriptor, path: temporary)
      } catch {
        failure = error
      }
      if close(descriptor) != 0, failure == nil {
        failure = PrivateFileError(path: url.path, code: errno)
      }
      if let failure { throw failure }
      try PrivateFiles.moveAsideUnlessRegularFile(url.path)
      guard rename(temporary, url.path) == 0 else {
        throw PrivateFileError(path: url.path, code: errno)
      }
    } catch {
      unlink(temporary)
      throw .file(url.path, StorageReason.of(error))
    }
  }

  /// Appends to a file, creating it 0600 when missing.
  /// - Parameters:
  ///   - data: What to append.
  ///   - url: The file; its folder must exist.
  /// - Throws: `StorageFailure` when the file cannot be written.
  static func append(_ data: Data, to url: URL) throws(StorageFailure) {
    do {
      let descriptor = try PrivateFiles.open(url.path, flags: O_WRONLY | O_APPEND)
      defer { close(descriptor) }
      try PrivateFiles.write(data, to: descriptor, path: url.path)
    } catch {
      throw .file(url.path, StorageReason.of(error))
    }
  }

  /// Removes a file; a missing file is fine.
  /// - Parameter url: The file.
  /// - Throws: `StorageFailure` when it exists and cannot be removed.
  static func remove(_ url: URL) throws(StorageFailure) {
    guard unlink(url.path) == 0 || errno == ENOENT else {
      throw .file(url.path, StorageReason.of(code: errno))
    }
  }

  /// Runs `body` on the file opened for reading; `nil` when there is no file. Something else
  /// in its way is moved aside first, so it is never read.
  private static func withFileForReading<R>(
    _ url: URL, _ body: (Int32) throws(PrivateFileError) -> R
  ) throws(StorageFailure) -> R? {
    do {
      try PrivateFiles.moveAsideUnlessRegularFile(url.path)
      guard let descriptor = try PrivateFiles.openForReading(url.path) else { return nil }
      defer { close(descriptor) }
      return try body(descriptor)
    } catch {
      throw .file(url.path, StorageReason.of(error))
    }
  }
}
