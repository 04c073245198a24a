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
  static func provider(answer: String, secret: String? = nil) throws -> LoopbackServer {
    let server = try LoopbackServer()
    let base = server.baseURL.absoluteString
    server.route(.get, "/.well-known/openid-configuration") { _ in
      .json(
        raw: #"{"issuer": "\#(base)", "token_endpoint": "\#(base)/token", "#
          + #""userinfo_endpoint": "\#(base)/userinfo", "#
          + #""authorization_endpoint": "\#(base)/authorize", "#
          + #""end_session_endpoint": "\#(base)/logout"}"#)
    }
    server.route(.get, "/logout") { request in
      let back = (request.query["post_logout_redirect_uri"] ?? "") + "?state="
        + (request.query["state"] ?? "")
      return HTTPResponse(status: 302).withHeader("Location", back)
    }
    server.route(.get, "/authorize") { request in
      let back = (request.query["redirect_uri"] ?? "") + "?\(answer)&state="
        + (request.query["state"] ?? "")
      return HTTPResponse(status: 302).withHeader("Location", back)
    }
    server.route(.post, "/token") { request in
      if let secret {
        let basic = "Basic " + Data("koober-public:\(secret)".utf8).base64EncodedString()
        guard request.header("Authorization") == basic else {
          return .json(status: 401, raw: #"{"error": "invalid_client"}"#)
        }
      }
      let form = String(decoding: request.body, as: UTF8.self)
      // Mallory's code comes from opening the person's own address as herself: bound to
      // that address's PKCE challenge, it redeems with koober's verifier, as hers.
      let token = form.contains("code=code-mallory") ? "at-mallory" : "at-1"
      guard form.contains("code=code-7") || token == "at-mallory", form.contains("code_verifier=")
      else {
        return .json(status: 400, raw: #"{"error": "invalid_grant"}"#)
      }
      return .json(
        raw: #"{"access_token": "\#(token)", "token_type": "Bearer", "expires_in": 300, "#
          + #""refresh_token": "rt-1"}"#)
    }
    server.route(.get, "/userinfo") { request in
      if request.header("Authorization") == "Bearer at-mallory" {
        return .json(raw: #"{"sub": "u-m", "name": "Mallory", "email": "mallory@example.com"}"#)
      }
      return .json(raw: #"{"sub": "u-1", "name": "Ann", "email": "ann@example.com"}"#)
    }
    return server
  }

  /// The provider's options. Without `openid` in the scope its token answer needs no ID token
  /// (which this fake does not sign): these tests are about the browser and the callback.
  static func options(_ server: LoopbackServer) -> [String] {
    [
      "--oidc-issuer", server.baseURL.absoluteString, "--client-id", "koober-public",
      "--oidc-scope", "profile email",
    ]
  }

  /// A `BROWSER` program: records its environment (in `environment.txt`, beside the record)
  /// and its one argument (what every local user can read on its command line), opens it
  /// (koober's private page: it follows the page's forward), and follows the provider's
  /// redirect back to koober.
  ///
  /// With `attack` it first plays another local user who saw that command line: it copies
  /// the `state` and loopback port from it when they are there (else it guesses the state and
  /// finds the port as a scan of listening sockets would), and sends the callback with its
  /// own code, recording the status it got.
  static func browser(
    in fixture: KooberFixture, attack: Bool = false
  ) throws -> (program: URL, record: URL) {
    let record = fixture.folder.url("opened.txt")
    let environmentRecord = fixture.folder.url("environment.txt")
    let program = fixture.folder.url("browser.py")
    let script = """
      #!/usr/bin/env python3
      import html, os, re, sys, urllib.error, urllib.parse, urllib.request
      argument = sys.argv[1]
      with open(\(String(reflecting: environmentRecord.path)), "w") as seen:
          seen.write("".join(f"{name}={value}\\n" for name, value in os.environ.items()))
      out = open(\(String(reflecting: record.path)), "w")
      out.write(" ".join(sys.argv[1:]) + "\\n")
      out.flush()

      def fetch(url):
          try:
              return urllib.request.urlopen(url, timeout=30).status
          except urllib.error.HTTPError as error:
              return error.code
          except Exception:
              return 0

      def listening_ports_of(pid):
          # A scan of 127.0.0.1's listening ports, narrowed to koober's own for the test.
          inodes = set()
          for fd in os.listdir(f"/proc/{pid}/fd"):
              try:
                  link = os.readlink(f"/proc/{pid}/fd/{fd}")
              except OSError:
                  continue
              if link.startswith("socket:["):
                  inodes.add(link[8:-1])
          ports = []
          for line in open("/proc/net/tcp").read().splitlines()[1:]:
              fields = line.split()
              local, state, inode = fields[1], fields[3], fields[9]
              if state == "0A" and inode in inodes and local.startswith("0100007F:"):
                  ports.append(int(local.split(":")[1], 16))
          return ports

      if \(attack ? "True" : "False"):
          seen = urllib.parse.parse_qs(urllib.parse.urlsplit(argument).query)
          state = seen.get("state", ["guessed-state"])[0]
          if "redirect_uri" in seen:
              targets = [seen["redirect_uri"][0]]
          else:
              targets = [f"http://127.0.0.1:{port}/callback"
                         for port in listening_ports_of(os.getppid())]
          for target in targets:
              status = fetch(target + "?" + urllib.parse.urlencode(
                  {"code": "code-mallory", "state": state}))
              out.write(f"attacker {status} {target}\\n")
              out.flush()
      if argument.startswith("file:"):
          path = urllib.parse.unquote(urllib.parse.urlsplit(argument).path)
          out.write("mode %o %o\\n" % (os.stat(path).st_mode & 0o777,
                                       os.stat(os.path.dirname(path)).st_mode & 0o777))
          page = open(path, encoding="utf-8").read()
          found = re.search(r'http-equiv="refresh" content="0;url=([^"]*)"', page)
          argument = html.unescape(found.group(1)) if found else ""
          out.write("forward " + argument + "\\n")
      out.close()
      fetch(argument)
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

  /// The recorded lines: the argument, then what the script did.
  static func recorded(_ record: URL) throws -> [String] {
    try String(contentsOf: record, encoding: .utf8).split(separator: "\n").map(String.init)
  }

  @Test("BROWSER gets a private page's address, which forwards to the provider; signed in")
  func signedIn() async throws {
    let server = try Self.provider(answer: "code=code-7")
    defer { server.stop() }
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let (program, record) = try Self.browser(in: fixture)
    let oidc = Self.options(server)
    let result = try await fixture.run(
      oidc + ["sign-in", "--browser"], extraEnvironment: ["BROWSER": program.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "Signed in as Ann <ann@example.com> (passenger).\n")
    let lines = try Self.recorded(record)
    try #require(lines.count == 3, "\(lines)")
    let argument = lines[0]
    #expect(argument.hasPrefix("file://" + fixture.dataFolder.path + "/"), "one argument")
    #expect(!argument.contains("state") && !argument.contains("authorize"))
    #expect(lines[1] == "mode 600 700", "the page is the person's alone")
    let forward = String(lines[2].dropFirst("forward ".count))
    #expect(forward.hasPrefix(server.baseURL.absoluteString + "/authorize?"))
    #expect(forward.contains("state=") && forward.contains("code_challenge="))
    // The person's own terminal still shows the address, for copying by hand.
    #expect(result.stderr.contains("  " + forward + "\n"))
    let file = try #require(URL(string: argument))
    #expect(!FileManager.default.fileExists(atPath: file.path), "the page is removed")
    #expect(try await fixture.run(oidc + ["status"]).status == 0)
  }

  @Test("another local user who reads the browser's command line cannot sign the person in")
  func commandLineReader() async throws {
    let server = try Self.provider(answer: "code=code-7")
    defer { server.stop() }
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let (program, record) = try Self.browser(in: fixture, attack: true)
    let oidc = Self.options(server)
    let result = try await fixture.run(
      oidc + ["sign-in", "--browser"], extraEnvironment: ["BROWSER": program.path])
    let lines = try Self.recorded(record)
    let attacks = lines.filter { $0.hasPrefix("attacker ") }
    // The scan also reaches other tests' loopback listeners, which may not answer (status 0);
    // what matters is that the agent refused the attacker and nothing accepted the code.
    #expect(attacks.contains { $0.hasPrefix("attacker 400 ") }, "the agent refused: \(lines)")
    #expect(
      attacks.allSatisfy { $0.hasPrefix("attacker 400 ") || $0.hasPrefix("attacker 0 ") },
      "\(attacks)")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "Signed in as Ann <ann@example.com> (passenger).\n")
    #expect(!result.stdout.contains("Mallory"))
  }

  @Test("sign-out ends the provider's session through a private page, not the command line")
  func signOutPage() async throws {
    let server = try Self.provider(answer: "code=code-7")
    defer { server.stop() }
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let (program, record) = try Self.browser(in: fixture)
    let oidc = Self.options(server)
    let browser = ["BROWSER": program.path]
    let signIn = try await fixture.run(oidc + ["sign-in", "--browser"], extraEnvironment: browser)
    #expect(signIn.status == 0)
    let signOut = try await fixture.run(oidc + ["sign-out"], extraEnvironment: browser)
    #expect(signOut.status == 0, "\(signOut.stderr)")
    let lines = try Self.recorded(record)
    try #require(lines.count == 3, "\(lines)")
    #expect(lines[0].hasPrefix("file://" + fixture.dataFolder.path + "/"))
    #expect(!lines[0].contains("logout") && !lines[0].contains("state"))
    #expect(lines[1] == "mode 600 700")
    #expect(lines[2].hasPrefix("forward " + server.baseURL.absoluteString + "/logout?client_id="))
    #expect(lines[2].contains("post_logout_redirect_uri=http://127.0.0.1:"))
    let file = try #require(URL(string: lines[0]))
    #expect(!FileManager.default.fileExists(atPath: file.path), "the page is removed")
  }

  @Test("a client secret from stdin or KOOBER_CLIENT_SECRET reaches the provider; misuse: exit 2")
  func clientSecret() async throws {
    let server = try Self.provider(answer: "code=code-7", secret: "s3cret")
    defer { server.stop() }
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let (program, _) = try Self.browser(in: fixture)
    let browser = ["BROWSER": program.path]
    let oidc = Self.options(server)
    let withoutSecret = try await fixture.run(
      oidc + ["sign-in", "--browser"], extraEnvironment: browser)
    #expect(withoutSecret.status == 1, "the provider wants the secret")
    let fromStdin = try await fixture.run(
      oidc + ["--client-secret-stdin", "sign-in", "--browser"], stdin: "s3cret\n",
      extraEnvironment: browser)
    #expect(fromStdin.status == 0, "\(fromStdin.stderr)")
    #expect(fromStdin.stdout == "Signed in as Ann <ann@example.com> (passenger).\n")
    #expect(try await fixture.run(oidc + ["sign-out"]).status == 0)
    let fromEnvironment = try await fixture.run(
      oidc + ["sign-in", "--browser"],
      extraEnvironment: browser.merging(["KOOBER_CLIENT_SECRET": "s3cret"]) { $1 })
    #expect(fromEnvironment.status == 0, "\(fromEnvironment.stderr)")
    let noLine = try await fixture.run(
      oidc + ["--client-secret-stdin", "status"], stdin: "", extraEnvironment: browser)
    #expect(noLine.status == 2)
    #expect(noLine.stderr.contains("'--client-secret-stdin' found no secret"), "\(noLine.stderr)")
    let twice = try await fixture.run(
      oidc + ["--client-secret-stdin", "--client-secret", "s3cret", "status"], stdin: "s3cret\n")
    #expect(twice.status == 2)
    #expect(twice.stderr.contains("Give the client secret one way"), "\(twice.stderr)")
    let stray = try await fixture.run(["--client-secret-stdin", "status"], stdin: "s3cret\n")
    #expect(stray.status == 2)
  }

  @Test("BROWSER does not inherit KOOBER_CLIENT_SECRET; the rest of the environment it does")
  func secretNotInherited() async throws {
    let secret = "s3cret-from-the-environment"
    let server = try Self.provider(answer: "code=code-7", secret: secret)
    defer { server.stop() }
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let (program, _) = try Self.browser(in: fixture)
    let result = try await fixture.run(
      Self.options(server) + ["sign-in", "--browser"],
      extraEnvironment: [
        "BROWSER": program.path, "KOOBER_CLIENT_SECRET": secret,
        "KOOBER_TEST_MARK": "handed-on",
      ])
    // koober had the secret: the provider, which wants it, signed the person in.
    #expect(result.status == 0, "\(result.stderr)")
    let environment = try String(
      contentsOf: fixture.folder.url("environment.txt"), encoding: .utf8)
    // Booleans, so that a failure does not print the whole environment.
    let handedOn = environment.contains("KOOBER_TEST_MARK=handed-on\n")
    let namesTheSecret = environment.contains("KOOBER_CLIENT_SECRET")
    let holdsTheSecret = environment.contains(secret)
    #expect(handedOn, "the rest of the environment is handed on")
    #expect(!namesTheSecret && !holdsTheSecret, "the browser got the client secret")
  }

  @Test("the person saying no at the provider: exit 1 with its sentence, nothing kept")
  func declined() async throws {
    let server = try Self.provider(answer: "error=access_denied")
    defer { server.stop() }
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let (program, _) = try Self.browser(in: fixture)
    let oidc = Self.options(server)
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
