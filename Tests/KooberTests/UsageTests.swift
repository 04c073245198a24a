import Foundation
import Testing

/// Help, and command lines koober cannot run (exit 2, one message and a pointer to help).
@Suite("usage and help")
struct UsageTests {
  @Test("--help and help <command> print usage and exit 0")
  func help() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let general = try await fixture.run(["--help"])
    #expect(general.status == 0)
    #expect(general.stdout.hasPrefix("koober: "))
    for command in ["status", "sign-up", "sign-in", "verify", "sign-out", "outbox", "report"] {
      #expect(general.stdout.contains("\n  \(command) "))
    }
    #expect(general.stdout.contains("0 ok, 1 failure, 2 usage error, 3 code required"))
    let signIn = try await fixture.run(["help", "sign-in"])
    #expect(signIn.status == 0)
    #expect(
      signIn.stdout.hasPrefix(
        "USAGE\n  koober sign-in --email E --password-stdin | --browser | --device\n"))
    let flag = try await fixture.run(["verify", "--help"])
    #expect(flag.stdout.hasPrefix("USAGE\n  koober verify --code C\n"))
  }

  @Test(
    "bad command lines exit 2 with the reason and where to read usage",
    arguments: [
      (["fly"], "koober: unknown command 'fly'\nRun 'koober --help' for usage.\n"),
      (
        ["sign-in", "--password-stdin"],
        "koober: 'sign-in' needs '--email' (koober sign-in --email E --password-stdin | "
          + "--browser | --device)\n"
          + "Run 'koober help sign-in' for usage.\n"
      ),
      (
        ["sign-up", "--email", "a@example.com", "--type", "pilot"],
        "koober: '--type' is passenger or driver, not 'pilot'\n"
          + "Run 'koober help sign-up' for usage.\n"
      ),
      (
        ["status", "--mail", "x"],
        "koober: unknown option '--mail' for 'status'\nRun 'koober help status' for usage.\n"
      ),
      (
        ["verify", "--code"],
        "koober: '--code' needs a value (--code C)\nRun 'koober help verify' for usage.\n"
      ),
      (
        ["status", "extra"],
        "koober: 'status' takes no argument 'extra'\nRun 'koober help status' for usage.\n"
      ),
      (
        ["--server", "ftp://example.com", "status"],
        "koober: '--server' needs an http:// or https:// URL with a host, not "
          + "'ftp://example.com'\nRun 'koober help status' for usage.\n"
      ),
      (["help", "fly"], "koober: unknown command 'fly'\nRun 'koober --help' for usage.\n"),
    ])
  func usageErrors(arguments: [String], message: String) async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let result = try await fixture.run(arguments)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == message)
  }

  @Test("sign-in without --password-stdin and without a terminal is a usage error")
  func passwordNeedsStdinFlag() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let result = try await fixture.run(
      ["sign-in", "--email", "ann@example.com"], stdin: "Pass1234\n")
    #expect(result.status == 2)
    #expect(result.stderr.contains("give the password with '--password-stdin'"))
  }

  @Test("global options are accepted after the command too; a malformed code exits 2")
  func globalOptionsAnywhere() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let result = try await ProcessRunner.run(
      ["status", "--data-dir", fixture.dataFolder.path], environment: fixture.environment())
    #expect(result.status == 4)
    #expect(FileManager.default.fileExists(atPath: fixture.dataFolder.path))
    let code = try await fixture.run(["verify", "--code", "12ab56"])
    #expect(code.status == 2)
    #expect(code.stderr == "koober: Enter the 6-digit code from your message.\n")
  }

  @Test(
    "a request timeout that is not a positive number of seconds exits 2 and touches nothing",
    arguments: ["soon", "0", "-5", "nan", "3601"])
  func badRequestTimeout(value: String) async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let result = try await fixture.run(
      ["status"], extraEnvironment: ["KOOBER_REQUEST_TIMEOUT_SECONDS": value])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "koober: KOOBER_REQUEST_TIMEOUT_SECONDS must be a number of seconds above 0, up to "
        + "3600, not '\(value)'.\n")
    #expect(!FileManager.default.fileExists(atPath: fixture.dataFolder.path))
  }

  @Test("help lists the request timeout setting")
  func helpListsRequestTimeout() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let help = try await fixture.run(["--help"])
    #expect(
      help.stdout.contains(
        "\n  KOOBER_REQUEST_TIMEOUT_SECONDS\n"
          + "                             Seconds each request waits for the server's answer\n"))
  }
}
