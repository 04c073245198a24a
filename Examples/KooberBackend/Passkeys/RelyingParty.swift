import WebAuthn
import WireFormat

/// Why a passkey credential was refused. The routes answer one `invalid_passkey` for every
/// case (it tells an attacker nothing); the case says which WebAuthn Level 3 check failed,
/// for tests and logs.
enum PasskeyRefusal: Error, Sendable, Equatable {
  /// Client data, authenticator data, the attestation object or a COSE key that does not
  /// parse (JSON, CBOR, lengths).
  case malformed(WebAuthnError)
  /// Client data `type` other than the ceremony's (§7.1 step 7, §7.2 step 11).
  case ceremonyType
  /// Client data `challenge` other than the flow's.
  case challenge
  /// Client data `origin` not among the accepted ones.
  case origin
  /// Client data with `crossOrigin` true or any `topOrigin` (§7.1 steps 10–11): this RP is
  /// never framed.
  case crossOrigin
  /// Authenticator data's RP ID hash is not SHA-256 of the RP ID.
  case rpIDHash
  /// The user-present flag (UP) is not set.
  case userNotPresent
  /// A registration without attested credential data.
  case noAttestedCredential
  /// The credential's `rawId` is not the attested credential id.
  case credentialID
  /// A key of an algorithm the options did not offer (ES256, RS256).
  case algorithm
  /// A key that can never verify: an RSA key outside 2048–8192 bits, a point off P-256.
  case unusableKey
  /// Backed up (BS) without backup eligible (BE), or a BE other than the stored one.
  case backupState
  /// An assertion with no credential of that id.
  case unknownCredential
  /// An assertion without a `userHandle`, or with one that is not the credential's user's.
  case userHandle
  /// A signature that does not verify over authenticator data ‖ SHA-256(client data).
  case signature
  /// A sign count that does not grow while either count is non-zero.
  case signCount
}

/// The relying party's checks of WebAuthn Level 3 §7.1 (registration) and §7.2
/// (authentication), over bytes parsed by the `WebAuthn` module and signatures checked by
/// `SignatureVerifier`. Stateless: the routes bring the flow's challenge and the stored key.
struct RelyingParty: Sendable {
  /// The RP ID.
  var id: String
  /// The origins accepted in client data.
  var origins: [String]
  /// Counts the signatures checked, for tests that an unknown credential costs the same.
  var signatureChecks: Locked<Int>?

  /// The key an assertion for an unknown credential is checked against, so it costs the
  /// same work as a known one: P-256's generator point, whose private key is 1 and which no
  /// authenticator uses.
  static let standInKey = COSEKey.ec2P256(
    x: [
      0x6B, 0x17, 0xD1, 0xF2, 0xE1, 0x2C, 0x42, 0x47, 0xF8, 0xBC, 0xE6, 0xE5, 0x63, 0xA4, 0x40,
      0xF2, 0x77, 0x03, 0x7D, 0x81, 0x2D, 0xEB, 0x33, 0xA0, 0xF4, 0xA1, 0x39, 0x45, 0xD8, 0x98,
      0xC2, 0x96,
    ],
    y: [
      0x4F, 0xE3, 0x42, 0xE2, 0xFE, 0x1A, 0x7F, 0x9B, 0x8E, 0xE7, 0xEB, 0x4A, 0x7C, 0x0F, 0x9E,
      0x16, 0x2B, 0xCE, 0x33, 0x57, 0x6B, 0x31, 0x5E, 0xCE, 0xCB, 0xB6, 0x40, 0x68, 0x37, 0xBF,
      0x51, 0xF5,
    ]
  ).cbor.encoded()

  /// A registration that passed every check.
  struct Registration: Sendable {
    var credentialID: [UInt8]
    /// The COSE_Key bytes as the authenticator wrote them.
    var publicKey: [UInt8]
    var signCount: UInt32
    var backupEligible: Bool
    var backedUp: Bool
  }

  /// Checks a registration response (§7.1). Attestation statements are not verified: the
  /// options asked for `none`, so any format is accepted as if it were.
  /// - Parameters:
  ///   - clientDataJSON: the client data JSON's bytes.
  ///   - attestationObject: the attestation object's CBOR bytes.
  ///   - rawID: the credential's `rawId`.
  ///   - challenge: the flow's challenge.
  /// - Returns: the credential to keep.
  /// - Throws: `PasskeyRefusal` for the first check that fails.
  func verifyRegistration(
    clientDataJSON: [UInt8], attestationObject: [UInt8], rawID: [UInt8], challenge: [UInt8]
  ) throws(PasskeyRefusal) -> Registration {
    try checkClientData(clientDataJSON, type: .create, challenge: challenge)
    let object: AttestationObject
    do {
      object = try AttestationObject(bytes: attestationObject)
    } catch .unsupportedKey {
      // `COSEKey` reads only the two offered (ES256, RS256): any other is this.
      throw .algorithm
    } catch {
      throw .malformed(error)
    }
    let data = object.authenticatorData
    try checkAuthenticatorData(data)
    guard let credential = data.attestedCredential else { throw .noAttestedCredential }
    guard ConstantTime.equals(credential.credentialID, rawID) else { throw .credentialID }
    guard SignatureVerifier.isUsable(credential.publicKey) else { throw .unusableKey }
    return Registration(
      credentialID: credential.credentialID, publicKey: credential.publicKeyBytes,
      signCount: data.signCount, backupEligible: data.flags.contains(.backupEligible),
      backedUp: data.flags.contains(.backedUp))
  }

  /// An assertion that passed every check but the sign count.
  struct Assertion: Sendable {
    var signCount: UInt32
    /// The BS flag, which the store keeps (§7.2 step 19).
    var backedUp: Bool
  }

  /// Checks an assertion (§7.2) against a stored credential, all but the sign count, which
  /// the store compares inside its transaction.
  /// - Parameters:
  ///   - clientDataJSON: the client data JSON's bytes.
  ///   - authenticatorData: the authenticator data's bytes.
  ///   - signature: the signature.
  ///   - challenge: the flow's challenge.
  ///   - publicKey: the stored COSE_Key bytes.
  ///   - backupEligible: the stored BE flag, which must not change (§7.2 step 18).
  /// - Returns: the assertion's sign count and backup state.
  /// - Throws: `PasskeyRefusal` for the first check that fails.
  func verifyAssertion(
    clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8],
    challenge: [UInt8], publicKey: [UInt8], backupEligible: Bool
  ) throws(PasskeyRefusal) -> Assertion {
    try checkClientData(clientDataJSON, type: .get, challenge: challenge)
    let data: AuthenticatorData
    let key: COSEKey
    do {
      data = try AuthenticatorData(bytes: authenticatorData)
      key = try COSEKey(cbor: publicKey)
    } catch {
      throw .malformed(error)
    }
    try checkAuthenticatorData(data)
    let message = AuthenticatorData.signedBytes(
      authenticatorData: authenticatorData, clientDataJSON: clientDataJSON)
    signatureChecks?.withLock { $0 += 1 }
    guard SignatureVerifier.verify(key, signature: signature, message: message) else {
      throw .signature
    }
    guard data.flags.contains(.backupEligible) == backupEligible else { throw .backupState }
    return Assertion(signCount: data.signCount, backedUp: data.flags.contains(.backedUp))
  }

  private func checkClientData(
    _ bytes: [UInt8], type: CollectedClientData.CeremonyType, challenge: [UInt8]
  ) throws(PasskeyRefusal) {
    let clientData: CollectedClientData
    do {
      clientData = try CollectedClientData(json: bytes)
    } catch {
      throw .malformed(error)
    }
    guard clientData.type == type else { throw .ceremonyType }
    guard ConstantTime.equals(clientData.challenge, challenge) else { throw .challenge }
    guard origins.contains(clientData.origin) else { throw .origin }
    guard !clientData.crossOrigin, clientData.topOrigin == nil else { throw .crossOrigin }
  }

  private func checkAuthenticatorData(_ data: AuthenticatorData) throws(PasskeyRefusal) {
    guard ConstantTime.equals(data.rpIDHash, AuthenticatorData.rpIDHash(for: id)) else {
      throw .rpIDHash
    }
    // User verification is preferred, not required: UV is recorded by nobody and asked of
    // nobody, so an authenticator without it (soft-webauthn, a plain security key) works.
    guard data.flags.contains(.userPresent) else { throw .userNotPresent }
    // §6.1.3: a credential cannot be backed up unless it is eligible for backup.
    if data.flags.contains(.backedUp) && !data.flags.contains(.backupEligible) {
      throw .backupState
    }
  }
}
