import Foundation
import LoopbackServer
import NetworkClient
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

#if os(Linux)
  @Suite("CurlTransport: answers bounded while they arrive")
  struct CurlTransportTests {
    @Test("a body without end is stopped at the limit: the server sent far less than 64 MiB")
    func endlessBodyStopped() async throws {
      let server = try StreamingServer()
      let request = URLRequest(url: server.url)
      let limits = TransferLimits(maximumBodySize: 1 << 20)
      await #expect(throws: NetworkError.responseTooLarge(limit: 1 << 20)) {
        try await CurlTransport().send(request, timeout: .seconds(60), limits: limits)
      }
      // The connection closes at the limit, so the server's writes fail soon after: what it
      // sent is the limit plus the sockets' buffers, never the endless body.
      var sent: Int?
      for _ in 0..<200 {
        sent = server.sent
        if sent != nil { break }
        try await Task.sleep(for: .milliseconds(25))
      }
      let total = try #require(sent, "the server was still sending 5 s after the refusal")
      #expect(total >= 1 << 20)
      #expect(total < 64 << 20, "the server sent \(total >> 20) MiB")
    }

    @Test("an opted-in 303 is followed as a GET without the body; 307 keeps the POST")
    func redirectMethods() async throws {
      let server = try LoopbackServer()
      defer { server.stop() }
      let seen = Shared([String]())
      for (path, status) in [("/see-other", 303), ("/temporary", 307)] {
        server.route(.post, path) { _ in
          HTTPResponse(status: status).withHeader("Location", "/target")
        }
      }
      server.route(.get, "/target") { _ in
        seen.update { $0.append("GET") }
        return .json(raw: "{}")
      }
      server.route(.post, "/target") { request in
        seen.update { $0.append("POST \(String(decoding: request.body, as: UTF8.self))") }
        return .json(raw: "{}")
      }
      let limits = TransferLimits(followsSameOriginRedirects: true)
      for path in ["/see-other", "/temporary"] {
        var request = URLRequest(url: server.baseURL.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.httpBody = Data("a=1".utf8)
        // Generous: the loopback server answers from the test process's cooperative pool,
        // which a full parallel run keeps busy for seconds at a time.
        let (_, response) = try await CurlTransport().send(
          request, timeout: .seconds(120), limits: limits)
        #expect(response.statusCode == 200)
      }
      #expect(seen.value == ["GET", "POST a=1"])
      // A request carrying a credential gets its 307 back: nothing reaches the target.
      var secret = URLRequest(url: server.baseURL.appendingPathComponent("temporary"))
      secret.httpMethod = "POST"
      secret.httpBody = Data("a=1".utf8)
      secret.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
      let (_, kept) = try await CurlTransport().send(
        secret, timeout: .seconds(120), limits: limits)
      #expect(kept.statusCode == 307)
      #expect(seen.value == ["GET", "POST a=1"])
    }

    @Test("an answer with more than 500 header lines is refused, not read")
    func headerFlood() async throws {
      let server = try LoopbackServer()
      defer { server.stop() }
      server.route(.get, "/flood") { _ in
        var response = HTTPResponse(status: 200, body: Data("{}".utf8))
        for index in 0..<600 { response = response.withHeader("X-H\(index)", "v") }
        return response
      }
      let request = URLRequest(url: server.baseURL.appendingPathComponent("flood"))
      await #expect {
        try await CurlTransport().send(request, timeout: .seconds(30))
      } throws: { error in
        guard case .unexpectedResponse(let reason) = error as? NetworkError else { return false }
        return reason.contains("500 header lines")
      }
    }

    @Test("headers arrive as sent: repeated ones joined, names kept, the status read")
    func responseHeaders() async throws {
      let server = try LoopbackServer()
      defer { server.stop() }
      server.route(.get, "/h") { _ in
        HTTPResponse(status: 418, body: Data("short".utf8))
          .withHeader("X-Thing", "one").withHeader("WWW-Authenticate", "Bearer realm=\"a\"")
      }
      let request = URLRequest(url: server.baseURL.appendingPathComponent("h"))
      let (body, response) = try await CurlTransport().send(request, timeout: .seconds(30))
      #expect(response.statusCode == 418)
      #expect(body == Data("short".utf8))
      #expect(response.value(forHTTPHeaderField: "x-thing") == "one")
      #expect(response.value(forHTTPHeaderField: "WWW-Authenticate") == "Bearer realm=\"a\"")
    }
  }
#endif
