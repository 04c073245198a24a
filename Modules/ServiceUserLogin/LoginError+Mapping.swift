import NetworkClient
import ServiceUser
import UserModel

/// How the failures of the layers below become a `LoginError` (the table is on `LoginError`).
extension LoginError {
  /// The login error for a network failure.
  init(_ error: NetworkError) {
    switch error {
    case .transport: self = .offline
    case .timeout: self = .timeout
    // A cancelled request did not reach a verdict; to the person it looks like no answer.
    case .cancelled: self = .offline
    case .authorizationUnavailable: self = .notSignedIn
    case .http(let status, let server?, _): self = Self(status: status, server: server)
    case .http(let status, nil, _): self = .serverTrouble("the server answered HTTP \(status).")
    case .invalidURL, .insecureURL, .encoding, .decoding, .unexpectedResponse:
      self = .serverTrouble(error.message)
    }
  }

  /// The login error for one of API.md's error codes.
  private init(status: Int, server: ServerError) {
    switch server.code {
    case "invalid_credentials": self = .invalidCredentials
    case "account_locked": self = .locked(retryAfterSeconds: max(server.retryAfter ?? 300, 0))
    case "email_taken": self = .emailTaken
    case "invalid_email": self = .invalidEmail(server.message)
    case "weak_password": self = .weakPassword(server.message)
    case "invalid_name": self = .invalidName(server.message)
    case "invalid_type": self = .invalidType
    case "invalid_code": self = .invalidCode(attemptsLeft: max(server.attemptsLeft ?? 0, 0))
    case "challenge_expired": self = .challengeExpired
    case "too_many_attempts": self = .tooManyAttempts
    // API.md puts `retryAfter` in the body beside the header; a server that omits it still
    // means "soon".
    case "server_busy" where status == 503:
      self = .serverBusy(retryAfterSeconds: max(server.retryAfter ?? 5, 1))
    case "invalid_token", "token_expired", "invalid_refresh_token", "refresh_token_reused":
      self = .notSignedIn
    default: self = .serverTrouble("HTTP \(status) \(server.code): \(server.message)")
    }
  }

  /// The login error for a form the rules refuse before anything is sent.
  init(_ problem: CredentialProblem) {
    switch problem {
    case .email(let reason): self = .invalidEmail(reason.message)
    case .password(let reason): self = .weakPassword(reason.message)
    case .name(let reason): self = .invalidName(reason.message)
    }
  }

  /// The login error for a failure to record the session on this device.
  init(_ error: ServiceUserError) {
    switch error {
    case .notSignedIn: self = .notSignedIn
    case .accountDatabaseTooNew: self = .updateRequired
    default: self = .storage(error.message)
    }
  }
}
