import DatabaseClient
import Foundation
import Testing

/// Tests that hash at a real cost and measure it, one at a time so they do not slow each other.
@Suite("password hashing under load and after a change of settings", .serialized)
struct HashingLoadTests {
  @Test("a flood of sign-ins past the queue answers 503 server_busy at once; searches stay fast")
  func signIn_flood_answers503AndSearchesStayFast() async throws {
    let server = try TestBackend { configuration in
      configuration.passwordIterations = 600_000
      configuration.passwordHashingSlots = 1
      configuration.passwordHashingQueueLength = 2
    }
    defer { server.stop() }
    let clock = ContinuousClock()
    let flood = Task {
      try await withThrowingTaskGroup(of: (String, APIResponse, ContinuousClock.Instant).self) {
        group in
        for index in 0..<24 {
          let email = "ghost\(index)@example.com"
          group.addTask { (email, try await server.signIn(email), clock.now) }
        }
        return try await group.reduce(into: [(String, APIResponse, ContinuousClock.Instant)]()) {
          $0.append($1)
        }
      }
    }
    try await Task.sleep(for: .milliseconds(100))
    let search = try await server.send("GET", "/v1/locations/search?q=opera")
    let searchEnd = clock.now
    let answers = try await flood.value
    #expect(search.status == 200)
    // One slot and a queue of two: the last hashed sign-in ends about three hashes after the
    // flood began. A search that waited behind the hashing would end after it; it ends before,
    // however slow this machine is right now.
    let lastHashed = try #require(answers.filter { $0.1.status == 401 }.map(\.2).max())
    #expect(searchEnd < lastHashed)

    let busy = answers.filter { $0.1.status == 503 }
    #expect(!busy.isEmpty)
    #expect(answers.allSatisfy { [401, 503].contains($0.1.status) })
    for (_, answer, _) in busy {
      #expect(answer.errorCode == "server_busy")
      let retryAfter = try #require(answer.error["retryAfter"] as? Int)
      #expect(retryAfter >= 1)
      #expect(answer.headers["retry-after"] == String(retryAfter))
    }
    // A 503 is not a failed sign-in: that email still has its five tries.
    let email = try #require(busy.first?.0)
    var statuses: [Int] = []
    for _ in 0..<6 { statuses.append(try await server.signIn(email).status) }
    #expect(statuses == [401, 401, 401, 401, 401, 423])
  }

  @Test("after the iteration setting drops, an unknown email costs what a real account costs")
  func signIn_afterIterationChange_decoyCostsWhatAccountsCost() async throws {
    let first = try TestBackend { configuration in
      configuration.passwordIterations = 600_000  // over 100 ms a hash here: noise stays small
      configuration.lockoutThreshold = 20  // room for the wrong passwords timed below
    }
    defer { first.stop() }
    try await first.signUp("ann@example.com")
    let server = try first.restarted { $0.passwordIterations = 1_000 }
    defer { server.stop() }

    var real: [Double] = []
    var unknown: [Double] = []
    for round in 0..<7 {  // interleaved, so a change of load meets both alike
      real.append(try await timed { try await server.signIn("ann@example.com", password: "x") })
      unknown.append(try await timed { try await server.signIn("ghost\(round)@example.com") })
    }
    let realMedian = median(real)
    let unknownMedian = median(unknown)
    #expect(
      abs(realMedian - unknownMedian) <= max(realMedian, unknownMedian) * 0.5,
      "wrong password \(real), unknown email \(unknown)")

    // A right password rehashes with today's setting.
    #expect(try await server.signIn("ann@example.com").status == 200)
    let database = try Database(path: server.backend.databasePath)
    let row = try database.queryOne(
      "SELECT password_iterations FROM users WHERE email = ?", ["ann@example.com"])
    #expect(row?["password_iterations"] as Int? == 1_000)
    #expect(try await server.signIn("ann@example.com").status == 200)
  }

  /// How long a request took; it must have answered 401.
  private func timed(_ request: () async throws -> APIResponse) async throws -> Double {
    let start = ContinuousClock.now
    let response = try await request()
    let elapsed = ContinuousClock.now - start
    #expect(response.status == 401)
    let (seconds, attoseconds) = elapsed.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  private func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return (sorted[(sorted.count - 1) / 2] + sorted[sorted.count / 2]) / 2
  }
}
