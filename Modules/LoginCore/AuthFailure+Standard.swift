import Foundation

/// The reading of a failed authorized answer that every standard server shares.
extension AuthFailure {
  /// RFC 6750's reading of a failed answer to an authorized request: a Bearer challenge with
  /// `error="invalid_token"` means the access token is no longer good; a 503 with
  /// `Retry-After` is a busy server; anything else is server trouble.
  /// - Parameters:
  ///   - status: The HTTP status.
  ///   - headers: The response's headers, names in any case.
  /// - Returns: `.refused(.accessTokenRejected)` or `.unavailable(_)`.
  public static func standard(status: Int, headers: [String: String]) -> AuthFailure {
    if status == 401, BearerChallenge(headers: headers)?.error == "invalid_token" {
      return .refused(.accessTokenRejected)
    }
    if status == 503 || status == 429,
      let retryAfter = headers.first(where: { $0.key.lowercased() == "retry-after" })?.value,
      let seconds = Int(retryAfter.trimmingCharacters(in: .whitespaces)), seconds >= 0
    {
      return .unavailable(.busy(retryAfterSeconds: max(seconds, 1)))
    }
    return .unavailable(.unexpectedAnswer(status: status, "the server answered HTTP \(status)."))
  }
}
