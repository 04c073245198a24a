import Foundation
import LoginCore
import UserModel

/// One account's session in a `FileSessionStore` folder (`store(for:)`): its own file and
/// its own lock, with the reads and writes a `FileSessionStore` had for its one file. It
/// leaves the record alone; a folder written before accounts is moved into the new layout
/// before its first write or `load()`, and read as it is by `loadWithoutWriting()`.
struct AccountFileStore: SessionStoreWatching {
  /// The folder's store.
  let folder: FileSessionStore
  /// The account whose session this is.
  let account: AccountKey

  private var file: SessionFile { folder.accountFile(for: account) }

  /// Reads the account's session; see `SessionFile.load()`.
  /// - Returns: The session, or `nil` when the account has none.
  /// - Throws: `.unavailable(.sessionUnreadable(_:))`, `.refused(.updateRequired)`.
  func load() throws(AuthFailure) -> UserSession? {
    // A read can do without the move: when it fails, the old file is read as it is.
    try? folder.migrateIfNeeded(settingAside: false)
    if let session = try file.load() { return session }
    return legacySession()
  }

  /// Reads the account's session, writing nothing.
  /// - Returns: The session, or `nil` when the account has none.
  /// - Throws: Like `load()`.
  func loadWithoutWriting() throws(AuthFailure) -> UserSession? {
    // The old file first: a move between the two reads then finds the new one.
    if let session = legacySession() { return session }
    return try file.loadWithoutWriting()
  }

  /// Replaces the account's session, atomically.
  /// - Parameter session: A session of this account.
  /// - Throws: `.unavailable(.storage(_:))`; the previous file is kept then.
  func save(_ session: UserSession) throws(AuthFailure) {
    try folder.migrateIfNeeded(settingAside: true)
    try file.save(session)
  }

  /// Removes the account's session (an unreadable file is set aside instead).
  /// - Throws: `.unavailable(.storage(_:))`.
  func clear() throws(AuthFailure) {
    try folder.migrateIfNeeded(settingAside: true)
    try file.clear()
  }

  /// Runs `body` holding `flock` on this account's lock file, as
  /// `FileSessionStore.exclusively(_:)` does on the folder's.
  func exclusively<T: Sendable>(
    _ body: @Sendable () async throws(AuthFailure) -> T
  ) async throws(AuthFailure) -> T {
    try await file.exclusively(body)
  }

  /// The folder's changes: any account file or the record changing.
  func changes() -> AsyncStream<Void> {
    folder.changes()
  }

  /// The session of a folder written before accounts, when it is this account's.
  private func legacySession() -> UserSession? {
    guard let session = try? folder.legacyFile.loadWithoutWriting(),
      AccountKey(session) == account
    else { return nil }
    return session
  }
}
