import Foundation
import LoopbackServer

/// One request as a route handler sees it, with the helpers every route group shares: the
/// JSON body with typed fields, the bearer token's user, the query.
struct RequestContext: Sendable {
  /// The request as the server parsed it.
  let request: HTTPRequest
  /// The backend's database and rules.
  let store: BackendStore

  /// The body as a JSON object (the router has checked that its Content-Type says JSON).
  /// - Returns: the body.
  /// - Throws: `400 malformed_body` when it is not a JSON object.
  func body() throws(APIError) -> JSONBody {
    try JSONBody(request.body)
  }

  /// The user behind the `Authorization: Bearer` header.
  /// - Returns: the user, the token's family and its expiry.
  /// - Throws: `401 invalid_token` (missing, malformed, unknown or revoked) or
  ///   `401 token_expired`.
  func authenticate() throws(APIError) -> BackendStore.Authenticated {
    guard let header = request.header("Authorization") else { throw .invalidToken }
    let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
    guard parts.count == 2, parts[0].lowercased() == "bearer" else { throw .invalidToken }
    let token = parts[1].trimmingCharacters(in: .whitespaces)
    guard !token.isEmpty else { throw .invalidToken }
    return try store.authenticate(accessToken: token)
  }

  /// A query parameter.
  /// - Parameter name: its name.
  /// - Returns: the first value, or nil when absent.
  func query(_ name: String) -> String? {
    request.query[name]
  }
}
