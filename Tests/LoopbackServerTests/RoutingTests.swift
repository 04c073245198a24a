import Foundation
import LoopbackServer
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Routing over real URLSession")
struct RoutingTests {
  struct Greeting: Codable, Equatable {
    let text: String
    let at: Date
  }

  @Test("a GET route answers JSON with ISO-8601 dates")
  func getRoundTrip() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route(.get, "/hello") { _ in
      .json(Greeting(text: "hi", at: Date(timeIntervalSince1970: 1_800_000_000)))
    }
    let (status, response, body) = try await HTTPClient(server: server).send("GET", "/hello")
    #expect(status == 200)
    #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=utf-8")
    #expect(String(decoding: body, as: UTF8.self) == #"{"at":"2027-01-15T08:00:00Z","text":"hi"}"#)
  }

  @Test("a POST route receives the body and headers the client sent")
  func postRoundTrip() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route(.post, "/echo") { request in
      HTTPResponse(
        status: 201, headers: ["X-Seen": request.header("x-custom") ?? "none"], body: request.body)
    }
    let payload = Data(#"{"email":"ann@example.com"}"#.utf8)
    let (status, response, body) = try await HTTPClient(server: server).send(
      "POST", "/echo", body: payload, headers: ["X-Custom": "yes"])
    #expect(status == 201)
    #expect(response.value(forHTTPHeaderField: "X-Seen") == "yes")
    #expect(body == payload)
  }

  @Test("an unknown path answers 404 not_found in the API.md error shape")
  func notFound() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route(.get, "/known") { _ in .text("ok") }
    let (status, _, body) = try await HTTPClient(server: server).send("GET", "/unknown")
    #expect(status == 404)
    #expect(body.apiError?.code == "not_found")
    #expect(body.apiError?.message.isEmpty == false)
  }

  @Test("a known path with another method answers 405 with an Allow header")
  func methodNotAllowed() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route(.post, "/v1/auth/sign-in") { _ in .noContent }
    server.route(.patch, "/v1/auth/sign-in") { _ in .noContent }
    let (status, response, body) = try await HTTPClient(server: server).send(
      "GET", "/v1/auth/sign-in")
    #expect(status == 405)
    #expect(body.apiError?.code == "method_not_allowed")
    #expect(response.value(forHTTPHeaderField: "Allow") == "PATCH, POST")
  }

  @Test("a custom fallback decides the answer for misses")
  func customFallback() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route(.get, "/a") { _ in .text("a") }
    server.setFallback { request, miss in
      switch miss {
      case .notFound: .text(status: 410, "gone: \(request.path)")
      case .methodNotAllowed(let allowed): .text(status: 418, allowed.map(\.rawValue).joined())
      }
    }
    let client = HTTPClient(server: server)
    let missing = try await client.send("GET", "/b")
    let wrongMethod = try await client.send("DELETE", "/a")
    #expect(missing.status == 410)
    #expect(String(decoding: missing.body, as: UTF8.self) == "gone: /b")
    #expect(wrongMethod.status == 418)
    #expect(String(decoding: wrongMethod.body, as: UTF8.self) == "GET")
  }

  @Test("path parameters are captured and decoded; literal routes win over parameters")
  func pathParameters() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route(.post, "/v1/rides/{id}/accept") { request in
      .text("accept \(request.pathParameters["id"] ?? "?")")
    }
    server.route(.get, "/v1/rides/{id}") { request in
      .text("ride \(request.pathParameters["id"] ?? "?")")
    }
    server.route(.get, "/v1/rides/queue") { _ in .text("queue") }
    let client = HTTPClient(server: server)
    let accept = try await client.send("POST", "/v1/rides/ride_AB%20C/accept")
    let ride = try await client.send("GET", "/v1/rides/ride_7")
    let queue = try await client.send("GET", "/v1/rides/queue")
    let tooDeep = try await client.send("GET", "/v1/rides/ride_7/extra/more")
    #expect(String(decoding: accept.body, as: UTF8.self) == "accept ride_AB C")
    #expect(String(decoding: ride.body, as: UTF8.self) == "ride ride_7")
    #expect(String(decoding: queue.body, as: UTF8.self) == "queue")
    #expect(tooDeep.status == 404)
  }

  @Test("the query string is split and percent-decoded")
  func queryParsing() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route(.get, "/search") { request in
      let items = request.queryItems.map { "\($0.name)=\($0.value)" }.joined(separator: "|")
      let query = request.query
      return .text("\(request.path)|\(query["q"] ?? "-")|\(query["a"] ?? "-")|\(items)")
    }
    let (status, _, body) = try await HTTPClient(server: server).send(
      "GET", "/search?q=Opera%20House&to=ann%40example.com&flag&a=1&a=2&plus=a+b")
    #expect(status == 200)
    #expect(
      String(decoding: body, as: UTF8.self)
        == "/search|Opera House|1|q=Opera House|to=ann@example.com|flag=|a=1|a=2|plus=a b")
  }

  @Test("an error response carries extra fields inside the error object")
  func errorExtraFields() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route(.post, "/lock") { _ in
      .error(status: 423, code: "account_locked", message: "Locked.", extra: ["retryAfter": 300])
        .withHeader("Retry-After", "300")
    }
    let (status, response, body) = try await HTTPClient(server: server).send("POST", "/lock")
    #expect(status == 423)
    #expect(response.value(forHTTPHeaderField: "Retry-After") == "300")
    #expect(
      String(decoding: body, as: UTF8.self)
        == #"{"error":{"code":"account_locked","message":"Locked.","retryAfter":300}}"#)
  }
}
