import WebAuthn

/// The app's passkey authenticator: what makes and uses the keys, for a passkey sign-in and
/// for adding a passkey. ServiceUser asks the server for options, hands them here, and sends
/// the answer back; it never sees a key.
///
/// Options and answers are WebAuthn Level 3's JSON forms, so an authenticator built on any
/// platform API plugs in: SoftwarePasskeys' `SoftwareAuthenticator` (keys in a file, on any
/// platform), or, on Apple platforms, an adapter over AuthenticationServices. That adapter is
/// a sketch, not compiled here:
///
/// ```swift
/// struct PlatformPasskeys: PasskeyAuthenticator {
///   let anchor: ASPresentationAnchor
///
///   func register(_ options: PublicKeyCredentialCreationOptionsJSON)
///     async throws(AuthFailure) -> RegistrationResponseJSON
///   {
///     let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(
///       relyingPartyIdentifier: options.rp.id ?? "")
///     let request = provider.createCredentialRegistrationRequest(
///       challenge: Data(options.challenge.bytes), name: options.user.name,
///       userID: Data(options.user.id.bytes))
///     // Run it with an ASAuthorizationController; ASAuthorizationError.canceled is
///     // .refused(.passkeyCancelled). The system writes the client data, origin included
///     // (the associated domain), and the app turns the credential into the JSON form.
///   }
///   …
/// }
/// ```
public protocol PasskeyAuthenticator: Sendable {
  /// Makes a new passkey for the options' relying party and user (`navigator.credentials
  /// .create()`): a key pair whose private half stays with the authenticator.
  /// - Parameter options: What the server asked for, as it sent them.
  /// - Returns: The new credential, to send back to the server.
  /// - Throws: `.refused(.passkeyCancelled)` when the person said no (or the local check
  ///   failed), `.refused(.passkeyExists)` when the authenticator holds one of the
  ///   `excludeCredentials` already, `.unavailable(.storage(_:))` when it could not keep the
  ///   key, …
  func register(_ options: PublicKeyCredentialCreationOptionsJSON) async throws(AuthFailure)
    -> RegistrationResponseJSON

  /// Signs the server's challenge with a passkey of its relying party (`navigator.credentials
  /// .get()`); with no `allowCredentials`, any of the site's passkeys, which names its user.
  /// - Parameter options: What the server asked for, as it sent them.
  /// - Returns: The assertion, to send back to the server.
  /// - Throws: `.refused(.passkeyCancelled)` when the person said no (or the local check
  ///   failed), `.refused(.noPasskey)` when it holds no passkey for the site, …
  func authenticate(_ options: PublicKeyCredentialRequestOptionsJSON) async throws(AuthFailure)
    -> AuthenticationResponseJSON
}

/// What the server sent to start adding a passkey: the flow to finish, and the options to
/// hand the authenticator.
public struct PasskeyRegistrationFlow: Sendable, Equatable {
  /// The server's name for this registration, sent back with the new credential.
  public var flowID: String
  /// The options for `PasskeyAuthenticator.register(_:)`.
  public var options: PublicKeyCredentialCreationOptionsJSON

  /// Makes the flow.
  /// - Parameters:
  ///   - flowID: The server's name for it.
  ///   - options: The creation options.
  public init(flowID: String, options: PublicKeyCredentialCreationOptionsJSON) {
    self.flowID = flowID
    self.options = options
  }
}

/// What the server sent to start a passkey sign-in: the flow to finish, and the options to
/// hand the authenticator.
public struct PasskeyAuthenticationFlow: Sendable, Equatable {
  /// The server's name for this sign-in, sent back with the assertion.
  public var flowID: String
  /// The options for `PasskeyAuthenticator.authenticate(_:)`.
  public var options: PublicKeyCredentialRequestOptionsJSON

  /// Makes the flow.
  /// - Parameters:
  ///   - flowID: The server's name for it.
  ///   - options: The request options.
  public init(flowID: String, options: PublicKeyCredentialRequestOptionsJSON) {
    self.flowID = flowID
    self.options = options
  }
}
