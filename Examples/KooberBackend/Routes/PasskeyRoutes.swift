import Foundation
import LoopbackServer
import WireFormat

/// `/v1/auth/passkeys/…` (the HTTP contract's "Passkeys"): the backend as a WebAuthn relying
/// party. Options here, the two ceremonies' finishing routes in `PasskeyRoutes+Finish`, the
/// checks themselves in `RelyingParty`.
enum PasskeyRoutes {
  /// How long a session's sign-in may be past for it to add a passkey.
  static let reauthenticationWindow: TimeInterval = 10 * 60
  /// The longest passkey name, in Unicode scalars.
  static let maximumNameLength = 64

  /// Adds the routes.
  /// - Parameter router: the backend's router.
  static func register(on router: BackendRouter) {
    router.add(.post, "/v1/auth/passkeys/registration/options", registrationOptions)
    router.add(.post, "/v1/auth/passkeys/registration", registration)
    router.add(.post, "/v1/auth/passkeys/authentication/options", authenticationOptions)
    router.add(.post, "/v1/auth/passkeys/authentication", authentication)
    router.add(.get, "/v1/auth/passkeys", list)
    router.add(.patch, "/v1/auth/passkeys/{id}", rename)
    router.add(.delete, "/v1/auth/passkeys/{id}", remove)
  }

  /// `200 {"flowId", "publicKey"}` (creation options); `403 reauthentication_required` when
  /// the session's sign-in (not its latest refresh) is more than 10 minutes old (the flow
  /// also ends with those 10 minutes); `503 server_busy` past the cap of live flows.
  static func registrationOptions(_ context: RequestContext) async throws(APIError)
    -> HTTPResponse
  {
    let caller = try context.authenticate()
    let store = context.store
    guard store.now.timeIntervalSince(caller.signedInAt) <= reauthenticationWindow else {
      throw APIError(
        status: 403, code: "reauthentication_required",
        message: "Sign in again to add a passkey: adding a way into the account needs a "
          + "recent sign-in.")
    }
    // The flow ends with the window too, so options fetched at 9:59 do not finish at 14:59.
    let start = try store.openRegistrationFlow(
      for: caller.user, notAfter: caller.signedInAt.addingTimeInterval(reauthenticationWindow))
    let configuration = store.configuration
    let options = CreationOptions(
      rp: .init(id: configuration.relyingPartyID, name: configuration.relyingPartyName),
      user: .init(
        id: Base64URL.encoded(start.userHandle), name: caller.user.identifier,
        displayName: caller.user.name ?? caller.user.identifier),
      challenge: Base64URL.encoded(start.flow.challenge),
      excludeCredentials: start.excludedIDs.map { CredentialDescriptor(id: $0) })
    return try BackendRouter.uncachedJSON(Answer(flowId: start.flow.id, publicKey: options))
  }

  /// `200 {"flowId", "publicKey"}` (request options), for no account: discoverable
  /// credentials, so `allowCredentials` is empty and the passkey names its user;
  /// `503 server_busy` past the cap of live flows.
  static func authenticationOptions(_ context: RequestContext) async throws(APIError)
    -> HTTPResponse
  {
    let flow = try context.store.openAuthenticationFlow()
    let options = RequestOptions(
      challenge: Base64URL.encoded(flow.challenge),
      rpId: context.store.configuration.relyingPartyID)
    return try BackendRouter.uncachedJSON(Answer(flowId: flow.id, publicKey: options))
  }

  /// `200 {"passkeys": [Passkey]}`, oldest first.
  static func list(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    let caller = try context.authenticate()
    return try BackendRouter.json(
      ["passkeys": try context.store.passkeys(userID: caller.user.id)])
  }

  /// `{"name"}` — `200` Passkey; `422 invalid_name`; `404 not_found` for an id that is not
  /// one of the caller's passkeys.
  static func rename(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    let caller = try context.authenticate()
    let name = try validName(try context.body().string("name"))
    return try BackendRouter.json(
      try context.store.renamePasskey(context.passkeyID, userID: caller.user.id, to: name))
  }

  /// `204`; `404 not_found` as for rename. Sessions the passkey signed in stay live.
  static func remove(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    let caller = try context.authenticate()
    try context.store.deletePasskey(context.passkeyID, userID: caller.user.id)
    return .noContent
  }

  /// A passkey's name, trimmed.
  /// - Parameter name: the name as sent.
  /// - Returns: the name without surrounding spaces.
  /// - Throws: `422 invalid_name` when it holds a control character (category Cc, checked
  ///   before trimming, so a trailing newline is refused, not dropped), is empty once trimmed,
  ///   or is longer than 64 Unicode scalars.
  static func validName(_ name: String) throws(APIError) -> String {
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
      !trimmed.isEmpty, trimmed.unicodeScalars.count <= maximumNameLength
    else {
      throw APIError(
        status: 422, code: "invalid_name",
        message: "A passkey's name must be 1 to 64 characters, without control characters.")
    }
    return trimmed
  }

  private struct Answer<Options: Encodable>: Encodable {
    var flowId: String
    var publicKey: Options
  }

  /// `PublicKeyCredentialCreationOptionsJSON` (WebAuthn Level 3 §5.1.3.1) as the contract
  /// fixes it.
  private struct CreationOptions: Encodable {
    struct RelyingParty: Encodable {
      var id: String
      var name: String
    }
    struct UserEntity: Encodable {
      var id: String
      var name: String
      var displayName: String
    }
    struct Parameter: Encodable {
      var type = "public-key"
      var alg: Int
    }
    struct Selection: Encodable {
      var residentKey = "required"
      var userVerification = "preferred"
    }
    var rp: RelyingParty
    var user: UserEntity
    var challenge: String
    var pubKeyCredParams = [Parameter(alg: -7), Parameter(alg: -257)]
    var timeout = Int(BackendStore.passkeyFlowLifetime * 1000)
    var excludeCredentials: [CredentialDescriptor]
    var authenticatorSelection = Selection()
    var attestation = "none"
  }

  private struct CredentialDescriptor: Encodable {
    var type = "public-key"
    var id: String
  }

  /// `PublicKeyCredentialRequestOptionsJSON` (§5.1.4.1) as the contract fixes it.
  private struct RequestOptions: Encodable {
    var challenge: String
    var timeout = Int(BackendStore.passkeyFlowLifetime * 1000)
    var rpId: String
    var allowCredentials: [CredentialDescriptor] = []
    var userVerification = "preferred"
  }
}

extension RequestContext {
  /// The `{id}` of a passkey route: a credential id, base64url.
  var passkeyID: String { request.pathParameters["id"] ?? "" }
}
