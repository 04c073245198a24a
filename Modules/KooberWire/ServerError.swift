import Foundation
import Localization
import NetworkClient
import WireFormat

/// The error a Koober server reported in the body of a non-2xx answer, in the shape of
/// <doc:HTTPContract>: `{"error": {"code": "…", "message": "…", …extra fields}}`.
/// NetworkClient knows HTTP only; this is how the Koober side reads its server's answers.
///
/// ```swift
/// if error.status == 423, let wait = error.serverError?.retryAfter {
///   showLocked(for: .seconds(wait))
/// }
/// ```
public struct ServerError: Sendable, Equatable, CustomStringConvertible {
  /// The server's stable, snake_case code, e.g. `token_expired`.
  public let code: String
  /// The server's text for a person.
  public let message: String
  /// Every other field of the `error` object, by name (`attemptsLeft`, `retryAfter`, …).
  public let fields: [String: JSONValue]

  /// Makes a server error; mostly for tests and fake transports.
  /// - Parameters:
  ///   - code: the snake_case code.
  ///   - message: the text for a person.
  ///   - fields: the extra fields of the error object.
  public init(code: String, message: String, fields: [String: JSONValue] = [:]) {
    self.code = code
    self.message = message
    self.fields = fields
  }

  /// How many attempts remain (`attemptsLeft`, e.g. after a wrong one-time code).
  public var attemptsLeft: Int? { fields["attemptsLeft"]?.intValue }

  /// How many seconds to wait before trying again (`retryAfter`, e.g. a locked account).
  public var retryAfter: Int? { fields["retryAfter"]?.intValue }

  /// Koober's codes for an access or refresh token that no longer works (<doc:HTTPContract>):
  /// said once, for every Koober client (the login adapter and the ride service).
  public static let tokenCodes: Set<String> = [
    "invalid_token", "token_expired", "invalid_refresh_token", "refresh_token_reused",
  ]

  /// Koober's code for an access token that has expired and may be renewed.
  public static let tokenExpired = "token_expired"

  /// Whether the code says a token no longer works (one of ``tokenCodes``).
  public var isAboutToken: Bool { Self.tokenCodes.contains(code) }

  /// The server's explanation as a person is shown it: Koober writes its explanations in
  /// English, so they are kept when the app speaks English and `nil` otherwise, so that a
  /// screen in another language shows the module's own sentence instead of half a sentence
  /// in English. Codes are never dropped this way; only the prose is.
  public var shownMessage: String? {
    Texts.language == .english ? message : nil
  }

  /// The code, the message and the extra fields, with secret-looking fields redacted.
  public var description: String {
    var text = "\(code): \(message)"
    if !fields.isEmpty {
      let extras = fields.keys.sorted().map { key in
        Redactor.isSensitive(key) ? "\(key)=<redacted>" : "\(key)=\(Self.render(fields[key]))"
      }
      text += " (\(extras.joined(separator: ", ")))"
    }
    return text
  }

  /// Parses Koober's error envelope, or returns `nil` when the body has another shape.
  /// - Parameter body: the raw response body.
  public init?(body: Data) {
    guard case .object(let envelope)? = try? JSONValue.parse(body, limits: .answer),
      case .object(var object)? = envelope["error"],
      let code = object.removeValue(forKey: "code")?.stringValue,
      let message = object.removeValue(forKey: "message")?.stringValue
    else { return nil }
    self.init(code: code, message: message, fields: object)
  }

  private static func render(_ value: JSONValue?) -> String {
    switch value {
    case .string(let text)?: "\"\(text)\""
    case .number(let number)?:
      number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
    case .bool(let flag)?: String(flag)
    case .null?, nil: "null"
    case .array?, .object?: "…"
    }
  }
}

extension NetworkError {
  /// The Koober server's error in an `.http` answer's body (Koober's envelope), else `nil`.
  public var serverError: ServerError? {
    body.flatMap(ServerError.init(body:))
  }
}
