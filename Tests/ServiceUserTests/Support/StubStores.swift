import Foundation
import ServiceUser
import UserModel

/// A store whose writes fail, for checking that a failed write changes nothing.
struct FailingStore: SessionStore {
  let inner: FileSessionStore

  func load() throws(SessionStoreError) -> UserSession? { try inner.load() }
  func save(_ session: UserSession) throws(SessionStoreError) {
    throw .writeFailed("disk full (test)")
  }
  func clear() throws(SessionStoreError) { try inner.clear() }
}
