import Foundation
import Localization

extension NetworkError: CustomStringConvertible, LocalizedError {
  /// A stable, snake_case identifier a program can switch on; `http_<status>` for `.http`
  /// answers (a server's own codes are its adapter's to read from the body).
  public var code: String {
    switch self {
    case .invalidURL: "invalid_url"
    case .insecureURL: "insecure_url"
    case .userInfoInURL: "userinfo_in_url"
    case .encoding: "encoding_failed"
    case .authorizationUnavailable: "authorization_unavailable"
    case .transport(let failure): failure.code
    case .timeout: "timeout"
    case .cancelled: "cancelled"
    case .http(let status, _): "http_\(status)"
    case .decoding: "decoding_failed"
    case .unexpectedResponse: "unexpected_response"
    case .responseTooLarge: "response_too_large"
    }
  }

  /// A sentence a person understands, in the language `Texts.language` names.
  public var message: String {
    switch self {
    case .invalidURL(let reason):
      TextTable.networkClient.text("error.invalidURL", ["reason": reason])
    case .insecureURL(let host): TextTable.networkClient.text("error.insecureURL", ["host": host])
    case .userInfoInURL(let host):
      TextTable.networkClient.text("error.userInfoInURL", ["host": host])
    case .encoding(let path, let detail):
      path.isEmpty
        ? TextTable.networkClient.text("error.encoding", ["detail": detail])
        : TextTable.networkClient.text("error.encodingAt", ["path": path, "detail": detail])
    case .authorizationUnavailable(let reason):
      TextTable.networkClient.text("error.authorizationUnavailable", ["reason": reason])
    case .transport(let failure): failure.message
    case .timeout: TextTable.networkClient.text("error.timeout")
    case .cancelled: TextTable.networkClient.text("error.cancelled")
    case .http(let status, _): Self.httpMessage(status)
    case .decoding(let path, let detail):
      path.isEmpty
        ? TextTable.networkClient.text("error.decoding", ["detail": detail])
        : TextTable.networkClient.text("error.decodingAt", ["path": path, "detail": detail])
    case .unexpectedResponse(let reason):
      TextTable.networkClient.text("error.unexpectedResponse", ["reason": reason])
    case .responseTooLarge(let limit):
      TextTable.networkClient.text("error.responseTooLarge", ["limit": "\(limit)"])
    }
  }

  /// The message, for `LocalizedError` users.
  public var errorDescription: String? { message }

  /// The code, the message (in English: descriptions go to logs) and, for HTTP errors, the
  /// status and the (redacted) excerpt.
  public var description: String {
    switch self {
    case .http(let status, _):
      var text = "NetworkError.http(\(status))"
      if let excerpt { text += " body: \(Redactor.redactJSONText(excerpt))" }
      return text
    default:
      return "NetworkError.\(code): \(Texts.inEnglish { message })"
    }
  }

  /// The sentence for an answer with `status`.
  private static func httpMessage(_ status: Int) -> String {
    let values = ["status": "\(status)"]
    return switch status {
    case 400: TextTable.networkClient.text("http.badRequest", values)
    case 401: TextTable.networkClient.text("http.unauthorized", values)
    case 403: TextTable.networkClient.text("http.forbidden", values)
    case 404: TextTable.networkClient.text("http.notFound", values)
    case 408, 504: TextTable.networkClient.text("http.timedOut", values)
    case 409: TextTable.networkClient.text("http.conflict", values)
    case 413: TextTable.networkClient.text("http.tooLarge", values)
    case 422: TextTable.networkClient.text("http.refused", values)
    case 429: TextTable.networkClient.text("http.tooManyRequests", values)
    case 502, 503: TextTable.networkClient.text("http.unavailable", values)
    case 500..<600: TextTable.networkClient.text("http.serverFailed", values)
    default: TextTable.networkClient.text("http.other", values)
    }
  }
}

extension NetworkError: CustomReflectable {
  /// A mirror of the redacted description, so `dump(error)` never shows an answer's raw
  /// body (which may hold a token).
  public var customMirror: Mirror {
    Mirror(self, children: ["description": description], displayStyle: .enum)
  }
}
