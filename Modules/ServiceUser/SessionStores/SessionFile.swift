import Foundation
import LoginCore
import UserModel

/// One session in one file, with its lock file beside it: what `FileSessionStore` keeps for
/// each account, and how it reads the one file of a folder written before accounts.
///
/// The file is written atomically (`SecureFile.replaceContents`) in
/// `UserSessionPropertyListCoder`'s versioned format. A file that cannot be read is left in
/// place by reads and set aside as `<name>.unreadable-<time>-<random>` by the next write.
struct SessionFile: SessionStore {
  /// The session file.
  let url: URL

  /// A session file can never be this big; a larger one is damaged.
  static let sizeLimit = 1 << 20

  /// Reads the session. A file in an older format is rewritten in the current one
  /// (atomically; when that write fails the old file stays and is read again next time).
  /// Temporary files a killed process left beside it are removed first.
  /// - Returns: The session, or `nil` when there is no file.
  /// - Throws: `.unavailable(.sessionUnreadable(_:))` when the file exists but cannot be
  ///   read or decoded; `.refused(.updateRequired)` when a newer release wrote it.
  func load() throws(AuthFailure) -> UserSession? {
    // A process killed mid-write leaves its temporary file: it may hold a live session.
    SecureFile.removeLeftovers(of: url.path)
    guard let data = try contents() else { return nil }
    let session = try UserSessionPropertyListCoder.decode(data)
    if try UserSessionPropertyListCoder.formatVersion(of: data)
      < UserSessionPropertyListCoder.currentFormatVersion,
      let current = try? UserSessionPropertyListCoder.encode(session)
    {
      try? SecureFile.replaceContents(of: url.path, with: current)
    }
    return session
  }

  /// Reads the session and writes nothing: no leftover is removed (another process's write
  /// may have just created its temporary file, not locked yet) and an older format is not
  /// rewritten.
  /// - Returns: The session, or `nil` when there is no file.
  /// - Throws: Like `load()`.
  func loadWithoutWriting() throws(AuthFailure) -> UserSession? {
    guard let data = try contents() else { return nil }
    return try UserSessionPropertyListCoder.decode(data)
  }

  /// Replaces the session, atomically; a file `load()` cannot read is set aside first.
  /// - Throws: `.unavailable(.storage(_:))`; the previous file is kept then.
  func save(_ session: UserSession) throws(AuthFailure) {
    let data = try UserSessionPropertyListCoder.encode(session)
    try SecureFile.makePrivateDirectory(url.deletingLastPathComponent())
    try setAsideIfUnreadable()
    try SecureFile.replaceContents(of: url.path, with: data)
  }

  /// Removes the session (an unreadable file is set aside instead).
  /// - Throws: `.unavailable(.storage(_:))`.
  func clear() throws(AuthFailure) {
    try setAsideIfUnreadable()
    try SecureFile.removeFile(url.path)
  }

  /// Runs `body` holding `flock` on `<name>.lock` beside the file; see
  /// `FileSessionStore.exclusively(_:)`.
  func exclusively<T: Sendable>(
    _ body: @Sendable () async throws(AuthFailure) -> T
  ) async throws(AuthFailure) -> T {
    let path = url.path + ".lock"
    await ProcessLockQueue.shared.enter(path)
    let outcome: Result<T, AuthFailure>
    do throws(AuthFailure) {
      try SecureFile.makePrivateDirectory(url.deletingLastPathComponent())
      let descriptor = try await SecureFile.lock(path)
      defer { SecureFile.unlock(descriptor) }
      outcome = .success(try await body())
    } catch {
      outcome = .failure(error)
    }
    await ProcessLockQueue.shared.leave(path)
    return try outcome.get()
  }

  /// Whether a file (or anything else: a link, a folder) has the file's name.
  var exists: Bool {
    (try? FileManager.default.attributesOfItem(atPath: url.path)) != nil
  }

  /// When the file was last written, or `nil` when it is missing. Not followed through a
  /// link: a link's own date.
  var modificationDate: Date? {
    (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
  }

  /// Renames a file `load()` cannot read, so writing a new session never destroys it.
  func setAsideIfUnreadable() throws(AuthFailure) {
    do {
      _ = try load()
    } catch {
      try SecureFile.setAside(url.path)
    }
  }

  /// The file's bytes, or `nil` when it is missing.
  func contents() throws(AuthFailure) -> Data? {
    switch try SecureFile.contents(of: url.path, limit: Self.sizeLimit) {
    case .missing: return nil
    case .contents(let data): return data
    }
  }
}
