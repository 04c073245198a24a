import Foundation
import Testing
import WebAuthn
import WireFormat

@testable import KooberBackend

/// The passkey routes, driven with `TestAuthenticator` and the `WebAuthn` module's JSON forms.
extension TestBackend {
  /// A started ceremony: its flow and the options as the `WebAuthn` module reads them.
  struct Started<Options: Decodable>: Decodable {
    var flowId: String
    var publicKey: Options
  }

  /// Signs a user up and returns their access token.
  func accessToken(_ email: String, type: String = "passenger") async throws -> String {
    let response = try await signUp(email, type: type)
    return try #require(response.string("token"), "sign-up answered \(response.status)")
  }

  /// `POST /v1/auth/passkeys/registration/options`, raw.
  func registrationOptionsResponse(token: String) async throws -> APIResponse {
    try await send("POST", "/v1/auth/passkeys/registration/options", json: [:], token: token)
  }

  /// Registration options, read with `PublicKeyCredentialCreationOptionsJSON`.
  func registrationOptions(
    token: String
  ) async throws -> Started<PublicKeyCredentialCreationOptionsJSON> {
    let response = try await registrationOptionsResponse(token: token)
    #expect(
      response.status == 200, "options answered \(response.status) \(response.errorCode ?? "")")
    return try JSONDecoder().decode(
      Started<PublicKeyCredentialCreationOptionsJSON>.self, from: response.body)
  }

  /// `POST /v1/auth/passkeys/registration` with a credential.
  func finishRegistration(
    token: String, flowID: String, name: String, credential: RegistrationResponseJSON
  ) async throws -> APIResponse {
    struct Body: Encodable {
      var flowId: String
      var name: String
      var credential: RegistrationResponseJSON
    }
    let body = try JSONEncoder().encode(
      Body(flowId: flowID, name: name, credential: credential))
    return try await send("POST", "/v1/auth/passkeys/registration", body: body, token: token)
  }

  /// Asks for options, lets the authenticator make a credential (bent or not) and posts it.
  func registerPasskey(
    token: String, with authenticator: TestAuthenticator, name: String = "Ann's laptop",
    bend: TestAuthenticator.Bend = .none
  ) async throws -> APIResponse {
    let started = try await registrationOptions(token: token)
    let credential = try authenticator.register(started.publicKey, bend: bend)
    return try await finishRegistration(
      token: token, flowID: started.flowId, name: name, credential: credential)
  }

  /// Authentication options, read with `PublicKeyCredentialRequestOptionsJSON`.
  func authenticationOptions() async throws -> Started<PublicKeyCredentialRequestOptionsJSON> {
    let response = try await send("POST", "/v1/auth/passkeys/authentication/options", json: [:])
    #expect(response.status == 200)
    return try JSONDecoder().decode(
      Started<PublicKeyCredentialRequestOptionsJSON>.self, from: response.body)
  }

  /// `POST /v1/auth/passkeys/authentication` with an assertion.
  func finishAuthentication(
    flowID: String, credential: AuthenticationResponseJSON
  ) async throws -> APIResponse {
    struct Body: Encodable {
      var flowId: String
      var credential: AuthenticationResponseJSON
    }
    let body = try JSONEncoder().encode(Body(flowId: flowID, credential: credential))
    return try await send("POST", "/v1/auth/passkeys/authentication", body: body)
  }

  /// Asks for options, lets the authenticator sign (bent or not) and posts the assertion.
  func signInWithPasskey(
    _ authenticator: TestAuthenticator, bend: TestAuthenticator.Bend = .none
  ) async throws -> APIResponse {
    let started = try await authenticationOptions()
    let credential = try authenticator.authenticate(started.publicKey, bend: bend)
    return try await finishAuthentication(flowID: started.flowId, credential: credential)
  }

  /// `GET /v1/auth/passkeys`.
  func passkeys(token: String) async throws -> [[String: Any]] {
    let response = try await send("GET", "/v1/auth/passkeys", token: token)
    #expect(response.status == 200)
    return response.json["passkeys"] as? [[String: Any]] ?? []
  }

  /// The check behind the latest `invalid_passkey`.
  var latestRefusal: PasskeyRefusal? {
    backend.store.recentPasskeyRefusals.withLock { $0.last }
  }

  /// How many `invalid_passkey` answers were given so far.
  var refusalCount: Int {
    backend.store.recentPasskeyRefusals.withLock { $0.count }
  }
}
