import LoginCore
import UserModel

/// Exchanges a session's refresh token for a renewed session (the adapter's `refresh`).
package typealias Renewer = @Sendable (UserSession) async throws(RenewalFailure) -> UserSession

/// Why a renewal failed.
package enum RenewalFailure: Error {
  /// The server refused the refresh token (revoked, expired, reused): the session is over.
  case refused
  /// The server could not be asked or failed; the session is kept.
  case unavailable(AuthFailure)
}
