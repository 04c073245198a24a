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

  /// `POST /v1/auth/refresh`: spends `refreshToken` for a new session.
  static func refreshSession(
    _ refreshToken: String, on client: NetworkClient
  ) async throws(RenewalFailure) -> UserSession {
    let body: Data
    do {
      body = try KooberJSON.encoder().encode(["refreshToken": refreshToken])
    } catch {
      throw .unavailable(error)
    }
    do {
      let response = try await client.response(
        for: Endpoint(.post, "/v1/auth/refresh", body: body))
      return try KooberJSON.decoder().decode(UserSession.self, from: response.data)
    } catch let error as NetworkError {
      if error.status == 401 { throw .refused }
      throw .unavailable(error)
    } catch {
      throw .unavailable(error)
    }
  }
}
