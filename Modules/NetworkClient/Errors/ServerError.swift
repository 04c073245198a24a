import Foundation

/// The error a server reported in the body of a non-2xx answer, in the shape of API.md:
/// `{"error": {"code": "…", "message": "…", …extra fields}}`.
///
/// ```swift
/// if case .http(423, let server?, _) = error, let wait = server.retryAfter {
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

  /// Parses the API.md error envelope, or returns `nil` when the body has another shape.
  /// - Parameter body: the raw response body.
  public init?(body: Data) {
    guard let envelope = try? JSONDecoder().decode([String: JSONValue].self, from: body),
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
