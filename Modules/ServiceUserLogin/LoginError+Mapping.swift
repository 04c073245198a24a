import LoginCore
import ServiceUser
import UserModel

/// How the failures of the layers below become a `LoginError` (the table is on `LoginError`).
extension LoginError {
  /// The login error for a failure the server's adapter reported.
  /// - Parameters:
  ///   - failure: The adapter's failure.
  ///   - kind: The kind of identifier, which the sentences name.
  init(_ failure: AuthFailure, identifier kind: IdentifierKind) {
    switch failure {
    case .refused(let refusal): self = Self(refusal, identifier: kind)
    case .unavailable(.offline): self = .offline
    case .unavailable(.timeout): self = .timeout
    case .unavailable(.busy(let seconds)): self = .serverBusy(retryAfterSeconds: max(seconds, 1))
    case .unavailable(.serverTrouble(let detail)): self = .serverTrouble(detail)
    case .unsupported(let operation): self = .unsupported(operation)
    }
  }

  private init(_ refusal: AuthRefusal, identifier kind: IdentifierKind) {
    switch refusal {
    case .invalidCredentials: self = .invalidCredentials(kind)
    case .locked(let seconds): self = .locked(retryAfterSeconds: max(seconds, 0))
    case .identifierTaken: self = .identifierTaken(kind)
    case .invalidInput(let field, let message): self = Self(refused: field, serverMessage: message)
    case .invalidCode(let left): self = .invalidCode(attemptsLeft: max(left, 0))
    case .codeExpired: self = .challengeExpired
    case .tooManyAttempts: self = .tooManyAttempts
    case .accessTokenRejected, .sessionEnded: self = .notSignedIn
    }
  }

  /// The login error for a form the rules refuse before anything is sent.
  init(_ problem: CredentialProblem) {
    switch problem {
    case .email(let reason): self = .invalidIdentifier(reason.message)
    case .identifier(let reason): self = .invalidIdentifier(reason.message)
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
