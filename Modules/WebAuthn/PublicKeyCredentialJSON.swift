import WireFormat

/// A registration's answer in WebAuthn Level 3 §5.1.7's JSON form: the new credential's id,
/// the client data and the attestation object.
///
/// ```swift
/// let credential = try JSONDecoder().decode(RegistrationResponseJSON.self, from: body)
/// let object = try AttestationObject(bytes: credential.response.attestationObject.bytes)
/// ```
public typealias RegistrationResponseJSON = PublicKeyCredentialJSON<
  AuthenticatorAttestationResponseJSON
>

/// An authentication's answer in WebAuthn Level 3 §5.1.8's JSON form: the credential's id,
/// the client data, the authenticator data and the signature over both.
///
/// ```swift
/// let credential = try JSONDecoder().decode(AuthenticationResponseJSON.self, from: body)
/// let data = try AuthenticatorData(bytes: credential.response.authenticatorData.bytes)
/// ```
public typealias AuthenticationResponseJSON = PublicKeyCredentialJSON<
  AuthenticatorAssertionResponseJSON
>

/// A `PublicKeyCredential` in its JSON form (WebAuthn Level 3 §5.1.7, §5.1.8): the envelope
/// both ceremonies share around their own response.
///
/// Members this type does not model are ignored on decode; missing `clientExtensionResults`
/// reads as empty, and encoding always writes it.
public struct PublicKeyCredentialJSON<Response>: Sendable, Equatable, Codable
where Response: Sendable & Equatable & Codable {
  /// The credential id in base64url, the same bytes as ``rawId``.
  public var id: String
  /// The credential id.
  public var rawId: Base64URLBytes
  /// The authenticator's response.
  public var response: Response
  /// Where the authenticator sat, when the client knows.
  public var authenticatorAttachment: AuthenticatorAttachment?
  /// The clients' extension outputs, e.g. `{"credProps": {"rk": true}}`.
  public var clientExtensionResults: [String: JSONValue]
  /// The credential type, `public-key`.
  public var type: PublicKeyCredentialType

  /// Makes a credential; ``id`` is `rawId` in base64url.
  /// - Parameters:
  ///   - rawId: The credential id.
  ///   - response: The authenticator's response.
  ///   - authenticatorAttachment: Where the authenticator sat.
  ///   - clientExtensionResults: The extension outputs.
  ///   - type: The credential type.
  public init(
    rawId: Base64URLBytes, response: Response,
    authenticatorAttachment: AuthenticatorAttachment? = nil,
    clientExtensionResults: [String: JSONValue] = [:],
    type: PublicKeyCredentialType = .publicKey
  ) {
    self.id = rawId.base64URL
    self.rawId = rawId
    self.response = response
    self.authenticatorAttachment = authenticatorAttachment
    self.clientExtensionResults = clientExtensionResults
    self.type = type
  }

  private enum CodingKeys: String, CodingKey {
    case id, rawId, response, authenticatorAttachment, clientExtensionResults, type
  }

  /// Decodes the JSON form.
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` for a required member missing or of the wrong type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    rawId = try container.decode(Base64URLBytes.self, forKey: .rawId)
    response = try container.decode(Response.self, forKey: .response)
    authenticatorAttachment = try container.decodeIfPresent(
      AuthenticatorAttachment.self, forKey: .authenticatorAttachment)
    clientExtensionResults =
      try container.decodeIfPresent([String: JSONValue].self, forKey: .clientExtensionResults)
      ?? [:]
    type = try container.decode(PublicKeyCredentialType.self, forKey: .type)
  }
}

/// A registration's response (§5.2.1, JSON form): client data and attestation object, and
/// what a client may copy out of them for a relying party that reads no CBOR.
public struct AuthenticatorAttestationResponseJSON: Sendable, Equatable, Codable {
  /// The client data JSON's bytes.
  public var clientDataJSON: Base64URLBytes
  /// The attestation object's CBOR bytes.
  public var attestationObject: Base64URLBytes
  /// The authenticator data inside the attestation object.
  public var authenticatorData: Base64URLBytes?
  /// How the client may reach the authenticator.
  public var transports: [AuthenticatorTransport]?
  /// The new key's COSE algorithm identifier.
  public var publicKeyAlgorithm: Int?
  /// The new key as a DER SubjectPublicKeyInfo.
  public var publicKey: Base64URLBytes?

  /// Makes a registration response.
  /// - Parameters:
  ///   - clientDataJSON: The client data JSON.
  ///   - attestationObject: The attestation object.
  ///   - authenticatorData: The authenticator data.
  ///   - transports: The transports.
  ///   - publicKeyAlgorithm: The key's algorithm.
  ///   - publicKey: The key as SubjectPublicKeyInfo.
  public init(
    clientDataJSON: Base64URLBytes, attestationObject: Base64URLBytes,
    authenticatorData: Base64URLBytes? = nil, transports: [AuthenticatorTransport]? = nil,
    publicKeyAlgorithm: Int? = nil, publicKey: Base64URLBytes? = nil
  ) {
    self.clientDataJSON = clientDataJSON
    self.attestationObject = attestationObject
    self.authenticatorData = authenticatorData
    self.transports = transports
    self.publicKeyAlgorithm = publicKeyAlgorithm
    self.publicKey = publicKey
  }
}

/// An authentication's response (§5.2.2, JSON form).
public struct AuthenticatorAssertionResponseJSON: Sendable, Equatable, Codable {
  /// The client data JSON's bytes.
  public var clientDataJSON: Base64URLBytes
  /// The authenticator data's bytes.
  public var authenticatorData: Base64URLBytes
  /// The signature over the authenticator data and the client data's hash (DER for ES256).
  public var signature: Base64URLBytes
  /// The user handle the credential was created for; a discoverable credential sends it.
  public var userHandle: Base64URLBytes?

  /// Makes an authentication response.
  /// - Parameters:
  ///   - clientDataJSON: The client data JSON.
  ///   - authenticatorData: The authenticator data.
  ///   - signature: The signature.
  ///   - userHandle: The user handle.
  public init(
    clientDataJSON: Base64URLBytes, authenticatorData: Base64URLBytes,
    signature: Base64URLBytes, userHandle: Base64URLBytes? = nil
  ) {
    self.clientDataJSON = clientDataJSON
    self.authenticatorData = authenticatorData
    self.signature = signature
    self.userHandle = userHandle
  }
}
