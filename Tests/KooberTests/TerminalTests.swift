import Foundation
import Testing
import TestSupport

/// What only a terminal shows: the password not echoed, a spinner while waiting, the code's
/// live countdown, colour unless `NO_COLOR` is set — and none of it through a pipe.
@Suite("on a terminal")
struct TerminalTests {
  /// `koober --data-dir DATA` on a pseudo-terminal of its own.
  private func startOnTerminal(_ fixture: KooberFixture, colour: Bool) throws -> TerminalProcess {
    var environment = fixture.environment(["TERM": "xterm"])
    if colour { environment["NO_COLOR"] = nil }
    return try TerminalProcess(
      executable: KooberBinary.url, arguments: ["--data-dir", fixture.dataFolder.path],
      environment: environment)
  }

  /// Waits for `text` on the terminal, or fails with what it showed.
  private func expectScreen(
    _ terminal: TerminalProcess, _ text: String, timeout: Duration = .seconds(30)
  ) async throws {
    guard await terminal.read(through: text, timeout: timeout) == nil else { return }
    throw ProcessRunner.Failure(description: "'\(text)' did not show; screen:\n\(terminal.output)")
  }

  /// From welcome, signs in the last account (the pre-filled email) with `password`.
  private func signIn(_ terminal: TerminalProcess, password: String) async throws {
    try await expectScreen(terminal, "Choose: ")
    try terminal.type("Sign in\n")
    try await expectScreen(terminal, "Email [")
    try await expectScreen(terminal, "]: ")
    try terminal.type("\n")
    try await expectScreen(terminal, "Password: ")
    try terminal.type(password + "\n")
  }

  @Test("the password is not echoed, waiting spins, the code counts down, titles are in colour")
  func driverSignInOnTerminal() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    try await fixture.makeAccount("dan@example.com", type: "driver", password: "Drive1234")
    let terminal = try startOnTerminal(fixture, colour: true)
    try await expectScreen(terminal, "\u{1B}[1m\u{1B}[36m[Welcome]\u{1B}[0m")
    try await signIn(terminal, password: "Drive1234")
    try await expectScreen(terminal, "[Verification code]")
    // The prompt is redrawn in place each second: save the cursor, rewrite, restore.
    try await expectScreen(terminal, "\u{1B}7\rCode (0:5")
    try terminal.type("\u{04}")
    #expect(await terminal.waitForExit() == .exited(0))

    let screen = terminal.output
    #expect(!screen.contains("Drive1234"))
    #expect(screen.contains("\r\u{1B}[36m⠋\u{1B}[0m Signing in…"))
    #expect(screen.contains("Signing in…\r\u{1B}[2K"))
    #expect(screen.contains("\u{1B}[2mType 'back' to go back"))
  }

  @Test("NO_COLOR keeps a terminal free of colour; the spinner and hidden password remain")
  func noColourOnTerminal() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    try await fixture.makeAccount("ann@example.com", type: "passenger", password: "Pass1234")
    let terminal = try startOnTerminal(fixture, colour: false)
    try await signIn(terminal, password: "Pass1234")
    try await expectScreen(terminal, "[Passenger home]")
    try await expectScreen(terminal, "Choose: ")
    try terminal.type("\u{04}")
    #expect(await terminal.waitForExit() == .exited(0))

    let screen = terminal.output
    #expect(!screen.contains("Pass1234"))
    #expect(screen.contains("\r⠋ Signing in…"))
    #expect(screen.contains("Signing in…\r\u{1B}[2K"))
    for style in ["\u{1B}[1m", "\u{1B}[2m", "\u{1B}[31m", "\u{1B}[32m", "\u{1B}[36m"] {
      #expect(!screen.contains(style))
    }
  }

  @Test("through a pipe there is no colour, spinner or escape at all, even without NO_COLOR")
  func nothingThroughAPipe() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    var environment = fixture.environment()
    environment["NO_COLOR"] = nil
    let session = try await ProcessRunner.run(
      ["--data-dir", fixture.dataFolder.path], environment: environment,
      stdin: "Browse as guest\nfly\n")
    #expect(session.status == 0)
    #expect(session.titles == ["[Welcome]", "[Guest home]"])
    #expect(session.stdout.contains("Checking your session…\n"))
    #expect(!(session.stdout + session.stderr).contains("\u{1B}"))
  }
}
