import KooberWire
import LoginCore
import NetworkClient
import UserModel
import WebAuthn

/// The passkey routes of Koober's HTTP contract (API.md's "Passkeys"): options and credentials
/// travel in WebAuthn Level 3's JSON forms, as the server sent and the authenticator made them.
extension KooberAuthAPI {
  /// `POST /v1/auth/passkeys/registration/options`.
  /// - Parameter accessToken: The access token.
  /// - Returns: The flow and its creation options.
  /// - Throws: `.refused(.reauthenticationRequired)` (403) when the session's sign-in is
  ///   more than 10 minutes old; `.unsupported(.passkeys)` from a server without the route;
  ///   the answer's `AuthFailure` otherwise.
  public func passkeyRegistrationOptions(accessToken: String) async throws(AuthFailure)
    -> PasskeyRegistrationFlow
  {
    let route = PasskeyRequest<
      PasskeyWire.Flow<PublicKeyCredentialCreationOptionsJSON>, PasskeyRegistrationFlow
    >.Configuration(
      method: .post, path: "/v1/auth/passkeys/registration/options", body: PasskeyWire.Empty(),
      token: accessToken)
    return try await send(
      PasskeyRequest(configuration: route) {
        PasskeyRegistrationFlow(flowID: $0.flowId, options: $0.publicKey)
      }, authorized: true, notFound: .unsupported(.passkeys))
  }

  /// `POST /v1/auth/passkeys/registration`.
  /// - Parameters:
  ///   - flowID: The registration's flow.
  ///   - name: The passkey's name.
  ///   - credential: The authenticator's new credential.
  ///   - accessToken: The access token.
  /// - Returns: The passkey as registered.
  /// - Throws: `.refused(.invalidPasskey)` (400), `.refused(.passkeyExists)` (409),
  ///   `.refused(.flowExpired)` (410), `.refused(.invalidInput(.name, _))` (422), …
  public func finishPasskeyRegistration(
    flowID: String, name: String, credential: RegistrationResponseJSON, accessToken: String
  ) async throws(AuthFailure) -> Passkey {
    let body = PasskeyWire.Registration(flowId: flowID, name: name, credential: credential)
    let route = PasskeyRequest<PasskeyWire.Registered, Passkey>.Configuration(
      method: .post, path: "/v1/auth/passkeys/registration", body: body, token: accessToken)
    return try await send(PasskeyRequest(configuration: route) { $0.passkey }, authorized: true)
  }

  /// `POST /v1/auth/passkeys/authentication/options`, without an account.
  /// - Returns: The flow and its request options.
  /// - Throws: `.unsupported(.passkeys)` from a server without the route; the answer's
  ///   `AuthFailure` otherwise.
  public func passkeyAuthenticationOptions() async throws(AuthFailure)
    -> PasskeyAuthenticationFlow
  {
    let route = PasskeyRequest<
      PasskeyWire.Flow<PublicKeyCredentialRequestOptionsJSON>, PasskeyAuthenticationFlow
    >.Configuration(
      method: .post, path: "/v1/auth/passkeys/authentication/options",
      body: PasskeyWire.Empty(), token: nil)
    return try await send(
      PasskeyRequest(configuration: route) {
        PasskeyAuthenticationFlow(flowID: $0.flowId, options: $0.publicKey)
      }, notFound: .unsupported(.passkeys))
  }

  /// `POST /v1/auth/passkeys/authentication`: a new session, for drivers too (no one-time
  /// code follows a passkey).
  /// - Parameters:
  ///   - flowID: The sign-in's flow.
  ///   - credential: The authenticator's assertion.
  /// - Returns: The session.
  /// - Throws: `.refused(.invalidPasskey)` (401), `.refused(.flowExpired)` (410),
  ///   `.refused(.locked(retryAfterSeconds:))` (423), …
  public func finishPasskeySignIn(flowID: String, credential: AuthenticationResponseJSON)
    async throws(AuthFailure) -> UserSession
  {
    let route = PasskeyRequest<KooberWire.Session, UserSession>.Configuration(
      method: .post, path: "/v1/auth/passkeys/authentication",
      body: PasskeyWire.Assertion(flowId: flowID, credential: credential), token: nil)
    return try await send(PasskeyRequest(configuration: route) { $0.session })
  }

  /// `GET /v1/auth/passkeys`.
  /// - Parameter accessToken: The access token.
  /// - Returns: The account's passkeys, oldest first.
  /// - Throws: The answer's `AuthFailure`.
  public func passkeys(accessToken: String) async throws(AuthFailure) -> [Passkey] {
    let route = PasskeyRequest<PasskeyWire.List, [Passkey]>.Configuration(
      method: .get, path: "/v1/auth/passkeys", body: nil, token: accessToken)
    return try await send(PasskeyRequest(configuration: route) { $0.passkeys }, authorized: true)
  }

  /// `PATCH /v1/auth/passkeys/{id}`.
  /// - Parameters:
  ///   - id: The passkey's id (base64url; any other text names no passkey and is not sent).
  ///   - name: The new name.
  ///   - accessToken: The access token.
  /// - Returns: The renamed passkey.
  /// - Throws: `.refused(.passkeyNotFound)` (404), `.refused(.invalidInput(.name, _))`
  ///   (422), …
  public func renamePasskey(id: String, name: String, accessToken: String)
    async throws(AuthFailure) -> Passkey
  {
    guard let path = PasskeyWire.path(of: id) else { throw .refused(.passkeyNotFound) }
    let route = PasskeyRequest<Passkey, Passkey>.Configuration(
      method: .patch, path: path, body: PasskeyWire.Rename(name: name), token: accessToken)
    return try await send(
      PasskeyRequest(configuration: route) { $0 }, authorized: true,
      notFound: .refused(.passkeyNotFound))
  }

  /// `DELETE /v1/auth/passkeys/{id}`.
  /// - Parameters:
  ///   - id: The passkey's id (base64url; any other text names no passkey and is not sent).
  ///   - accessToken: The access token.
  /// - Throws: `.refused(.passkeyNotFound)` (404), …
  public func removePasskey(id: String, accessToken: String) async throws(AuthFailure) {
    guard let path = PasskeyWire.path(of: id) else { throw .refused(.passkeyNotFound) }
    let route = PasskeyRequest<EmptyResult, EmptyResult>.Configuration(
      method: .delete, path: path, body: nil, token: accessToken)
    _ = try await send(
      PasskeyRequest(configuration: route) { $0 }, authorized: true,
      notFound: .refused(.passkeyNotFound))
  }

  /// Sends a passkey request, mapping its failure; a `404 not_found` is `notFound`: on one
  /// passkey's route its id names none of the account's, on an options route the server has
  /// no passkey routes.
  /// Only here: elsewhere (an app's own request through the authorized client) a 404 keeps
  /// its usual reading.
  private func send<R: DefaultRequest>(
    _ request: R, authorized: Bool = false, notFound: AuthFailure? = nil
  ) async throws(AuthFailure) -> R.ResultData {
    do {
      return try await request.perform(on: network)
    } catch {
      if let notFound, error.status == 404, error.serverError?.code == "not_found" {
        throw notFound
      }
      throw Self.failure(error, authorized: authorized)
    }
  }
}
