import Foundation
import LoopbackServer
import Testing

/// Whatever the server does, the person gets one sentence and a non-zero exit, never a crash.
@Suite("server errors")
struct ServerErrorTests {
  static let unreachable = "koober: Koober can't be reached; check your connection and try again.\n"

  /// A loopback port nothing listens on: 9 (discard), below the ephemeral range, so no test
  /// server started meanwhile can take it (a port read from a stopped server could be).
  private func closedPort() throws -> UInt16 {
    9
  }

  @Test("--server at a closed port: one clear sentence and exit 1")
  func closedPortSubcommands() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let server = "http://127.0.0.1:\(try closedPort())"
    let signIn = try await fixture.run(
      ["--server", server, "sign-in", "--email", "ann@example.com", "--password-stdin"],
      stdin: "Pass1234\n")
    #expect(signIn.status == 1)
    #expect(signIn.stderr == Self.unreachable)
    let signUp = try await fixture.run(
      ["sign-up", "--server", server, "--email", "a@example.com", "--type", "driver",
       "--password-stdin"], stdin: "Pass1234\n")
    #expect(signUp.status == 1)
    #expect(signUp.stderr.split(separator: "\n").count == 1)
    let outbox = try await fixture.run(["--server", server, "outbox", "--to", "a@example.com"])
    #expect(outbox.status == 1)
    #expect(outbox.stderr == Self.unreachable)
    #expect(try await fixture.run(["--server", server, "status"]).status == 4)
  }

  @Test("--server at a closed port on the screens: an alert line, and the form again")
  func closedPortScreens() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let server = "http://127.0.0.1:\(try closedPort())"
    let session = try await ProcessRunner.run(
      ["--server", server, "--data-dir", fixture.dataFolder.path],
      environment: fixture.environment(), stdin: "Sign in\nann@example.com\nPass1234\n")
    #expect(session.status == 0)
    #expect(session.titles == ["[Welcome]", "[Sign in]"])
    #expect(
      Transcript.alerts(in: session.stdout) == [
        "! Koober can't be reached; check your connection and try again."
      ])
  }

  @Test("a server that answers nonsense: one sentence and exit 1")
  func nonsenseServer() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let server = try LoopbackServer()
    defer { server.stop() }
    server.setFallback { _, _ in .text(status: 500, "<html>Internal Server Error</html>") }
    server.route(.post, "/v1/auth/sign-in") { _ in .json(status: 200, raw: "{\"user\": 42}") }
    let url = server.baseURL.absoluteString
    let garbled = try await fixture.run(
      ["--server", url, "sign-in", "--email", "ann@example.com", "--password-stdin"],
      stdin: "Pass1234\n")
    #expect(garbled.status == 1)
    #expect(garbled.stderr == "koober: Koober's server is having trouble; try again in a moment.\n")
    let failing = try await fixture.run(
      ["--server", url, "sign-up", "--email", "a@example.com", "--type", "driver",
       "--password-stdin"], stdin: "Pass1234\n")
    #expect(failing.status == 1)
    #expect(
      failing.stderr
        == "koober: Koober's server answered HTTP 500 without a usable answer; try again later.\n")
    let outbox = try await fixture.run(["--server", url, "outbox", "--to", "a@example.com"])
    #expect(outbox.status == 1)
    #expect(outbox.stderr.split(separator: "\n").count == 1)
  }

  @Test("a server too busy to check passwords: one sentence with the wait, and exit 1")
  func busyServer() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let server = try LoopbackServer()
    defer { server.stop() }
    let busy = HTTPResponse.error(
      status: 503, code: "server_busy", message: "Too many sign-ins at once.",
      extra: ["retryAfter": 4])
    server.route(.post, "/v1/auth/sign-in") { _ in busy }
    server.route(.post, "/v1/auth/sign-up") { _ in busy }
    let url = server.baseURL.absoluteString
    let sentence = "koober: Koober is busy right now; try again in 4 seconds.\n"
    let signIn = try await fixture.run(
      ["--server", url, "sign-in", "--email", "ann@example.com", "--password-stdin"],
      stdin: "Pass1234\n")
    #expect(signIn.status == 1)
    #expect(signIn.stderr == sentence)
    let signUp = try await fixture.run(
      ["--server", url, "sign-up", "--email", "a@example.com", "--type", "driver",
       "--password-stdin"], stdin: "Pass1234\n")
    #expect(signUp.status == 1)
    #expect(signUp.stderr == sentence)
    let screens = try await ProcessRunner.run(
      ["--server", url, "--data-dir", fixture.dataFolder.path],
      environment: fixture.environment(), stdin: "Sign in\nann@example.com\nPass1234\n")
    #expect(screens.status == 0)
    #expect(
      Transcript.alerts(in: screens.stdout)
        == ["! Koober is busy right now; try again in 4 seconds."])
  }

  @Test("a server slower than KOOBER_REQUEST_TIMEOUT_SECONDS is given up on: exit 1")
  func slowerThanRequestTimeout() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let server = try LoopbackServer()
    defer { server.stop() }
    // Had the limit not applied, this late answer would read as server trouble instead.
    server.route(.post, "/v1/auth/sign-in") { _ in
      try? await Task.sleep(for: .seconds(1))
      return .json(status: 200, raw: "{\"user\": 42}")
    }
    let result = try await fixture.run(
      ["--server", server.baseURL.absoluteString, "sign-in", "--email", "ann@example.com",
       "--password-stdin"],
      stdin: "Pass1234\n", extraEnvironment: ["KOOBER_REQUEST_TIMEOUT_SECONDS": "0.2"])
    #expect(result.status == 1)
    #expect(result.stderr == Self.unreachable)
  }
}
