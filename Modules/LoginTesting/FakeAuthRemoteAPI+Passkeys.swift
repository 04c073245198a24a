import Foundation
import LoginCore
import UserModel
import WebAuthn

/// The passkey operations, scripted: flows that live 5 minutes on the injected clock and are
/// used once, discoverable credentials, names checked like the HTTP contract's. The fake reads
/// the client data (its ceremony type and challenge) and the user handle, but verifies no
/// signature: that is the reference backend's job, tested against it. Make any passkey
/// operation fail with `fail(.passkeys, with:)` (e.g. `.refused(.reauthenticationRequired)`),
/// or all of them unsupported with `unsupported = [.passkeys]`.
extension FakeAuthRemoteAPI {
  /// A registered passkey and its user.
  struct StoredPasskey {
    var userID: String
    var passkey: Passkey
  }

  /// A passkey flow not used yet.
  struct PasskeyFlow {
    /// The user adding a passkey, or `nil` for a sign-in.
    var userID: String?
    var challenge: [UInt8]
    var expiresAt: Date
  }

  /// The RP ID the fake's options name, as the embedded reference backend's.
  public static let passkeyRPID = "localhost"

  /// The user handle the fake gives a user: the bytes of their id.
  /// - Parameter userID: The user's id.
  /// - Returns: The handle.
  public static func passkeyUserHandle(of userID: String) -> [UInt8] { Array(userID.utf8) }

  /// Options to add a passkey for the token's user, excluding their passkeys.
  /// - Parameter accessToken: The access token.
  /// - Returns: The flow.
  /// - Throws: `.refused(.accessTokenRejected)`, or a scripted failure.
  public func passkeyRegistrationOptions(accessToken: String) async throws(AuthFailure)
    -> PasskeyRegistrationFlow
  {
    try begin(.passkeys, .passkeyRegistrationOptions(accessToken: accessToken))
    return try state.withLock { state throws(AuthFailure) -> PasskeyRegistrationFlow in
      let user = try account(of: accessToken, in: state).user
      let (id, challenge) = newFlow(for: user.id, in: &state)
      let excluded = state.passkeys.values.filter { $0.userID == user.id }.compactMap {
        try? PublicKeyCredentialDescriptorJSON(id: Base64URLBytes(base64URL: $0.passkey.id))
      }
      let options = PublicKeyCredentialCreationOptionsJSON(
        rp: PublicKeyCredentialRpEntity(id: Self.passkeyRPID, name: "Fake"),
        user: PublicKeyCredentialUserEntityJSON(
          id: Base64URLBytes(Self.passkeyUserHandle(of: user.id)), name: user.identifier,
          displayName: user.name ?? user.identifier),
        challenge: Base64URLBytes(challenge), pubKeyCredParams: [.init(.es256)],
        timeout: 300_000, excludeCredentials: excluded,
        authenticatorSelection: AuthenticatorSelectionCriteria(
          residentKey: .required, userVerification: .preferred),
        attestation: AttestationConveyancePreference.none)
      return PasskeyRegistrationFlow(flowID: id, options: options)
    }
  }

  /// Registers the credential for the flow's user.
  /// - Returns: The passkey.
  /// - Throws: `.refused(.flowExpired)`, `.refused(.invalidPasskey)` (client data of another
  ///   ceremony or challenge), `.refused(.passkeyExists)`, `.refused(.invalidInput(.name, _))`,
  ///   `.refused(.accessTokenRejected)`, or a scripted failure.
  public func finishPasskeyRegistration(
    flowID: String, name: String, credential: RegistrationResponseJSON, accessToken: String
  ) async throws(AuthFailure) -> Passkey {
    try begin(.passkeys, .finishPasskeyRegistration(name: name, accessToken: accessToken))
    let moment = now()
    return try state.withLock { state throws(AuthFailure) -> Passkey in
      let user = try account(of: accessToken, in: state).user
      let flow = try spend(flowID, in: &state)
      guard flow.userID == user.id else { throw .refused(.flowExpired) }
      try check(credential.response.clientDataJSON.bytes, .create, flow.challenge)
      try checkName(name)
      guard state.passkeys[credential.id] == nil else { throw .refused(.passkeyExists) }
      let passkey = Passkey(id: credential.id, name: name, createdAt: moment)
      state.passkeys[credential.id] = StoredPasskey(userID: user.id, passkey: passkey)
      return passkey
    }
  }

  /// Options for a passkey sign-in: any of the site's passkeys.
  /// - Returns: The flow.
  /// - Throws: A scripted failure.
  public func passkeyAuthenticationOptions() async throws(AuthFailure)
    -> PasskeyAuthenticationFlow
  {
    try begin(.passkeys, .passkeyAuthenticationOptions)
    return state.withLock { state in
      let (id, challenge) = newFlow(for: nil, in: &state)
      return PasskeyAuthenticationFlow(
        flowID: id,
        options: PublicKeyCredentialRequestOptionsJSON(
          challenge: Base64URLBytes(challenge), timeout: 300_000, rpId: Self.passkeyRPID,
          allowCredentials: [], userVerification: .preferred))
    }
  }

  /// Signs in the passkey's user, in a new token family.
  /// - Returns: The session.
  /// - Throws: `.refused(.flowExpired)`, `.refused(.invalidPasskey)` (an unknown credential,
  ///   a user handle of another user, client data of another ceremony or challenge), or a
  ///   scripted failure.
  public func finishPasskeySignIn(flowID: String, credential: AuthenticationResponseJSON)
    async throws(AuthFailure) -> UserSession
  {
    try begin(.passkeys, .finishPasskeySignIn(credentialID: credential.id))
    let moment = now()
    return try state.withLock { state throws(AuthFailure) -> UserSession in
      let flow = try spend(flowID, in: &state)
      guard flow.userID == nil, var stored = state.passkeys[credential.id],
        credential.response.userHandle?.bytes == Self.passkeyUserHandle(of: stored.userID),
        let user = state.accounts.values.first(where: { $0.user.id == stored.userID })?.user
      else { throw .refused(.invalidPasskey) }
      try check(credential.response.clientDataJSON.bytes, .get, flow.challenge)
      stored.passkey.lastUsedAt = moment
      state.passkeys[credential.id] = stored
      return issue(for: user, family: nil, in: &state)
    }
  }

  /// The token's user's passkeys, oldest first.
  /// - Parameter accessToken: The access token.
  /// - Returns: The passkeys.
  /// - Throws: `.refused(.accessTokenRejected)`, or a scripted failure.
  public func passkeys(accessToken: String) async throws(AuthFailure) -> [Passkey] {
    try begin(.passkeys, .passkeys(accessToken: accessToken))
    return try state.withLock { state throws(AuthFailure) -> [Passkey] in
      let user = try account(of: accessToken, in: state).user
      return state.passkeys.values.filter { $0.userID == user.id }.map(\.passkey)
        .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }
  }

  /// Renames one of the token's user's passkeys.
  /// - Returns: The renamed passkey.
  /// - Throws: `.refused(.passkeyNotFound)`, `.refused(.invalidInput(.name, _))`, or a
  ///   scripted failure.
  public func renamePasskey(id: String, name: String, accessToken: String)
    async throws(AuthFailure) -> Passkey
  {
    try begin(.passkeys, .renamePasskey(id: id, name: name, accessToken: accessToken))
    return try state.withLock { state throws(AuthFailure) -> Passkey in
      let user = try account(of: accessToken, in: state).user
      try checkName(name)
      guard var stored = state.passkeys[id], stored.userID == user.id else {
        throw .refused(.passkeyNotFound)
      }
      stored.passkey.name = name
      state.passkeys[id] = stored
      return stored.passkey
    }
  }

  /// Removes one of the token's user's passkeys.
  /// - Throws: `.refused(.passkeyNotFound)`, or a scripted failure.
  public func removePasskey(id: String, accessToken: String) async throws(AuthFailure) {
    try begin(.passkeys, .removePasskey(id: id, accessToken: accessToken))
    try state.withLock { state throws(AuthFailure) in
      let user = try account(of: accessToken, in: state).user
      guard state.passkeys[id]?.userID == user.id else { throw .refused(.passkeyNotFound) }
      state.passkeys[id] = nil
    }
  }

  // MARK: - Helpers

  private func newFlow(for userID: String?, in state: inout State) -> (String, [UInt8]) {
    state.counter += 1
    let id = "pkf_\(state.counter)"
    let challenge = (0..<32).map { _ in UInt8.random(in: .min ... .max) }
    state.passkeyFlows[id] = PasskeyFlow(
      userID: userID, challenge: challenge, expiresAt: now().addingTimeInterval(300))
    return (id, challenge)
  }

  /// Takes the flow out: a second use, or one after 5 minutes, is `.flowExpired`.
  private func spend(_ flowID: String, in state: inout State) throws(AuthFailure) -> PasskeyFlow {
    guard let flow = state.passkeyFlows.removeValue(forKey: flowID), now() < flow.expiresAt
    else { throw .refused(.flowExpired) }
    return flow
  }

  private func check(
    _ clientData: [UInt8], _ type: CollectedClientData.CeremonyType, _ challenge: [UInt8]
  ) throws(AuthFailure) {
    guard let data = try? CollectedClientData(json: clientData), data.type == type,
      data.challenge == challenge
    else { throw .refused(.invalidPasskey) }
  }

  private func checkName(_ name: String) throws(AuthFailure) {
    let scalars = name.unicodeScalars
    guard !name.isEmpty, scalars.count <= 64,
      !scalars.contains(where: { $0.properties.generalCategory == .control })
    else { throw .refused(.invalidInput(.name, message: "")) }
  }
}
