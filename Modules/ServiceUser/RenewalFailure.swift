import UserModel

/// Exchanges a refresh token for a renewed session.
package typealias Renewer = @Sendable (String) async throws(RenewalFailure) -> UserSession

/// Why a renewal failed.
package enum RenewalFailure: Error {
  /// The server refused the refresh token (revoked, expired, reused): the session is over.
  case refused
  /// The server could not be asked or failed; the session is kept.
  case unavailable(any Error)
}
