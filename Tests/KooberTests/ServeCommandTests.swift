import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("koober serve")
struct ServeCommandTests {
  @Test("serve prints where it listens, answers the API in demo mode, and exits 0 on SIGTERM")
  func serve_runsUntilSIGTERM() async throws {
    let folder = try TemporaryDirectory(prefix: "koober-serve")
    defer { folder.remove() }
    let server = try KooberBinary.launch(
      ["serve", "--port", "0", "--data-dir", folder.path("data"), "--demo"])
    let line = try #require(await server.readLine())
    let pattern = /Koober backend listening on (http:\/\/127\.0\.0\.1:[0-9]+)/
    let match = try #require(line.wholeMatch(of: pattern))
    let base = String(match.1)

    let url = try #require(URL(string: base + "/v1/dev/outbox?to=ann@example.com"))
    let (body, response) = try await URLSession.shared.data(from: url)
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    #expect(String(decoding: body, as: UTF8.self) == #"{"messages":[]}"#)
    var signIn = URLRequest(url: try #require(URL(string: base + "/v1/auth/sign-in")))
    signIn.httpMethod = "POST"
    signIn.setValue("application/json", forHTTPHeaderField: "Content-Type")
    signIn.httpBody = Data(#"{"email": "ann@example.com", "password": "passw0rd!"}"#.utf8)
    let (_, signInResponse) = try await URLSession.shared.data(for: signIn)
    #expect((signInResponse as? HTTPURLResponse)?.statusCode == 401)

    server.signal(SIGTERM)
    #expect(await server.waitForExit(timeout: .seconds(30)) == .exited(0))
    #expect(FileManager.default.fileExists(atPath: folder.path("data/backend.sqlite")))
  }

  @Test("SIGINT stops it too, with status 0")
  func serve_stopsOnSIGINT() async throws {
    let folder = try TemporaryDirectory(prefix: "koober-serve")
    defer { folder.remove() }
    let server = try KooberBinary.launch(["serve", "--data-dir", folder.path("data")])
    let line = try #require(await server.readLine())
    #expect(line.hasPrefix("Koober backend listening on http://127.0.0.1:"))
    server.signal(SIGINT)
    #expect(await server.waitForExit(timeout: .seconds(30)) == .exited(0))
  }

  @Test(
    "bad arguments exit 2 (usage) without serving",
    arguments: [["serve", "--port", "x"], ["serve", "--port", "70000"], ["serve", "--bogus"],
                ["serve", "--data-dir"]])
  func serve_badArguments_exit2(arguments: [String]) async throws {
    let server = try KooberBinary.launch(arguments)
    #expect(await server.waitForExit(timeout: .seconds(30)) == .exited(2))
    #expect(await server.readOutputToEnd() == "")
  }
}
