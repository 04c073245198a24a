import Foundation
import LoginCore
import UserModel

/// Keeps the session in one file: the default store on Linux.
///
/// The file is written atomically (a new 0600 file, flushed, then renamed over the old one),
/// inside a folder this store keeps at 0700; its bytes are `UserSessionPropertyListCoder`'s
/// versioned property list. Give the store a folder of its own: it narrows that folder's
/// permissions. A folder or session file that belongs to another user, or a folder above it
/// that another user could write without the sticky bit, is refused
/// (`.unavailable(.storage(_:))`, `.unavailable(.sessionUnreadable(_:))`) rather than used:
/// whoever owns it could read or swap the session.
///
/// A write in progress holds its temporary file locked (`flock`) until it is renamed; a
/// temporary file nobody holds was left by a process killed mid-write, and the next `load()`
/// removes it whatever its age, since it may hold a live refresh token.
///
/// A file that exists but cannot be read, is damaged, or comes from a newer release makes
/// `load()` throw, and is left in place, so the person can be told and nothing is lost.
/// The next `save(_:)` or `clear()` (a new sign-in or a sign-out) sets such a file aside as
/// `<name>.unreadable-<time>-<random>` rather than deleting it.
///
/// ```swift
/// let store = FileSessionStore(directory: dataFolder.appendingPathComponent("Session"))
/// try store.save(session)
/// let again = try store.load()   // the same session
/// ```
public struct FileSessionStore: SessionStore {
  /// The session file.
  public let fileURL: URL

  /// A session file can never be this big; a larger one is damaged.
  private static let sizeLimit = 1 << 20

  /// Creates a store; nothing is touched on disk until the first call.
  /// - Parameters:
  ///   - directory: The folder for the session file, created 0700 when missing.
  ///   - fileName: The file's name inside it.
  public init(directory: URL, fileName: String = "session.plist") {
    fileURL = directory.appendingPathComponent(fileName, isDirectory: false)
  }

  /// Reads the stored session. A file in an older format is rewritten in the current one
  /// (atomically; when that write fails the old file stays and is read again next time).
  /// Temporary files a killed process left beside the session file are removed first.
  /// - Returns: The session, or `nil` when there is no file.
  /// - Throws: `.unavailable(.sessionUnreadable(_:))` when the file exists but cannot be
  ///   read or decoded; `.refused(.updateRequired)` when a newer release wrote it.
  public func load() throws(AuthFailure) -> UserSession? {
    // A process killed mid-write leaves its temporary file: it may hold a live session.
    SecureFile.removeLeftovers(of: fileURL.path)
    switch try SecureFile.contents(of: fileURL.path, limit: Self.sizeLimit) {
    case .missing: return nil
    case .contents(let data):
      let session = try UserSessionPropertyListCoder.decode(data)
      if try UserSessionPropertyListCoder.formatVersion(of: data)
        < UserSessionPropertyListCoder.currentFormatVersion,
        let current = try? UserSessionPropertyListCoder.encode(session)
      {
        try? SecureFile.replaceContents(of: fileURL.path, with: current)
      }
      return session
    }
  }

  /// Reads the stored session and writes nothing: no leftover is removed (another process's
  /// write may have just created its temporary file, not locked yet) and an older format is
  /// not rewritten. What a watch reads after a change (`SessionStoreWatching`).
  /// - Returns: The session, or `nil` when there is no file.
  /// - Throws: Like `load()`.
  public func loadWithoutWriting() throws(AuthFailure) -> UserSession? {
    switch try SecureFile.contents(of: fileURL.path, limit: Self.sizeLimit) {
    case .missing: return nil
    case .contents(let data): return try UserSessionPropertyListCoder.decode(data)
    }
  }

  /// Replaces the stored session, atomically.
  /// - Parameter session: The session to keep.
  /// - Throws: `.unavailable(.storage(_:))`; the previous file is kept then.
  public func save(_ session: UserSession) throws(AuthFailure) {
    let data = try UserSessionPropertyListCoder.encode(session)
    try SecureFile.makePrivateDirectory(fileURL.deletingLastPathComponent())
    try setAsideIfUnreadable()
    try SecureFile.replaceContents(of: fileURL.path, with: data)
  }

  /// Runs `body` holding an advisory lock (`flock`) on `<fileName>.lock` beside the session
  /// file, so processes sharing the folder renew one at a time. Tasks of this process wait
  /// their turn suspended, in order; only the first waits for the lock itself, on a thread of
  /// its own, never blocking the cooperative thread pool. The lock is released when `body`
  /// ends, and by the system if the process dies. Do not call it again from inside `body`
  /// for the same file: that call would wait for itself.
  /// - Parameter body: The work to do alone.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws; `.unavailable(.storage(_:))` when the lock file cannot
  ///   be opened.
  public func exclusively<T: Sendable>(
    _ body: @Sendable () async throws(AuthFailure) -> T
  ) async throws(AuthFailure) -> T {
    let path = fileURL.path + ".lock"
    await ProcessLockQueue.shared.enter(path)
    let outcome: Result<T, AuthFailure>
    do throws(AuthFailure) {
      try SecureFile.makePrivateDirectory(fileURL.deletingLastPathComponent())
      let descriptor = try await SecureFile.lock(path)
      defer { SecureFile.unlock(descriptor) }
      outcome = .success(try await body())
    } catch {
      outcome = .failure(error)
    }
    await ProcessLockQueue.shared.leave(path)
    return try outcome.get()
  }

  /// Removes the stored session (an unreadable file is set aside instead).
  /// - Throws: `.unavailable(.storage(_:))`.
  public func clear() throws(AuthFailure) {
    try setAsideIfUnreadable()
    try SecureFile.removeFile(fileURL.path)
  }

  /// Renames a file `load()` cannot read, so writing a new session never destroys it.
  private func setAsideIfUnreadable() throws(AuthFailure) {
    do {
      _ = try load()
    } catch {
      let suffix = "\(Int(Date().timeIntervalSince1970))-\(UUID().uuidString.prefix(8))"
      try SecureFile.moveFile(fileURL.path, to: fileURL.path + ".unreadable-" + suffix)
    }
  }
}
