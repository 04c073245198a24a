import Foundation
import LoopbackServer
import NetworkClient
import Testing

@Suite("Security: insecure URLs and secrets")
struct SecurityTests {
  static func client(_ base: String, allowsInsecureHTTP: Bool = false) throws -> (
    NetworkClient, RecordingTransport
  ) {
    let transport = RecordingTransport()
    let url = try #require(URL(string: base))
    return (
      NetworkClient(baseURL: url, transport: transport, allowsInsecureHTTP: allowsInsecureHTTP),
      transport
    )
  }

  @Test("http:// to a host that is not loopback is refused before anything is sent")
  func insecureRefused() async throws {
    let (client, transport) = try Self.client("http://api.koober.example")
    let outcome = await TestRequest<EmptyResult>(.get, "/v1/users/me").outcome(on: client)
    #expect(outcome == .failure(.insecureURL(host: "api.koober.example")))
    #expect(transport.sent.isEmpty)
  }

  @Test(
    "loopback hosts may use http://",
    arguments: [
      "http://127.0.0.1:8080", "http://127.4.5.6", "http://localhost:9", "http://[::1]:80",
    ])
  func loopbackAllowed(base: String) async throws {
    let (client, transport) = try Self.client(base)
    let outcome = await TestRequest<EmptyResult>(.get, "/v1/ping").outcome(on: client)
    #expect(outcome == .success(EmptyResult()))
    #expect(transport.sent.map { $0.url?.path } == ["/v1/ping"])
  }

  @Test(
    "look-alikes of loopback are not loopback",
    arguments: [
      // (`0x7f.0.0.1` is 127.0.0.1 to libcurl: LoopbackHostTests counts it as loopback.)
      "http://127.0.0.1.example.com", "http://128.0.0.1", "http://10.0.0.1", "http://0x80.0.0.1",
      "http://localhost.example.com", "http://[::2]",
    ])
  func lookAlikesRefused(base: String) throws {
    let (client, _) = try Self.client(base)
    let error = #expect(throws: NetworkError.self) { try client.url(for: Endpoint(.get, "/x")) }
    #expect(error?.code == "insecure_url")
  }

  @Test("allowsInsecureHTTP lets http:// through; https:// always goes; other schemes never")
  func schemes() throws {
    let (insecure, _) = try Self.client("http://api.koober.example", allowsInsecureHTTP: true)
    #expect(
      try insecure.url(for: Endpoint(.get, "/a")).absoluteString == "http://api.koober.example/a")
    let (secure, _) = try Self.client("https://api.koober.example/")
    #expect(
      try secure.url(for: Endpoint(.get, "a")).absoluteString == "https://api.koober.example/a")
    let (ftp, _) = try Self.client("ftp://api.koober.example")
    #expect(throws: NetworkError.invalidURL("the scheme 'ftp' is not http or https")) {
      try ftp.url(for: Endpoint(.get, "/a"))
    }
  }

  @Test("logs, error descriptions and endpoint descriptions never hold a secret")
  func secretsRedacted() async throws {
    let lines = Shared([String]())
    let h = try Harness(
      retryPolicy: .none, authorization: TestTokens("tok-SECRET-1"),
      logger: { line in lines.update { $0.append(line) } })
    defer { h.stop() }
    h.server.route(.post, "/v1/auth/otp/verify") { _ in
      .json(status: 400, raw: #"{"token": "srv-SECRET-2", "refreshToken": "srv-SECRET-3", "n": 1}"#)
    }
    let body = [
      "email": "ann@example.com", "password": "pw-SECRET-4", "code": "SECRET-5",
      "refreshToken": "rt-SECRET-6",
    ]
    let request = TestRequest<Item>(
      .post, "/v1/auth/otp/verify", query: [URLQueryItem(name: "token", value: "q-SECRET-7")],
      body: body, authorized: true)
    let outcome = await request.outcome(on: h.client)
    guard case .failure(let error) = outcome else {
      Issue.record("expected a failure, got \(outcome)")
      return
    }
    let endpoint = try request.endpoint()
    let texts = lines.value + [error.description, error.message, "\(endpoint)"]
    #expect(lines.value.count == 1)
    for text in texts {
      #expect(!text.contains("SECRET"), "leaked in: \(text)")
    }
    #expect(lines.value.first?.contains("ann@example.com") == true)
    #expect(lines.value.first?.contains("Authorization: <redacted>") == true)
    #expect(error.description.contains(#""token": "<redacted>""#))
    #expect(error.description.contains(#""n": 1"#))
  }

  @Test("an excerpt cut inside a secret still hides it")
  func cutSecretRedacted() async throws {
    let h = try Harness(retryPolicy: .none)
    defer { h.stop() }
    // Words, not one long run: a long run of letters is token-shaped and redacted anyway.
    let padding = String(repeating: "a ", count: (NetworkError.excerptLimit - 40) / 2)
    let token = String(repeating: "S", count: 600)
    h.server.route(.get, "/odd") { _ in
      .json(status: 500, raw: #"{"pad": "\#(padding)", "token": "\#(token)"}"#)
    }
    let outcome = await TestRequest<Item>(.get, "/odd").outcome(on: h.client)
    guard case .failure(let error) = outcome, case .http(500, _) = error,
      let excerpt = error.excerpt
    else {
      Issue.record("expected an excerpt, got \(outcome)")
      return
    }
    #expect(!excerpt.contains("SSS"))
    #expect(excerpt.contains(#""token": "<redacted>""#))
    #expect(excerpt.hasPrefix(#"{"pad": "a a a"#))
  }

  @Test("a simplejwt-shaped exchange logs no token, with no configuration")
  func simplejwtShapes() async throws {
    let lines = Shared([String]())
    let server = try LoopbackServer()
    defer { server.stop() }
    let jwt = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VyX2lkIjo0Mn0.c2lnbmF0dXJl"
    server.route(.post, "/api/token/refresh/") { _ in
      .json(status: 401, raw: #"{"detail": "expired", "access": "\#(jwt)"}"#)
    }
    let client = NetworkClient(
      baseURL: server.baseURL, retryPolicy: .none,
      logger: { line in lines.update { $0.append(line) } })
    let body = Data(#"{"refresh": "\#(jwt)", "device": "kitchen-tablet-42-abcdefghijkl"}"#.utf8)
    let endpoint = Endpoint(.post, "/api/token/refresh/", body: body)
    let error: NetworkError
    do {
      _ = try await client.response(for: endpoint)
      Issue.record("expected the 401")
      return
    } catch let caught {
      error = caught
    }
    // `badgeword` has no built-in secret part, and no other test uses it: the app's name
    // is what hides it (the rules are process-wide, so it must be a name of this test only).
    let form = Endpoint(
      .post, "/o/token/",
      body: Data("grant_type=password&username=ann&badgeword=4321&x=\(jwt)".utf8))
    #expect("\(form)".contains("badgeword=4321"), "shown before the app names it: \(form)")
    RedactionRules.addSensitiveNames(["badgeword"])
    let json = Endpoint(.post, "/x", body: Data(#"{"badgeWord": "5678", "user": "ann"}"#.utf8))
    for text in lines.value + ["\(endpoint)", error.description, "\(form)", "\(json)"] {
      #expect(!text.contains("eyJ"), "leaked in: \(text)")
      #expect(!text.contains("kitchen-tablet"), "leaked in: \(text)")
      #expect(!text.contains("4321"), "leaked in: \(text)")
      #expect(!text.contains("5678"), "leaked in: \(text)")
    }
    #expect("\(form)".contains("username=ann"))
    #expect("\(json)".contains("ann"))
    let marked = Endpoint(
      .post, "/login", body: Data(#"{"user": "ann", "pw": "x"}"#.utf8), carriesCredentials: true)
    #expect("\(marked)" == "POST /login body: <redacted>")
  }
}
