import Foundation
import OIDCProviderHarness
import Testing

/// `koober --oidc-issuer …` against django-oauth-toolkit: the same screens and subcommands,
/// with a provider nobody here wrote doing the signing in.
@Suite(
  "koober with an OpenID Connect provider",
  .enabled(
    if: ProviderAvailability.current.runs,
    Comment(rawValue: ProviderAvailability.current.comment)),
  .sharedProviders)
struct OIDCModeTests {
  /// The global options of a client of the shared provider.
  static func options(confidential: Bool = false) async throws -> [String] {
    let provider = try await SharedProviders.shared.provider(accessSeconds: 300)
    var options = [
      "--oidc-issuer", provider.issuer.absoluteString,
      "--client-id", confidential ? "koober-confidential" : "koober-public",
      "--oidc-revocation-url", provider.revocationEndpoint.absoluteString,
    ]
    if confidential { options += ["--client-secret", "s3cret"] }
    return options
  }

  @Test("sign-in, status, rides, sign-out and sign-up as subcommands, with their exit codes")
  func subcommands() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let oidc = try await Self.options()
    let signIn = try await fixture.run(
      oidc + ["sign-in", "--email", "ann@example.com", "--password-stdin"], stdin: "Pass1234\n")
    #expect(signIn.status == 0)
    #expect(signIn.stdout == "Signed in as Ann <ann@example.com> (passenger).\n")
    let status = try await fixture.run(oidc + ["status"])
    #expect(status.status == 0)
    #expect(status.stdout == "Signed in as Ann <ann@example.com> (passenger).\n")
    let rides = try await fixture.run(oidc + ["rides", "list"])
    #expect(rides.status == 1)
    #expect(
      rides.stderr
        == "koober: Rides need Koober's own API; with --oidc-issuer, koober only signs you in.\n")
    #expect(try await fixture.run(oidc + ["sign-out"]).stdout == "Signed out.\n")
    #expect(try await fixture.run(oidc + ["status"]).status == 4)
    let wrong = try await fixture.run(
      oidc + ["sign-in", "--email", "ann@example.com", "--password-stdin"], stdin: "nope\n")
    #expect(wrong.status == 1)
    #expect(wrong.stderr == "koober: The email or password is wrong.\n")
    let signUp = try await fixture.run(
      oidc + ["sign-up", "--email", "new@example.com", "--type", "passenger", "--password-stdin"],
      stdin: "Pass1234word\n")
    #expect(signUp.status == 1)
    #expect(signUp.stderr == "koober: Your account provider does not offer sign-up here.\n")
    // The Koober API's accounts are elsewhere: the provider's session lives in its own folder.
    #expect(try await fixture.run(["status"]).status == 4)
  }

  @Test("sign-in --device: the code shown, approved at the provider, signed in; denied: exit 1")
  func deviceSignIn() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    // A provider of its own: "the newest pending device sign-in" must be this test's.
    let provider = try await SharedProviders.shared.provider(accessSeconds: 301)
    let oidc = [
      "--oidc-issuer", provider.issuer.absoluteString, "--client-id", "koober-device",
      "--oidc-device-url", provider.deviceAuthorizationEndpoint.absoluteString,
    ]
    async let approved = provider.decidePendingDeviceSignIn(as: "dan@example.com", accept: true)
    let signIn = try await fixture.run(oidc + ["sign-in", "--device"])
    let code = try #require(try await approved)
    #expect(signIn.status == 0, "\(signIn.stderr)")
    #expect(signIn.stdout == "Signed in as Dan <dan@example.com> (driver).\n")
    #expect(signIn.stderr.contains("  \(code)\n"))
    #expect(
      signIn.stderr.contains(
        "On another device, open \(provider.issuer.absoluteString)/device/ and enter this code."))
    #expect(try await fixture.run(oidc + ["status"]).status == 0)
    async let denied = provider.decidePendingDeviceSignIn(as: "ann@example.com", accept: false)
    let refused = try await fixture.run(oidc + ["sign-in", "--device"])
    #expect(try await denied != nil)
    #expect(refused.status == 1)
    #expect(refused.stderr.hasSuffix("koober: You did not allow the sign-in at the provider.\n"))
    #expect(refused.stdout.isEmpty)
  }

  @Test(
    "sign-in --browser: a person signs in on DOT's login page and consents; PKCE, ID token")
  func browserSignIn() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let provider = try await SharedProviders.shared.provider(accessSeconds: 300)
    let oidc = ["--oidc-issuer", provider.issuer.absoluteString, "--client-id", "koober-browser"]
    let visits = fixture.folder.url("visits.txt")
    let signIn = try await fixture.run(
      oidc + ["sign-in", "--browser"],
      extraEnvironment: [
        "BROWSER": OIDCProviderProcess.person.path, "KOOBER_TEST_PERSON": "dan@example.com",
        "KOOBER_TEST_VISITS": visits.path,
      ])
    #expect(signIn.status == 0, "\(signIn.stderr)")
    #expect(signIn.stdout == "Signed in as Dan <dan@example.com> (driver).\n")
    let visited = try String(contentsOf: visits, encoding: .utf8)
    #expect(visited.contains("/accounts/login/"), "the person signed in on DOT's page")
    #expect(visited.contains("code_challenge_method=S256"))
    try Self.expectPrivatePage(in: visited, fixture: fixture)
    #expect(try await fixture.run(oidc + ["status"]).status == 0)
    // Sign-out with a browser ends DOT's browser session too (RP-initiated logout).
    try Data().write(to: visits)
    let signOut = try await fixture.run(
      oidc + ["--oidc-revocation-url", provider.revocationEndpoint.absoluteString, "sign-out"],
      extraEnvironment: [
        "BROWSER": OIDCProviderProcess.person.path, "KOOBER_TEST_VISITS": visits.path,
      ])
    #expect(signOut.status == 0)
    #expect(signOut.stdout == "Signed out.\n")
    let loggedOut = try String(contentsOf: visits, encoding: .utf8)
    // The ID token reaches DOT from the private page, never through a command line.
    #expect(loggedOut.contains("/o/logout/?client_id=koober-browser&id_token_hint=ey"))
    #expect(loggedOut.contains("/signed-out?state="), "DOT sent the browser back to koober")
    try Self.expectPrivatePage(in: loggedOut, fixture: fixture)
    #expect(try await fixture.run(oidc + ["status"]).status == 4)
  }

  /// The browser was started with a private page's `file://` address (0600, in a 0700
  /// folder of koober's data) that holds no part of the request, and the page is gone.
  static func expectPrivatePage(in visits: String, fixture: KooberFixture) throws {
    let opened = try #require(visits.split(separator: "\n").first { $0.hasPrefix("OPEN ") })
    let parts = opened.split(separator: " ")
    try #require(parts.count == 4)
    let address = String(parts[1])
    #expect(address.hasPrefix("file://" + fixture.dataFolder.path))
    for secret in ["state", "nonce", "code_challenge", "id_token_hint", "authorize", "logout"] {
      #expect(!address.contains(secret), "the command line shows no \(secret)")
    }
    #expect(parts[2] == "600" && parts[3] == "700", "\(opened)")
    let file = try #require(URL(string: address))
    #expect(!FileManager.default.fileExists(atPath: file.path), "the page is removed")
  }

  @Test("refused consent: exit 1; a callback with another state is refused, the real one signs in")
  func browserRefusals() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let provider = try await SharedProviders.shared.provider(accessSeconds: 300)
    let oidc = ["--oidc-issuer", provider.issuer.absoluteString, "--client-id", "koober-browser"]
    let browser = ["BROWSER": OIDCProviderProcess.person.path]
    let denied = try await fixture.run(
      oidc + ["sign-in", "--browser"],
      extraEnvironment: browser.merging(["KOOBER_TEST_CONSENT": "deny"]) { $1 })
    #expect(denied.status == 1)
    #expect(denied.stderr.hasSuffix("koober: You did not allow the sign-in at the provider.\n"))
    #expect(try await fixture.run(oidc + ["status"]).status == 4)
    let visits = fixture.folder.url("visits.txt")
    let forged = try await fixture.run(
      oidc + ["sign-in", "--browser"],
      extraEnvironment: browser.merging([
        "KOOBER_TEST_TAMPER": "1", "KOOBER_TEST_VISITS": visits.path,
      ]) { $1 })
    let answers = try String(contentsOf: visits, encoding: .utf8).split(separator: "\n")
      .filter { $0.hasPrefix("STATUS ") }
    let refused = answers.first { $0.contains("state=forged") }
    #expect(answers.count == 2 && refused == answers.first, "\(answers)")
    #expect(refused?.hasPrefix("STATUS 400 ") == true, "the forged state gets 400")
    #expect(answers.last?.hasPrefix("STATUS 200 ") == true)
    #expect(forged.status == 0, "\(forged.stderr)")
    #expect(forged.stdout == "Signed in as Ann <ann@example.com> (passenger).\n")
  }

  @Test("a driver by claim signs in with a confidential client, no second step")
  func driverByClaim() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let oidc = try await Self.options(confidential: true)
    let signIn = try await fixture.run(
      oidc + ["sign-in", "--email", "dan@example.com", "--password-stdin"], stdin: "Pass1234\n")
    #expect(signIn.status == 0)
    #expect(signIn.stdout == "Signed in as Dan <dan@example.com> (driver).\n")
  }

  @Test("the screens offer the browser and device sign-ins; the browser one signs Ann in")
  func providerScreens() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let provider = try await SharedProviders.shared.provider(accessSeconds: 300)
    let oidc = ["--oidc-issuer", provider.issuer.absoluteString, "--client-id", "koober-browser"]
    let answers = ["Sign in with browser", "Sign out", "Quit"]
    let session = try await fixture.run(
      oidc, stdin: answers.joined(separator: "\n") + "\n",
      extraEnvironment: ["BROWSER": OIDCProviderProcess.person.path])
    #expect(session.status == 0, "\(session.stderr)")
    #expect(session.stdout.contains("Sign in on another device"))
    #expect(
      session.titles == [
        "[Welcome]", "[Sign in with browser]", "[Passenger home]", "[Welcome]",
      ])
    #expect(session.stdout.contains("  " + provider.issuer.absoluteString + "/authorize/?"))
  }

  @Test("the screens: sign in with the identifier, rides say they need the API, sign out")
  func screens() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let oidc = try await Self.options()
    let answers = ["Sign in", "ann@example.com", "Pass1234", "My rides", "Sign out", "Quit"]
    let session = try await fixture.run(oidc, stdin: answers.joined(separator: "\n") + "\n")
    #expect(session.status == 0)
    #expect(
      session.titles == [
        "[Welcome]", "[Sign in]", "[Passenger home]", "[Passenger home]", "[Welcome]",
      ])
    #expect(
      Transcript.alerts(in: session.stdout) == [
        "! Rides need Koober's own API; with --oidc-issuer, koober only signs you in."
      ])
    #expect(try await fixture.run(oidc + ["status"]).status == 4)
  }

  @Test("bad OIDC options are usage errors (exit 2)")
  func usage() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let cases: [([String], String)] = [
      (["--oidc-issuer", "http://127.0.0.1:9/o", "status"],
       "koober: '--oidc-issuer' needs '--client-id ID' (the client registered with it)\n"),
      (["--client-id", "x", "status"], "koober: '--client-id' goes with '--oidc-issuer URL'\n"),
      (["--oidc-issuer", "ftp://x/o", "--client-id", "x", "status"],
       "koober: '--oidc-issuer' needs an http:// or https:// URL with a host, not 'ftp://x/o'\n"),
      (["--server", "http://127.0.0.1:9", "--oidc-issuer", "http://127.0.0.1:9/o",
        "--client-id", "x", "status"],
       "koober: '--server' and '--oidc-issuer' name two servers; use one\n"),
    ]
    for (arguments, message) in cases {
      let result = try await fixture.run(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.stderr == message + "Run 'koober help status' for usage.\n")
    }
    let insecure = try await fixture.run(
      ["--oidc-issuer", "http://id.example.com/o", "--client-id", "x", "status"])
    #expect(insecure.status == 2)
    #expect(insecure.stderr.contains("id.example.com"))
  }
}
