import Foundation

extension NetworkError: CustomStringConvertible, LocalizedError {
  /// A stable, snake_case identifier a program can switch on. For `.http` answers that carry
  /// a server error this is the server's own code (`token_expired`, `email_taken`, …), else
  /// `http_<status>`.
  public var code: String {
    switch self {
    case .invalidURL: "invalid_url"
    case .insecureURL: "insecure_url"
    case .encoding: "encoding_failed"
    case .authorizationUnavailable: "authorization_unavailable"
    case .transport(let failure): failure.code
    case .timeout: "timeout"
    case .cancelled: "cancelled"
    case .http(let status, let server, _): server?.code ?? "http_\(status)"
    case .decoding: "decoding_failed"
    case .unexpectedResponse: "unexpected_response"
    }
  }

  /// A sentence a person understands; for server errors, the server's own message.
  public var message: String {
    switch self {
    case .invalidURL(let reason): "The request's address is not valid: \(reason)."
    case .insecureURL(let host):
      "Refused to send a request to \(host) over unencrypted http://; use https://."
    case .encoding(let path, let detail):
      "The request could not be encoded\(Self.at(path)): \(detail)"
    case .authorizationUnavailable(let reason):
      "This needs a signed-in account, but no access token is available: \(reason)"
    case .transport(let failure): failure.message
    case .timeout: "The server took too long to answer."
    case .cancelled: "The request was cancelled."
    case .http(let status, let server, _):
      server?.message ?? "The server answered with HTTP \(status): \(Self.meaning(of: status))."
    case .decoding(let path, let detail):
      "The server's answer did not have the expected shape\(Self.at(path)): \(detail)"
    case .unexpectedResponse(let reason): "The server's answer could not be used: \(reason)."
    }
  }

  /// The message, for `LocalizedError` users.
  public var errorDescription: String? { message }

  /// The code, the message and, for HTTP errors, the status and the (redacted) excerpt.
  public var description: String {
    switch self {
    case .http(let status, let server, let excerpt):
      var text = "NetworkError.http(\(status))"
      if let server { text += " \(server)" }
      if let excerpt { text += " body: \(Redactor.redactJSONText(excerpt))" }
      return text
    default:
      return "NetworkError.\(code): \(message)"
    }
  }

  private static func meaning(of status: Int) -> String {
    switch status {
    case 400: "the request was not understood"
    case 401: "the request needs a valid sign-in"
    case 403: "this account may not do that"
    case 404: "nothing was found there"
    case 408, 504: "the server timed out; try again"
    case 409: "it conflicts with the current state"
    case 413: "the request was too large"
    case 422: "the values were refused"
    case 429: "too many requests; wait and try again"
    case 502, 503: "the service is unavailable; try again later"
    case 500..<600: "the server failed"
    default: "the request did not succeed"
    }
  }

  private static func at(_ path: String) -> String {
    path.isEmpty ? "" : " at '\(path)'"
  }
}
