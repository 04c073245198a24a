import Foundation
import LoopbackServer
import ServiceUserOIDC
import Testing
import UserModel

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A made-up OIDC provider on a LoopbackServer, for answers a real one does not give on
/// demand: a broken discovery document, an odd token answer, a busy server.
///
/// By default it is well-behaved: discovery at `/.well-known/openid-configuration` naming
/// `/token` and `/userinfo`; a Bearer token answer with a refresh token; userinfo for Ann.
final class FakeProvider: Sendable {
  /// The server; tests add or replace routes on it.
  let server: LoopbackServer
  /// The issuer, the server's base URL.
  var issuer: URL { server.baseURL }
  /// What the token endpoint received, last first.
  let requests = Recorder()

  /// Starts the fake.
  /// - Parameter port: A port, or 0 for any.
  init(port: UInt16 = 0) throws {
    server = try LoopbackServer(port: port)
    answerGoodDiscovery()
    answerToken(.json(status: 200, raw: Self.tokenAnswer))
    server.route(.get, "/userinfo") { _ in
      .json(status: 200, raw: #"{"sub": "u-1", "email": "ann@example.com", "name": "Ann"}"#)
    }
  }

  /// A fake on a free port from 20000-29999, which the system never picks for port 0.
  /// - Returns: The fake.
  /// - Throws: When no port in a hundred tries was free.
  static func belowEphemeralPorts() throws -> FakeProvider {
    for _ in 0..<100 {
      if let fake = try? FakeProvider(port: UInt16.random(in: 20000...29999)) { return fake }
    }
    return try FakeProvider(port: 20000)
  }

  deinit { server.stop() }

  /// A good token answer.
  static let tokenAnswer =
    #"{"access_token": "at-1", "token_type": "Bearer", "expires_in": 60, "refresh_token": "rt-1"}"#

  /// Makes discovery answer a good document.
  func answerGoodDiscovery() {
    let base = server.baseURL.absoluteString
    let document: [String: JSONValue] = [
      "issuer": .string(base), "token_endpoint": .string(base + "/token"),
      "userinfo_endpoint": .string(base + "/userinfo"),
    ]
    answerDiscovery(.json(document))
  }

  /// Makes discovery answer a document of string members; `$base` in a value stands for the
  /// fake's URL.
  func answerDiscovery(members: [String: String]) {
    let base = server.baseURL.absoluteString
    let document = members.mapValues {
      JSONValue.string($0.replacingOccurrences(of: "$base", with: base))
    }
    answerDiscovery(.json(document))
  }

  /// Signs Ann in through a new adapter for this fake and returns the server-trouble text.
  /// - Parameter configuration: The configuration; `configuration()` when `nil`.
  /// - Returns: The text; the test fails when the sign-in did not end in server trouble.
  func signInTrouble(_ configuration: OIDCConfiguration? = nil) async throws -> String {
    let api = OIDCAuthAPI(configuration: try configuration ?? self.configuration())
    let ann = SignInCredentials(identifier: "ann@example.com", password: "pw")
    return try #require(trouble(await failure { try await api.signIn(ann) }))
  }

  /// The good discovery document, as text.
  func discoveryDocument() async throws -> String {
    let url = server.baseURL.appendingPathComponent(".well-known/openid-configuration")
    let (data, _) = try await URLSession.shared.data(from: url)
    return String(decoding: data, as: UTF8.self)
  }

  /// Makes discovery answer `response`.
  func answerDiscovery(_ response: HTTPResponse) {
    server.route(.get, "/.well-known/openid-configuration") { _ in response }
  }

  /// Makes the token endpoint answer `response`, recording each request.
  func answerToken(_ response: HTTPResponse) {
    let requests = requests
    server.route(.post, "/token") { request in
      await requests.record(request)
      return response
    }
  }

  /// A configuration for this fake.
  func configuration(
    clientSecret: String? = nil, defaultUserType: UserType = .passenger,
    userTypeClaim: String? = nil, timeout: Duration = .seconds(30)
  ) throws -> OIDCConfiguration {
    try OIDCConfiguration(
      issuer: issuer, clientID: "koober-public", defaultUserType: defaultUserType,
      clientSecret: clientSecret, userTypeClaim: userTypeClaim, timeout: timeout)
  }
}

/// The requests a fake endpoint received.
actor Recorder {
  private(set) var all: [HTTPRequest] = []

  /// Keeps a request.
  func record(_ request: HTTPRequest) {
    all.append(request)
  }
}
