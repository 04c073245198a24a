import Foundation
import LoginCore
import WebAuthn

/// A passkey authenticator in software: ES256 keys made and kept on this device, in a private
/// folder (or, for tests, in memory), through libcrypto on Linux and CryptoKit on Apple
/// platforms.
///
/// Its credentials are discoverable (one per site and user: the passkey names its user, so a
/// sign-in needs no identifier), each with a signature counter one higher at every use. User
/// presence is always asserted: calling it is the person's gesture. User verification is
/// asserted when the app's local check (`userVerification`, e.g. the device password or a
/// fingerprint reader) passes; a check that fails cancels the request. The client data names
/// the origin `https://<RP ID>`, or the one the app gives.
///
/// ```swift
/// let passkeys = SoftwareAuthenticator(
///   folder: dataFolder.appendingPathComponent("Passkeys"), userVerification: askDevicePassword)
/// let session = try await service.signIn(withPasskeyFrom: passkeys)
/// ```
///
/// What a key in a file protects against, and what not, is in <doc:SoftwarePasskeys>.
public actor SoftwareAuthenticator: PasskeyAuthenticator {
  /// The origin written in client data, or `nil` for `https://<RP ID>`.
  public nonisolated let origin: String?

  let vault: any CredentialVault
  let userVerification: (@Sendable () async -> Bool)?

  /// An authenticator whose keys live in `folder`, kept 0700 with its files 0600; a folder or
  /// file another user made or can write is refused, never used.
  /// - Parameters:
  ///   - folder: The folder of its keys, created when missing.
  ///   - origin: The origin to write in client data, e.g. `https://app.example.com` when
  ///     the server accepts that one; `nil` (the default) for `https://<RP ID>`.
  ///   - userVerification: The app's local check of the person, or `nil` when it has none
  ///     (no request then claims user verification, and one that requires it is refused).
  public init(
    folder: URL, origin: String? = nil,
    userVerification: (@Sendable () async -> Bool)? = nil
  ) {
    self.init(
      vault: FolderVault(folder: folder), origin: origin, userVerification: userVerification)
  }

  init(
    vault: any CredentialVault, origin: String?, userVerification: (@Sendable () async -> Bool)?
  ) {
    self.vault = vault
    self.origin = origin
    self.userVerification = userVerification
  }

  /// An authenticator whose keys live in memory only, gone with it: for tests.
  /// - Parameters:
  ///   - origin: As `init(folder:origin:userVerification:)`'s.
  ///   - userVerification: As `init(folder:origin:userVerification:)`'s.
  /// - Returns: The authenticator, with no passkey yet.
  public static func inMemory(
    origin: String? = nil, userVerification: (@Sendable () async -> Bool)? = nil
  ) -> SoftwareAuthenticator {
    SoftwareAuthenticator(vault: MemoryVault(), origin: origin, userVerification: userVerification)
  }

  /// Whether it holds a passkey for a site.
  /// - Parameter rpID: The site's RP ID, e.g. `localhost`.
  /// - Returns: Whether one is kept.
  /// - Throws: `.unavailable(.storage(_:))` when its folder cannot be read.
  public func hasPasskey(for rpID: String) throws(AuthFailure) -> Bool {
    try !vault.credentials(of: rpID).isEmpty
  }

  /// Makes a new passkey for the options' site and user and keeps it (WebAuthn §6.3.2): a new
  /// ES256 key, its credential id 32 random bytes, its counter 0, the `none` attestation. A
  /// passkey it kept for the same site and user is replaced.
  /// - Parameter options: The server's creation options.
  /// - Returns: The credential for the server.
  /// - Throws: `.refused(.passkeyExists)` when it holds one of `excludeCredentials` (§6.3.2
  ///   step 3); `.refused(.passkeyCancelled)` when the local check failed or user
  ///   verification is required without one; `.unavailable(.serverTrouble(_:))` for options
  ///   it cannot honour (no RP ID, an RP ID the origin cannot speak for, no ES256);
  ///   `.unavailable(.storage(_:))` when the key cannot be made or kept.
  public func register(_ options: PublicKeyCredentialCreationOptionsJSON)
    async throws(AuthFailure) -> RegistrationResponseJSON
  {
    let rpID = try relyingParty(options.rp.id)
    let offersES256 =
      options.pubKeyCredParams.isEmpty
      || options.pubKeyCredParams.contains {
        $0.type == .publicKey && $0.alg == COSEKey.Algorithm.es256.rawValue
      }
    guard offersES256 else { throw Self.unusable("the server offers no ES256 key") }
    let excluded = Set(options.excludeCredentials.map(\.id.bytes))
    if try vault.credentials(of: rpID).contains(where: { excluded.contains($0.credentialID.bytes) })
    {
      throw .refused(.passkeyExists)
    }
    let verified = try await verifyUser(options.authenticatorSelection?.userVerification)
    let key = try P256Key.generate()
    guard let id = P256Backend.randomBytes(32) else {
      throw .unavailable(.storage("the system's random source failed"))
    }
    let credential = SoftwareCredential(
      credentialID: Base64URLBytes(id), rpID: rpID, userHandle: options.user.id,
      userName: options.user.name, privateKey: Base64URLBytes(key.scalar), signCount: 0,
      created: Date())
    let attested: AttestedCredential
    do {
      attested = try AttestedCredential(credentialID: id, publicKey: key.publicKey)
    } catch {
      throw .unavailable(.storage("the new credential could not be written (\(error))"))
    }
    let data = try authenticatorData(
      rpID: rpID, verified: verified, signCount: 0, attested: attested)
    let clientData = CollectedClientData(
      type: .create, challenge: options.challenge.bytes, origin: origin(of: rpID)
    ).json()
    // Kept before it is handed out: a credential the server registers is never one this
    // device has lost.
    try vault.save(credential)
    let response = AuthenticatorAttestationResponseJSON(
      clientDataJSON: Base64URLBytes(clientData),
      attestationObject: Base64URLBytes(AttestationObject.none(authenticatorData: data).bytes()),
      authenticatorData: Base64URLBytes(data.bytes()), transports: [.internal],
      publicKeyAlgorithm: COSEKey.Algorithm.es256.rawValue,
      publicKey: Base64URLBytes(Self.subjectPublicKeyInfo(key.publicKey)))
    return RegistrationResponseJSON(
      rawId: Base64URLBytes(id), response: response, authenticatorAttachment: .platform)
  }

  // MARK: - Shared by both ceremonies

  /// The RP ID the options name, checked against the app's origin when it gave one.
  func relyingParty(_ rpID: String?) throws(AuthFailure) -> String {
    guard let rpID, !rpID.isEmpty else { throw Self.unusable("the options name no RP ID") }
    guard let origin else { return rpID }
    // As a browser does (§5.1.3 step 8): the RP ID is the origin's host or a suffix of it.
    let host = URLComponents(string: origin)?.host?.lowercased() ?? ""
    guard host == rpID.lowercased() || host.hasSuffix("." + rpID.lowercased()) else {
      throw Self.unusable("the RP ID \(rpID) is not a domain of \(origin)")
    }
    return rpID
  }

  /// The origin to write for `rpID`.
  func origin(of rpID: String) -> String {
    origin ?? "https://" + rpID
  }

  /// Runs the app's local check unless the options discourage it.
  /// - Returns: Whether the person was verified.
  /// - Throws: `.refused(.passkeyCancelled)` when the check failed, or when verification is
  ///   required and the app has no check.
  func verifyUser(_ requirement: UserVerificationRequirement?) async throws(AuthFailure)
    -> Bool
  {
    guard requirement != .discouraged else { return false }
    guard let userVerification else {
      if requirement == .required { throw .refused(.passkeyCancelled) }
      return false
    }
    guard await userVerification() else { throw .refused(.passkeyCancelled) }
    return true
  }

  /// Authenticator data with user presence always, user verification when `verified`, and
  /// no backup flags: a key in a file of this device is never synced.
  func authenticatorData(
    rpID: String, verified: Bool, signCount: UInt32, attested: AttestedCredential? = nil
  ) throws(AuthFailure) -> AuthenticatorData {
    var flags: AuthenticatorData.Flags = [.userPresent]
    if verified { flags.insert(.userVerified) }
    do {
      return try AuthenticatorData(
        rpIDHash: AuthenticatorData.rpIDHash(for: rpID), flags: flags, signCount: signCount,
        attestedCredential: attested)
    } catch {
      throw .unavailable(.storage("the authenticator data could not be written (\(error))"))
    }
  }

  /// Options this authenticator cannot honour: the server's trouble, not the person's.
  static func unusable(_ reason: String) -> AuthFailure {
    .unavailable(.serverTrouble("passkey options not usable: \(reason)"))
  }

  /// A P-256 key as X.509's SubjectPublicKeyInfo (RFC 5480), the L3 JSON's `publicKey`.
  static func subjectPublicKeyInfo(_ key: COSEKey) -> [UInt8] {
    guard case .ec2P256(let x, let y) = key else { return [] }
    let prefix: [UInt8] = [
      0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01, 0x06, 0x08,
      0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00, 0x04,
    ]
    return prefix + x + y
  }
}
