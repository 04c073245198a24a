import Foundation
import LoginLogicControl

/// The event log on disk, for `koober report`.
///
/// Each process starts an empty `LoginEventLog` and appends its lines here when it ends, so
/// two `koober` processes running at once never overwrite each other's lines. Once the file
/// holds twice `LoginEventLog.defaultCapacity` lines it is cut back to the newest ones, and
/// `load()` returns at most that many.
struct EventLogStore: Sendable {
  /// The file (0600).
  let url: URL

  /// The saved lines, oldest first.
  /// - Returns: The lines; none when the file does not exist yet.
  /// - Throws: `StorageFailure` when the file cannot be read.
  func load() throws(StorageFailure) -> [String] {
    guard let data = try PrivateFile.read(url, limit: 4 << 20) else { return [] }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    return lines.suffix(LoginEventLog.defaultCapacity).map(String.init)
  }

  /// Appends lines, then trims the file to the newest lines when it has grown too long.
  /// - Parameter lines: This process's lines.
  /// - Throws: `StorageFailure` when the file cannot be written.
  func append(_ lines: [String]) throws(StorageFailure) {
    guard !lines.isEmpty else { return }
    try PrivateFile.append(Data((lines.joined(separator: "\n") + "\n").utf8), to: url)
    guard let data = try PrivateFile.read(url, limit: 4 << 20) else { return }
    let saved = String(decoding: data, as: UTF8.self).split(separator: "\n")
    let capacity = LoginEventLog.defaultCapacity
    guard saved.count > capacity * 2 else { return }
    let kept = saved.suffix(capacity).joined(separator: "\n") + "\n"
    try PrivateFile.save(Data(kept.utf8), to: url)
  }
}
