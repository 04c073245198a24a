extension APIError {
  /// `401 invalid_credentials`: the same answer for an unknown email and a wrong password.
  static let invalidCredentials = APIError(
    status: 401, code: "invalid_credentials", message: "The email or password is wrong.")

  /// `410 challenge_expired`: an unknown, used, expired or spent one-time code challenge.
  static let challengeExpired = APIError(
    status: 410, code: "challenge_expired",
    message: "This code has expired or was already used. Sign in again for a new code.")

  /// `423 account_locked`: too many failed sign-ins in a row for one email.
  /// - Parameter retryAfter: seconds until the email may try again, at least 1.
  /// - Returns: the error, with `retryAfter` and a `Retry-After` header.
  static func accountLocked(retryAfter: Int) -> APIError {
    retryLater(
      status: 423, code: "account_locked",
      message: "Too many failed sign-ins. Try again in \(retryAfter) seconds.",
      seconds: retryAfter)
  }

  /// `503 server_busy`: more password checks in flight than the server hashes at once, and
  /// its queue full.
  /// - Parameter retryAfter: seconds after which the queue has likely drained, at least 1.
  /// - Returns: the error, with `retryAfter` and a `Retry-After` header.
  static func serverBusy(retryAfter: Int) -> APIError {
    retryLater(
      status: 503, code: "server_busy",
      message: "The server is busy checking other passwords. Try again in \(retryAfter) seconds.",
      seconds: retryAfter)
  }

  /// `503 server_busy`: as many passkey requests open as the server keeps at once.
  /// - Parameter retryAfter: seconds until the soonest of them expires, at least 1.
  /// - Returns: the error, with `retryAfter` and a `Retry-After` header.
  static func passkeyFlowsBusy(retryAfter: Int) -> APIError {
    retryLater(
      status: 503, code: "server_busy",
      message: "The server is busy with other passkey requests. Try again in \(retryAfter) "
        + "seconds.",
      seconds: retryAfter)
  }

  /// An error that says when to try again, in the body (the HTTP contract: inside the `error`
  /// object) and in the `Retry-After` header alike.
  private static func retryLater(
    status: Int, code: String, message: String, seconds: Int
  ) -> APIError {
    APIError(
      status: status, code: code, message: message, extra: ["retryAfter": seconds],
      headers: ["Retry-After": String(seconds)])
  }
}
