import WebAuthn

/// A small software authenticator for the backend's passkey tests: one discoverable
/// credential, a sign count, user presence; built with the `WebAuthn` module's builders and
/// `TestSigningKey`. Each ceremony can be bent one way (`Bend`) to meet one of the relying
/// party's checks.
final class TestAuthenticator {
  /// One departure from an honest ceremony.
  struct Bend {
    /// The origin written in client data.
    var origin = "https://localhost"
    /// The RP ID whose hash goes into authenticator data.
    var rpID = "localhost"
    /// The ceremony type written in client data; nil writes the honest one.
    var type: CollectedClientData.CeremonyType?
    /// The challenge to sign instead of the options' one.
    var challenge: [UInt8]?
    /// Whether the user-present flag is set.
    var userPresent = true
    /// The sign count to send instead of the next one.
    var signCount: UInt32?
    /// The user handle to send instead of the credential's (`.some(nil)` sends none).
    var userHandle: [UInt8]??
    /// Whether one bit of the signature is flipped.
    var flipSignatureBit = false
    /// Whether registration leaves out the attested credential data.
    var withoutAttestedCredential = false
    /// The `crossOrigin` written in client data.
    var crossOrigin = false
    /// The `topOrigin` written in client data.
    var topOrigin: String?
    /// Flags set beside user presence (e.g. BE, BS).
    var flags: AuthenticatorData.Flags = []
    /// The public key registration attests instead of the signing key's.
    var publicKey: COSEKey?

    static let none = Bend()
  }

  let key: TestSigningKey
  let credentialID: [UInt8]
  /// The user handle of the registered credential.
  private(set) var userHandle: [UInt8]?
  /// The latest sign count sent.
  private(set) var signCount: UInt32
  /// Whether each assertion counts one up; an authenticator that starts at 0 keeps no count.
  private var counts: Bool

  /// An authenticator with a new key.
  /// - Parameters:
  ///   - key: the credential's key; a new ES256 key by default.
  ///   - initialSignCount: the count registration reports (0: a counter that starts at 0).
  init(key: TestSigningKey? = nil, initialSignCount: UInt32 = 0) throws {
    self.key = try key ?? TestSigningKey()
    credentialID = (0..<16).map { _ in UInt8.random(in: 0...255) }
    signCount = initialSignCount
    counts = initialSignCount > 0
  }

  /// Makes a credential for creation options (`navigator.credentials.create`).
  func register(
    _ options: PublicKeyCredentialCreationOptionsJSON, bend: Bend = .none
  ) throws -> RegistrationResponseJSON {
    userHandle = options.user.id.bytes
    let clientData = CollectedClientData(
      type: bend.type ?? .create, challenge: bend.challenge ?? options.challenge.bytes,
      origin: bend.origin, crossOrigin: bend.crossOrigin, topOrigin: bend.topOrigin
    ).json()
    let attested =
      bend.withoutAttestedCredential
      ? nil
      : try AttestedCredential(
        credentialID: credentialID, publicKey: bend.publicKey ?? key.publicKey)
    let data = try AuthenticatorData(
      rpIDHash: AuthenticatorData.rpIDHash(for: bend.rpID),
      flags: bend.flags.union(bend.userPresent ? [.userPresent] : []), signCount: signCount,
      attestedCredential: attested)
    let object = AttestationObject.none(authenticatorData: data)
    return RegistrationResponseJSON(
      rawId: Base64URLBytes(credentialID),
      response: AuthenticatorAttestationResponseJSON(
        clientDataJSON: Base64URLBytes(clientData),
        attestationObject: Base64URLBytes(object.bytes()), transports: [.internal]))
  }

  /// Signs an assertion for request options (`navigator.credentials.get`).
  func authenticate(
    _ options: PublicKeyCredentialRequestOptionsJSON, bend: Bend = .none
  ) throws -> AuthenticationResponseJSON {
    if bend.signCount == nil && counts { signCount += 1 }
    let count = bend.signCount ?? signCount
    let clientData = CollectedClientData(
      type: bend.type ?? .get, challenge: bend.challenge ?? options.challenge.bytes,
      origin: bend.origin, crossOrigin: bend.crossOrigin, topOrigin: bend.topOrigin
    ).json()
    let data = try AuthenticatorData(
      rpIDHash: AuthenticatorData.rpIDHash(for: bend.rpID),
      flags: bend.flags.union(bend.userPresent ? [.userPresent] : []), signCount: count
    ).bytes()
    var signature = try key.sign(
      AuthenticatorData.signedBytes(authenticatorData: data, clientDataJSON: clientData))
    if bend.flipSignatureBit { signature[signature.count / 2] ^= 0x01 }
    let handle = bend.userHandle ?? userHandle
    return AuthenticationResponseJSON(
      rawId: Base64URLBytes(credentialID),
      response: AuthenticatorAssertionResponseJSON(
        clientDataJSON: Base64URLBytes(clientData), authenticatorData: Base64URLBytes(data),
        signature: Base64URLBytes(signature), userHandle: handle.map { Base64URLBytes($0) }))
  }

  /// Makes the authenticator count from now on (a counter that starts above 0).
  func startCounting(at value: UInt32) {
    signCount = value
    counts = true
  }
}
