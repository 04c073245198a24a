import Foundation
import LoginCore
import UserModel
import WireFormat

extension FileSessionStore: AccountSessionStore {
  /// The store of one account's session: `account-<hex>.plist` in the folder, whose
  /// `exclusively(_:)` locks `account-<hex>.plist.lock`, that account only. Its reads and
  /// writes behave as `FileSessionStore`'s did for its one file; it leaves the record alone.
  /// - Parameter account: The account.
  /// - Returns: Its store, also `SessionStoreWatching`; nothing is touched on disk until it
  ///   is used.
  public func store(for account: AccountKey) -> any SessionStore {
    accountStore(for: account)
  }

  /// Reads the record, writing nothing: the one `accounts.plist` holds, with every account
  /// whose file is gone left out and every account file it does not name added (last active
  /// when the file was written). A folder written before accounts reads as its one account,
  /// active; a folder with account files and no record yet (a first write killed before the
  /// record's) has its most recently written account active.
  /// - Returns: The active account and every account kept.
  /// - Throws: `.unavailable(.sessionUnreadable(_:))` when the record (or the file of a
  ///   folder written before accounts) cannot be read; `.refused(.updateRequired)` when a
  ///   newer release wrote it. It is left in place.
  public func loadRecord() throws(AuthFailure) -> AccountRecord {
    try readRecord(settingAside: false)
  }

  /// Changes the record as one step, holding `accounts.plist.lock` across processes. The
  /// lock is waited for on the calling thread: every holder keeps it for a few file
  /// operations and calls nothing out, so that wait is short. A record that cannot be read
  /// (or that a newer release wrote) is set aside first, as a session file is by the next
  /// save, and rebuilt from the account files, with none active.
  /// - Parameter change: Edits the record; it runs under the lock.
  /// - Returns: The record as written (accounts whose file is gone dropped).
  /// - Throws: `.unavailable(.storage(_:))` when it cannot be written; it is unchanged then.
  @discardableResult
  public func updateRecord(_ change: (inout AccountRecord) -> Void) throws(AuthFailure)
    -> AccountRecord
  {
    try withRecordLock { () throws(AuthFailure) -> AccountRecord in
      try migrateLocked(settingAside: true)
      var record = try readRecord(settingAside: true)
      change(&record)
      return try writeRecordLocked(record)
    }
  }

  // MARK: - The files

  /// The record's file name.
  static let recordFileName = "accounts.plist"

  /// `account-<hex>.plist`: the name never holds the id a server sent.
  static func accountFileName(for account: AccountKey) -> String {
    let digest = SHA256.digest(Array(((account.issuer ?? "") + "\n" + account.userID).utf8))
    let hex = digest.prefix(16).map { byte in
      let digits = String(byte, radix: 16)
      return digits.count == 1 ? "0" + digits : digits
    }.joined()
    return "account-" + hex + ".plist"
  }

  /// The file that holds `account`'s session (whether or not it exists).
  /// - Parameter account: The account.
  /// - Returns: `<directory>/account-<hex>.plist`.
  package func fileURL(for account: AccountKey) -> URL {
    accountFile(for: account).url
  }

  /// The file of `account`'s session.
  func accountFile(for account: AccountKey) -> SessionFile {
    SessionFile(url: directory.appendingPathComponent(Self.accountFileName(for: account)))
  }

  private var recordURL: URL { URL(fileURLWithPath: recordPath) }

  private var recordPath: String {
    directory.appendingPathComponent(Self.recordFileName, isDirectory: false).path
  }

  /// The names in the folder that are account files.
  private func accountFileNames() -> Set<String> {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return Set(
      names.filter { name in
        name.count == 46 && name.hasPrefix("account-") && name.hasSuffix(".plist")
          && name.dropFirst(8).prefix(32).allSatisfy { "0123456789abcdef".contains($0) }
      })
  }

  // MARK: - Reading and writing the record

  /// Runs `body` holding the record's lock; see `updateRecord(_:)` for why it blocks.
  func withRecordLock<T>(_ body: () throws(AuthFailure) -> T) throws(AuthFailure) -> T {
    try SecureFile.makePrivateDirectory(directory)
    let descriptor = try SecureFile.lockBlocking(recordPath + ".lock")
    defer { SecureFile.unlock(descriptor) }
    return try body()
  }

  /// The record as the files say: the stored one, the file of a folder written before
  /// accounts as its active account, checked against the account files.
  /// - Parameter settingAside: Whether a record that cannot be read is set aside (a write
  ///   is coming, under the record's lock) rather than thrown.
  func readRecord(settingAside: Bool) throws(AuthFailure) -> AccountRecord {
    var stored: AccountRecord?
    var setAside = false
    do {
      switch try SecureFile.contents(
        of: recordPath, limit: AccountRecordPropertyListCoder.sizeLimit)
      {
      case .missing: stored = nil
      case .contents(let data): stored = try AccountRecordPropertyListCoder.decode(data)
      }
    } catch {
      guard settingAside else { throw error }
      try SecureFile.setAside(recordPath)
      setAside = true
    }
    var record = stored ?? AccountRecord()
    var legacyAccount: AccountKey?
    if let session = try legacyFile.loadWithoutWriting() {
      let account = AccountKey(session)
      record.active = account
      record.lastActive[account] = legacyFile.modificationDate ?? Date()
      legacyAccount = account
    }
    let recordDate = stored == nil ? nil : SessionFile(url: recordURL).modificationDate
    reconcile(&record, keeping: legacyAccount, recordWrittenAt: recordDate)
    if stored == nil, !setAside, record.active == nil {
      record.active = record.accountsByRecency.first
    }
    return record
  }

  /// Drops the accounts whose file is gone and adds the account files the record misses and
  /// that are newer than it: a sign-in writes its account's file, then the record (killed
  /// between, its file is still listed). A file older than the record is one the record
  /// stopped naming: a sign-out writes the record, then removes the file, so another process
  /// reading between the two never takes that account for one still kept.
  private func reconcile(
    _ record: inout AccountRecord, keeping legacyAccount: AccountKey?, recordWrittenAt: Date?
  ) {
    let files = accountFileNames()
    var named = Set<String>()
    for account in Array(record.lastActive.keys) where account != legacyAccount {
      let name = Self.accountFileName(for: account)
      // Asked of the file itself, not the listing: a listing read while another process
      // renames a file into the folder may miss an entry (POSIX leaves it unspecified).
      if files.contains(name) || accountFile(for: account).exists {
        named.insert(name)
      } else {
        record.lastActive[account] = nil
      }
    }
    if let active = record.active, record.lastActive[active] == nil { record.active = nil }
    for name in files.subtracting(named) {
      let file = SessionFile(url: directory.appendingPathComponent(name))
      if let recordWrittenAt, let written = file.modificationDate, written < recordWrittenAt {
        continue
      }
      // A file that cannot be read cannot say whose it is; it stays for its account's reads.
      guard let session = try? file.loadWithoutWriting() else { continue }
      let account = AccountKey(session)
      guard Self.accountFileName(for: account) == name, record.lastActive[account] == nil
      else { continue }
      record.lastActive[account] = file.modificationDate ?? Date(timeIntervalSince1970: 0)
    }
  }

  /// Writes `record`, accounts whose file is gone dropped; under the record's lock.
  @discardableResult
  func writeRecordLocked(_ record: AccountRecord) throws(AuthFailure) -> AccountRecord {
    var record = record
    for account in Array(record.lastActive.keys) where !accountFile(for: account).exists {
      record.lastActive[account] = nil
    }
    if let active = record.active, record.lastActive[active] == nil { record.active = nil }
    let data = try AccountRecordPropertyListCoder.encode(record)
    // Every writer of the record holds its lock: a temporary file found now is a dead one's.
    SecureFile.removeLeftovers(of: recordPath)
    try SecureFile.replaceContents(of: recordPath, with: data)
    return record
  }

  // MARK: - A folder written before accounts

  /// Moves the file of a folder written before accounts into its account's file, then
  /// writes the record with that account active; nothing when there is no such file. Under
  /// the record's lock, so two processes never both move it.
  /// - Parameter settingAside: Whether a file that cannot be read is set aside (a write is
  ///   coming) rather than left in place.
  func migrateLocked(settingAside: Bool) throws(AuthFailure) {
    guard legacyFile.exists else { return }
    let session: UserSession
    do {
      guard let read = try legacyFile.loadWithoutWriting() else { return }
      session = read
    } catch {
      if settingAside { try SecureFile.setAside(fileURL.path) }
      return
    }
    // Read first, while the file still names the active account; written after the move,
    // so a process killed in between finds the account file and no record of it, and reads
    // it as listed and (with no record yet) active.
    let record = try readRecord(settingAside: settingAside)
    try SecureFile.moveFile(fileURL.path, to: accountFile(for: AccountKey(session)).url.path)
    try writeRecordLocked(record)
  }

  /// `migrateLocked(settingAside:)` taking the record's lock, when there is a file to move.
  func migrateIfNeeded(settingAside: Bool) throws(AuthFailure) {
    guard legacyFile.exists else { return }
    try withRecordLock { () throws(AuthFailure) in try migrateLocked(settingAside: settingAside) }
  }
}
