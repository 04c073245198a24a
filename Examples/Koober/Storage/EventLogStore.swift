import Foundation
import LoginLogicControl

/// The event log on disk, for `koober report`.
///
/// Each process starts an empty `LoginEventLog` and appends its lines here when it ends, so
/// two `koober` processes running at once never overwrite each other's lines. Whenever the
/// file is over its limit, more than twice `LoginEventLog.defaultCapacity` lines or more than
/// `byteLimit` bytes, the next append cuts it back to the newest lines. Reading looks at the
/// newest `byteLimit` bytes only, so a file that grew past the limit (written by an older
/// version, or by hand) is still read, and then trimmed, instead of failing for good.
struct EventLogStore: Sendable {
  /// The most bytes kept (and read): far above what `2 * defaultCapacity` lines take.
  static let byteLimit = 1 << 20

  /// The file (0600; never a link: see `PrivateFile`).
  let url: URL

  /// The saved lines, oldest first.
  /// - Returns: The newest `LoginEventLog.defaultCapacity` lines at most; none when the file
  ///   does not exist yet.
  /// - Throws: `StorageFailure` when the file cannot be read.
  func load() throws(StorageFailure) -> [String] {
    guard let tail = try PrivateFile.readTail(url, limit: Self.byteLimit) else { return [] }
    return Self.lines(in: tail.data).suffix(LoginEventLog.defaultCapacity).map(String.init)
  }

  /// Appends lines, then trims the file to the newest lines when it is over its limit.
  /// - Parameter lines: This process's lines.
  /// - Throws: `StorageFailure` when the file cannot be written.
  func append(_ lines: [String]) throws(StorageFailure) {
    guard !lines.isEmpty else { return }
    try PrivateFile.append(Data((lines.joined(separator: "\n") + "\n").utf8), to: url)
    guard let tail = try PrivateFile.readTail(url, limit: Self.byteLimit) else { return }
    let saved = Self.lines(in: tail.data)
    let capacity = LoginEventLog.defaultCapacity
    guard tail.isCut || saved.count > capacity * 2 else { return }
    let kept = saved.suffix(capacity).map { $0 + "\n" }.joined()
    try PrivateFile.save(Data(kept.utf8), to: url)
  }

  private static func lines(in data: Data) -> [Substring] {
    String(decoding: data, as: UTF8.self).split(separator: "\n")
  }
}
