import Foundation
import LoopbackServer
import NetworkClient
import Testing

@Suite("anyResponse(for:): every answer, whatever its status")
struct AnyResponseTests {
  @Test("a 400 with OAuth's error body comes back as an answer, once, without a token")
  func errorBodiesAreAnswers() async throws {
    let tokens = Tokens()
    let h = try Harness(authorization: tokens)
    defer { h.stop() }
    let seen = Seen()
    h.server.route(.post, "/token") { request in
      await seen.add(request.headers["Authorization"])
      return .json(status: 400, raw: #"{"error": "invalid_grant"}"#)
    }
    let endpoint = Endpoint(.post, "/token", requiresAuthorization: true)
    let answer = try await h.client.anyResponse(for: endpoint)
    #expect(answer.status == 400)
    #expect(String(decoding: answer.data, as: UTF8.self) == #"{"error": "invalid_grant"}"#)
    #expect(await seen.values == [nil])
    #expect(h.clock.sleeps.isEmpty)
  }

  @Test("a 503 to a GET is the answer under the default policy: one request, no wait")
  func statusNotRetried() async throws {
    // The same GET through response(for:) would be retried: anyResponse retries no status.
    let h = try Harness(retryPolicy: .default)
    defer { h.stop() }
    let count = Shared(0)
    h.server.route(.get, "/busy") { _ in
      count.update { $0 += 1 }
      return .error(status: 503, code: "unavailable", message: "Busy.")
    }
    let answer = try await h.client.anyResponse(for: Endpoint(.get, "/busy"))
    #expect(answer.status == 503)
    #expect(count.value == 1)
    #expect(h.clock.sleeps.isEmpty)
  }

  @Test("no answer at all is still a NetworkError, retried as the policy allows")
  func noAnswerThrows() async throws {
    let h = try Harness(retryPolicy: RetryPolicy(maxRetries: 2, baseDelay: .milliseconds(1)))
    h.server.route(.get, "/x") { _ in .dropConnection }
    defer { h.stop() }
    await #expect(throws: NetworkError.self) {
      _ = try await h.client.anyResponse(for: Endpoint(.get, "/x"))
    }
    #expect(h.clock.sleeps.count == 2)
  }
}

private actor Seen {
  var values: [String?] = []
  func add(_ value: String?) { values.append(value) }
}

private struct Tokens: AuthorizationProvider {
  func accessToken() async throws -> String { "secret-token" }
  func renewAccessToken(after rejectedToken: String) async throws -> String { "renewed" }
}
