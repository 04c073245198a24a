import Foundation
import LoginCore
import UserModel

/// A plain `SessionStore` seen as an `AccountSessionStore` of one account: every account's
/// store is that one store, and the record is what it holds. ServiceUser keeps one account
/// at a time over it, as before several accounts: a sign-in as another user replaces the
/// stored session (and revokes it).
struct OneAccountStore: AccountSessionStore {
  let base: any SessionStore

  func store(for account: AccountKey) -> any SessionStore { base }

  func loadRecord() throws(AuthFailure) -> AccountRecord {
    guard let session = try base.load() else { return AccountRecord() }
    let key = AccountKey(session)
    return AccountRecord(active: key, lastActive: [key: .distantPast])
  }

  /// Nothing to read or write: the one stored session is the record, and what a change
  /// would record follows from it.
  func updateRecord(_ change: (inout AccountRecord) -> Void) throws(AuthFailure)
    -> AccountRecord
  {
    var record = AccountRecord()
    change(&record)
    return record
  }

  func load() throws(AuthFailure) -> UserSession? { try base.load() }

  func save(_ session: UserSession) throws(AuthFailure) { try base.save(session) }

  func clear() throws(AuthFailure) { try base.clear() }

  func exclusively<T: Sendable>(
    _ body: @Sendable () async throws(AuthFailure) -> T
  ) async throws(AuthFailure) -> T {
    try await base.exclusively(body)
  }
}
