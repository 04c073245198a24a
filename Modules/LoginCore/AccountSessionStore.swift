import Foundation
import UserModel

/// What an `AccountSessionStore` keeps beside the sessions: which account is active and when
/// each account was last active.
public struct AccountRecord: Sendable, Equatable, Codable {
  /// The active account, or `nil` when none is.
  public var active: AccountKey?
  /// Every account with a stored session, with when it was last active (signed in or
  /// switched to).
  public var lastActive: [AccountKey: Date]

  /// Creates a record.
  /// - Parameters:
  ///   - active: The active account, or `nil`.
  ///   - lastActive: The accounts, with when each was last active.
  public init(active: AccountKey? = nil, lastActive: [AccountKey: Date] = [:]) {
    self.active = active
    self.lastActive = lastActive
  }

  /// The accounts, most recently active first (ties in a stable order).
  public var accountsByRecency: [AccountKey] {
    lastActive.sorted { left, right in
      if left.value != right.value { return left.value > right.value }
      return (left.key.issuer ?? "", left.key.userID) < (right.key.issuer ?? "", right.key.userID)
    }.map(\.key)
  }
}

/// A `SessionStore` that keeps several accounts: each account's session in a store of its own
/// (for `FileSessionStore`, its own file and its own lock, so processes renew each account
/// once), and a record of the active account beside them.
///
/// Its plain `SessionStore` calls read and write the active account: `load()` reads it,
/// `save(_:)` stores a session in its account's store and makes that account active,
/// `clear()` removes the active account and leaves none active. ServiceUser uses the
/// per-account calls; a store that is only a `SessionStore` keeps one account at a time
/// (signing in as another user replaces it).
///
/// ```swift
/// let store = FileSessionStore(directory: support.appendingPathComponent("Session"))
/// let record = try store.loadRecord()            // who is active, who is kept
/// let ann = try store.store(for: record.active!).load()
/// ```
public protocol AccountSessionStore: SessionStore {
  /// The store of one account's session. Its `exclusively(_:)` locks that account only.
  /// - Parameter account: The account.
  /// - Returns: Its store; nothing is touched on disk until it is used.
  func store(for account: AccountKey) -> any SessionStore

  /// Reads the record, writing nothing.
  /// - Returns: The active account and every account kept, with when each was last active.
  /// - Throws: `.unavailable(.sessionUnreadable(_:))` when the record cannot be read;
  ///   `.refused(.updateRequired)` when a newer release wrote it.
  func loadRecord() throws(AuthFailure) -> AccountRecord

  /// Changes the record as one step: no other process sharing the store changes it between
  /// the read and the write.
  /// - Parameter change: Edits the record; it must only edit (it runs under the record's
  ///   lock).
  /// - Returns: The record as written.
  /// - Throws: `.unavailable(.storage(_:))` when it cannot be written; it is unchanged then.
  @discardableResult
  func updateRecord(_ change: (inout AccountRecord) -> Void) throws(AuthFailure)
    -> AccountRecord
}
