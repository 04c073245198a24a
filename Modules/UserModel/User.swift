/// An account as the API describes it: `{"id", "email", "name" | null, "type"}`.
import WireFormat
///
/// ```swift
/// let ann = User(id: "usr_7QK2", email: "ann@example.com", name: "Ann", type: .passenger)
/// let decoded = try WireJSON.decoder().decode(User.self, from: json)
/// ```
public struct User: Codable, Sendable, Hashable {
  /// The system identifier (`usr_…`); never changes, even when the email does.
  public var id: String
  /// The sign-in identifier, trimmed and lower-cased by the server.
  public var email: String
  /// A display name only: optional, and two users may share one.
  public var name: String?
  /// Passenger or driver; decides the home a user lands on.
  public var type: UserType

  /// Creates a user from its parts.
  /// - Parameters:
  ///   - id: The system identifier (`usr_…`).
  ///   - email: The sign-in email.
  ///   - name: The display name, or `nil` for none.
  ///   - type: Passenger or driver.
  public init(id: String, email: String, name: String?, type: UserType) {
    self.id = id
    self.email = email
    self.name = name
    self.type = type
  }

  private enum CodingKeys: String, CodingKey {
    case id, email, name, type
  }

  /// Decodes a User object; a missing `name` reads like `null`.
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when a required field is missing or of the wrong type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    email = try container.decode(String.self, forKey: .email)
    name = try container.decodeIfPresent(String.self, forKey: .name)
    type = try container.decode(UserType.self, forKey: .type)
  }

  /// Encodes a User object, writing `"name": null` rather than leaving the key out, because
  /// the API's User always carries the field.
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(email, forKey: .email)
    try container.encode(name, forKey: .name)
    try container.encode(type, forKey: .type)
  }
}
