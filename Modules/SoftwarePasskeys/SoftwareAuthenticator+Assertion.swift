import LoginCore
import WebAuthn

extension SoftwareAuthenticator {
  /// Signs the server's challenge with a passkey of its site (WebAuthn §6.3.3): with no
  /// `allowCredentials`, any of the site's (the passkey names its user, in `userHandle`),
  /// otherwise one of those. With several to choose from, the newest of `preferredUserName`'s
  /// answers, or the one kept last when none is that user's. Its counter is read, raised and
  /// kept before it signs, alone among authenticators sharing its folder, so no two
  /// signatures carry one count.
  /// - Parameter options: The server's request options.
  /// - Returns: The assertion for the server.
  /// - Throws: `.refused(.noPasskey)` when it holds no passkey for the site (or none of those
  ///   allowed); `.refused(.passkeyCancelled)` when the local check failed or user
  ///   verification is required without one; `.unavailable(.serverTrouble(_:))` for options
  ///   it cannot honour; `.unavailable(.storage(_:))` when a key cannot be read, kept or used.
  public func authenticate(_ options: PublicKeyCredentialRequestOptionsJSON)
    async throws(AuthFailure) -> AuthenticationResponseJSON
  {
    let rpID = try relyingParty(options.rpId)
    guard let chosen = try candidate(for: rpID, allowing: options.allowCredentials) else {
      throw .refused(.noPasskey)
    }
    let verified = try await verifyUser(options.userVerification)
    // After the check, which may have taken a while: read it again, for the newest count.
    let credential = try await vault.exclusively { () throws(AuthFailure) in
      guard var credential = try candidate(for: rpID, allowing: [chosen.credentialID]) else {
        throw .refused(.noPasskey)
      }
      guard credential.signCount < UInt32.max else {
        throw .unavailable(.storage("the passkey's counter has run out"))
      }
      credential.signCount += 1
      try vault.save(credential)
      return credential
    }
    let key = try P256Key(scalar: credential.privateKey.bytes)
    let data = try authenticatorData(
      rpID: rpID, verified: verified, signCount: credential.signCount
    ).bytes()
    let clientData = CollectedClientData(
      type: .get, challenge: options.challenge.bytes, origin: origin(of: rpID)
    ).json()
    let signature = try key.signature(
      of: AuthenticatorData.signedBytes(authenticatorData: data, clientDataJSON: clientData))
    let response = AuthenticatorAssertionResponseJSON(
      clientDataJSON: Base64URLBytes(clientData), authenticatorData: Base64URLBytes(data),
      signature: Base64URLBytes(signature), userHandle: credential.userHandle)
    return AuthenticationResponseJSON(
      rawId: credential.credentialID, response: response, authenticatorAttachment: .platform)
  }

  /// The credential of `rpID` that answers: of `allowed` when it names any, of all otherwise,
  /// the newest of `preferredUserName`'s, else the newest; `nil` when there is none.
  private func candidate(
    for rpID: String, allowing allowed: [PublicKeyCredentialDescriptorJSON]
  ) throws(AuthFailure) -> SoftwareCredential? {
    try candidate(for: rpID, allowing: allowed.map(\.id))
  }

  private func candidate(for rpID: String, allowing allowed: [Base64URLBytes])
    throws(AuthFailure) -> SoftwareCredential?
  {
    var kept = try vault.credentials(of: rpID)
    if !allowed.isEmpty {
      let ids = Set(allowed.map(\.bytes))
      kept = kept.filter { ids.contains($0.credentialID.bytes) }
    }
    let preferred = kept.filter { $0.userName == preferredUserName }
    return (preferred.isEmpty ? kept : preferred).max { $0.created < $1.created }
  }
}
