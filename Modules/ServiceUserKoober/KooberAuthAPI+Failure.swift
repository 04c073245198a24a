import KooberWire
import LoginCore
import NetworkClient

/// How the answers of Koober's HTTP contract (<doc:/documentation/KooberWire/HTTPContract>)
/// become `AuthFailure`s.
///
/// | API answer                                 | AuthFailure                                 |
/// |--------------------------------------------|---------------------------------------------|
/// | 401 `invalid_credentials`                  | `.refused(.invalidCredentials(.email))`     |
/// | 423 `account_locked` + `retryAfter`        | `.refused(.locked(retryAfterSeconds:))`     |
/// | 409 `email_taken`                          | `.refused(.identifierTaken(.email))`        |
/// | 422 `invalid_email`                        | `.refused(.invalidInput(.identifier, _))`   |
/// | 422 `weak_password`                        | `.refused(.invalidInput(.password, _))`     |
/// | 422 `invalid_name`                         | `.refused(.invalidInput(.name, _))`         |
/// | 422 `invalid_type`                         | `.refused(.invalidInput(.userType, _))`     |
/// | 401 `invalid_code` + `attemptsLeft`        | `.refused(.invalidCode(attemptsLeft:))`     |
/// | 410 `challenge_expired`                    | `.refused(.codeExpired)`                    |
/// | 429 `too_many_attempts`                    | `.refused(.tooManyAttempts)`                |
/// | 403 `reauthentication_required`            | `.refused(.reauthenticationRequired)`       |
/// | 400 or 401 `invalid_passkey`               | `.refused(.invalidPasskey)`                 |
/// | 409 `passkey_exists`                       | `.refused(.passkeyExists)`                  |
/// | 410 `flow_expired`                         | `.refused(.flowExpired)`                    |
/// | 404 `not_found` to a passkey rename, removal| `.refused(.passkeyNotFound)`                |
/// | 404 `not_found` to a passkey options call  | `.unsupported(.passkeys)` (no such routes)  |
/// | 401 `token_expired`, authorized call       | `.refused(.accessTokenRejected)`            |
/// | other 401 with a body, authorized call     | `.refused(.sessionEnded)`                   |
/// | any 401 to a sign-out, with a refresh token| `POST /v1/auth/revoke`; its own answer      |
/// | `invalid_refresh_token`, `invalid_token`…  | `.refused(.sessionEnded)`                   |
/// | 503 `server_busy` + `retryAfter`           | `.unavailable(.busy(retryAfterSeconds:))`   |
/// | another code in the envelope               | `.unavailable(.serverTrouble(_))`           |
/// | anything else                              | LoginCore's `AuthFailure(_:detail:)`        |
///
/// Everything without Koober's error envelope goes to LoginCore's table of network failures,
/// the one every adapter and `RideError` read: a cancelled request is
/// `.refused(.signInCancelled)`, never offline; a 5xx without the envelope
/// `.unexpectedAnswer(status:_:)`.
extension KooberAuthAPI {
  /// The failure for a network error.
  /// - Parameters:
  ///   - error: What the client threw.
  ///   - authorized: Whether the call carried an access token, so a 401 judges the token.
  static func failure(_ error: NetworkError, authorized: Bool) -> AuthFailure {
    if case .http(let status, _) = error, let server = error.serverError {
      return failure(status: status, server: server, authorized: authorized)
    }
    // An answer's detail is its status (the table's own); anything else's the error's
    // English description, which never holds a token.
    return AuthFailure(error.kind, detail: error.status == nil ? error.description : nil)
  }

  private static func failure(status: Int, server: ServerError, authorized: Bool)
    -> AuthFailure
  {
    if authorized, status == 401 {
      return server.code == ServerError.tokenExpired
        ? .refused(.accessTokenRejected) : .refused(.sessionEnded)
    }
    switch server.code {
    case "invalid_credentials": return .refused(.invalidCredentials(.email))
    case "account_locked":
      return .refused(.locked(retryAfterSeconds: max(server.retryAfter ?? 300, 0)))
    case "email_taken": return .refused(.identifierTaken(.email))
    case "invalid_email": return .refused(.invalidInput(.identifier, message: shown(server)))
    case "weak_password": return .refused(.invalidInput(.password, message: shown(server)))
    case "invalid_name": return .refused(.invalidInput(.name, message: shown(server)))
    case "invalid_type": return .refused(.invalidInput(.userType, message: shown(server)))
    case _ where server.isAboutToken: return .refused(.sessionEnded)
    case "invalid_code":
      return .refused(.invalidCode(attemptsLeft: max(server.attemptsLeft ?? 0, 0)))
    case "challenge_expired": return .refused(.codeExpired)
    case "too_many_attempts": return .refused(.tooManyAttempts)
    case "reauthentication_required": return .refused(.reauthenticationRequired)
    case "invalid_passkey": return .refused(.invalidPasskey)
    case "passkey_exists": return .refused(.passkeyExists)
    case "flow_expired": return .refused(.flowExpired)
    // Koober's server puts `retryAfter` in the body beside the header; a server that omits it still
    // means "soon".
    case "server_busy" where status == 503:
      return .unavailable(.busy(retryAfterSeconds: max(server.retryAfter ?? 5, 1)))
    default:
      return .unavailable(.serverTrouble("HTTP \(status) \(server.code): \(server.message)"))
    }
  }
}

extension KooberAuthAPI {
  /// The server's explanation as a person is shown it (`ServerError.shownMessage`), or
  /// empty for LoginCore's general sentence about the field.
  static func shown(_ server: ServerError) -> String {
    server.shownMessage ?? ""
  }
}

extension AuthFailure {
  /// This failure, except that a refusal becomes server trouble: for a refresh, where only
  /// Koober's 401 refuses and every other answer leaves the session alone.
  var keepingSession: AuthFailure {
    // A cancelled refresh is the caller giving up, not the server refusing anything.
    guard case .refused(let refusal) = self, refusal != .signInCancelled else { return self }
    return .unavailable(.serverTrouble("the server refused the refresh: \(refusal.code)."))
  }
}
