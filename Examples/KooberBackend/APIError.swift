import Foundation

/// An error the backend answers with: an HTTP status and the HTTP contract's
/// `{"error": {"code", "message", …}}` body.
///
/// Route handlers throw it; the router turns it into the response, so every failure of every
/// route has the same shape.
///
/// ```swift
/// throw APIError(status: 409, code: "email_taken", message: "That email already has an account.")
/// ```
struct APIError: Error, Sendable, Equatable {
  /// The HTTP status code, e.g. 401.
  var status: Int
  /// The stable snake_case code, e.g. `invalid_credentials`.
  var code: String
  /// A sentence for a person.
  var message: String
  /// Extra integer fields inside the `error` object, e.g. `attemptsLeft`, `retryAfter`.
  var extra: [String: Int]
  /// Extra response headers, e.g. `Retry-After`.
  var headers: [String: String]

  /// Makes an error response.
  /// - Parameters:
  ///   - status: the HTTP status code.
  ///   - code: the stable snake_case code.
  ///   - message: a sentence for a person.
  ///   - extra: integer fields placed inside the `error` object.
  ///   - headers: extra response headers.
  init(
    status: Int, code: String, message: String,
    extra: [String: Int] = [:], headers: [String: String] = [:]
  ) {
    self.status = status
    self.code = code
    self.message = message
    self.extra = extra
    self.headers = headers
  }
}

extension APIError {
  /// `400 malformed_body`: not JSON, a missing required field, or a field of the wrong type.
  /// - Parameter detail: what exactly was wrong, for the message.
  /// - Returns: the error.
  static func malformedBody(_ detail: String) -> APIError {
    APIError(
      status: 400, code: "malformed_body", message: "The request body is invalid: \(detail).")
  }

  /// `400 malformed_query`: a missing or invalid query parameter.
  /// - Parameter detail: what exactly was wrong, for the message.
  /// - Returns: the error.
  static func malformedQuery(_ detail: String) -> APIError {
    APIError(status: 400, code: "malformed_query", message: "The query is invalid: \(detail).")
  }

  /// `401 invalid_token`: no, an unknown or a revoked access token.
  static let invalidToken = APIError(
    status: 401, code: "invalid_token", message: "Sign in again: the access token is not valid.")

  /// `401 token_expired`: a known access token past its expiry.
  static let tokenExpired = APIError(
    status: 401, code: "token_expired", message: "The access token has expired; refresh it.")

  /// `415 unsupported_media_type`: a body whose `Content-Type` is not `application/json`.
  static let unsupportedMediaType = APIError(
    status: 415, code: "unsupported_media_type",
    message: "A request body must be sent with Content-Type: application/json.")

  /// `404 not_found`.
  static let notFound = APIError(
    status: 404, code: "not_found", message: "There is nothing at this address.")

  /// `500 internal_error`: the backend itself failed; the detail stays out of the answer.
  /// - Parameter detail: what failed, kept for the backend's own diagnostics.
  /// - Returns: the error.
  static func `internal`(_ detail: String) -> APIError {
    APIError(
      status: 500, code: "internal_error",
      message: "The server failed to handle the request (\(detail)). Try again.")
  }
}
