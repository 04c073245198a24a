import LoginCore
import WebAuthn

/// The app's authenticator, telling the control when the service hands it the server's
/// options: from then on the person is answering the authenticator, not waiting for a server.
struct WatchedAuthenticator: PasskeyAuthenticator {
  let authenticator: any PasskeyAuthenticator
  let asked: @MainActor @Sendable () -> Void

  init(_ authenticator: any PasskeyAuthenticator, asked: @escaping @MainActor @Sendable () -> Void)
  {
    self.authenticator = authenticator
    self.asked = asked
  }

  func register(_ options: PublicKeyCredentialCreationOptionsJSON) async throws(AuthFailure)
    -> RegistrationResponseJSON
  {
    await asked()
    return try await authenticator.register(options)
  }

  func authenticate(_ options: PublicKeyCredentialRequestOptionsJSON) async throws(AuthFailure)
    -> AuthenticationResponseJSON
  {
    await asked()
    return try await authenticator.authenticate(options)
  }
}
