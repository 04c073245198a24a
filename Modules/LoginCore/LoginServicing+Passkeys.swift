import UserModel

/// What a service without passkeys answers: every passkey call is unsupported.
extension LoginServicing {
  /// Not offered.
  /// - Parameter authenticator: Not used.
  /// - Throws: `.unsupported(.passkeys)`.
  public func signIn(withPasskeyFrom authenticator: any PasskeyAuthenticator)
    async throws(AuthFailure) -> UserSession
  {
    throw .unsupported(.passkeys)
  }

  /// Not offered.
  /// - Parameters:
  ///   - name: Not used.
  ///   - authenticator: Not used.
  /// - Throws: `.unsupported(.passkeys)`.
  public func addPasskey(named name: String, using authenticator: any PasskeyAuthenticator)
    async throws(AuthFailure) -> Passkey
  {
    throw .unsupported(.passkeys)
  }

  /// Not offered.
  /// - Throws: `.unsupported(.passkeys)`.
  public func passkeys() async throws(AuthFailure) -> [Passkey] {
    throw .unsupported(.passkeys)
  }

  /// Not offered.
  /// - Parameters:
  ///   - id: Not used.
  ///   - name: Not used.
  /// - Throws: `.unsupported(.passkeys)`.
  public func renamePasskey(id: String, to name: String) async throws(AuthFailure) -> Passkey {
    throw .unsupported(.passkeys)
  }

  /// Not offered.
  /// - Parameter id: Not used.
  /// - Throws: `.unsupported(.passkeys)`.
  public func removePasskey(id: String) async throws(AuthFailure) {
    throw .unsupported(.passkeys)
  }
}
