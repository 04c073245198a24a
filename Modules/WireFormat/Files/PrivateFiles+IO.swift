import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension PrivateFiles {
  /// Reads from `offset` to the end of an open file, stopping after `limit + 1` bytes so that
  /// a caller can tell a file over its limit without reading all of it.
  /// - Parameters:
  ///   - descriptor: The open file.
  ///   - offset: Where to start.
  ///   - limit: The most bytes the caller wants.
  /// - Returns: At most `limit + 1` bytes.
  /// - Throws: `PrivateFileError` (with `path`) when reading fails.
  package static func read(
    _ descriptor: Int32, path: String, from offset: Int64 = 0, limit: Int
  ) throws(PrivateFileError) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 16_384)
    var position = off_t(offset)
    while data.count <= limit {
      let count = buffer.withUnsafeMutableBytes { raw in
        pread(descriptor, raw.baseAddress, raw.count, position)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw PrivateFileError(path: path, code: errno)
      }
      if count == 0 { break }
      data.append(contentsOf: buffer[0..<min(count, limit + 1 - data.count)])
      position += off_t(count)
    }
    return data
  }

  /// The newest bytes of an open file: its last `limit` bytes, or all of it when smaller.
  /// - Parameters:
  ///   - descriptor: The open file.
  ///   - path: The file's path, for errors.
  ///   - limit: The most bytes to read.
  /// - Returns: The bytes, and whether older bytes were left out before them.
  /// - Throws: `PrivateFileError` when reading fails.
  package static func readTail(
    _ descriptor: Int32, path: String, limit: Int
  ) throws(PrivateFileError) -> (data: Data, isCut: Bool) {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw PrivateFileError(path: path, code: errno) }
    let size = Int64(status.st_size)
    let start = max(0, size - Int64(limit))
    let data = try read(descriptor, path: path, from: start, limit: limit)
    return (data.prefix(limit), start > 0)
  }

  /// Writes all of `data` to an open file.
  /// - Parameters:
  ///   - data: The bytes.
  ///   - descriptor: The open file.
  ///   - path: The file's path, for errors.
  /// - Throws: `PrivateFileError` when writing fails.
  package static func write(
    _ data: Data, to descriptor: Int32, path: String
  ) throws(PrivateFileError) {
    var failure: Int32?
    data.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count, let base = raw.baseAddress {
        let written = systemWrite(descriptor, base + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        offset += written
      }
    }
    if let failure { throw PrivateFileError(path: path, code: failure) }
  }
}

/// `write(2)`, under a name of its own: inside ``PrivateFiles`` the name `write` is its own.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
