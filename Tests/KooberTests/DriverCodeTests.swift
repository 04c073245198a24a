import Foundation
import Testing

/// The driver's second step: the one-time code from the demo outbox.
@Suite("driver sign-in with a one-time code")
struct DriverCodeTests {
  @Test("a driver signs in on the screens, reads the code with koober outbox, reaches home")
  func interactiveDriverSignIn() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    try await fixture.makeAccount("dan@example.com", type: "driver", password: "Drive1234")
    let session = try fixture.startInteractive()
    try await session.waitFor("Choose: ")
    try session.send("Sign in")
    try await session.waitFor("Email [dan@example.com]: ")
    try session.send("")
    try await session.waitFor("Password: ")
    try session.send("Drive1234")
    try await session.waitFor("[Verification code]")
    try await session.waitFor("Code")
    let outbox = try await fixture.run(["outbox", "--to", "dan@example.com"])
    #expect(outbox.status == 0)
    let code = try #require(Transcript.lastCode(in: outbox.stdout), "outbox: \(outbox.stdout)")
    try session.send(code)
    try await session.waitFor("[Driver home]")
    try await session.waitFor("Choose: ")
    try session.send("Quit")
    #expect(try await session.finish() == 0)
    #expect(
      Transcript.titles(in: session.transcript) == [
        "[Welcome]", "[Sign in]", "[Verification code]", "[Driver home]",
      ])
    #expect(session.transcript.contains("We sent a 6-digit code by sms; it expires in"))
    #expect(!session.transcript.contains("Drive1234"))
  }

  @Test("a wrong code keeps the code screen with the attempts left")
  func wrongCodeStays() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    try await fixture.makeAccount("dan@example.com", type: "driver", password: "Drive1234")
    let session = try await fixture.run(
      [], stdin: "Sign in\n\nDrive1234\n000000\n12a\nback\n")
    #expect(session.status == 0)
    #expect(
      session.titles == ["[Welcome]", "[Sign in]", "[Verification code]", "[Sign in]"])
    #expect(
      Transcript.alerts(in: session.stdout) == [
        "! That code is wrong; 2 attempts left.", "! Enter digits only.",
      ])
  }

  @Test("sign-in exits 3 with a hint, verify finishes in the next process, status sees it")
  func subcommandDriverSignIn() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    try await fixture.makeAccount("dan@example.com", type: "driver", password: "Drive1234")
    let signIn = try await fixture.run(
      ["sign-in", "--email", "dan@example.com", "--password-stdin"], stdin: "Drive1234\n")
    #expect(signIn.status == 3)
    #expect(signIn.stderr.contains("koober verify --code C"))
    let pending = try String(
      contentsOf: fixture.dataFolder.appendingPathComponent("embedded/pending-sign-in.json"),
      encoding: .utf8)
    #expect(pending.contains("chl_"))
    #expect(!pending.contains("Drive1234"))
    let outbox = try await fixture.run(["outbox", "--to", "dan@example.com"])
    let code = try #require(Transcript.lastCode(in: outbox.stdout))
    let wrong = try await fixture.run(["verify", "--code", code == "000000" ? "111111" : "000000"])
    #expect(wrong.status == 1)
    #expect(wrong.stderr == "koober: That code is wrong; 2 attempts left.\n")
    let verify = try await fixture.run(["verify", "--code", code])
    #expect(verify.status == 0)
    #expect(verify.stdout == "Signed in as dan@example.com (driver).\n")
    let status = try await fixture.run(["status"])
    #expect(status.status == 0)
    #expect(status.stdout == "Signed in as dan@example.com (driver).\n")
    let again = try await fixture.run(["verify", "--code", code])
    #expect(again.status == 1)
    #expect(
      again.stderr == "koober: No sign-in is waiting for a code; run 'koober sign-in' first.\n")
  }
}
