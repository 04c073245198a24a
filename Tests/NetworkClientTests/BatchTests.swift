import Foundation
import LoopbackServer
import NetworkClient
import Testing

@Suite("Batches")
struct BatchTests {
  /// `/items/{n}` answers item n, except every 7th request (n = 6, 13, …) which is refused.
  static func serveItems(
    on server: LoopbackServer, inFlight: InFlight? = nil, pause: Duration = .zero
  ) {
    server.route(.get, "/items/{n}") { request in
      inFlight?.enter()
      defer { inFlight?.leave() }
      if pause > .zero { try? await Task.sleep(for: pause) }
      guard let n = request.pathParameters["n"].flatMap(Int.init) else {
        return .error(status: 400, code: "malformed_query", message: "Not a number.")
      }
      if (n + 1) % 7 == 0 {
        return .error(status: 422, code: "invalid_item", message: "Item \(n) is refused.")
      }
      return .json(raw: #"{"id": \#(n), "name": "item \#(n)"}"#)
    }
  }

  static func expected(_ n: Int) -> Outcome<Item> {
    guard (n + 1) % 7 != 0 else {
      let answer = HTTPResponse.error(
        status: 422, code: "invalid_item", message: "Item \(n) is refused.")
      return .failure(.http(status: 422, body: answer.body))
    }
    return .success(Item(id: n, name: "item \(n)"))
  }

  static func requests(_ count: Int) -> [TestRequest<Item>] {
    (0..<count).map { TestRequest<Item>(.get, "/items/\($0)") }
  }

  @Test("a batch of 50 where every 7th fails yields all 50 outcomes at the right indexes")
  func fiftyWithFailures() async throws {
    let h = try Harness()
    defer { h.stop() }
    Self.serveItems(on: h.server)
    var outcomes: [Int: Outcome<Item>] = [:]
    var order: [Int] = []
    for await outcome in TestRequest<Item>.batch(Self.requests(50), on: h.client, maxConcurrent: 6)
    {
      order.append(outcome.index)
      switch outcome.result {
      case .success(let item): outcomes[outcome.index] = .success(item)
      case .failure(let error): outcomes[outcome.index] = .failure(error)
      }
    }
    #expect(order.sorted() == Array(0..<50))
    #expect((0..<50).map { outcomes[$0] } == (0..<50).map { Self.expected($0) })
    #expect(outcomes.values.filter { $0.failureCode == "http_422" }.count == 7)
    #expect(h.server.requestCount == 50)
  }

  @Test("performAll returns every outcome in index order")
  func performAllInOrder() async throws {
    let h = try Harness()
    defer { h.stop() }
    Self.serveItems(on: h.server)
    let results = await TestRequest<Item>.performAll(
      Self.requests(20), on: h.client, maxConcurrent: 5)
    let outcomes = results.map { result -> Outcome<Item> in
      switch result {
      case .success(let item): .success(item)
      case .failure(let error): .failure(error)
      }
    }
    #expect(outcomes == (0..<20).map { Self.expected($0) })
  }

  @Test("the concurrency limit holds: the server never sees more than maxConcurrent at once")
  func concurrencyLimit() async throws {
    let h = try Harness()
    defer { h.stop() }
    let inFlight = InFlight()
    Self.serveItems(on: h.server, inFlight: inFlight, pause: .milliseconds(20))
    let results = await TestRequest<Item>.performAll(
      Self.requests(24), on: h.client, maxConcurrent: 4)
    #expect(results.count == 24)
    #expect(inFlight.total == 24)
    #expect(inFlight.most <= 4)
    #expect(inFlight.most >= 2)
  }

  @Test("an empty batch finishes at once with no outcomes")
  func emptyBatch() async throws {
    let h = try Harness()
    defer { h.stop() }
    var count = 0
    for await _ in TestRequest<Item>.batch([], on: h.client) { count += 1 }
    #expect(count == 0)
    #expect(await TestRequest<Item>.performAll([], on: h.client).isEmpty)
  }

  @Test("cancelling the consumer cancels the requests in flight and starts no more")
  func cancelConsumer() async throws {
    let transport = ObservedTransport()
    let h = try Harness(transport: transport)
    defer { h.stop() }
    let arrived = InFlight()
    h.server.route(.get, "/items/{n}") { _ in
      arrived.enter()
      try? await Task.sleep(for: .seconds(120))
      return .json(raw: "{}")
    }
    let client = h.client
    let consumer = Task {
      var received = 0
      for await _ in TestRequest<Item>.batch(Self.requests(10), on: client, maxConcurrent: 3) {
        received += 1
      }
      return received
    }
    // A machine busy with builds beside the suite took over 30 s to start three.
    let started = await within(.seconds(120)) {
      while arrived.total < 3 { try? await Task.sleep(for: .milliseconds(5)) }
      return true
    }
    #expect(started == true)
    consumer.cancel()
    #expect(await within(.seconds(10)) { await consumer.value } == 0)
    let ended = await within(.seconds(10)) {
      while transport.results.count < 3 { try? await Task.sleep(for: .milliseconds(5)) }
      return transport.results
    }
    #expect(ended?.count == 3)
    #expect(ended?.allSatisfy { $0 == .failure(.cancelled) } == true)
    try await Task.sleep(for: .milliseconds(50))
    #expect(arrived.total == 3)
  }
}
