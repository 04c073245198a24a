import Foundation
import LoginCore
import WireFormat

/// Reads a failed answer of the token or revocation endpoint: RFC 6749 §5.2's JSON
/// `{"error", "error_description"}`, or a status with no such body.
///
/// | answer                                  | failure                                        |
/// |-----------------------------------------|------------------------------------------------|
/// | 429 / 503 with `Retry-After: N`         | `.unavailable(.busy(retryAfterSeconds: N))`    |
/// | `invalid_grant`, password grant         | `.refused(.invalidCredentials(.username))`     |
/// | `invalid_grant`, refresh grant          | `.refused(.sessionEnded)`                      |
/// | `unsupported_grant_type`                | `.unsupported(operation)`                      |
/// | `unsupported_token_type` (revocation)   | `.unsupported(.signOut)`                       |
/// | `invalid_client`, `unauthorized_client` | server trouble naming the client               |
/// | any other error                         | server trouble with the status and error code  |
/// | no OAuth error body (5xx, an empty 403) | LoginCore's table: `.unexpectedAnswer(status:_:)` |
///
/// An answer without an OAuth error goes to LoginCore's one table of network failures
/// (`AuthFailure(_:detail:)`), classified by its status as NetworkClient classifies an `.http`
/// error, so it reads as it would from any other adapter.
enum OAuthErrorReading {
  /// The longest piece of a provider's `error_description` put in a message.
  static let descriptionLimit = 200

  /// The failure a non-2xx answer means.
  /// - Parameters:
  ///   - answer: The answer.
  ///   - place: The endpoint, for messages.
  ///   - operation: `.signIn`, `.refresh` or `.signOut`.
  ///   - clientID: The client, named when the provider refuses it.
  /// - Returns: The failure.
  static func failure(
    of answer: ProviderAnswer, at place: String, operation: AuthOperation, clientID: String
  ) -> AuthFailure {
    let standard = AuthFailure.standard(status: answer.status, headers: answer.headers)
    if case .unavailable(.busy) = standard { return standard }
    guard let json = answer.json, let code = json.string("error") else {
      return AuthFailure(
        NetworkFailureKind(status: answer.status),
        detail: "\(place) answered HTTP \(answer.status) without an OAuth error.")
    }
    let detail = describe(code: code, json.string("error_description"))
    switch code {
    case "invalid_grant" where operation == .signIn:
      return .refused(.invalidCredentials(.username))
    case "invalid_grant" where operation == .refresh:
      return .refused(.sessionEnded)
    // RFC 7009 §2.2.1: a provider that does not revoke this kind of token (access tokens,
    // often) says so; the operation is then not offered, not broken.
    case "unsupported_grant_type", "unsupported_token_type":
      return .unsupported(operation)
    case "invalid_client", "unauthorized_client":
      return .trouble(
        "the provider refused client \(clientID) (\(detail)): check the client ID and secret, "
          + "and that the client may use this grant.")
    default:
      return .trouble("\(place) answered HTTP \(answer.status) (\(detail)).")
    }
  }

  /// `code: description`, cleaned (`ForeignText`) and cut short: it is the provider's text,
  /// shown to developers, and must neither flood a log nor steer a terminal.
  private static func describe(code: String, _ description: String?) -> String {
    let safeCode = ForeignText.clean(code, limit: 60)
    guard let description else { return safeCode }
    return safeCode + ": " + ForeignText.clean(description, limit: descriptionLimit)
  }
}
