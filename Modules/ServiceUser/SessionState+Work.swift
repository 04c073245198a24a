import LoginCore
import UserModel

/// Exchanges a session's refresh token for a renewed session (the adapter's `refresh`,
/// stamped with its identity). A failure that ends the session (`endsSession`) ends it; any
/// other keeps it.
package typealias Renewer = @Sendable (UserSession) async throws(AuthFailure) -> UserSession

/// Writes the account rows of a session change, calling `persist` (the store's save) inside
/// the same transaction.
package typealias Recorder = (_ persist: () throws(AuthFailure) -> Void) throws(AuthFailure)
  -> Void
