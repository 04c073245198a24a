import Foundation
import Testing

/// Every subcommand's exit status: 0 ok, 1 failure, 3 code required, 4 not signed in.
@Suite("subcommands")
struct SubcommandTests {
  @Test("a passenger's subcommands: status, sign-up, sign-in, sign-out, in order")
  func passengerExitCodes() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let signUp = ["sign-up", "--email", "ann@example.com", "--type", "passenger"]
    let signIn = ["sign-in", "--email", "ann@example.com", "--password-stdin"]

    #expect(try await fixture.run(["status"]).status == 4)
    #expect(try await fixture.run(["sign-out"]).status == 4)
    let created = try await fixture.run(
      signUp + ["--name", "Ann", "--password-stdin"], stdin: "Pass1234\n")
    #expect(created.status == 0)
    #expect(created.stdout == "Signed in as Ann <ann@example.com> (passenger).\n")
    #expect(try await fixture.run(["status"]).status == 0)

    let taken = try await fixture.run(signUp + ["--password-stdin"], stdin: "Pass1234\n")
    #expect(taken.status == 1)
    #expect(taken.stderr == "koober: An account with this email already exists; sign in instead.\n")

    #expect(try await fixture.run(["sign-out"]).stdout == "Signed out.\n")
    let wrong = try await fixture.run(signIn, stdin: "Wrong1234\n")
    #expect(wrong.status == 1)
    #expect(wrong.stderr == "koober: The email or password is wrong.\n")
    let right = try await fixture.run(signIn, stdin: "Pass1234\n")
    #expect(right.status == 0)
    #expect(right.stdout == "Signed in as Ann <ann@example.com> (passenger).\n")
    let out = try await fixture.run(["sign-out"])
    #expect(out.status == 0)
    #expect(try await fixture.run(["status"]).status == 4)
  }

  @Test("a weak password is refused before anything is sent: one sentence, exit 2")
  func weakPassword() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let result = try await fixture.run(
      ["sign-up", "--email", "ann@example.com", "--type", "driver", "--password-stdin"],
      stdin: "short\n")
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("koober: "))
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(try await fixture.run(["status"]).status == 4)
  }

  @Test("outbox lists the demo messages; report holds the events and no secret")
  func outboxAndReport() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let empty = try await fixture.run(["outbox", "--to", "dan@example.com"])
    #expect(empty.status == 0)
    #expect(empty.stdout == "No messages to dan@example.com.\n")
    #expect(try await fixture.run(["report"]).stdout == "No events recorded yet.\n")

    try await fixture.makeAccount("dan@example.com", type: "driver", password: "Drive1234")
    let signIn = try await fixture.run(
      ["sign-in", "--email", "dan@example.com", "--password-stdin"], stdin: "Drive1234\n")
    #expect(signIn.status == 3)
    let outbox = try await fixture.run(["outbox", "--to", "DAN@example.com"])
    #expect(outbox.status == 0)
    let code = try #require(Transcript.lastCode(in: outbox.stdout))
    #expect(outbox.stdout.hasSuffix("Your Koober code is \(code)\n"))

    let report = try await fixture.run(["report"])
    #expect(report.status == 0)
    let lines = report.stdout.split(separator: "\n")
    let submitted = "sign-up: submitted for d***@example.com as driver from welcome"
    #expect(lines.contains { $0.hasSuffix(submitted) })
    #expect(lines.contains { $0.hasSuffix("sign-in: one-time code required, sent by sms") })
    #expect(!report.stdout.contains("Drive1234"))
    #expect(!report.stdout.contains(code))
    #expect(!report.stdout.contains("dan@example.com"))
  }
}
