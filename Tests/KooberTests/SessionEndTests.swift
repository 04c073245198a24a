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
    try session.send("Rename")
    try await session.waitFor("New name (empty to remove it): ")
    try session.send("Annie")
    try await session.waitFor("[Welcome]")
    try await session.waitFor("Choose: ")
    #expect(try await session.finish() == 0)
    let transcript = session.transcript
    #expect(Transcript.titles(in: transcript) == ["[Passenger home]", "[Profile]", "[Welcome]"])
    // Whichever comes first names it: the session control's sentence, or the failed rename's.
    let revoked =
      "! You were signed out because your session was ended elsewhere; please sign in again."
    let signedOut = "! You are signed out; sign in again."
    let alerts = Transcript.alerts(in: transcript)
    #expect(alerts == [revoked] || alerts == [signedOut])
    #expect(try await fixture.run(["status"]).status == 4)
  }
}
