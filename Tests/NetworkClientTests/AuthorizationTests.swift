import Foundation
import LoopbackServer
import NetworkClient
import Testing

@Suite("Authorization, renewal and the unauthorized hook")
struct AuthorizationTests {
  /// A handler that records the Authorization header it got and answers 200 to `accepting`,
  /// 401 `refusal` to any other token.
  static func guarded(
    accepting: String?, refusal: String, seen: Shared<[String?]>
  ) -> LoopbackServer.Handler {
    { request in
      let header = request.header("Authorization")
      seen.update { $0.append(header) }
      guard let accepting, header == "Bearer \(accepting)" else {
        return .error(status: 401, code: refusal, message: "Refused: \(refusal).")
      }
      return .json(raw: #"{"id": 1, "name": "me"}"#)
    }
  }

  /// The error for the server's 401 answer with `code`, body and all.
  static func refusal(_ code: String) -> NetworkError {
    .http(
      status: 401,
      body: HTTPResponse.error(status: 401, code: code, message: "Refused: \(code).").body)
  }

  @Test("the bearer header is sent only on requests that need an account")
  func bearerOnlyWhenAuthorized() async throws {
    let seen = Shared([String?]())
    let h = try Harness(authorization: TestTokens("token-1"))
    defer { h.stop() }
    h.server.route(.get, "/v1/users/me") { request in
      seen.update { $0.append(request.header("Authorization")) }
      return .json(raw: #"{"id": 1, "name": "me"}"#)
    }
    _ = try await TestRequest<Item>(.get, "/v1/users/me").perform(on: h.client)
    _ = try await TestRequest<Item>(.get, "/v1/users/me", authorized: true).perform(on: h.client)
    #expect(seen.value == [nil, "Bearer token-1"])
  }

  /// Everything one authorized exchange produced, so each test states all of it.
  struct Trace: Equatable {
    var outcome: Outcome<Item>
    /// The Authorization header of each request the server got.
    var headers: [String?]
    /// The tokens the provider was asked to renew after.
    var renewals: [String]
    /// What the unauthorized hook heard.
    var hookHeard: [NetworkError]
  }

  /// Sends one request to a server that accepts only `accepting` and refuses anything else
  /// with 401 `refusal`.
  static func trace(
    accepting: String?, refusal: String, renewal: TestTokens.Renewal = .succeeds,
    authorized: Bool = true,
    rejectsCredentials: @escaping CredentialRejectionCheck = NetworkClient.anyUnauthorized
  ) async throws -> Trace {
    let tokens = TestTokens("token-1", renewal: renewal)
    let hook = HookRecorder()
    let seen = Shared([String?]())
    let h = try Harness(
      authorization: tokens, onUnauthorized: hook.hook, rejectsCredentials: rejectsCredentials)
    defer { h.stop() }
    h.server.route(.post, "/v1/x", guarded(accepting: accepting, refusal: refusal, seen: seen))
    let outcome = await TestRequest<Item>(.post, "/v1/x", authorized: authorized)
      .outcome(on: h.client)
    return Trace(
      outcome: outcome, headers: seen.value, renewals: await tokens.rejectedTokens,
      hookHeard: hook.errors)
  }

  @Test("401 token_expired: renewed once, retried once with the new token")
  func renewedOnce() async throws {
    let trace = try await Self.trace(accepting: "token-2", refusal: "token_expired")
    #expect(
      trace
        == Trace(
          outcome: .success(Item(id: 1, name: "me")),
          headers: ["Bearer token-1", "Bearer token-2"], renewals: ["token-1"], hookHeard: []))
  }

  @Test("a second 401 after the renewal is not retried again; the hook hears it once")
  func secondRefusalFinal() async throws {
    let trace = try await Self.trace(accepting: nil, refusal: "token_expired")
    let expired = Self.refusal("token_expired")
    #expect(
      trace
        == Trace(
          outcome: .failure(expired), headers: ["Bearer token-1", "Bearer token-2"],
          renewals: ["token-1"], hookHeard: [expired]))
  }

  @Test("by default any 401 rejects the credentials, whatever its body: renewed once")
  func anyUnauthorizedRenews() async throws {
    let trace = try await Self.trace(accepting: nil, refusal: "invalid_token")
    let invalid = Self.refusal("invalid_token")
    #expect(
      trace
        == Trace(
          outcome: .failure(invalid), headers: ["Bearer token-1", "Bearer token-2"],
          renewals: ["token-1"], hookHeard: [invalid]))
  }

  @Test("a 401 the installed check does not call a rejection: no renewal, no retry, no hook")
  func checkSaysNotRejected() async throws {
    let onlyExpired: CredentialRejectionCheck = { response in
      String(decoding: response.data, as: UTF8.self).contains("token_expired")
    }
    let trace = try await Self.trace(
      accepting: nil, refusal: "invalid_token", rejectsCredentials: onlyExpired)
    #expect(
      trace
        == Trace(
          outcome: .failure(Self.refusal("invalid_token")), headers: ["Bearer token-1"],
          renewals: [], hookHeard: []))
    let renewed = try await Self.trace(
      accepting: "token-2", refusal: "token_expired", rejectsCredentials: onlyExpired)
    #expect(renewed.outcome == .success(Item(id: 1, name: "me")))
  }

  @Test("a 401 on a request without authorization never calls the hook")
  func publicRefusal() async throws {
    let trace = try await Self.trace(
      accepting: nil, refusal: "invalid_credentials", authorized: false)
    #expect(
      trace
        == Trace(
          outcome: .failure(Self.refusal("invalid_credentials")), headers: [nil], renewals: [],
          hookHeard: []))
  }

  @Test("a refused renewal calls the hook once and fails with the 401")
  func renewalRefused() async throws {
    let trace = try await Self.trace(
      accepting: nil, refusal: "token_expired",
      renewal: .fails(Self.refusal("invalid_refresh_token")))
    let expired = Self.refusal("token_expired")
    #expect(
      trace
        == Trace(
          outcome: .failure(expired), headers: ["Bearer token-1"], renewals: ["token-1"],
          hookHeard: [expired]))
  }

  @Test("a renewal that cannot reach the server fails with that, and the session stays")
  func renewalOffline() async throws {
    let trace = try await Self.trace(
      accepting: nil, refusal: "token_expired", renewal: .fails(.transport(.offline)))
    #expect(
      trace
        == Trace(
          outcome: .failure(.transport(.offline)), headers: ["Bearer token-1"],
          renewals: ["token-1"], hookHeard: []))
  }

  @Test("concurrent token_expired answers lead to one refresh: the refused token is passed")
  func concurrentRenewalsCoalesce() async throws {
    let tokens = TestTokens("token-1")
    let expired = Shared(0)
    let h = try Harness(authorization: tokens)
    defer { h.stop() }
    h.server.route(.get, "/v1/users/me") { request in
      guard request.header("Authorization") == "Bearer token-2" else {
        // Hold every refusal until all five requests have been refused, so that they all
        // renew after the same expired token.
        expired.update { $0 += 1 }
        for _ in 0..<200 where expired.value < 5 { try? await Task.sleep(for: .milliseconds(5)) }
        return .error(status: 401, code: "token_expired", message: "Expired.")
      }
      return .json(raw: #"{"id": 1, "name": "me"}"#)
    }
    let request = TestRequest<Item>(.get, "/v1/users/me", authorized: true)
    let results = await TestRequest<Item>.performAll(
      Array(repeating: request, count: 5), on: h.client, maxConcurrent: 5)
    let items = results.compactMap { try? $0.get() }
    #expect(items == Array(repeating: Item(id: 1, name: "me"), count: 5))
    #expect(expired.value == 5)
    #expect(await tokens.refreshCount == 1)
    #expect(await tokens.rejectedTokens == Array(repeating: "token-1", count: 5))
  }

  @Test("an authorized request on a client without a provider sends nothing")
  func noProvider() async throws {
    let h = try Harness()
    defer { h.stop() }
    let outcome = await TestRequest<Item>(.get, "/v1/users/me", authorized: true)
      .outcome(on: h.client)
    #expect(outcome.failureCode == "authorization_unavailable")
    #expect(h.server.requestCount == 0)
  }
}
