import WireFormat

/// The bytes an authenticator signs over with the client data's hash (WebAuthn Level 3
/// §6.1): the RP ID's hash, flags, the sign count, and on registration the new credential.
///
/// ``init(bytes:)`` checks every length against the input and refuses bytes left over;
/// ``bytes()`` writes them back.
///
/// ```swift
/// let data = try AuthenticatorData(
///   rpIDHash: AuthenticatorData.rpIDHash(for: "localhost"),
///   flags: [.userPresent, .userVerified], signCount: 1, attestedCredential: credential)
/// let signed = AuthenticatorData.signedBytes(
///   authenticatorData: data.bytes(), clientDataJSON: clientData.json())
/// ```
public struct AuthenticatorData: Sendable, Equatable {
  /// The flags byte (§6.1, "flags").
  public struct Flags: OptionSet, Sendable, Hashable {
    /// The byte.
    public let rawValue: UInt8
    /// Makes flags from their byte.
    /// - Parameter rawValue: The byte.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// UP: a person was present.
    public static let userPresent = Flags(rawValue: 0x01)
    /// UV: the person was verified (PIN, biometrics, the device's lock).
    public static let userVerified = Flags(rawValue: 0x04)
    /// BE: the credential may be backed up (synced).
    public static let backupEligible = Flags(rawValue: 0x08)
    /// BS: the credential is backed up now.
    public static let backedUp = Flags(rawValue: 0x10)
    /// AT: attested credential data follows.
    public static let attestedCredentialData = Flags(rawValue: 0x40)
    /// ED: extension outputs follow.
    public static let extensionData = Flags(rawValue: 0x80)
  }

  /// The length of the fixed part: RP ID hash, flags and sign count.
  static let fixedLength = 37

  /// SHA-256 of the RP ID, 32 bytes.
  public let rpIDHash: [UInt8]
  /// The flags; AT and ED always say whether ``attestedCredential`` and ``extensions`` are
  /// there.
  public let flags: Flags
  /// The signature counter, or 0 for an authenticator that keeps none.
  public let signCount: UInt32
  /// The new credential, on registration.
  public let attestedCredential: AttestedCredential?
  /// The authenticator's extension outputs, a CBOR map.
  public let extensions: CBOR?

  /// Makes authenticator data; AT and ED are set or cleared to match what is given.
  /// - Parameters:
  ///   - rpIDHash: SHA-256 of the RP ID, 32 bytes (``rpIDHash(for:)``).
  ///   - flags: The flags.
  ///   - signCount: The signature counter.
  ///   - attestedCredential: The new credential, on registration.
  ///   - extensions: Extension outputs, a map.
  /// - Throws: ``WebAuthnError/malformed(field:)`` for a hash of another length or
  ///   extensions that are not a map.
  public init(
    rpIDHash: [UInt8], flags: Flags, signCount: UInt32,
    attestedCredential: AttestedCredential? = nil, extensions: CBOR? = nil
  ) throws(WebAuthnError) {
    guard rpIDHash.count == 32 else { throw .malformed(field: "rpIdHash") }
    if let extensions, extensions.mapValue == nil { throw .malformed(field: "extensions") }
    var flags = flags
    flags.remove([.attestedCredentialData, .extensionData])
    if attestedCredential != nil { flags.insert(.attestedCredentialData) }
    if extensions != nil { flags.insert(.extensionData) }
    self.rpIDHash = rpIDHash
    self.flags = flags
    self.signCount = signCount
    self.attestedCredential = attestedCredential
    self.extensions = extensions
  }

  /// SHA-256 of an RP ID, as authenticator data carries it.
  /// - Parameter rpID: The RP ID, e.g. `example.com` or `localhost`.
  /// - Returns: 32 bytes.
  public static func rpIDHash(for rpID: String) -> [UInt8] { SHA256.digest(Array(rpID.utf8)) }

  /// What an assertion's or a packed attestation's signature covers: the authenticator
  /// data, then SHA-256 of the client data JSON (§6.3.3 step 11).
  /// - Parameters:
  ///   - authenticatorData: The authenticator data's bytes, as sent.
  ///   - clientDataJSON: The client data JSON's bytes, as sent.
  /// - Returns: The bytes to sign or verify.
  public static func signedBytes(
    authenticatorData: [UInt8], clientDataJSON: [UInt8]
  ) -> [UInt8] {
    authenticatorData + SHA256.digest(clientDataJSON)
  }

  /// The bytes: hash, flags, sign count (big-endian), then the attested credential data and
  /// the extensions when present.
  /// - Returns: The bytes.
  public func bytes() -> [UInt8] {
    var output = rpIDHash
    output.append(flags.rawValue)
    output += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: signCount >> UInt32($0)) }
    if let attestedCredential { output += attestedCredential.bytes() }
    if let extensions { output += extensions.encoded() }
    return output
  }
}
