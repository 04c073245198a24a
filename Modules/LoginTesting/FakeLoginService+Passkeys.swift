import Foundation
import LoginCore
import UserModel
import WebAuthn

/// The passkey calls, scripted like the others: each records its ``FakeLoginService/Call``,
/// waits for ``FakeLoginService/gate`` (a request in flight), and answers the next of its
/// results. The sign-in and the addition first hand the authenticator the fake's options, as
/// a service does once the server sent them: its failure (`.refused(.passkeyCancelled)`,
/// `.refused(.noPasskey)`, …) is the answer, and nothing scripted is used.
///
/// ```swift
/// service.passkeySignInResults = [.success(session)]
/// let passkeys = SoftwareAuthenticator.inMemory(userVerification: { false })
/// // a sign-in with `passkeys` ends in .refused(.noPasskey): it holds none yet
/// ```
extension FakeLoginService {
  /// The RP ID of the fake's options.
  public nonisolated static let passkeyRelyingParty = "app.example"

  /// The request options the fake hands the authenticator unless a test sets others: any
  /// discoverable passkey of ``passkeyRelyingParty``, user verification preferred.
  public nonisolated static let defaultPasskeyRequestOptions =
    PublicKeyCredentialRequestOptionsJSON(
      challenge: Base64URLBytes(Array(repeating: 7, count: 32)), timeout: 300_000,
      rpId: passkeyRelyingParty, userVerification: .preferred)

  /// The creation options the fake hands the authenticator unless a test sets others: an
  /// ES256 discoverable passkey of ``passkeyRelyingParty`` for one fixed user.
  public nonisolated static let defaultPasskeyCreationOptions =
    PublicKeyCredentialCreationOptionsJSON(
      rp: PublicKeyCredentialRpEntity(id: passkeyRelyingParty, name: "App"),
      user: PublicKeyCredentialUserEntityJSON(
        id: Base64URLBytes(Array(repeating: 1, count: 32)), name: "ann@example.com",
        displayName: "Ann"),
      challenge: Base64URLBytes(Array(repeating: 9, count: 32)),
      pubKeyCredParams: [PublicKeyCredentialParameters(.es256)], timeout: 300_000,
      authenticatorSelection: AuthenticatorSelectionCriteria(
        residentKey: .required, userVerification: .preferred))

  /// Records the call, hands `authenticator` ``passkeyRequestOptions`` (its failure is the
  /// answer), then answers the next of ``passkeySignInResults``; a session is published as
  /// `.signedIn`, as a service announces a new session.
  /// - Parameter authenticator: The app's passkey authenticator.
  /// - Returns: The scripted session.
  /// - Throws: The authenticator's error, the scripted error, or
  ///   `.unavailable(.serverTrouble(_:))` when nothing is scripted.
  public func signIn(withPasskeyFrom authenticator: any PasskeyAuthenticator)
    async throws(AuthFailure) -> UserSession
  {
    calls.append(.passkeySignIn)
    await gate?.wait()
    _ = try await authenticator.authenticate(passkeyRequestOptions)
    let session = try Self.next(&passkeySignInResults).get()
    publish(.signedIn(session.user))
    return session
  }

  /// Records the call, hands `authenticator` ``passkeyCreationOptions`` (its failure is the
  /// answer), then answers the next of ``addPasskeyResults``.
  /// - Parameters:
  ///   - name: The passkey's name, as the logic sent it.
  ///   - authenticator: The app's passkey authenticator.
  /// - Returns: The scripted passkey.
  /// - Throws: The authenticator's error, the scripted error, or
  ///   `.unavailable(.serverTrouble(_:))` when nothing is scripted.
  public func addPasskey(named name: String, using authenticator: any PasskeyAuthenticator)
    async throws(AuthFailure) -> Passkey
  {
    calls.append(.addPasskey(name: name))
    await gate?.wait()
    _ = try await authenticator.register(passkeyCreationOptions)
    return try Self.next(&addPasskeyResults).get()
  }

  /// Records the call, waits for the next of ``passkeysGates`` when there is one, and answers
  /// the next of ``passkeysResults``.
  /// - Returns: The scripted passkeys.
  /// - Throws: The scripted error, or `.unavailable(.serverTrouble(_:))` when nothing is
  ///   scripted.
  public func passkeys() async throws(AuthFailure) -> [Passkey] {
    calls.append(.passkeys)
    await gate?.wait()
    if !passkeysGates.isEmpty { await passkeysGates.removeFirst().wait() }
    return try Self.next(&passkeysResults).get()
  }

  /// Records the call and answers the next of ``renamePasskeyResults``.
  /// - Parameters:
  ///   - id: The passkey's id.
  ///   - name: Its new name, as the logic sent it.
  /// - Returns: The scripted passkey.
  /// - Throws: The scripted error, or `.unavailable(.serverTrouble(_:))` when nothing is
  ///   scripted.
  public func renamePasskey(id: String, to name: String) async throws(AuthFailure) -> Passkey {
    calls.append(.renamePasskey(id: id, name: name))
    await gate?.wait()
    return try Self.next(&renamePasskeyResults).get()
  }

  /// Records the call and answers the next of ``removePasskeyResults``.
  /// - Parameter id: The passkey's id.
  /// - Throws: The scripted error, or `.unavailable(.serverTrouble(_:))` when nothing is
  ///   scripted.
  public func removePasskey(id: String) async throws(AuthFailure) {
    calls.append(.removePasskey(id: id))
    await gate?.wait()
    try Self.next(&removePasskeyResults).get()
  }
}
