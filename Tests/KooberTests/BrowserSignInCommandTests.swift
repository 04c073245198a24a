import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import LoopbackServer
import Testing

/// `koober sign-in --browser` against a fake provider on a loopback port, with a `BROWSER`
/// program that fetches the address and follows the provider's redirect back to koober, as a
/// browser whose person said yes (or no) would.
@Suite("koober sign-in --browser")
struct BrowserSignInCommandTests {
  /// A provider whose authorization endpoint sends the browser straight back with `answer`
  /// (`code=…` or `error=…`) and the request's state.
  static func provider(answer: String) throws -> LoopbackServer {
    let server = try LoopbackServer()
    let base = server.baseURL.absoluteString
    server.route(.get, "/.well-known/openid-configuration") { _ in
      .json(
        raw: #"{"issuer": "\#(base)", "token_endpoint": "\#(base)/token", "#
          + #""userinfo_endpoint": "\#(base)/userinfo", "#
          + #""authorization_endpoint": "\#(base)/authorize"}"#)
    }
    server.route(.get, "/authorize") { request in
      let back = (request.query["redirect_uri"] ?? "") + "?\(answer)&state="
        + (request.query["state"] ?? "")
      return HTTPResponse(status: 302).withHeader("Location", back)
    }
    server.route(.post, "/token") { request in
      let form = String(decoding: request.body, as: UTF8.self)
      guard form.contains("code=code-7"), form.contains("code_verifier=") else {
        return .json(status: 400, raw: #"{"error": "invalid_grant"}"#)
      }
      return .json(
        raw: #"{"access_token": "at-1", "token_type": "Bearer", "expires_in": 300, "#
          + #""refresh_token": "rt-1"}"#)
    }
    server.route(.get, "/userinfo") { _ in
      .json(raw: #"{"sub": "u-1", "name": "Ann", "email": "ann@example.com"}"#)
    }
    return server
  }

  /// A `BROWSER` program: fetches its one argument, following redirects, and records it.
  static func browser(in fixture: KooberFixture) throws -> (program: URL, record: URL) {
    let record = fixture.folder.url("opened.txt")
    let program = fixture.folder.url("browser.py")
    let script = """
      #!/usr/bin/env python3
      import sys, urllib.request
      open(\(String(reflecting: record.path)), "w").write(" ".join(sys.argv[1:]))
      try:
          urllib.request.urlopen(sys.argv[1], timeout=30).read()
      except Exception:
          pass
      """
    // Written through a close-on-exec descriptor: a koober another test spawns meanwhile
    // must not inherit it open for writing, or running the script fails with ETXTBSY.
    let descriptor = open(program.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o700)
    guard descriptor >= 0 else { throw POSIXError(.EIO) }
    defer { close(descriptor) }
    let bytes = Array(script.utf8)
    guard write(descriptor, bytes, bytes.count) == bytes.count else { throw POSIXError(.EIO) }
    return (program, record)
  }

  @Test("BROWSER gets the address as its one argument; the redirect comes back; signed in")
  func signedIn() async throws {
    let server = try Self.provider(answer: "code=code-7")
    defer { server.stop() }
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let (program, record) = try Self.browser(in: fixture)
    let oidc = ["--oidc-issuer", server.baseURL.absoluteString, "--client-id", "koober-public"]
    let result = try await fixture.run(
      oidc + ["sign-in", "--browser"], extraEnvironment: ["BROWSER": program.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "Signed in as Ann <ann@example.com> (passenger).\n")
    let opened = try String(contentsOf: record, encoding: .utf8)
    #expect(opened.hasPrefix(server.baseURL.absoluteString + "/authorize?"))
    #expect(!opened.contains(" "), "one argument, the address")
    #expect(result.stderr.contains("  " + opened + "\n"))
    #expect(try await fixture.run(oidc + ["status"]).status == 0)
  }

  @Test("the person saying no at the provider: exit 1 with its sentence, nothing kept")
  func declined() async throws {
    let server = try Self.provider(answer: "error=access_denied")
    defer { server.stop() }
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let (program, _) = try Self.browser(in: fixture)
    let oidc = ["--oidc-issuer", server.baseURL.absoluteString, "--client-id", "koober-public"]
    let result = try await fixture.run(
      oidc + ["sign-in", "--browser"], extraEnvironment: ["BROWSER": program.path])
    #expect(result.status == 1)
    #expect(result.stderr.hasSuffix("koober: You did not allow the sign-in at the provider.\n"))
    #expect(try await fixture.run(oidc + ["status"]).status == 4)
  }

  @Test("--browser and --device need --oidc-issuer's provider, and exclude --email")
  func usage() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let both = try await fixture.run(["sign-in", "--browser", "--device"])
    #expect(both.status == 2)
    let mixed = try await fixture.run(["sign-in", "--browser", "--email", "a@example.com"])
    #expect(mixed.status == 2)
    #expect(mixed.stderr.contains("'--email E', '--browser' or '--device'"))
    let koober = try await fixture.run(["sign-in", "--device"])
    #expect(koober.status == 1)
    #expect(koober.stderr.contains("does not offer"), "\(koober.stderr)")
  }
}
