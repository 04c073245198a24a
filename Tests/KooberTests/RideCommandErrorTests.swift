import Foundation
import Testing

/// Ride commands the account may not run, or that cannot run: one sentence on stderr and
/// the host's exit statuses (1 refused or failed, 2 usage, 4 not signed in).
@Suite("ride command errors")
struct RideCommandErrorTests {
  @Test("a passenger on a driver route, and a driver on a passenger route, exit 1")
  func wrongAccountType() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let passenger = try await fixture.run(
      ["sign-up", "--email", "pat@example.com", "--type", "passenger", "--password-stdin"],
      stdin: "Pass1234\n")
    #expect(passenger.status == 0)
    for command in [["driver", "queue"], ["driver", "accept", "ride_abc"]] {
      let result = try await fixture.run(command)
      #expect(result.status == 1)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr == "koober: Only a driver account can do this.\n")
    }
    let badID = try await fixture.run(["rides", "cancel", "../v1/users/me"])
    #expect(badID.status == 2)
    #expect(badID.stderr == "koober: That is not a ride id. Ride ids look like ride_ABC123.\n")
    let unknown = try await fixture.run(["rides", "status", "ride_NOPE"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr == "koober: No such ride was found for this account.\n")
    let none = try await fixture.run(["rides", "status"])
    #expect(none.status == 1)
    #expect(none.stderr == "koober: There is no ride in progress.\n")
    let nowhere = try await fixture.run(
      ["rides", "request", "--to", "Atlantis", "--vehicle", "wallaby"])
    #expect(nowhere.status == 1)
    #expect(nowhere.stderr == "koober: No place matches 'Atlantis'; try another name.\n")
    let first = try await fixture.run(
      ["rides", "request", "--to", "opera", "--vehicle", "wallaby"])
    let id = try #require(Transcript.rideID(in: first.stdout), "\(first.stderr)")
    let second = try await fixture.run(
      ["rides", "request", "--to", "bondi", "--vehicle", "wallaby"])
    #expect(second.status == 1)
    #expect(second.stderr == "koober: You already have a ride in progress: \(id) (requested).\n")
    let cancel = try await fixture.run(["rides", "cancel", id])
    #expect(cancel.status == 0)
    #expect(Transcript.rideStatus(in: cancel.stdout) == "cancelled")
    let cancelled = try await fixture.run(["rides", "list", "--scope", "cancelled"])
    #expect(cancelled.stdout == cancel.stdout)

    #expect(try await fixture.run(["sign-out"]).status == 0)
    let driver = try await fixture.run(
      ["sign-up", "--email", "dan@example.com", "--type", "driver", "--password-stdin"],
      stdin: "Drive1234\n")
    #expect(driver.status == 0)
    let request = try await fixture.run(
      ["rides", "request", "--to", "opera", "--vehicle", "wallaby"])
    #expect(request.status == 1)
    #expect(request.stderr == "koober: Requesting a ride is not available to drivers.\n")
    let export = try await fixture.run(["rides", "export"])
    #expect(export.status == 1)
    #expect(export.stderr == "koober: Only a passenger account can do this.\n")
  }

  @Test("ride commands without a session exit 4")
  func notSignedIn() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    for command in [["rides", "list"], ["rides", "status"], ["driver", "queue"]] {
      let result = try await fixture.run(command)
      #expect(result.status == 4)
      #expect(
        result.stderr
          == "koober: Not signed in: run 'koober sign-in' (or 'koober sign-up') first.\n")
    }
  }

  @Test(
    "bad ride command lines exit 2 with the reason and where to read usage",
    arguments: [
      (
        ["rides"],
        "'rides' needs a command: estimate, request, status, list, cancel, export", "rides"
      ),
      (["driver"], "'driver' needs a command: queue, accept, advance", "driver"),
      (["rides", "fly"], "unknown command 'rides fly'", "rides"),
      (["rides request"], "unknown command 'rides request'", nil),
      (
        ["rides", "request", "--vehicle", "wallaby"],
        "'rides request' needs '--to' (koober rides request --to PLACE --vehicle TYPE)",
        "rides request"
      ),
      (
        ["rides", "request", "--to", "opera", "--vehicle", "bus"],
        "'--vehicle' is wallaby, wallaroo or kangaroo, not 'bus'", "rides request"
      ),
      (
        ["rides", "request", "--to", " ", "--vehicle", "wallaby"], "'--to' needs some text",
        "rides request"
      ),
      (
        ["rides", "list", "--scope", "old"],
        "'--scope' is one of all, active, completed, cancelled, not 'old'", "rides list"
      ),
      (
        ["rides", "list", "--scope", "all", "--search", "opera"],
        "'--search' looks through every ride; leave out '--scope'", "rides list"
      ),
      (
        ["rides", "export", "--format", "json"], "'--format' can only be csv, not 'json'",
        "rides export"
      ),
      (
        ["rides", "cancel"], "'rides cancel' needs a ride id (koober rides cancel ID)",
        "rides cancel"
      ),
      (
        ["driver", "accept", "ride_a", "ride_b"], "'driver accept' takes one ID, not 'ride_b' too",
        "driver accept"
      ),
      (["driver", "queue", "extra"], "'driver queue' takes no argument 'extra'", "driver queue"),
      (
        ["rides", "status", "--to", "opera"], "unknown option '--to' for 'rides status'",
        "rides status"
      ),
      (["help", "rides", "fly"], "unknown command 'rides fly'", nil),
    ] as [([String], String, String?)])
  func usageErrors(arguments: [String], message: String, topic: String?) async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let result = try await fixture.run(arguments)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    let help = topic.map { "koober help \($0)" } ?? "koober --help"
    #expect(result.stderr == "koober: \(message)\nRun '\(help)' for usage.\n")
  }

  @Test("a demo interval that is not a number of seconds exits 2")
  func badDemoInterval() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let result = try await fixture.run(
      ["status"], extraEnvironment: ["KOOBER_DEMO_STEP_SECONDS": "soon"])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "koober: KOOBER_DEMO_STEP_SECONDS must be a number of seconds from 0 to 86400, not "
        + "'soon'.\n")
  }

  @Test("help lists the ride commands, their groups and the demo settings")
  func help() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let general = try await fixture.run(["--help"])
    for command in ["rides request", "rides export", "driver queue", "driver advance"] {
      #expect(general.stdout.contains("\n  \(command) "))
    }
    #expect(general.stdout.contains("\n  KOOBER_DEMO_ACCEPT_SECONDS Demo mode: "))
    #expect(general.stdout.contains("\n  KOOBER_DEMO_STEP_SECONDS   Demo mode: "))
    let group = try await fixture.run(["help", "driver"])
    #expect(group.status == 0)
    #expect(group.stdout.hasPrefix("USAGE\n  koober driver <command> [options]\n"))
    #expect(group.stdout.contains("\n  driver accept              Accept a waiting ride.\n"))
    let groupFlag = try await fixture.run(["rides", "--help"])
    #expect(groupFlag.stdout.hasPrefix("USAGE\n  koober rides <command> [options]\n"))
    let command = try await fixture.run(["rides", "request", "--help"])
    #expect(command.stdout.hasPrefix("USAGE\n  koober rides request --to PLACE --vehicle TYPE\n"))
    #expect(
      command.stdout.contains("Rides start at Koober's fixed current location, Circular Quay."))
    let byName = try await fixture.run(["help", "rides", "status"])
    #expect(byName.stdout.hasPrefix("USAGE\n  koober rides status [ID]\n"))
  }
}
