import Foundation
import LoopbackServer
import NetworkClient
import Testing

@Suite("Transport failures, timeouts and cancellation")
struct TransportTests {
  @Test("a server that closes the connection mid-response: connection lost, GET retried twice")
  func closedMidResponse() async throws {
    let h = try Harness()
    defer { h.stop() }
    let body = Data(#"{"id": 1, "name": "\#(String(repeating: "x", count: 4000))"}"#.utf8)
    h.server.route(.get, "/items/1") { _ in .truncated(body: body, sendingBytes: 100) }
    let outcome = await TestRequest<Item>(.get, "/items/1").outcome(on: h.client)
    #expect(outcome == .failure(.transport(.connectionLost)))
    #expect(h.server.requestCount == 3)
  }

  @Test("a dropped connection on a POST is connection lost and not retried")
  func droppedPost() async throws {
    let h = try Harness()
    defer { h.stop() }
    h.server.route(.post, "/v1/rides") { _ in .dropConnection }
    let outcome = await TestRequest<Item>(.post, "/v1/rides", body: ["vehicleType": "wallaby"])
      .outcome(on: h.client)
    #expect(outcome == .failure(.transport(.connectionLost)))
    #expect(h.server.requestCount == 1)
  }

  @Test("nothing listening at the port: connection refused")
  func connectionRefused() async throws {
    // Port 9 (discard) is below the ephemeral range, so no test's server takes it meanwhile,
    // as one could take the port of a server just stopped.
    let client = NetworkClient(
      baseURL: try #require(URL(string: "http://127.0.0.1:9")), retryPolicy: .none)
    let outcome = await TestRequest<Item>(.get, "/items/1").outcome(on: client)
    #expect(outcome == .failure(.transport(.connectionRefused)))
  }

  @Test("a slow handler against a short timeout gives .timeout, not retried")
  func slowHandler() async throws {
    let h = try Harness()
    defer { h.stop() }
    h.server.route(.get, "/slow") { _ in
      try? await Task.sleep(for: .seconds(5))
      return .json(raw: #"{"id": 1, "name": "late"}"#)
    }
    let request = TestRequest<Item>(.get, "/slow", timeout: .milliseconds(200))
    let outcome = await within(.seconds(30)) { await request.outcome(on: h.client) }
    #expect(outcome == .failure(.timeout))
    #expect(h.server.requestCount == 1)
  }

  @Test("a short timeout that starts after a long one still ends on time")
  func shortTimeoutAfterLongOne() async throws {
    let h = try Harness()
    defer { h.stop() }
    h.server.route(.get, "/slow") { _ in
      try? await Task.sleep(for: .seconds(5))
      return .json(raw: #"{"id": 1, "name": "late"}"#)
    }
    let client = h.client
    let long = Task {
      await TestRequest<Item>(.get, "/slow", timeout: .seconds(20)).outcome(on: client)
    }
    defer { long.cancel() }
    let short = TestRequest<Item>(.get, "/slow", timeout: .milliseconds(150))
    // Without its own timer the short request would wait for the long one's 20 s deadline;
    // the handler answers after 5 s, so anything but `.timeout` here is the bug.
    let outcome = await within(.seconds(10)) { await short.outcome(on: client) }
    #expect(outcome == .failure(.timeout))
  }

  @Test("cancelling the calling task mid-flight throws .cancelled promptly")
  func cancelMidFlight() async throws {
    let h = try Harness()
    defer { h.stop() }
    let arrived = Shared(false)
    h.server.route(.get, "/never") { _ in
      arrived.update { $0 = true }
      try? await Task.sleep(for: .seconds(120))
      return .json(raw: "{}")
    }
    let client = h.client
    let task = Task { await TestRequest<Item>(.get, "/never").outcome(on: client) }
    let reached = await within(.seconds(30)) {
      while !arrived.value { try? await Task.sleep(for: .milliseconds(5)) }
      return true
    }
    #expect(reached == true)
    task.cancel()
    let outcome = await within(.seconds(10)) { await task.value }
    #expect(outcome == .failure(.cancelled))
    #expect(h.server.requestCount == 1)
  }

  @Test("cancelling during a backoff wait throws .cancelled without another attempt")
  func cancelDuringBackoff() async throws {
    let h = try Harness(clock: ContinuousClock())
    defer { h.stop() }
    h.server.route(.get, "/busy") { _ in
      HTTPResponse.error(status: 503, code: "unavailable", message: "Busy.")
        .withHeader("Retry-After", "20")
    }
    let client = h.client
    let task = Task { await TestRequest<Item>(.get, "/busy").outcome(on: client) }
    let reached = await within(.seconds(30)) {
      while h.server.requestCount < 1 { try? await Task.sleep(for: .milliseconds(5)) }
      return true
    }
    #expect(reached == true)
    try await Task.sleep(for: .milliseconds(50))
    task.cancel()
    let outcome = await within(.seconds(10)) { await task.value }
    #expect(outcome == .failure(.cancelled))
    #expect(h.server.requestCount == 1)
  }

  @Test("a task cancelled before sending sends nothing")
  func cancelledBeforeSending() async throws {
    let h = try Harness()
    defer { h.stop() }
    h.server.route(.get, "/items/1") { _ in .json(raw: #"{"id": 1, "name": "one"}"#) }
    let client = h.client
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await TestRequest<Item>(.get, "/items/1").outcome(on: client)
    }
    #expect(await task.value == .failure(.cancelled))
    #expect(h.server.requestCount == 0)
  }
}
