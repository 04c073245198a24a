/// The string vocabularies of the W3C JSON forms. Each is a string wrapper rather than an
/// enum: WebAuthn says a value a party does not know is ignored, not an error, so decoding
/// keeps it.

/// A credential type (§5.8.2); WebAuthn defines one.
public struct PublicKeyCredentialType: RawRepresentable, Sendable, Hashable, Codable {
  /// The value as JSON writes it.
  public var rawValue: String
  /// Wraps a value.
  /// - Parameter rawValue: The value as JSON writes it.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// `public-key`: A public-key credential.
  public static let publicKey = PublicKeyCredentialType(rawValue: "public-key")
}

/// How a client can reach an authenticator (§5.8.4); values it does not know are kept.
public struct AuthenticatorTransport: RawRepresentable, Sendable, Hashable, Codable {
  /// The value as JSON writes it.
  public var rawValue: String
  /// Wraps a value.
  /// - Parameter rawValue: The value as JSON writes it.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// `usb`: Removable, over USB.
  public static let usb = AuthenticatorTransport(rawValue: "usb")
  /// `nfc`: Over NFC.
  public static let nfc = AuthenticatorTransport(rawValue: "nfc")
  /// `ble`: Over Bluetooth Low Energy.
  public static let ble = AuthenticatorTransport(rawValue: "ble")
  /// `smart-card`: An ISO/IEC 7816 smart card.
  public static let smartCard = AuthenticatorTransport(rawValue: "smart-card")
  /// `hybrid`: A phone, over the hybrid transport.
  public static let hybrid = AuthenticatorTransport(rawValue: "hybrid")
  /// `internal`: Built into the client's device.
  public static let `internal` = AuthenticatorTransport(rawValue: "internal")
}

/// Where an authenticator sits (§5.4.5).
public struct AuthenticatorAttachment: RawRepresentable, Sendable, Hashable, Codable {
  /// The value as JSON writes it.
  public var rawValue: String
  /// Wraps a value.
  /// - Parameter rawValue: The value as JSON writes it.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// `platform`: Built into the client's device.
  public static let platform = AuthenticatorAttachment(rawValue: "platform")
  /// `cross-platform`: Removable or on another device.
  public static let crossPlatform = AuthenticatorAttachment(rawValue: "cross-platform")
}

/// Whether the credential should be discoverable (§5.4.6).
public struct ResidentKeyRequirement: RawRepresentable, Sendable, Hashable, Codable {
  /// The value as JSON writes it.
  public var rawValue: String
  /// Wraps a value.
  /// - Parameter rawValue: The value as JSON writes it.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// `discouraged`: A server-side credential is preferred.
  public static let discouraged = ResidentKeyRequirement(rawValue: "discouraged")
  /// `preferred`: A discoverable credential if possible.
  public static let preferred = ResidentKeyRequirement(rawValue: "preferred")
  /// `required`: A discoverable credential, or none.
  public static let required = ResidentKeyRequirement(rawValue: "required")
}

/// Whether the authenticator should verify the person (§5.8.6).
public struct UserVerificationRequirement: RawRepresentable, Sendable, Hashable, Codable {
  /// The value as JSON writes it.
  public var rawValue: String
  /// Wraps a value.
  /// - Parameter rawValue: The value as JSON writes it.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// `required`: Verification is required.
  public static let required = UserVerificationRequirement(rawValue: "required")
  /// `preferred`: Verification if the authenticator can.
  public static let preferred = UserVerificationRequirement(rawValue: "preferred")
  /// `discouraged`: No verification, for less friction.
  public static let discouraged = UserVerificationRequirement(rawValue: "discouraged")
}

/// What attestation the relying party wants (§5.4.7).
public struct AttestationConveyancePreference: RawRepresentable, Sendable, Hashable, Codable {
  /// The value as JSON writes it.
  public var rawValue: String
  /// Wraps a value.
  /// - Parameter rawValue: The value as JSON writes it.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// `none`: No attestation.
  public static let none = AttestationConveyancePreference(rawValue: "none")
  /// `indirect`: Attestation the client may anonymize.
  public static let indirect = AttestationConveyancePreference(rawValue: "indirect")
  /// `direct`: The authenticator's own attestation.
  public static let direct = AttestationConveyancePreference(rawValue: "direct")
  /// `enterprise`: Attestation that may identify the device.
  public static let enterprise = AttestationConveyancePreference(rawValue: "enterprise")
}
