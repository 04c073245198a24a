import Foundation
import NetworkClient
import UserModel

extension SessionState: AuthorizationProvider {}

extension ServiceUser: AuthorizationProvider {
  /// A valid access token for an authorized request, renewed first (one refresh call shared
  /// by every caller) when it expires within the renewal margin.
  /// - Returns: The access token.
  /// - Throws: `ServiceUserError.notSignedIn` when no one is signed in or the server refused
  ///   the refresh (the session then ends with `.revoked`); the `NetworkError` when the
  ///   server could not be asked (the session is kept).
  public func accessToken() async throws -> String {
    try await state.accessToken()
  }

  /// A new access token after the server answered `401 token_expired` to `rejectedToken`.
  /// - Parameter rejectedToken: The token the server refused.
  /// - Returns: The current token when another request renewed it already, else a new one.
  /// - Throws: Like `accessToken()`.
  public func renewAccessToken(after rejectedToken: String) async throws -> String {
    try await state.renewAccessToken(after: rejectedToken)
  }

  /// `POST /v1/auth/refresh`: spends `refreshToken` for a new session. A 401 with API.md's
  /// error body is a refusal (the session is over); everything else, a bare 401 included,
  /// leaves the session as it was.
  static func refreshSession(
    _ refreshToken: String, on client: NetworkClient
  ) async throws(RenewalFailure) -> UserSession {
    do {
      return try await SessionRequest(configuration: .refresh(refreshToken: refreshToken))
        .perform(on: client)
    } catch {
      // Only the server's own verdict (API.md's error body) ends the session; a bare 401
      // from something in between is trouble to retry later.
      if error.status == 401, error.serverError != nil { throw .refused }
      throw .unavailable(error)
    }
  }
}
