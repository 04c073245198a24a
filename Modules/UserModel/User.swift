import WireFormat

/// An account: who is signed in, in the words of the app's own server.
///
/// `identifier` is what the person signs in with, whatever the app's ``IdentifierRule``
/// makes it (an email, a username, a phone number); `email` is the person's email when the
/// server tells it, which for an email app is the identifier again.
///
/// ```swift
/// let ann = User(id: "usr_7QK2", identifier: "ann@example.com", email: "ann@example.com",
///                name: "Ann", type: UserType("member"))
/// let rita = User(id: "42", identifier: "rita", name: nil, type: UserType("admin"))
/// ```
///
/// Its `Codable` form is the package's own (`id`, `identifier`, `email`, `name`, `type`), not
/// any server's: an adapter maps its server's JSON to it and back.
public struct User: Codable, Sendable, Hashable {
  /// The server's identifier for the account; never changes, even when the sign-in
  /// identifier does.
  public var id: String
  /// What the person signs in with, normalised by the app's ``IdentifierRule``.
  public var identifier: String
  /// The person's email address, when the server tells it.
  public var email: String?
  /// A display name only: optional, and two users may share one.
  public var name: String?
  /// The user type, which decides the home a user lands on.
  public var type: UserType

  /// Creates a user from its parts.
  /// - Parameters:
  ///   - id: The server's identifier for the account.
  ///   - identifier: What the person signs in with.
  ///   - email: The person's email, or `nil` when unknown.
  ///   - name: The display name, or `nil` for none.
  ///   - type: The user type.
  public init(
    id: String, identifier: String, email: String? = nil, name: String?, type: UserType
  ) {
    self.id = id
    self.identifier = identifier
    self.email = email
    self.name = name
    self.type = type
  }

  private enum CodingKeys: String, CodingKey {
    case id, identifier, email, name, type
  }

  /// Decodes a user; a missing `email` or `name` reads like `null`.
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when a required field is missing or of the wrong type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    identifier = try container.decode(String.self, forKey: .identifier)
    email = try container.decodeIfPresent(String.self, forKey: .email)
    name = try container.decodeIfPresent(String.self, forKey: .name)
    type = try container.decode(UserType.self, forKey: .type)
  }

  /// Encodes a user, writing `null` for a missing email or name rather than leaving the key
  /// out.
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(identifier, forKey: .identifier)
    try container.encode(email, forKey: .email)
    try container.encode(name, forKey: .name)
    try container.encode(type, forKey: .type)
  }
}
