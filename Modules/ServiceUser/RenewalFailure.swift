import LoginCore
import UserModel

/// Exchanges a session's refresh token for a renewed session (the adapter's `refresh`).
package typealias Renewer = @Sendable (UserSession) async throws(RenewalFailure) -> UserSession

/// Writes the account rows of a session change, calling `persist` (the store's save) inside
/// the same transaction.
package typealias Recorder = (_ persist: () throws(SessionStoreError) -> Void)
  throws(ServiceUserError) -> Void

/// Why a renewal failed.
package enum RenewalFailure: Error {
  /// The server refused the refresh token (revoked, expired, reused): the session is over.
  case refused
  /// The server could not be asked or failed; the session is kept.
  case unavailable(AuthFailure)
}
