import Foundation
import Testing

/// Issue 32 item 1 end to end: several accounts in one data folder, through the real
/// `koober` against a Koober backend that outlives each run, so every check of a refresh
/// token is a request to the server with it.
@Suite("several accounts: accounts, switch, sign-out, status")
struct SeveralAccountsTests {
  /// The world of one test: Dan (driver) and Ann (passenger) have accounts; Ann signed in
  /// first, then Dan with his one-time code, so Dan is active and Ann is kept.
  struct TwoAccounts {
    let fixture: KooberFixture
    let server: AccountsBackend

    init() async throws {
      fixture = try KooberFixture()
      server = try AccountsBackend(folder: fixture.folder.url("server"))
      try await fixture.signUp(on: server.url, "dan@example.com", type: "driver")
      let out = try await run(["sign-out"])
      try #require(out.status == 0, "sign-out failed: \(out.stderr)")
      try await fixture.signUp(on: server.url, "ann@example.com", type: "passenger")
      let dan = try await fixture.signIn(on: server.url, "dan@example.com")
      try #require(dan.status == 0, "Dan's sign-in failed: \(dan.stderr)")
      // A second person's sign-in says what it always said: who is signed in now.
      #expect(dan.stdout == "Signed in as dan@example.com (driver).\n")
    }

    /// `koober --server URL <arguments>`.
    func run(_ arguments: [String], language: String? = nil) async throws -> ProcessResult {
      try await fixture.run(
        ["--server", server.url] + arguments,
        extraEnvironment: language.map { ["LANG": $0] } ?? [:])
    }

    /// Ann's and Dan's refresh tokens as stored now.
    func tokens() throws -> (ann: String, dan: String) {
      let stored = fixture.storedRefreshTokens()
      return (
        try #require(stored["ann@example.com"], "no session of Ann's: \(stored.keys)"),
        try #require(stored["dan@example.com"], "no session of Dan's: \(stored.keys)")
      )
    }

    func remove() {
      server.stop()
      fixture.remove()
    }
  }

  @Test("signing in as a second person keeps the first: both listed, both live at the server")
  func twoAccountsBothLive() async throws {
    let world = try await TwoAccounts()
    defer { world.remove() }
    let accounts = try await world.run(["accounts"])
    #expect(accounts.status == 0, "\(accounts.stderr)")
    #expect(accounts.stdout == "* dan@example.com  driver\n  ann@example.com  passenger\n")
    let (ann, dan) = try world.tokens()
    #expect(ann != dan)
    #expect(await world.server.refreshStatus(ann) == 200)
    #expect(await world.server.refreshStatus(dan) == 200)
  }

  @Test("status names the active account and counts the others")
  func statusNamesActive() async throws {
    let world = try await TwoAccounts()
    defer { world.remove() }
    let status = try await world.run(["status"])
    #expect(status.status == 0, "\(status.stderr)")
    #expect(
      status.stdout
        == "Signed in as dan@example.com (driver).\n"
        + "1 other account is signed in on this device; 'koober accounts' lists it.\n")
  }

  @Test("switch, normalising the identifier, makes the passenger active and routes to her home")
  func switchRoutesByType() async throws {
    let world = try await TwoAccounts()
    defer { world.remove() }
    let switched = try await world.run(["switch", " Ann@Example.COM "])
    #expect(switched.status == 0, "\(switched.stderr)")
    #expect(
      switched.stdout
        == "Switched to ann@example.com (passenger); koober opens at Passenger home.\n")
    let accounts = try await world.run(["accounts"])
    #expect(accounts.stdout == "* ann@example.com  passenger\n  dan@example.com  driver\n")
    let status = try await world.run(["status"])
    #expect(status.stdout.hasPrefix("Signed in as ann@example.com (passenger).\n"))
    let screens = try await world.run([])
    #expect(screens.titles == ["[Passenger home]"])
    let again = try await world.run(["switch", "ann@example.com"])
    #expect(again.status == 0)
    #expect(again.stdout == "ann@example.com (passenger) is already the active account.\n")
  }

  @Test("an identifier not signed in here is refused in one sentence (exit 1), none missing")
  func switchUnknownRefused() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let unknown = try await fixture.run(["switch", "Nobody@Example.com"])
    #expect(unknown.status == 1)
    #expect(unknown.stdout == "")
    #expect(
      unknown.stderr
        == "koober: No account 'nobody@example.com' is signed in on this device; "
        + "'koober accounts' lists them.\n")
    let missing = try await fixture.run(["switch"])
    #expect(missing.status == 2)
    #expect(
      missing.stderr
        == "koober: 'switch' needs IDENTIFIER (koober switch IDENTIFIER)\n"
        + "Run 'koober help switch' for usage.\n")
    let none = try await fixture.run(["accounts"])
    #expect(none.status == 4)
    #expect(none.stdout == "Not signed in.\n")
  }

  @Test("sign-out ends the active account only: the other becomes active, its token works")
  func signOutOneLeavesOther() async throws {
    let world = try await TwoAccounts()
    defer { world.remove() }
    let (ann, dan) = try world.tokens()
    let out = try await world.run(["sign-out"])
    #expect(out.status == 0, "\(out.stderr)")
    #expect(out.stderr == "")
    #expect(
      out.stdout == "Signed out.\nann@example.com (passenger) is the active account now.\n")
    let accounts = try await world.run(["accounts"])
    #expect(accounts.stdout == "* ann@example.com  passenger\n")
    let status = try await world.run(["status"])
    #expect(status.stdout == "Signed in as ann@example.com (passenger).\n")
    #expect(world.fixture.storedRefreshTokens() == ["ann@example.com": ann])
    #expect(await world.server.refreshStatus(dan) == 401)
    #expect(await world.server.refreshStatus(ann) == 200)
  }

  @Test("the active account's session ended: none is active, the other is counted, not used")
  func activeEndedNoneActive() async throws {
    let world = try await TwoAccounts()
    defer { world.remove() }
    let (_, dan) = try world.tokens()
    #expect(await world.server.revoke(dan) == 204)
    let status = try await world.run(["status"])
    #expect(status.status == 4)
    #expect(
      status.stdout
        == "Not signed in.\n"
        + "1 other account is signed in on this device; 'koober accounts' lists it.\n")
    let accounts = try await world.run(["accounts"])
    #expect(accounts.status == 0)
    #expect(accounts.stdout == "  ann@example.com  passenger\n")
    let out = try await world.run(["sign-out"])
    #expect(out.status == 4)
    #expect(out.stdout == status.stdout)
    let switched = try await world.run(["switch", "ann@example.com"])
    #expect(switched.status == 0, "\(switched.stderr)")
    #expect(try await world.run(["status"]).stdout == "Signed in as ann@example.com (passenger).\n")
  }

  @Test("sign-out --all signs every account out: no refresh token is live afterwards")
  func signOutAllLeavesNoLiveFamily() async throws {
    let world = try await TwoAccounts()
    defer { world.remove() }
    let (ann, dan) = try world.tokens()
    let out = try await world.run(["sign-out", "--all"])
    #expect(out.status == 0, "\(out.stderr)")
    #expect(out.stderr == "")
    #expect(out.stdout == "Signed out of every account.\n")
    #expect(world.fixture.storedRefreshTokens().isEmpty)
    #expect(await world.server.refreshStatus(ann) == 401)
    #expect(await world.server.refreshStatus(dan) == 401)
    let accounts = try await world.run(["accounts"])
    #expect(accounts.status == 4)
    let again = try await world.run(["sign-out", "--all"])
    #expect(again.status == 4)
    #expect(again.stdout == "Not signed in.\n")
  }

  @Test("sign-out --all offline says the server will be told (exit 0); a later run tells it")
  func signOutAllOffline() async throws {
    let world = try await TwoAccounts()
    defer { world.remove() }
    let (ann, dan) = try world.tokens()
    // Stopped, the port refuses: no answer, so both revocations are queued.
    world.server.stop()
    let offline = try await world.run(["sign-out", "--all"])
    #expect(offline.status == 0)
    #expect(
      offline.stderr
        == "koober: Signed out on this device; Koober's server will be told when it can be "
        + "reached.\n")
    #expect(offline.stdout == "Signed out of every account.\n")
    #expect(try await world.run(["accounts"]).status == 4)

    try world.server.restart()
    #expect(try await world.run(["status"]).status == 4)
    #expect(world.server.backend.requests.count("POST", "/v1/auth/revoke") == 2)
    #expect(await world.server.refreshStatus(ann) == 401)
    #expect(await world.server.refreshStatus(dan) == 401)
  }

  @Test("the sentences in 简体中文")
  func sentencesInChinese() async throws {
    let world = try await TwoAccounts()
    defer { world.remove() }
    let chinese = "zh_CN.UTF-8"
    let accounts = try await world.run(["accounts"], language: chinese)
    #expect(accounts.stdout == "* dan@example.com  司机\n  ann@example.com  乘客\n")
    let status = try await world.run(["status"], language: chinese)
    #expect(
      status.stdout
        == "已登录：dan@example.com（司机）。\n"
        + "本设备上另有 1 个账号已登录；运行 'koober accounts' 查看。\n")
    let unknown = try await world.run(["switch", "bob@example.com"], language: chinese)
    #expect(unknown.status == 1)
    #expect(
      unknown.stderr
        == "koober: 本设备上没有已登录的账号“bob@example.com”；"
        + "运行 'koober accounts' 查看已登录的账号。\n")
    let switched = try await world.run(["switch", "ann@example.com"], language: chinese)
    #expect(
      switched.stdout == "已切换到 ann@example.com（乘客）；koober 将打开乘客首页。\n")
    let out = try await world.run(["sign-out"], language: chinese)
    #expect(out.stdout == "已退出登录。\n当前账号为 dan@example.com（司机）。\n")
    let all = try await world.run(["sign-out", "--all"], language: chinese)
    #expect(all.stdout == "已退出所有账号。\n")
  }

  @Test("help lists accounts and switch, and sign-out's --all")
  func helpListsCommands() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let help = try await fixture.run(["--help"], extraEnvironment: ["LANG": "C"])
    #expect(
      help.stdout.contains(
        "\n  accounts                   List the accounts signed in on this device; * marks the "
          + "active one.\n"))
    #expect(
      help.stdout.contains(
        "\n  switch                     Make another signed-in account the active one.\n"))
    let signOut = try await fixture.run(["help", "sign-out"], extraEnvironment: ["LANG": "C"])
    #expect(signOut.stdout.hasPrefix("USAGE\n  koober sign-out [--all]\n"))
    #expect(signOut.stdout.contains("  --all"))
    let chinese = try await fixture.run(["--help"], extraEnvironment: ["LANG": "zh_CN.UTF-8"])
    #expect(
      chinese.stdout.contains("\n  switch                     把另一个已登录的账号设为当前账号。\n"))
  }
}
