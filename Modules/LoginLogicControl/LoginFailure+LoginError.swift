import LoginCore

extension LoginFailure {
  /// Translates the service's error into the reason shown to the person.
  ///
  /// Server details (`serverTrouble`'s text, storage paths) are dropped: they help nobody on
  /// screen and could carry things the event log must not hold.
  /// - Parameter error: What the service threw.
  public init(_ error: LoginError) {
    switch error {
    case .invalidCredentials(let kind): self = .wrongIdentifierOrPassword(kind)
    case .locked(let seconds): self = .locked(minutes: LoginError.minutes(seconds))
    case .identifierTaken(let kind): self = .identifierTaken(kind)
    // `message` is the server's reason when there is one, else LoginCore's sentence.
    case .invalidIdentifier, .weakPassword, .invalidName, .invalidType:
      self = .rejectedByServer(code: error.code, message: error.message)
    case .invalidCode(let left): self = .wrongCode(attemptsLeft: max(0, left))
    case .challengeExpired: self = .codeExpired
    case .tooManyAttempts: self = .tooManyAttempts
    case .notSignedIn: self = .signedOut
    case .alreadyInProgress: self = .busy
    case .offline, .timeout: self = .offline
    case .serverBusy(let seconds): self = .serverBusy(seconds: min(max(seconds, 1), 3600))
    case .serverTrouble: self = .serverTrouble
    case .sessionUnavailable, .storage: self = .notSaved
    case .updateRequired: self = .updateRequired
    case .unsupported(let operation): self = .unsupported(operation)
    }
  }

}
