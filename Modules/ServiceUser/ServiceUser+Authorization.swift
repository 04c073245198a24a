import Foundation
import LoginCore
import NetworkClient
import UserModel

extension ServiceUser: AuthorizationProvider {
  /// A valid access token for an authorized request, renewed first (one refresh call shared
  /// by every caller) when it expires within the renewal margin.
  /// - Returns: The access token.
  /// - Throws: NetworkClient's `NetworkError`, for this is its `AuthorizationProvider`:
  ///   `.authorizationUnavailable(reason:)`, the reason `AuthFailure.message` in the app's
  ///   language, when no one is signed in, when the session cannot be renewed (no refresh
  ///   token, or an expired one: it ends with `.expired`), or when the server refused the
  ///   refresh (it ends with `.revoked`); when the server could not be asked, the renewal's
  ///   `AuthFailure` in the client's words (`.transport(.offline)`, `.timeout`, `.cancelled`,
  ///   a 503 for a busy server, `.unexpectedResponse(_)`), and the session is kept. Any
  ///   other refusal of the renewal (one that does not end the session) and a store lock
  ///   that cannot be taken are `.unexpectedResponse(_)`: the session is kept.
  ///   `authorized(_:)` gives the `AuthFailure` itself.
  public func accessToken() async throws(NetworkError) -> String {
    try await SessionAuthorization(state: state).accessToken()
  }

  /// A new access token after the server rejected `rejectedToken`.
  /// - Parameter rejectedToken: The token the server refused.
  /// - Returns: The current token when another request renewed it already, else a new one.
  /// - Throws: Like `accessToken()`.
  public func renewAccessToken(after rejectedToken: String) async throws(NetworkError)
    -> String
  {
    try await SessionAuthorization(state: state).renewAccessToken(after: rejectedToken)
  }

  /// What `network` learns of a failed authorized answer: whether it rejected the
  /// credentials (the client then renews once and retries; rejected again, the session
  /// ends through `onUnauthorized`). The adapter reads the answer; one policy serves every
  /// adapter. An answer that ends the session outright ends it here, before the client
  /// throws it.
  static func credentialCheck(for remote: any AuthRemoteAPI, state: SessionState)
    -> CredentialRejectionCheck
  {
    { response in
      var headers: [String: String] = [:]
      for case (let name as String, let value as String) in response.response.allHeaderFields {
        headers[name] = value
      }
      let failure = remote.failure(
        ofAuthorizedStatus: response.status, headers: headers, body: response.data)
      switch failure {
      case .refused(.accessTokenRejected): return true
      case .refused(.sessionEnded):
        guard let token = response.sentBearerToken else {
          _ = await state.endSession(SignOutReason.revoked)
          return false
        }
        // Ends the session the request was made with, if it is still current; a newer copy
        // another process stored meanwhile is tried once more, as for a rejected token.
        return await state.judgeRefusal(of: token) == .newerCopy
      default: return false
      }
    }
  }
}

/// The session as NetworkClient's token provider: renewal failures become the
/// `NetworkError`s the client understands, so a renewal that could not reach the server
/// never ends the session, and a refused one always does.
struct SessionAuthorization: AuthorizationProvider {
  let state: SessionState

  func accessToken() async throws(NetworkError) -> String {
    do {
      return try await state.accessToken()
    } catch {
      throw Self.networkError(error)
    }
  }

  func renewAccessToken(after rejectedToken: String) async throws(NetworkError) -> String {
    do {
      return try await state.renewAccessToken(after: rejectedToken)
    } catch {
      throw Self.networkError(error)
    }
  }

  /// The client's error for a renewal the adapter could not complete.
  static func networkError(_ failure: AuthFailure) -> NetworkError {
    switch failure {
    case .unavailable(.offline): .transport(.offline)
    case .unavailable(.timeout): .timeout
    // The wait stays with the adapter's failure; to the client a busy server is a 503.
    case .unavailable(.busy): .http(status: 503, body: Data())
    case .unavailable(.serverTrouble(let detail)), .unavailable(.sessionUnreadable(let detail)),
      .unavailable(.storage(let detail)), .unavailable(.unexpectedAnswer(_, let detail)):
      .unexpectedResponse(detail)
    case .unavailable(.inProgress), .unsupported: .unexpectedResponse(failure.message)
    // A cancelled renewal stays cancelled (`AuthFailure(_:detail:)`'s table, read back).
    case .refused(.signInCancelled): .cancelled
    // The request was for an account that is no longer the current one (switched away
    // from, or replaced): it is dropped like a cancelled one, and the current session,
    // another account's, is not ended for it.
    case .refused(.notSignedIn): .cancelled
    // No session, or one that ended: no token to be had. The client ends the session on it
    // (`onUnauthorized`), as the session core already did.
    case .refused(.sessionEnded): .authorizationUnavailable(reason: failure.message)
    // Any other refusal keeps the session (the session core ends it on `.sessionEnded`
    // alone), so the client must not end it either: `.authorizationUnavailable` would.
    case .refused: .unexpectedResponse(failure.message)
    }
  }
}
