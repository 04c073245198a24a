import DatabaseClient
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Several `koober` processes over one data folder share one session: they renew it once,
/// and none leaves a live token family behind at the server.
@Suite("processes sharing one session")
struct SharedSessionProcessTests {
  /// Token lifetimes for the embedded backend of each process: sign-up gets a token that
  /// expires at once; the renewal's lives an hour, so a process that starts after it sees a
  /// valid session and has nothing to renew.
  private static let shortTokens = ["KOOBER_TOKEN_SECONDS": "1"]
  private static let longTokens = ["KOOBER_TOKEN_SECONDS": "3600"]

  @Test("8 status runs over one expired session: all signed in, one refresh, session kept")
  func eightStatusRuns() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let signUp = try await fixture.run(
      ["sign-up", "--email", "ann@example.com", "--type", "passenger", "--password-stdin"],
      stdin: "Pass1234\n", extraEnvironment: Self.shortTokens)
    try #require(signUp.status == 0, "sign-up failed: \(signUp.stderr)")
    try await Task.sleep(for: .milliseconds(1_500))

    // Hold the lock of Ann's session file while the 8 start, so that they all read the
    // expired session and meet at the renewal; then let them go.
    let sessions = fixture.dataFolder.path + "/embedded/session/"
    let account = try #require(
      FileManager.default.contentsOfDirectory(atPath: sessions).first {
        $0.hasPrefix("account-") && $0.hasSuffix(".plist")
      })
    let lock = try HeldLock(sessions + account + ".lock")
    let runs = Task {
      try await withThrowingTaskGroup(of: ProcessResult.self) { group in
        for _ in 0..<8 {
          group.addTask { try await fixture.run(["status"], extraEnvironment: Self.longTokens) }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
    }
    try await Task.sleep(for: .seconds(2))
    lock.release()
    let results = try await runs.value

    #expect(results.count == 8)
    for result in results {
      #expect(result.status == 0, "status failed: \(result.stderr)")
      #expect(result.stdout.contains("ann@example.com"))
    }
    let tokens = try BackendTokens(fixture)
    #expect(try tokens.liveFamilies() == 1)
    #expect(try tokens.spentRefreshTokens() == 1)
    #expect(try tokens.refreshTokens() == 2)
    let after = try await fixture.run(["status"], extraEnvironment: Self.longTokens)
    #expect(after.status == 0)
    #expect(try tokens.spentRefreshTokens() == 1)
  }

  @Test("signing in over a session, and a sign-in racing a sign-out, leave no live family")
  func noLiveFamilyLeft() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    try await fixture.signUp("bob@example.com", type: "passenger")
    let signIn = ["sign-in", "--email", "bob@example.com", "--password-stdin"]
    #expect(try await fixture.run(signIn, stdin: "Pass1234\n").status == 0)
    let tokens = try BackendTokens(fixture)
    #expect(try tokens.liveFamilies() == 1)

    for _ in 0..<10 {
      async let signedIn = fixture.run(signIn, stdin: "Pass1234\n")
      async let signedOut = fixture.run(["sign-out"])
      let (inResult, outResult) = try await (signedIn, signedOut)
      #expect(inResult.status == 0, "sign-in failed: \(inResult.stderr)")
      // A sign-out that finds its session already replaced (revoked by the sign-in) has
      // nothing left to sign out: exit 4, and the sign-in's session must survive it.
      #expect(outResult.status == 0 || outResult.status == 4, "sign-out: \(outResult.stderr)")
      // Whichever ran last decides whether a session is kept; either way the server holds
      // a live family only for the session that is kept.
      let status = try await fixture.run(["status"])
      #expect(status.status == 0 || status.status == 4, "status: \(status.stderr)")
      let live = try tokens.liveFamilies()
      let outputs = "sign-in: \(inResult.stdout)\(inResult.stderr) sign-out: "
        + "\(outResult.stdout)\(outResult.stderr)"
      #expect(live == (status.status == 0 ? 1 : 0), "\(live) live; \(outputs)")
    }
  }
}

@Suite("KOOBER_TOKEN_SECONDS")
struct TokenSecondsSettingTests {
  @Test("a lifetime outside 1 s to a day is a usage error naming the range")
  func outOfRange() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    for value in ["0", "86401", "soon", "nan"] {
      let result = try await fixture.run(
        ["status"], extraEnvironment: ["KOOBER_TOKEN_SECONDS": value])
      #expect(result.status == 2)
      #expect(
        result.stderr
          == "koober: KOOBER_TOKEN_SECONDS must be a number of seconds from 1 to 86400, not "
          + "'\(value)'.\n")
    }
  }
}

/// The embedded backend's token tables, read directly.
private struct BackendTokens {
  let database: Database

  init(_ fixture: KooberFixture) throws {
    database = try Database(path: fixture.dataFolder.path + "/backend.sqlite")
  }

  func liveFamilies() throws -> Int64 {
    try count("SELECT count(*) AS n FROM token_families WHERE revoked_at IS NULL")
  }

  func refreshTokens() throws -> Int64 {
    try count("SELECT count(*) AS n FROM tokens WHERE kind = 'refresh'")
  }

  func spentRefreshTokens() throws -> Int64 {
    try count(
      "SELECT count(*) AS n FROM tokens WHERE kind = 'refresh' AND spent_at IS NOT NULL")
  }

  /// The value of a query's one column, which every query here names `n`.
  private func count(_ sql: String) throws -> Int64 {
    (try database.queryOne(sql)?["n"] as Int64?) ?? -1
  }
}

/// An exclusive `flock` the test holds on a file, as `FileSessionStore` takes it.
private final class HeldLock: Sendable {
  private let descriptor: Int32

  init(_ path: String) throws {
    descriptor = open(path, O_RDWR | O_CREAT, 0o600)
    try #require(descriptor >= 0, "cannot open \(path)")
    try #require(flock(descriptor, LOCK_EX) == 0)
  }

  func release() {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}
