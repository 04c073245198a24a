import Foundation
import TestSupport
import Testing

/// `koober serve --rp-id ID --rp-name NAME --origin URL` (repeatable): the passkeys' relying
/// party of the served backend, its help in English and Chinese, and its usage errors.
@Suite("koober serve's relying-party options")
struct ServePasskeyOptionsTests {
  /// Starts `koober serve` with fast hashes; returns it and its port.
  private func serve(
    _ options: [String], in folder: TemporaryDirectory
  ) async throws -> (ChildProcess, UInt16) {
    let server = try ChildProcess(
      executable: KooberBinary.url,
      arguments: ["serve", "--port", "0", "--data-dir", folder.path("data")] + options,
      environment: KooberBinary.environment(home: folder.url("home")))
    let line = try #require(await server.readLine(timeout: .seconds(60)))
    let port = try #require(line.split(separator: ":").last.flatMap { UInt16($0) })
    return (server, port)
  }

  private func post(
    _ port: UInt16, _ path: String, _ body: String, token: String? = nil
  ) async -> RawClient.Exchange? {
    let authorization = token.map { ["Authorization: Bearer \($0)"] } ?? []
    return await RawClient.request(
      port: port, "POST", path,
      headers: ["Host: localhost", "Content-Type: application/json"] + authorization,
      body: body)
  }

  @Test("the options name the RP ID and name given; by default localhost and Koober")
  func relyingParty_isTheOnesGiven() async throws {
    let folder = try TemporaryDirectory(prefix: "koober-serve-rp")
    defer { folder.remove() }
    for (options, id, name) in [
      (
        [
          "--rp-id", "Koober.Test", "--rp-name", "Koober Test", "--origin",
          "https://app.koober.test", "--origin", "https://koober.test:8443",
        ], "koober.test", "Koober Test"
      ),
      ([], "localhost", "Koober"),
    ] {
      let (server, port) = try await serve(options, in: folder)
      let request = await post(port, "/v1/auth/passkeys/authentication/options", "{}")
      let options = request?.json["publicKey"] as? [String: Any]
      #expect(options?["rpId"] as? String == id)
      let email = "ann\(port)@example.com"
      let signUp = await post(
        port, "/v1/auth/sign-up",
        #"{"email":"\#(email)","password":"passw0rd!","type":"passenger"}"#)
      let token = try #require(signUp?.json["token"] as? String)
      let registration = await post(
        port, "/v1/auth/passkeys/registration/options", "{}", token: token)
      let rp = (registration?.json["publicKey"] as? [String: Any])?["rp"] as? [String: String]
      #expect(rp == ["id": id, "name": name])
      server.signal(SIGTERM)
      #expect(await server.waitForExit(timeout: .seconds(30)) == .exited(0))
    }
  }

  @Test(
    "serve --help lists the options, in English and Chinese",
    arguments: [
      ("en", ["--rp-id ID", "--rp-name NAME", "--origin URL", "repeat for more"]),
      ("zh-Hans", ["--rp-id ID", "--origin URL", "依赖方 ID", "可重复给出多个"]),
    ])
  func help_listsTheOptions(language: String, expected: [String]) async throws {
    let help = try KooberBinary.launch(["serve", "--help", "--lang", language])
    #expect(await help.waitForExit(timeout: .seconds(30)) == .exited(0))
    let text = await help.readOutputToEnd()
    for line in expected { #expect(text.contains(line), "\(line)") }
  }

  @Test(
    "a bad RP ID or origin is a usage error, in English and Chinese",
    arguments: [
      ("en", ["--rp-id", "https://koober.test"], "'--rp-id' needs a domain name"),
      ("en", ["--rp-id", "127.0.0.1"], "'--rp-id' needs a domain name"),
      ("en", ["--origin", "https://koober.test/"], "'--origin' needs an origin"),
      ("en", ["--origin", "koober.test"], "'--origin' needs an origin"),
      ("en", ["--origin", "https://Koober.test"], "'--origin' needs an origin"),
      ("en", ["--rp-name", " "], "'--rp-name' needs a name"),
      ("zh-Hans", ["--origin", "ftp://koober.test"], "'--origin' 需要"),
      ("zh-Hans", ["--rp-id", "a b"], "'--rp-id' 需要"),
    ])
  func invalidValues_areUsageErrors(
    language: String, options: [String], expected: String
  ) async throws {
    let server = try KooberBinary.launch(["serve", "--lang", language] + options)
    #expect(await server.waitForExit(timeout: .seconds(30)) == .exited(2))
    #expect(await server.readOutputToEnd() == "")
    #expect(await server.readErrorToEnd().contains(expected))
  }
}
