import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("KOOBER_REFRESH_WINDOW_SECONDS")
struct RefreshWindowSettingTests {
  @Test("a window outside 0 s to a day is a usage error naming the range")
  func outOfRange() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    for value in ["-1", "86401", "soon", "nan"] {
      let result = try await fixture.run(
        ["status"], extraEnvironment: ["KOOBER_REFRESH_WINDOW_SECONDS": value])
      #expect(result.status == 2)
      #expect(
        result.stderr
          == "koober: KOOBER_REFRESH_WINDOW_SECONDS must be a number of seconds from 0 to "
          + "86400, not '\(value)'.\n")
    }
  }

  @Test("koober serve applies it: the same pair inside the window, reuse after")
  func serveAppliesTheWindow() async throws {
    let folder = try TemporaryDirectory(prefix: "koober-refresh-window")
    defer { folder.remove() }
    try FileManager.default.createDirectory(
      at: folder.url("home"), withIntermediateDirectories: true)
    var environment = KooberBinary.environment(home: folder.url("home"))
    // Long enough for two requests in a row on a machine a full parallel test run keeps busy,
    // short enough to wait out.
    environment["KOOBER_REFRESH_WINDOW_SECONDS"] = "20"
    let server = try ChildProcess(
      executable: KooberBinary.url,
      arguments: ["serve", "--port", "0", "--data-dir", folder.path("data")],
      environment: environment)
    defer { server.signal(SIGTERM) }
    let line = try #require(await server.readLine())
    let match = try #require(line.wholeMatch(of: /Koober backend listening on (http:\S+)/))
    let base = String(match.1)

    let signUp = try await Self.post(
      base + "/v1/auth/sign-up",
      ["email": "ann@example.com", "password": "passw0rd!", "type": "passenger"])
    let spent = try #require(signUp["refreshToken"] as? String)
    let first = try await Self.post(base + "/v1/auth/refresh", ["refreshToken": spent])
    let again = try await Self.post(base + "/v1/auth/refresh", ["refreshToken": spent])
    #expect(again["refreshToken"] as? String == first["refreshToken"] as? String)
    #expect(first["refreshToken"] != nil)
    try await Task.sleep(for: .seconds(21))
    let reuse = try await Self.post(base + "/v1/auth/refresh", ["refreshToken": spent])
    #expect((reuse["error"] as? [String: Any])?["code"] as? String == "refresh_token_reused")
  }

  @Test("koober --help lists it")
  func listedInHelp() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let help = try await fixture.run(["--help"])
    #expect(help.stdout.contains("KOOBER_REFRESH_WINDOW_SECONDS"))
  }

  private static func post(_ address: String, _ json: [String: String]) async throws
    -> [String: Any]
  {
    var request = URLRequest(url: try #require(URL(string: address)))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = try JSONSerialization.data(withJSONObject: json)
    let (data, _) = try await URLSession.shared.data(for: request)
    return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
  }
}
