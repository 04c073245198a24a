import Foundation

/// What a failed answer to an authorized request says about its access token. The server's
/// adapter decides (ServiceUser asks its `AuthRemoteAPI`); NetworkClient acts on the verdict.
public enum TokenVerdict: Sendable, Equatable {
  /// The access token is no longer good: renew it once and retry the request.
  case renew
  /// The session is over: the client calls its unauthorized hook, and the request fails.
  case endSession
  /// The answer is not about the token (a proxy's 401, a 403, a 500): the request fails and
  /// the session stays.
  case unrelated
}

/// Judges a failed answer to an authorized request.
///
/// `afterRenewal` is true when the request was already retried with a renewed token: a
/// second rejection then usually means the session is over.
public typealias TokenJudge = @Sendable (_ response: NetworkResponse, _ afterRenewal: Bool)
  -> TokenVerdict

extension NetworkClient {
  /// The reading every client uses unless given another: API.md's `401` error body. A
  /// service over another server passes its adapter's reading instead (ServiceUser does).
  ///
  /// | 401 answer                                      | first time    | after renewal |
  /// |-------------------------------------------------|---------------|---------------|
  /// | body `{"error":{"code":"token_expired",…}}`     | `.renew`      | `.endSession` |
  /// | any other API.md error body (`invalid_token`, …)| `.endSession` | `.endSession` |
  /// | no API.md error body (a proxy, a portal)        | `.unrelated`  | `.unrelated`  |
  ///
  /// Any status but 401 is `.unrelated`.
  public static let standardTokenJudge: TokenJudge = { response, afterRenewal in
    guard response.status == 401 else { return .unrelated }
    let server = ServerError(body: response.data)
    if server?.code == "token_expired" {
      return afterRenewal ? .endSession : .renew
    }
    return server == nil ? .unrelated : .endSession
  }
}
