import Foundation
import LoginCore
import LoopbackServer
import NetworkClient
import ServiceUserKoober
import TestSupport
import Testing
import WebAuthn

/// KooberAuthAPI reads each passkey answer of the HTTP contract as its refusal: the table in
/// `KooberAuthAPI+Failure.swift`, route by route, against a scripted server.
@Suite("KooberAuthAPI's passkey answers")
struct PasskeyFailureTableTests {
  /// One scripted answer and the failure it must become.
  struct Row: Sendable, CustomTestStringConvertible {
    let route: Route
    let status: Int
    let code: String
    let failure: AuthFailure
    var testDescription: String { "\(route) \(status) \(code)" }
  }

  /// The passkey routes.
  enum Route: String, Sendable {
    case registrationOptions, registration, authenticationOptions, authentication
    case list, rename, remove
  }

  static let rows: [Row] = [
    Row(
      route: .registrationOptions, status: 403, code: "reauthentication_required",
      failure: .refused(.reauthenticationRequired)),
    Row(
      route: .registrationOptions, status: 404, code: "not_found",
      failure: .unsupported(.passkeys)),
    Row(
      route: .registration, status: 400, code: "invalid_passkey",
      failure: .refused(.invalidPasskey)),
    Row(
      route: .registration, status: 409, code: "passkey_exists",
      failure: .refused(.passkeyExists)),
    Row(route: .registration, status: 410, code: "flow_expired", failure: .refused(.flowExpired)),
    Row(
      route: .registration, status: 422, code: "invalid_name",
      failure: .refused(.invalidInput(.name, message: "Scripted invalid_name."))),
    Row(
      route: .authenticationOptions, status: 404, code: "not_found",
      failure: .unsupported(.passkeys)),
    // Not an authorized call: a 401 here judges the passkey, never the session.
    Row(
      route: .authentication, status: 401, code: "invalid_passkey",
      failure: .refused(.invalidPasskey)),
    Row(
      route: .authentication, status: 410, code: "flow_expired", failure: .refused(.flowExpired)),
    Row(
      route: .authentication, status: 423, code: "account_locked",
      failure: .refused(.locked(retryAfterSeconds: 120))),
    Row(route: .rename, status: 404, code: "not_found", failure: .refused(.passkeyNotFound)),
    Row(
      route: .rename, status: 422, code: "invalid_name",
      failure: .refused(.invalidInput(.name, message: "Scripted invalid_name."))),
    Row(route: .remove, status: 404, code: "not_found", failure: .refused(.passkeyNotFound)),
    Row(
      route: .list, status: 401, code: "token_expired", failure: .refused(.accessTokenRejected)),
    Row(route: .list, status: 401, code: "invalid_token", failure: .refused(.sessionEnded)),
  ]

  @Test("each passkey answer is its refusal", arguments: rows)
  func answer(row: Row) async throws {
    let server = try ScriptedAPIServer()
    defer { server.stop() }
    let extra = row.code == "account_locked" ? #""retryAfter": 120"# : ""
    let (method, path) = Self.address(of: row.route)
    server.answer(method, path, .apiError(row.status, row.code, extra: extra))
    let api = KooberAuthAPI(network: NetworkClient(baseURL: server.baseURL, retryPolicy: .none))
    await #expect(throws: row.failure) {
      try await Self.call(row.route, on: api)
    }
  }

  @Test("an id that is not base64url is no passkey, and nothing is sent")
  func foreignID() async throws {
    let server = try ScriptedAPIServer()
    defer { server.stop() }
    let api = KooberAuthAPI(network: NetworkClient(baseURL: server.baseURL, retryPolicy: .none))
    for id in ["", "../users/me", "a/b", "a%2Fb", "a b", "é", String(repeating: "A", count: 1_365)]
    {
      await #expect(throws: AuthFailure.refused(.passkeyNotFound)) {
        _ = try await api.renamePasskey(id: id, name: "x", accessToken: "t")
      }
      await #expect(throws: AuthFailure.refused(.passkeyNotFound)) {
        try await api.removePasskey(id: id, accessToken: "t")
      }
    }
    #expect(server.requests == [])
  }

  static func address(of route: Route) -> (HTTPMethod, String) {
    switch route {
    case .registrationOptions: (.post, "/v1/auth/passkeys/registration/options")
    case .registration: (.post, "/v1/auth/passkeys/registration")
    case .authenticationOptions: (.post, "/v1/auth/passkeys/authentication/options")
    case .authentication: (.post, "/v1/auth/passkeys/authentication")
    case .list: (.get, "/v1/auth/passkeys")
    case .rename: (.patch, "/v1/auth/passkeys/{id}")
    case .remove: (.delete, "/v1/auth/passkeys/{id}")
    }
  }

  static func call(_ route: Route, on api: KooberAuthAPI) async throws(AuthFailure) {
    let bytes = Base64URLBytes([1, 2, 3])
    switch route {
    case .registrationOptions: _ = try await api.passkeyRegistrationOptions(accessToken: "t")
    case .registration:
      let credential = RegistrationResponseJSON(
        rawId: bytes,
        response: AuthenticatorAttestationResponseJSON(
          clientDataJSON: bytes, attestationObject: bytes))
      _ = try await api.finishPasskeyRegistration(
        flowID: "pkf_1", name: "Ann's phone", credential: credential, accessToken: "t")
    case .authenticationOptions: _ = try await api.passkeyAuthenticationOptions()
    case .authentication:
      let credential = AuthenticationResponseJSON(
        rawId: bytes,
        response: AuthenticatorAssertionResponseJSON(
          clientDataJSON: bytes, authenticatorData: bytes, signature: bytes, userHandle: bytes))
      _ = try await api.finishPasskeySignIn(flowID: "pkf_1", credential: credential)
    case .list: _ = try await api.passkeys(accessToken: "t")
    case .rename: _ = try await api.renamePasskey(id: "AQID", name: "New", accessToken: "t")
    case .remove: try await api.removePasskey(id: "AQID", accessToken: "t")
    }
  }
}
