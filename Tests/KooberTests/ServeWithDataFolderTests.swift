import Foundation
import KooberBackend
import Testing

/// `koober serve` and the embedded backend share the data folder's `backend.sqlite`, and a
/// `--server` client works against the served backend.
@Suite("serve and --server")
struct ServeWithDataFolderTests {
  @Test("an account made with the embedded backend signs in through koober serve + --server")
  func servedAccountsAreTheEmbeddedOnes() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    try await fixture.makeAccount("dan@example.com", type: "driver", password: "Drive1234")
    let server = try InteractiveSession(
      arguments: ["serve", "--port", "0", "--demo", "--data-dir", fixture.dataFolder.path],
      environment: fixture.environment())
    try await server.waitFor("\n")
    let firstLine = try #require(server.transcript.split(separator: "\n").first)
    let match = try #require(
      firstLine.wholeMatch(of: /Koober backend listening on (http:\/\/127\.0\.0\.1:[0-9]+)/))
    let url = String(match.1)

    let client = ["--server", url]
    let signIn = try await fixture.run(
      client + ["sign-in", "--email", "dan@example.com", "--password-stdin"],
      stdin: "Drive1234\n")
    #expect(signIn.status == 3)
    let outbox = try await fixture.run(client + ["outbox", "--to", "dan@example.com"])
    let code = try #require(Transcript.lastCode(in: outbox.stdout))
    let verify = try await fixture.run(client + ["verify", "--code", code])
    #expect(verify.status == 0)
    #expect(try await fixture.run(client + ["status"]).status == 0)
    // The --server client keeps its own session; the embedded one is still signed out.
    #expect(try await fixture.run(["status"]).status == 4)
    let clients = fixture.dataFolder.appendingPathComponent("servers")
    #expect(try FileManager.default.contentsOfDirectory(atPath: clients.path).count == 1)

    server.send(signal: SIGTERM)
    #expect(try await server.finish() == 0)
  }

  @Test("with the server gone, the saved session is kept: status exits 1, the home says offline")
  func offlineSessionIsKept() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    // A backend in the test process, fast hashes, stopped once the account exists.
    var configuration = KooberBackend.Configuration(dataDirectory: fixture.folder.url("server"))
    configuration.passwordIterations = 1000
    let backend = try KooberBackend.start(configuration)
    let url = backend.baseURL.absoluteString
    let signUp = try await fixture.run(
      ["--server", url, "sign-up", "--email", "ann@example.com", "--type", "passenger",
       "--password-stdin"], stdin: "Pass1234\n")
    #expect(signUp.status == 0)
    backend.stop()

    let status = try await fixture.run(["--server", url, "status"])
    #expect(status.status == 1)
    #expect(status.stdout == "Signed in as ann@example.com (passenger).\n")
    #expect(
      status.stderr
        == "koober: You're offline; Koober will check your session when the connection is "
        + "back.\n")
    let screens = try await fixture.run(["--server", url], stdin: "Quit\n")
    #expect(screens.titles == ["[Passenger home]"])
    #expect(
      Transcript.alerts(in: screens.stdout) == [
        "! You're offline; Koober will check your session when the connection is back."
      ])
  }
}
