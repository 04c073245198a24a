import UserModel
import WebAuthn

/// What a server without passkeys answers: every passkey operation is unsupported.
extension AuthRemoteAPI {
  /// Not offered by this server.
  /// - Parameter accessToken: Not used.
  /// - Throws: `.unsupported(.passkeys)`.
  public func passkeyRegistrationOptions(accessToken: String) async throws(AuthFailure)
    -> PasskeyRegistrationFlow
  {
    throw .unsupported(.passkeys)
  }

  /// Not offered by this server.
  /// - Parameters:
  ///   - flowID: Not used.
  ///   - name: Not used.
  ///   - credential: Not used.
  ///   - accessToken: Not used.
  /// - Throws: `.unsupported(.passkeys)`.
  public func finishPasskeyRegistration(
    flowID: String, name: String, credential: RegistrationResponseJSON, accessToken: String
  ) async throws(AuthFailure) -> Passkey {
    throw .unsupported(.passkeys)
  }

  /// Not offered by this server.
  /// - Throws: `.unsupported(.passkeys)`.
  public func passkeyAuthenticationOptions() async throws(AuthFailure)
    -> PasskeyAuthenticationFlow
  {
    throw .unsupported(.passkeys)
  }

  /// Not offered by this server.
  /// - Parameters:
  ///   - flowID: Not used.
  ///   - credential: Not used.
  /// - Throws: `.unsupported(.passkeys)`.
  public func finishPasskeySignIn(flowID: String, credential: AuthenticationResponseJSON)
    async throws(AuthFailure) -> UserSession
  {
    throw .unsupported(.passkeys)
  }

  /// Not offered by this server.
  /// - Parameter accessToken: Not used.
  /// - Throws: `.unsupported(.passkeys)`.
  public func passkeys(accessToken: String) async throws(AuthFailure) -> [Passkey] {
    throw .unsupported(.passkeys)
  }

  /// Not offered by this server.
  /// - Parameters:
  ///   - id: Not used.
  ///   - name: Not used.
  ///   - accessToken: Not used.
  /// - Throws: `.unsupported(.passkeys)`.
  public func renamePasskey(id: String, name: String, accessToken: String)
    async throws(AuthFailure) -> Passkey
  {
    throw .unsupported(.passkeys)
  }

  /// Not offered by this server.
  /// - Parameters:
  ///   - id: Not used.
  ///   - accessToken: Not used.
  /// - Throws: `.unsupported(.passkeys)`.
  public func removePasskey(id: String, accessToken: String) async throws(AuthFailure) {
    throw .unsupported(.passkeys)
  }
}
