/// The options of an authentication (WebAuthn Level 3 §5.5, in §5.1.6's JSON form): what a
/// relying party sends a client to get an assertion.
///
/// Members this type does not model are ignored on decode; missing `allowCredentials` reads
/// as empty (any discoverable credential for the RP ID).
///
/// ```swift
/// let options = try JSONDecoder().decode(
///   PublicKeyCredentialRequestOptionsJSON.self, from: body)
/// ```
public struct PublicKeyCredentialRequestOptionsJSON: Sendable, Equatable, Codable {
  /// The challenge, to be signed over through the client data.
  public var challenge: Base64URLBytes
  /// How long the ceremony may take, in milliseconds.
  public var timeout: UInt32?
  /// The RP ID; absent means the client's origin's effective domain.
  public var rpId: String?
  /// The credentials that may answer; empty lets a discoverable credential name its user.
  public var allowCredentials: [PublicKeyCredentialDescriptorJSON]
  /// Whether the person should be verified.
  public var userVerification: UserVerificationRequirement?

  /// Makes request options.
  /// - Parameters:
  ///   - challenge: The challenge.
  ///   - timeout: The time limit in milliseconds.
  ///   - rpId: The RP ID.
  ///   - allowCredentials: The credentials that may answer.
  ///   - userVerification: Whether verified.
  public init(
    challenge: Base64URLBytes, timeout: UInt32? = nil, rpId: String? = nil,
    allowCredentials: [PublicKeyCredentialDescriptorJSON] = [],
    userVerification: UserVerificationRequirement? = nil
  ) {
    self.challenge = challenge
    self.timeout = timeout
    self.rpId = rpId
    self.allowCredentials = allowCredentials
    self.userVerification = userVerification
  }

  private enum CodingKeys: String, CodingKey {
    case challenge, timeout, rpId, allowCredentials, userVerification
  }

  /// Decodes the JSON form; a missing `allowCredentials` reads as empty.
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` for a required member missing or of the wrong type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      challenge: try container.decode(Base64URLBytes.self, forKey: .challenge),
      timeout: try container.decodeIfPresent(UInt32.self, forKey: .timeout),
      rpId: try container.decodeIfPresent(String.self, forKey: .rpId),
      allowCredentials: try container.decodeIfPresent(
        [PublicKeyCredentialDescriptorJSON].self, forKey: .allowCredentials) ?? [],
      userVerification: try container.decodeIfPresent(
        UserVerificationRequirement.self, forKey: .userVerification))
  }
}

/// A credential named in options (§5.8.3, JSON form): to exclude on registration, or to
/// allow on authentication.
public struct PublicKeyCredentialDescriptorJSON: Sendable, Equatable, Codable {
  /// The credential type, `public-key`.
  public var type: PublicKeyCredentialType
  /// The credential id.
  public var id: Base64URLBytes
  /// How the client may reach the authenticator that holds it.
  public var transports: [AuthenticatorTransport]?

  /// Makes a descriptor.
  /// - Parameters:
  ///   - type: The credential type.
  ///   - id: The credential id.
  ///   - transports: The transports.
  public init(
    type: PublicKeyCredentialType = .publicKey, id: Base64URLBytes,
    transports: [AuthenticatorTransport]? = nil
  ) {
    self.type = type
    self.id = id
    self.transports = transports
  }
}
