import WebAuthn

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
    return Registration(
      credentialID: credential.credentialID, publicKey: credential.publicKeyBytes,
      signCount: data.signCount, backupEligible: data.flags.contains(.backupEligible),
      backedUp: data.flags.contains(.backedUp))
  }

  /// Checks an assertion (§7.2) against a stored credential, all but the sign count, which
  /// the store compares inside its transaction.
  /// - Parameters:
  ///   - clientDataJSON: the client data JSON's bytes.
  ///   - authenticatorData: the authenticator data's bytes.
  ///   - signature: the signature.
  ///   - challenge: the flow's challenge.
  ///   - publicKey: the stored COSE_Key bytes.
  /// - Returns: the assertion's sign count.
  /// - Throws: `PasskeyRefusal` for the first check that fails.
  func verifyAssertion(
    clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8],
    challenge: [UInt8], publicKey: [UInt8]
  ) throws(PasskeyRefusal) -> UInt32 {
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
    let verified =
      switch key {
      case .ec2P256(let x, let y):
        SignatureVerifier.es256(x: x, y: y, signature: signature, message: message)
      case .rsa(let n, let e):
        SignatureVerifier.rs256(n: n, e: e, signature: signature, message: message)
      }
    guard verified else { throw .signature }
    return data.signCount
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
  }

  private func checkAuthenticatorData(_ data: AuthenticatorData) throws(PasskeyRefusal) {
    guard ConstantTime.equals(data.rpIDHash, AuthenticatorData.rpIDHash(for: id)) else {
      throw .rpIDHash
    }
    // User verification is preferred, not required: UV is recorded by nobody and asked of
    // nobody, so an authenticator without it (soft-webauthn, a plain security key) works.
    guard data.flags.contains(.userPresent) else { throw .userNotPresent }
  }
}
