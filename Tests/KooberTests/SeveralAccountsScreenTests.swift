import Foundation
import Testing

/// Issue 32 item 1 on the screens: `Switch account` and `Add account` on the homes, the
/// landing after a sign-out while another account stays, and a switch or sign-out made in
/// another terminal.
@Suite("several accounts on the screens")
struct SeveralAccountsScreenTests {
  /// Ann (passenger) signed up first, then Dan (driver): Dan is active, Ann is kept.
  private static func twoAccounts() async throws -> KooberFixture {
    let fixture = try KooberFixture()
    try await fixture.signUp("ann@example.com", type: "passenger")
    try await fixture.signUp("dan@example.com", type: "driver")
    return fixture
  }

  @Test("Switch account lists the other account; choosing it lands on the passenger home")
  func switchAccount() async throws {
    let fixture = try await Self.twoAccounts()
    defer { fixture.remove() }
    let session = try await fixture.run(
      [], stdin: ["Switch account", "ann@example.com (passenger)", "Quit"].joined(separator: "\n"))
    #expect(session.status == 0)
    #expect(session.titles == ["[Driver home]", "[Switch account]", "[Passenger home]"])
    #expect(session.stdout.contains("  1) ann@example.com (passenger)\n  2) Back home\n"))
    #expect(Transcript.alerts(in: session.stdout) == ["! Switched to ann@example.com."])
    let status = try await fixture.run(["status"])
    #expect(status.stdout.hasPrefix("Signed in as ann@example.com (passenger).\n"))
  }

  @Test("Add account signs another person in from an empty form; both stay signed in")
  func addAccount() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    try await fixture.makeAccount("bob@example.com", type: "passenger", password: "Pass1234")
    try await fixture.signUp("ann@example.com", type: "passenger")
    let session = try await fixture.run(
      [], stdin: ["Add account", "bob@example.com", "Pass1234", "Quit"].joined(separator: "\n"))
    #expect(session.status == 0)
    #expect(session.titles == ["[Passenger home]", "[Sign in]", "[Passenger home]"])
    // The form starts empty: the last identifier is the account already signed in.
    #expect(session.stdout.contains("\nEmail: bob@example.com\n"))
    #expect(!session.stdout.contains("Email ["))
    #expect(session.stdout.contains("Hello, bob@example.com!"))
    let accounts = try await fixture.run(["accounts"])
    #expect(accounts.stdout == "* bob@example.com  passenger\n  ann@example.com  passenger\n")
  }

  @Test("Add account, then back, returns to the home unchanged")
  func addAccountBack() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    try await fixture.signUp("ann@example.com", type: "passenger")
    let session = try await fixture.run([], stdin: "Add account\nback\nQuit\n")
    #expect(session.status == 0)
    #expect(session.titles == ["[Passenger home]", "[Sign in]", "[Passenger home]"])
    #expect(session.stdout.contains("\nEmail: back\n"))
    #expect(Transcript.alerts(in: session.stdout).isEmpty)
  }

  @Test("signing out on the screens while another account stays lands on its home")
  func signOutLandsOnOther() async throws {
    let fixture = try await Self.twoAccounts()
    defer { fixture.remove() }
    let session = try await fixture.run([], stdin: "Sign out\nQuit\n")
    #expect(session.status == 0)
    #expect(session.titles == ["[Driver home]", "[Passenger home]"])
    #expect(
      Transcript.alerts(in: session.stdout) == [
        "! Signed out; ann@example.com is the active account now."
      ])
  }

  @Test("the screens in 简体中文: the entries, the list and the alert")
  func screensInChinese() async throws {
    let fixture = try await Self.twoAccounts()
    defer { fixture.remove() }
    let session = try await fixture.run(
      [], stdin: "切换账号\n1\n退出\n", extraEnvironment: ["LANG": "zh_CN.UTF-8"])
    #expect(session.titles == ["[司机首页]", "[切换账号]", "[乘客首页]"])
    #expect(session.stdout.contains(") 切换账号\n"))
    #expect(session.stdout.contains(") 添加账号\n"))
    #expect(session.stdout.contains("  1) ann@example.com（乘客）\n"))
    #expect(Transcript.alerts(in: session.stdout) == ["! 已切换到 ann@example.com。"])
  }

  @Test("a switch in another terminal takes the screens to that account's home, with a sentence")
  func switchedElsewhere() async throws {
    let fixture = try await Self.twoAccounts()
    defer { fixture.remove() }
    let session = try fixture.startInteractive()
    try await session.waitFor("[Driver home]")
    try await session.waitFor("Choose: ")
    let switched = try await fixture.run(["switch", "ann@example.com"])
    #expect(switched.status == 0, "\(switched.stderr)")
    try await session.waitFor("[Passenger home]\n! Another window switched to ann@example.com.")
    try await session.waitFor("Choose: ")
    try session.send("Quit")
    #expect(try await session.finish() == 0)
  }

  @Test("a sign-out in another terminal while another account stays: that account's home")
  func signedOutElsewhereWithOther() async throws {
    let fixture = try await Self.twoAccounts()
    defer { fixture.remove() }
    let session = try fixture.startInteractive()
    try await session.waitFor("[Driver home]")
    try await session.waitFor("Choose: ")
    let out = try await fixture.run(["sign-out"])
    #expect(out.status == 0, "\(out.stderr)")
    try await session.waitFor(
      "[Passenger home]\n"
        + "! You were signed out in another window; ann@example.com is the active account now.")
    try await session.waitFor("Choose: ")
    try session.send("Quit")
    #expect(try await session.finish() == 0)
  }
}
