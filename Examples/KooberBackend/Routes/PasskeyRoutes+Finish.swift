import Foundation
import LoopbackServer
import WebAuthn
import WireFormat

/// The two ceremonies' finishing routes. Every refusal of the credential itself answers one
/// `invalid_passkey` (`400` on registration, `401` on sign-in), whichever check failed; the
/// check is kept in `BackendStore.recentPasskeyRefusals` for tests and diagnostics.
extension PasskeyRoutes {
  /// `{"flowId", "name", "credential"}` — `201 {"passkey"}`; `410 flow_expired`,
  /// `400 invalid_passkey`, `422 invalid_name`, `409 passkey_exists`, in that order.
  static func registration(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    let caller = try context.authenticate()
    let body = try context.body()
    let flowID = try body.string("flowId")
    let name = try body.string("name")
    let credential = try body.object("credential")
    let store = context.store
    let challenge = try store.spendFlow(flowID, kind: .registration, userID: caller.user.id)
    let verified: RelyingParty.Registration
    let transports: [String]
    do throws(PasskeyRefusal) {
      let response = try credential.credentialObject("response")
      verified = try store.relyingParty.verifyRegistration(
        clientDataJSON: try response.credentialBytes("clientDataJSON"),
        attestationObject: try response.credentialBytes("attestationObject"),
        rawID: try credential.rawID(), challenge: challenge)
      transports = response.transports
    } catch {
      throw store.refuse(error, status: 400)
    }
    let passkey = try store.addPasskey(
      BackendStore.NewPasskey(
        id: Base64URL.encoded(verified.credentialID), name: try validName(name),
        publicKey: verified.publicKey, signCount: verified.signCount, transports: transports,
        backupEligible: verified.backupEligible, backedUp: verified.backedUp),
      userID: caller.user.id)
    return try BackendRouter.json(status: 201, ["passkey": passkey])
  }

  /// `{"flowId", "credential"}` — `200` Session (a new token family, drivers included: no
  /// one-time code follows a passkey); `410 flow_expired`, `401 invalid_passkey`,
  /// `423 account_locked`.
  ///
  /// A locked account is refused only after the passkey verified, so only its holder learns
  /// of the lock; passkey attempts never count towards it.
  static func authentication(_ context: RequestContext) async throws(APIError)
    -> HTTPResponse
  {
    let body = try context.body()
    let flowID = try body.string("flowId")
    let credential = try body.object("credential")
    let store = context.store
    let challenge = try store.spendFlow(flowID, kind: .authentication, userID: nil)
    let assertion: Assertion
    do throws(PasskeyRefusal) {
      assertion = try Assertion(credential)
    } catch {
      throw store.refuse(error, status: 401)
    }
    // An unknown id costs the same signature check as a known one (against a fixed key,
    // whatever it answers), and the handle is compared after the signature, so the answer's
    // time does not tell whether an id is registered.
    let stored = try store.storedPasskey(id: assertion.id)
    let verified: RelyingParty.Assertion
    let known: BackendStore.StoredPasskey
    do throws(PasskeyRefusal) {
      verified = try store.relyingParty.verifyAssertion(
        clientDataJSON: assertion.clientDataJSON,
        authenticatorData: assertion.authenticatorData, signature: assertion.signature,
        challenge: challenge, publicKey: stored?.publicKey ?? RelyingParty.standInKey,
        backupEligible: stored?.backupEligible ?? false)
      guard let stored else { throw .unknownCredential }
      // §7.2 steps 6 and 7: the ceremony began without a user, so the handle must be there
      // and be the credential's user's.
      guard let handle = assertion.userHandle,
        ConstantTime.equals(handle, stored.userHandle)
      else { throw .userHandle }
      known = stored
    } catch {
      // A check failing against the stand-in key still says only "unknown".
      throw store.refuse(stored == nil ? .unknownCredential : error, status: 401)
    }
    if let retryAfter = try store.lockRemaining(email: known.user.identifier) {
      throw .accountLocked(retryAfter: retryAfter)
    }
    guard
      let session = try store.signIn(
        passkey: assertion.id, signCount: verified.signCount, backedUp: verified.backedUp)
    else {
      throw store.refuse(.signCount, status: 401)
    }
    return try BackendRouter.uncachedJSON(session)
  }

  /// An `AuthenticationResponseJSON`'s parts.
  private struct Assertion {
    var id: String
    var clientDataJSON: [UInt8]
    var authenticatorData: [UInt8]
    var signature: [UInt8]
    var userHandle: [UInt8]?

    init(_ credential: JSONBody) throws(PasskeyRefusal) {
      id = Base64URL.encoded(try credential.rawID())
      let response = try credential.credentialObject("response")
      clientDataJSON = try response.credentialBytes("clientDataJSON")
      authenticatorData = try response.credentialBytes("authenticatorData")
      signature = try response.credentialBytes("signature")
      userHandle = response.fields["userHandle"].flatMap { value in
        guard case .string(let text) = value else { return nil }
        return try? Base64URLBytes(base64URL: text).bytes
      }
    }
  }
}

extension BackendStore {
  /// The relying party of this backend's configuration.
  var relyingParty: RelyingParty {
    RelyingParty(
      id: configuration.relyingPartyID, origins: configuration.acceptedPasskeyOrigins,
      signatureChecks: signatureChecks)
  }

  /// Keeps a refusal's reason (the last 32) and answers `invalid_passkey`.
  /// - Parameters:
  ///   - refusal: the check that failed.
  ///   - status: 400 on registration, 401 on sign-in.
  /// - Returns: the error to throw.
  func refuse(_ refusal: PasskeyRefusal, status: Int) -> APIError {
    recentPasskeyRefusals.withLock { recent in
      recent.append(refusal)
      if recent.count > 32 { recent.removeFirst(recent.count - 32) }
    }
    return APIError(
      status: status, code: "invalid_passkey", message: "This passkey could not be verified.")
  }
}

extension JSONBody {
  /// A nested object of a credential.
  fileprivate func credentialObject(_ key: String) throws(PasskeyRefusal) -> JSONBody {
    guard case .object(let value)? = fields[key] else {
      throw .malformed(.malformed(field: key))
    }
    return JSONBody(fields: value)
  }

  /// A credential's binary member: base64url without padding.
  fileprivate func credentialBytes(_ key: String) throws(PasskeyRefusal) -> [UInt8] {
    guard case .string(let text)? = fields[key] else { throw .malformed(.malformed(field: key)) }
    do {
      return try Base64URLBytes(base64URL: text).bytes
    } catch {
      throw .malformed(error)
    }
  }

  /// The credential's `rawId`, checked against its `id` and `type`.
  fileprivate func rawID() throws(PasskeyRefusal) -> [UInt8] {
    let raw = try credentialBytes("rawId")
    guard case .string(let id)? = fields["id"], id == Base64URL.encoded(raw) else {
      throw .credentialID
    }
    guard case .string("public-key")? = fields["type"] else {
      throw .malformed(.malformed(field: "type"))
    }
    return raw
  }

  /// A registration response's `transports`, as far as they are short strings; anything else
  /// is dropped (they are hints, never checked).
  fileprivate var transports: [String] {
    guard case .array(let items)? = fields["transports"] else { return [] }
    return items.prefix(8).compactMap { item in
      guard case .string(let text) = item, (1...32).contains(text.utf8.count),
        text.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-") })
      else { return nil }
      return text
    }
  }
}
