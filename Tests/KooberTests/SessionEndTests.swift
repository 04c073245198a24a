import Foundation
import Testing

/// A session ended elsewhere reaches the screens wherever they are.
@Suite("session ended elsewhere")
struct SessionEndTests {
  @Test("signing out in another process sends the screens to welcome with one sentence")
  func revokedElsewhere() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let signUp = try await fixture.run(
      ["sign-up", "--email", "ann@example.com", "--type", "passenger", "--name", "Ann",
       "--password-stdin"], stdin: "Pass1234\n")
    #expect(signUp.status == 0)
    let session = try fixture.startInteractive()
    try await session.waitFor("[Passenger home]")
    try await session.waitFor("Choose: ")
    try session.send("Your profile")
    try await session.waitFor("[Profile]")
    try await session.waitFor("Choose: ")
    #expect(try await fixture.run(["sign-out"]).status == 0)
    // The screens follow the store (issue 32, item 5): no input is needed, the profile's
    // prompt is interrupted and welcome shows within a second of the other process's exit.
    let signedOutAt = Date()
    try await session.waitFor("[Welcome]")
    let latency = Date().timeIntervalSince(signedOutAt)
    print("koober screens, sign-out elsewhere to [Welcome]: \(Int(latency * 1000)) ms")
    #expect(latency < 1)
    try await session.waitFor("Choose: ")
    #expect(try await session.finish() == 0)
    let transcript = session.transcript
    #expect(Transcript.titles(in: transcript) == ["[Passenger home]", "[Profile]", "[Welcome]"])
    #expect(Transcript.alerts(in: transcript) == ["! You were signed out in another window."])
    #expect(try await fixture.run(["status"]).status == 4)
  }

  @Test("LANG=zh_CN.UTF-8: the sentence of a sign-out in another terminal is in 简体中文")
  func signedOutElsewhereInChinese() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let chinese = ["LANG": "zh_CN.UTF-8"]
    let signUp = try await fixture.run(
      ["sign-up", "--email", "ann@example.com", "--type", "passenger", "--password-stdin"],
      stdin: "Pass1234\n")
    #expect(signUp.status == 0)
    let session = try fixture.startInteractive(extraEnvironment: chinese)
    try await session.waitFor("[乘客首页]")
    #expect(try await fixture.run(["sign-out"]).status == 0)
    try await session.waitFor("[欢迎]")
    #expect(try await session.finish() == 0)
    #expect(Transcript.alerts(in: session.transcript) == ["! 你已在另一个窗口中退出登录。"])
  }
}
