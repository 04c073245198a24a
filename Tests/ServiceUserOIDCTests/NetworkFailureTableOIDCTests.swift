import Foundation
import LoginCore
import NetworkClient
import ServiceUserOIDC
import Testing
import UserModel

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("The OIDC adapter falls back to LoginCore's one table of network failures")
struct NetworkFailureTableOIDCTests {
  static let issuer = "https://id.example.com"
  static let ann = SignInCredentials(identifier: "ann", password: "pw")

  /// The failure's code, with the status when it carries one.
  static func tableShape(_ failure: AuthFailure?) -> String {
    guard let failure else { return "no failure" }
    if case .unavailable(.unexpectedAnswer(let status, _)) = failure {
      return "\(failure.code) \(status)"
    }
    return failure.code
  }

  static func api(_ token: TokenScript) throws -> OIDCAuthAPI {
    let configuration = try OIDCConfiguration(
      issuer: URL(string: issuer)!, clientID: "app", defaultUserType: UserType("rider"))
    return OIDCAuthAPI(configuration: configuration, transport: DiscoveryThen(token: token))
  }

  @Test(
    "a request that got no answer fails as the table says",
    arguments: [
      NetworkError.cancelled, .transport(.offline), .transport(.tls),
      .transport(.connectionLost), .timeout, .responseTooLarge(limit: 1 << 20),
      .unexpectedResponse("not HTTP"),
    ])
  func noAnswer(_ error: NetworkError) async throws {
    let api = try Self.api(.failing(error))
    let failure = await failure { try await api.signIn(Self.ann) }
    #expect(Self.tableShape(failure) == Self.tableShape(AuthFailure(error.kind)))
  }

  @Test(
    "an answer without an OAuth error fails as the table says, keeping its status",
    arguments: [500, 502, 503, 408, 429, 302, 404, 401])
  func bodiless(_ status: Int) async throws {
    let api = try Self.api(.answering(status, "", [:]))
    let failure = await failure { try await api.signIn(Self.ann) }
    #expect(Self.tableShape(failure) == "unexpected_answer \(status)")
    #expect(
      Self.tableShape(failure)
        == Self.tableShape(AuthFailure(NetworkError.http(status: status, body: Data()).kind)))
  }

  @Test(
    "an answer with a body but no OAuth error keeps its status, a 5xx or a 3xx alike",
    arguments: [
      (502, "<html>Bad gateway</html>"), (503, #"{"detail": "down"}"#), (301, "Moved"),
    ])
  func bodyWithoutOAuthError(status: Int, body: String) async throws {
    let api = try Self.api(.answering(status, body, [:]))
    let failure = await failure { try await api.signIn(Self.ann) }
    #expect(Self.tableShape(failure) == "unexpected_answer \(status)")
  }

  @Test("a token answer that is not JSON is server trouble, as the table says")
  func malformedAnswer() async throws {
    let api = try Self.api(.answering(200, "{not json", [:]))
    let failure = await failure { try await api.signIn(Self.ann) }
    #expect(Self.tableShape(failure) == Self.tableShape(AuthFailure(.unreadableAnswer)))
  }

  @Test("a cancelled refresh is cancelled, not offline, and does not end the session")
  func cancelledRefresh() async throws {
    let api = try Self.api(.failing(.cancelled))
    let session = UserSession(
      user: User(id: "u-1", identifier: "ann", name: "Ann", type: UserType("rider")),
      accessToken: "at", accessTokenExpiresAt: Date().addingTimeInterval(60),
      refreshToken: "rt", issuer: api.sessionIssuer)
    let failure = await failure { try await api.refresh(session) }
    #expect(failure == .refused(.signInCancelled))
    #expect(failure?.endsSession == false)
  }

  @Test("the provider's own answer is read before the table")
  func ownReadingFirst() async throws {
    let busy = try Self.api(.answering(503, "", ["Retry-After": "9"]))
    #expect(
      await failure { try await busy.signIn(Self.ann) }
        == .unavailable(.busy(retryAfterSeconds: 9)))
    let refused = try Self.api(.answering(400, #"{"error": "invalid_grant"}"#, [:]))
    #expect(
      await failure { try await refused.signIn(Self.ann) }
        == .refused(.invalidCredentials(.username)))
  }
}

/// What the token endpoint does.
enum TokenScript: Sendable {
  case failing(NetworkError)
  case answering(Int, String, [String: String])
}

/// A transport that answers discovery with a good document and every other request by its
/// script.
struct DiscoveryThen: HTTPTransport {
  let token: TokenScript

  func send(_ request: URLRequest, timeout: Duration?) async throws(NetworkError)
    -> (Data, HTTPURLResponse)
  {
    let url = request.url!
    if url.path.hasSuffix("openid-configuration") {
      let issuer = NetworkFailureTableOIDCTests.issuer
      let document =
        #"{"issuer": "\#(issuer)", "token_endpoint": "\#(issuer)/token", "#
        + #""userinfo_endpoint": "\#(issuer)/userinfo"}"#
      return (Data(document.utf8), Self.response(url, 200, [:]))
    }
    switch token {
    case .failing(let error): throw error
    case .answering(let status, let body, let headers):
      return (Data(body.utf8), Self.response(url, status, headers))
    }
  }

  static func response(_ url: URL, _ status: Int, _ headers: [String: String])
    -> HTTPURLResponse
  {
    var fields = headers
    fields["Content-Type"] = "application/json"
    return HTTPURLResponse(
      url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: fields)!
  }
}
