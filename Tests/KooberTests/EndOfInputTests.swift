import Foundation
import Testing

/// Ctrl-D (the end of input) at any prompt quits cleanly: exit 0, nothing on stderr.
@Suite("end of input at every prompt")
struct EndOfInputTests {
  /// Answers each prefix of `answers` in a new process, then ends the input.
  private func expectCleanQuit(
    _ fixture: KooberFixture, after answers: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    for count in 0...answers.count {
      let typed = answers.prefix(count)
      let session = try await fixture.run(
        [], stdin: typed.map { $0 + "\n" }.joined(), extraEnvironment: KooberFixture.quickDemo)
      #expect(session.status == 0, "after \(typed)", sourceLocation: sourceLocation)
      #expect(session.stderr.isEmpty, "after \(typed)", sourceLocation: sourceLocation)
    }
  }

  @Test("signed out: welcome, sign-in, sign-up, the code, and the guest's fare estimate")
  func signedOut() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    try await fixture.makeAccount("dan@example.com", type: "driver", password: "Drive1234")
    try await expectCleanQuit(fixture, after: ["Sign in", "dan@example.com", "Drive1234"])
    try await expectCleanQuit(fixture, after: ["Sign up", "new@example.com", "Pass1234", ""])
    try await expectCleanQuit(fixture, after: ["Browse as guest", "Estimate a fare", "opera"])
  }

  @Test("a passenger: home, profile, request a ride up to the confirmation, my rides")
  func passenger() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    try await fixture.signUp("ann@example.com", type: "passenger")
    try await expectCleanQuit(fixture, after: ["Your profile", "Rename"])
    try await expectCleanQuit(fixture, after: ["Request a ride", "opera", "1", "1"])
    try await expectCleanQuit(fixture, after: ["My rides", "Search"])
  }

  @Test("a driver: home and the ride queue")
  func driver() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    try await fixture.signUp("dan@example.com", type: "driver")
    try await expectCleanQuit(fixture, after: ["Ride queue"])
  }
}
