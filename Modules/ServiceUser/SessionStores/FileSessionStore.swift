import Foundation
import LoginCore
import UserModel

/// Keeps every account's session in a folder, one file each, and which account is active:
/// the default store on Linux, and an `AccountSessionStore`.
///
/// The folder (0700) holds:
/// - `account-<hex>.plist`, one account's session, and `account-<hex>.plist.lock`, the lock
///   its renewals take (`store(for:)`'s `exclusively(_:)`), so processes renew each account
///   once. `<hex>` is the first 16 bytes of the SHA-256 of `issuer + "\n" + userID`: an id a
///   server sent never becomes part of a path.
/// - `accounts.plist`, the record: the active account and when each was last active, a
///   versioned property list of at most 1 MiB, and `accounts.plist.lock`, taken across
///   processes by every change to it.
/// - `<fileName>.lock` (`session.plist.lock`), the folder's own lock (`exclusively(_:)`).
///
/// Every file is written atomically (a new 0600 file, flushed, then renamed over the old
/// one), never through a link, in `UserSessionPropertyListCoder`'s versioned format for a
/// session. Give the store a folder of its own: it narrows that folder's permissions. A
/// folder or file that belongs to another user, a file others could write, or a folder above
/// it that another user could write without the sticky bit, is refused
/// (`.unavailable(.storage(_:))`, `.unavailable(.sessionUnreadable(_:))`) rather than used:
/// whoever owns it could read or swap a session.
///
/// The plain `SessionStore` calls mean the active account: `load()` reads its session,
/// `save(_:)` stores a session in its account's file and makes that account active,
/// `clear()` removes the active account's file and leaves none active. The record follows
/// the files: an account whose file is gone is dropped from it at its next write, and an
/// account file the record does not name (a process killed between the two writes) is
/// listed, last active when its file was written, so no stored session is ever lost.
///
/// A write in progress holds its temporary file locked (`flock`) until it is renamed; a
/// temporary file nobody holds was left by a process killed mid-write, and the next `load()`
/// removes it whatever its age, since it may hold a live refresh token.
///
/// A file that exists but cannot be read, is damaged, or comes from a newer release makes
/// the reads throw, and is left in place, so the person can be told and nothing is lost. The
/// next write in its place sets it aside as `<name>.unreadable-<time>-<random>`.
///
/// A folder written before accounts holds one `<fileName>` (`fileURL`). It reads as a folder
/// of one account, active, without a write; the first write or `load()` moves it into the
/// layout above (the file renamed, then the record written, under the record's lock), so a
/// process killed at any point loses no session.
///
/// ```swift
/// let store = FileSessionStore(directory: dataFolder.appendingPathComponent("Session"))
/// try store.save(session)
/// let again = try store.load()   // the same session: its account is active
/// ```
public struct FileSessionStore: SessionStore {
  /// The session file of a folder written before accounts (`<directory>/<fileName>`): read
  /// as the folder's one account until the first write moves it into its account's file.
  /// `<fileName>.lock` beside it is the lock file of `exclusively(_:)`.
  public let fileURL: URL

  /// Creates a store; nothing is touched on disk until the first call.
  /// - Parameters:
  ///   - directory: The folder for the sessions, created 0700 when missing.
  ///   - fileName: The session file's name in a folder written before accounts, and with
  ///     `.lock` the folder lock's.
  public init(directory: URL, fileName: String = "session.plist") {
    fileURL = directory.appendingPathComponent(fileName, isDirectory: false)
  }

  /// Reads the active account's session. A file in an older format is rewritten in the
  /// current one, a folder written before accounts is moved into its account's file, and
  /// temporary files a killed process left are removed first.
  /// - Returns: The session, or `nil` when no account is active.
  /// - Throws: `.unavailable(.sessionUnreadable(_:))` when the record or the session cannot
  ///   be read or decoded; `.refused(.updateRequired)` when a newer release wrote it.
  public func load() throws(AuthFailure) -> UserSession? {
    SecureFile.removeLeftovers(in: directory, where: Self.isLeftoverOfAccounts)
    guard let active = try loadRecord().active else { return nil }
    return try accountStore(for: active).load()
  }

  /// Reads the active account's session and writes nothing: no leftover is removed (another
  /// process's write may have just created its temporary file, not locked yet), an older
  /// format is not rewritten, a folder written before accounts is not moved. What a watch
  /// reads after a change (`SessionStoreWatching`).
  /// - Returns: The session, or `nil` when no account is active.
  /// - Throws: Like `load()`.
  public func loadWithoutWriting() throws(AuthFailure) -> UserSession? {
    guard let active = try loadRecord().active else { return nil }
    return try accountStore(for: active).loadWithoutWriting()
  }

  /// Stores `session` in its account's file, atomically, then records that account as the
  /// active one, last active now.
  /// - Parameter session: The session to keep.
  /// - Throws: `.unavailable(.storage(_:))`; the previous file is kept then (and when only
  ///   the record could not be written, the new file is listed as a kept account).
  public func save(_ session: UserSession) throws(AuthFailure) {
    let account = AccountKey(session)
    try accountStore(for: account).save(session)
    try updateRecord { record in
      record.active = account
      record.lastActive[account] = Date()
    }
  }

  /// Runs `body` holding an advisory lock (`flock`) on `<fileName>.lock` in the folder, as
  /// every release did, so processes sharing the folder run such work one at a time. Each
  /// account's renewals lock its own file instead (`store(for:)`). Tasks of this process wait
  /// their turn suspended, in order; only the first waits for the lock itself, on a thread of
  /// its own, never blocking the cooperative thread pool. The lock is released when `body`
  /// ends, and by the system if the process dies. Do not call it again from inside `body`
  /// for the same folder: that call would wait for itself.
  /// - Parameter body: The work to do alone.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws; `.unavailable(.storage(_:))` when the lock file cannot
  ///   be opened.
  public func exclusively<T: Sendable>(
    _ body: @Sendable () async throws(AuthFailure) -> T
  ) async throws(AuthFailure) -> T {
    try await legacyFile.exclusively(body)
  }

  /// Removes the active account's session (an unreadable file is set aside instead) and its
  /// account from the record, leaving no account active; the others stay.
  /// - Throws: `.unavailable(.storage(_:))`.
  public func clear() throws(AuthFailure) {
    try withRecordLock { () throws(AuthFailure) in
      try migrateLocked(settingAside: true)
      var record = try readRecord(settingAside: true)
      if let active = record.active {
        try accountFile(for: active).clear()
        record.lastActive[active] = nil
      }
      record.active = nil
      try writeRecordLocked(record)
    }
  }

  /// The folder of the sessions.
  var directory: URL { fileURL.deletingLastPathComponent() }

  /// The file of a folder written before accounts.
  var legacyFile: SessionFile { SessionFile(url: fileURL) }

  /// The per-account store `store(for:)` hands out.
  func accountStore(for account: AccountKey) -> AccountFileStore {
    AccountFileStore(folder: self, account: account)
  }

  /// Whether `name` is a temporary file of an account file or of the record.
  private static func isLeftoverOfAccounts(_ name: String) -> Bool {
    (name.hasPrefix("account-") && name.contains(".plist.tmp-"))
      || name.hasPrefix(recordFileName + ".tmp-")
  }
}
