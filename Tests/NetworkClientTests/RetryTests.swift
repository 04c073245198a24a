import Foundation
import KooberWire
import LoopbackServer
import NetworkClient
import Testing

@Suite("Retries")
struct RetryTests {
  /// A handler that answers `failures` times with `failure`, then with an item.
  static func failing(
    _ failures: Int, with failure: HTTPResponse, attempts: Shared<Int>
  ) -> LoopbackServer.Handler {
    { _ in
      let attempt = attempts.update { count -> Int in
        count += 1
        return count
      }
      return attempt <= failures ? failure : .json(raw: #"{"id": 1, "name": "one"}"#)
    }
  }

  static let unavailable = HTTPResponse.error(status: 503, code: "unavailable", message: "Busy.")

  @Test("503 then 200: retried once after a backoff wait, the server counts 2 attempts")
  func retriedAfter503() async throws {
    let h = try Harness()
    defer { h.stop() }
    let attempts = Shared(0)
    h.server.route(.get, "/items/1", Self.failing(1, with: Self.unavailable, attempts: attempts))
    let outcome = await TestRequest<Item>(.get, "/items/1").outcome(on: h.client)
    #expect(outcome == .success(Item(id: 1, name: "one")))
    #expect(attempts.value == 2)
    #expect(h.clock.sleeps.count == 1)
    // 10 ms base delay with ±25 % jitter.
    #expect(h.clock.sleeps.allSatisfy { $0 >= .microseconds(7_500) && $0 <= .microseconds(12_500) })
  }

  @Test("a GET that keeps failing is sent 3 times (2 retries), waits growing")
  func retriesExhausted() async throws {
    let h = try Harness(retryPolicy: RetryPolicy(baseDelay: .milliseconds(10), jitter: 0))
    defer { h.stop() }
    let attempts = Shared(0)
    h.server.route(.get, "/items/1", Self.failing(9, with: Self.unavailable, attempts: attempts))
    let outcome = await TestRequest<Item>(.get, "/items/1").outcome(on: h.client)
    #expect(outcome.failureCode == "http_503")
    if case .failure(let error) = outcome {
      #expect(error.serverError == ServerError(code: "unavailable", message: "Busy."))
    }
    #expect(attempts.value == 3)
    #expect(h.clock.sleeps == [.milliseconds(10), .milliseconds(20)])
  }

  @Test("a POST that gets 503 is not retried")
  func postNotRetried() async throws {
    let h = try Harness()
    defer { h.stop() }
    let attempts = Shared(0)
    h.server.route(.post, "/v1/rides", Self.failing(1, with: Self.unavailable, attempts: attempts))
    let outcome = await TestRequest<Item>(.post, "/v1/rides", body: ["vehicleType": "wallaby"])
      .outcome(on: h.client)
    #expect(outcome.failureCode == "http_503")
    #expect(attempts.value == 1)
    #expect(h.clock.sleeps.isEmpty)
  }

  @Test("statuses outside 408/429/500/502/503/504 are not retried", arguments: [400, 404, 501])
  func otherStatusesNotRetried(status: Int) async throws {
    let h = try Harness()
    defer { h.stop() }
    let attempts = Shared(0)
    let failure = HTTPResponse.error(status: status, code: "nope", message: "No.")
    h.server.route(.get, "/items/1", Self.failing(1, with: failure, attempts: attempts))
    let outcome = await TestRequest<Item>(.get, "/items/1").outcome(on: h.client)
    #expect(outcome.failureCode == "http_\(status)")
    #expect(attempts.value == 1)
  }

  @Test("Retry-After is honoured: the wait is the server's, not the backoff")
  func retryAfterHonoured() async throws {
    let h = try Harness()
    defer { h.stop() }
    let attempts = Shared(0)
    let tooMany = HTTPResponse.error(status: 429, code: "slow_down", message: "Wait.")
      .withHeader("Retry-After", "3")
    h.server.route(.get, "/items/1", Self.failing(1, with: tooMany, attempts: attempts))
    let outcome = await TestRequest<Item>(.get, "/items/1").outcome(on: h.client)
    #expect(outcome == .success(Item(id: 1, name: "one")))
    #expect(attempts.value == 2)
    #expect(h.clock.sleeps == [.seconds(3)])
  }

  @Test("Retry-After beyond the cap is not waited for: the caller gets the answer at once")
  func retryAfterOverCap() async throws {
    let h = try Harness(
      retryPolicy: RetryPolicy(baseDelay: .milliseconds(10), maxDelay: .seconds(5)))
    defer { h.stop() }
    let attempts = Shared(0)
    let busy = Self.unavailable.withHeader("Retry-After", "120")
    h.server.route(.get, "/items/1", Self.failing(1, with: busy, attempts: attempts))
    let outcome = await TestRequest<Item>(.get, "/items/1").outcome(on: h.client)
    #expect(outcome.failureCode == "http_503")
    #expect(attempts.value == 1)
    #expect(h.clock.sleeps.isEmpty)
  }

  @Test("a request's own policy replaces the client's")
  func perRequestPolicy() async throws {
    let h = try Harness()
    defer { h.stop() }
    let attempts = Shared(0)
    h.server.route(.get, "/items/1", Self.failing(9, with: Self.unavailable, attempts: attempts))
    let policy = RetryPolicy(maxRetries: 4, baseDelay: .milliseconds(1))
    let outcome = await TestRequest<Item>(.get, "/items/1", retry: policy).outcome(on: h.client)
    #expect(outcome.failureCode == "http_503")
    #expect(attempts.value == 5)
  }

  @Test("the default policy is Alamofire's: 2 retries from 0.5 s, idempotent methods only")
  func defaultPolicy() {
    let policy = RetryPolicy.default
    #expect(policy.maxRetries == 2)
    #expect(policy.baseDelay == .milliseconds(500))
    #expect(policy.statuses == [408, 429, 500, 502, 503, 504])
    #expect(policy.allowsRetry(of: .http(status: 503, body: Data()), method: .get))
    #expect(!policy.allowsRetry(of: .http(status: 503, body: Data()), method: .post))
    #expect(!policy.allowsRetry(of: .http(status: 503, body: Data()), method: .patch))
    #expect(policy.allowsRetry(of: .transport(.connectionLost), method: .put))
    #expect(!policy.allowsRetry(of: .transport(.tls), method: .get))
    #expect(!policy.allowsRetry(of: .timeout, method: .get))
    let waits = (0..<3).map { policy.delay(beforeRetry: $0) }
    #expect(waits[0] >= .milliseconds(375) && waits[0] <= .milliseconds(625))
    #expect(waits[1] >= .milliseconds(750) && waits[1] <= .milliseconds(1250))
    #expect(waits[2] >= .milliseconds(1500) && waits[2] <= .milliseconds(2500))
  }
}

extension Outcome {
  /// The error's code for a failure, `nil` for a success.
  var failureCode: String? {
    guard case .failure(let error) = self else { return nil }
    return error.code
  }
}
