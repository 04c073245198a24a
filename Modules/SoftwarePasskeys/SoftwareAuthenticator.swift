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
/// the origin `https://<RP ID>`, or the one the app gives. An app that keeps one folder for
/// several servers must give the origin (the server's host): without it, any server's RP ID
/// is taken as its own origin, and a server naming another site's RP ID would be answered
/// with that site's passkey.
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
  /// The user name whose passkey answers when several of a site's could (an account's e-mail
  /// address, say), or `nil` for the one kept last.
  public nonisolated let preferredUserName: String?

  /// The id of the passkey this instance made last, or `nil`: for the app to `forget` it
  /// when the server does not finish registering it (a key the server never knew would
  /// otherwise answer, as the newest, every later sign-in).
  public private(set) var lastMadeCredentialID: Base64URLBytes?

  let vault: any CredentialVault
  let userVerification: (@Sendable () async -> Bool)?

  /// An authenticator whose keys live in `folder`, kept 0700 with its files 0600; a folder or
  /// file another user made or can write is refused, never used.
  /// - Parameters:
  ///   - folder: The folder of its keys, created when missing.
  ///   - origin: The origin to write in client data, e.g. `https://app.example.com` when
  ///     the server accepts that one; `nil` (the default) for `https://<RP ID>`. Give it
  ///     when `folder` serves more than one server.
  ///   - preferredUserName: The user name whose passkey answers when several could; `nil`
  ///     (the default) for the one kept last.
  ///   - userVerification: The app's local check of the person, or `nil` when it has none
  ///     (no request then claims user verification, and one that requires it is refused).
  public init(
    folder: URL, origin: String? = nil, preferredUserName: String? = nil,
    userVerification: (@Sendable () async -> Bool)? = nil
  ) {
    self.init(
      vault: FolderVault(folder: folder), origin: origin, preferredUserName: preferredUserName,
      userVerification: userVerification)
  }

  init(
    vault: any CredentialVault, origin: String?, preferredUserName: String? = nil,
    userVerification: (@Sendable () async -> Bool)?
  ) {
    self.vault = vault
    self.origin = origin
    self.preferredUserName = preferredUserName
    self.userVerification = userVerification
  }

  /// An authenticator whose keys live in memory only, gone with it: for tests.
  /// - Parameters:
  ///   - origin: As `init(folder:origin:preferredUserName:userVerification:)`'s.
  ///   - preferredUserName: As `init(folder:origin:preferredUserName:userVerification:)`'s.
  ///   - userVerification: As `init(folder:origin:preferredUserName:userVerification:)`'s.
  /// - Returns: The authenticator, with no passkey yet.
  public static func inMemory(
    origin: String? = nil, preferredUserName: String? = nil,
    userVerification: (@Sendable () async -> Bool)? = nil
  ) -> SoftwareAuthenticator {
    SoftwareAuthenticator(
      vault: MemoryVault(), origin: origin, preferredUserName: preferredUserName,
      userVerification: userVerification)
  }

  /// Forgets a passkey: its key is removed from this device, so it never signs again. For
  /// one the server never registered (its registration failed to finish) or no longer
  /// knows (removed from the account).
  /// - Parameter credentialID: The credential's id, as the server knows it.
  /// - Returns: Whether it was kept here.
  /// - Throws: `.unavailable(.storage(_:))` when its folder cannot be read or changed.
  @discardableResult
  public func forget(credentialID: Base64URLBytes) throws(AuthFailure) -> Bool {
    try vault.forget(credentialID: credentialID)
  }

  /// Forgets a passkey named by its id's base64url text, as a server's list shows it.
  /// - Parameter credentialID: The id's base64url text; text that is not base64url names none.
  /// - Returns: Whether it was kept here.
  /// - Throws: `.unavailable(.storage(_:))` when its folder cannot be read or changed.
  @discardableResult
  public func forget(credentialID: String) throws(AuthFailure) -> Bool {
    guard let id = try? Base64URLBytes(base64URL: credentialID) else { return false }
    return try forget(credentialID: id)
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
    // device has lost. Under the vault's lock, so a sign-in counting up the slot's previous
    // key at the same time cannot write that key back over this one.
    try await vault.exclusively { () throws(AuthFailure) in try vault.save(credential) }
    lastMadeCredentialID = credential.credentialID
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
    let name = rpID.lowercased()
    // A single label is no registrable domain (a public suffix such as `com`, or a name
    // local to some network); `localhost` is the one a browser accepts.
    guard name.contains(".") || name == "localhost" || Self.isAddress(name) else {
      throw Self.unusable("the RP ID \(rpID) is not a domain")
    }
    let written = origin(of: rpID)
    // As a browser does (§5.1.3 step 8): the RP ID is the origin's host or, for a domain, a
    // suffix of it; an address has no suffixes.
    let host = URLComponents(string: written)?.host?.lowercased() ?? ""
    guard host == name || !Self.isAddress(name) && host.hasSuffix("." + name) else {
      throw Self.unusable("the RP ID \(rpID) is not a domain of \(written)")
    }
    return rpID
  }

  /// Whether `name` reads as an IP address: IPv6, or a last label of digits (WHATWG URL
  /// takes such a host for IPv4).
  static func isAddress(_ name: String) -> Bool {
    if name.contains(":") || name.hasPrefix("[") { return true }
    let last = name.split(separator: ".", omittingEmptySubsequences: false).last ?? ""
    return !last.isEmpty && last.allSatisfy(\.isASCII) && last.allSatisfy(\.isNumber)
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
