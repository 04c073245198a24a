/// The options of a registration (WebAuthn Level 3 §5.4, in §5.1.5's JSON form): what a
/// relying party sends a client to create a credential.
///
/// Members this type does not model are ignored on decode; missing `excludeCredentials`
/// reads as empty.
///
/// ```swift
/// let options = try JSONDecoder().decode(
///   PublicKeyCredentialCreationOptionsJSON.self, from: body)
/// options.rp.id                                   // "example.com"
/// ```
public struct PublicKeyCredentialCreationOptionsJSON: Sendable, Equatable, Codable {
  /// The relying party.
  public var rp: PublicKeyCredentialRpEntity
  /// The account the credential is for.
  public var user: PublicKeyCredentialUserEntityJSON
  /// The challenge, to be signed over through the client data.
  public var challenge: Base64URLBytes
  /// The algorithms the relying party accepts, most preferred first.
  public var pubKeyCredParams: [PublicKeyCredentialParameters]
  /// How long the ceremony may take, in milliseconds.
  public var timeout: UInt32?
  /// Credentials the account already has: an authenticator holding one must not make another.
  public var excludeCredentials: [PublicKeyCredentialDescriptorJSON]
  /// What kind of authenticator and credential the relying party wants.
  public var authenticatorSelection: AuthenticatorSelectionCriteria?
  /// The attestation the relying party wants; absent means `none`.
  public var attestation: AttestationConveyancePreference?

  /// Makes creation options.
  /// - Parameters:
  ///   - rp: The relying party.
  ///   - user: The account.
  ///   - challenge: The challenge.
  ///   - pubKeyCredParams: The accepted algorithms.
  ///   - timeout: The time limit in milliseconds.
  ///   - excludeCredentials: The account's credentials.
  ///   - authenticatorSelection: The kind of authenticator wanted.
  ///   - attestation: The attestation wanted.
  public init(
    rp: PublicKeyCredentialRpEntity, user: PublicKeyCredentialUserEntityJSON,
    challenge: Base64URLBytes, pubKeyCredParams: [PublicKeyCredentialParameters],
    timeout: UInt32? = nil, excludeCredentials: [PublicKeyCredentialDescriptorJSON] = [],
    authenticatorSelection: AuthenticatorSelectionCriteria? = nil,
    attestation: AttestationConveyancePreference? = nil
  ) {
    self.rp = rp
    self.user = user
    self.challenge = challenge
    self.pubKeyCredParams = pubKeyCredParams
    self.timeout = timeout
    self.excludeCredentials = excludeCredentials
    self.authenticatorSelection = authenticatorSelection
    self.attestation = attestation
  }

  private enum CodingKeys: String, CodingKey {
    case rp, user, challenge, pubKeyCredParams, timeout, excludeCredentials
    case authenticatorSelection, attestation
  }

  /// Decodes the JSON form; a missing `excludeCredentials` reads as empty.
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` for a required member missing or of the wrong type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      rp: try container.decode(PublicKeyCredentialRpEntity.self, forKey: .rp),
      user: try container.decode(PublicKeyCredentialUserEntityJSON.self, forKey: .user),
      challenge: try container.decode(Base64URLBytes.self, forKey: .challenge),
      pubKeyCredParams: try container.decode(
        [PublicKeyCredentialParameters].self, forKey: .pubKeyCredParams),
      timeout: try container.decodeIfPresent(UInt32.self, forKey: .timeout),
      excludeCredentials: try container.decodeIfPresent(
        [PublicKeyCredentialDescriptorJSON].self, forKey: .excludeCredentials) ?? [],
      authenticatorSelection: try container.decodeIfPresent(
        AuthenticatorSelectionCriteria.self, forKey: .authenticatorSelection),
      attestation: try container.decodeIfPresent(
        AttestationConveyancePreference.self, forKey: .attestation))
  }
}

/// The relying party in creation options (§5.4.2).
public struct PublicKeyCredentialRpEntity: Sendable, Equatable, Codable {
  /// The RP ID, e.g. `example.com`; absent means the client's origin's effective domain.
  public var id: String?
  /// The relying party's name, for people.
  public var name: String

  /// Makes the relying party.
  /// - Parameters:
  ///   - id: The RP ID.
  ///   - name: The name.
  public init(id: String?, name: String) {
    self.id = id
    self.name = name
  }
}

/// The account in creation options (§5.4.3, JSON form).
public struct PublicKeyCredentialUserEntityJSON: Sendable, Equatable, Codable {
  /// The user handle: up to 64 bytes that name the account, never an email.
  public var id: Base64URLBytes
  /// The account's name, e.g. its email.
  public var name: String
  /// The name to show, e.g. the person's name.
  public var displayName: String

  /// Makes the account.
  /// - Parameters:
  ///   - id: The user handle.
  ///   - name: The account's name.
  ///   - displayName: The name to show.
  public init(id: Base64URLBytes, name: String, displayName: String) {
    self.id = id
    self.name = name
    self.displayName = displayName
  }
}

/// An accepted algorithm (§5.3): a credential type and a COSE algorithm identifier.
public struct PublicKeyCredentialParameters: Sendable, Equatable, Codable {
  /// The credential type, `public-key`.
  public var type: PublicKeyCredentialType
  /// The COSE algorithm identifier, e.g. -7 for ES256; any integer, known here or not.
  public var alg: Int

  /// Makes an accepted algorithm.
  /// - Parameters:
  ///   - type: The credential type.
  ///   - alg: The COSE algorithm identifier.
  public init(type: PublicKeyCredentialType = .publicKey, alg: Int) {
    self.type = type
    self.alg = alg
  }

  /// A public-key credential with one of the algorithms this module reads keys for.
  /// - Parameter algorithm: The algorithm.
  public init(_ algorithm: COSEKey.Algorithm) {
    self.init(alg: algorithm.rawValue)
  }
}

/// What kind of authenticator and credential the relying party wants (§5.4.4).
public struct AuthenticatorSelectionCriteria: Sendable, Equatable, Codable {
  /// Platform or cross-platform.
  public var authenticatorAttachment: AuthenticatorAttachment?
  /// Whether the credential should be discoverable.
  public var residentKey: ResidentKeyRequirement?
  /// Level 1's form of `residentKey: required`.
  public var requireResidentKey: Bool?
  /// Whether the person should be verified.
  public var userVerification: UserVerificationRequirement?

  /// Makes selection criteria.
  /// - Parameters:
  ///   - authenticatorAttachment: Platform or cross-platform.
  ///   - residentKey: Whether discoverable.
  ///   - requireResidentKey: Level 1's form.
  ///   - userVerification: Whether verified.
  public init(
    authenticatorAttachment: AuthenticatorAttachment? = nil,
    residentKey: ResidentKeyRequirement? = nil, requireResidentKey: Bool? = nil,
    userVerification: UserVerificationRequirement? = nil
  ) {
    self.authenticatorAttachment = authenticatorAttachment
    self.residentKey = residentKey
    self.requireResidentKey = requireResidentKey
    self.userVerification = userVerification
  }
}
