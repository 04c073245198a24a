import Foundation
import LoginCore
import LoopbackServer
import ServiceUserOIDC
import Testing
import UserModel

/// A hostile or misconfigured provider answers 3xx: no client secret, password or token goes
/// to the other origin, nothing is stored, and the answer is the provider's trouble.
@Suite("Provider redirects carry no credential")
struct RedirectTests {
  /// Another origin that records what reaches it.
  final class Elsewhere: Sendable {
    let server: LoopbackServer
    let requests = Recorder()
    init() throws {
      server = try LoopbackServer()
      let requests = requests
      for method in [HTTPMethod.get, .post] {
        for path in ["/token", "/userinfo", "/revoke"] {
          server.route(method, path) { request in
            await requests.record(request)
            return .json(
              raw: #"{"access_token": "evil", "token_type": "Bearer", "sub": "evil"}"#)
          }
        }
      }
    }
    deinit { server.stop() }
    func url(_ path: String) -> String {
      server.baseURL.appendingPathComponent(path).absoluteString
    }
  }

  @Test("a token endpoint's 302, 307 or 308 is trouble; the other origin receives nothing")
  func tokenRedirect() async throws {
    for status in [302, 307, 308] {
      let elsewhere = try Elsewhere()
      let fake = try FakeProvider()
      fake.answerToken(
        HTTPResponse(status: status).withHeader("Location", elsewhere.url("token")))
      let api = OIDCAuthAPI(configuration: try fake.configuration(clientSecret: "s3cret"))
      let outcome = await failure {
        try await api.signIn(SignInCredentials(identifier: "ann", password: "pw"))
      }
      #expect(trouble(outcome) != nil, "HTTP \(status): \(String(describing: outcome))")
      #expect(await elsewhere.requests.all.isEmpty)
    }
  }

  @Test("a userinfo 302 is trouble: the access token never reaches the other origin")
  func userinfoRedirect() async throws {
    let elsewhere = try Elsewhere()
    let fake = try FakeProvider()
    fake.server.route(.get, "/userinfo") { _ in
      HTTPResponse(status: 302).withHeader("Location", elsewhere.url("userinfo"))
    }
    let api = OIDCAuthAPI(configuration: try fake.configuration())
    let outcome = await failure {
      try await api.signIn(SignInCredentials(identifier: "ann", password: "pw"))
    }
    #expect(trouble(outcome) != nil)
    let viaCheck = await failure { try await api.currentUser(accessToken: "at-1") }
    #expect(viaCheck != nil && viaCheck?.endsSession == false)
    #expect(await elsewhere.requests.all.isEmpty)
  }

  @Test("a revocation 307 is not a confirmed sign-out, and the refresh token goes nowhere else")
  func revocationRedirect() async throws {
    let elsewhere = try Elsewhere()
    let fake = try FakeProvider()
    fake.server.route(.post, "/revoke") { _ in
      HTTPResponse(status: 307).withHeader("Location", elsewhere.url("revoke"))
    }
    let configuration = try OIDCConfiguration(
      issuer: fake.issuer, clientID: "koober-public", defaultUserType: .passenger,
      revocationEndpoint: fake.issuer.appendingPathComponent("revoke"))
    let session = UserSession(
      user: User(id: "u-1", identifier: "ann", name: nil, type: .passenger),
      accessToken: "at-1", accessTokenExpiresAt: Date().addingTimeInterval(300),
      refreshToken: "rt-1")
    let api = OIDCAuthAPI(configuration: configuration)
    let outcome = await failure { try await api.signOut(session) }
    #expect(trouble(outcome) != nil)
    #expect(await elsewhere.requests.all.isEmpty)
  }
}
