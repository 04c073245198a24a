import Foundation
import Testing

/// One person alone in demo mode: the embedded backend's simulated driver takes the ride
/// (with intervals of 0.2 s) while the passenger watches `[Ride status]`.
@Suite("rides in demo mode")
struct RideDemoTests {
  @Test("a passenger requests a ride, watches it complete, finds it in the list and the export")
  func passengerWatchesAWholeRide() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let session = try fixture.startInteractive(extraEnvironment: KooberFixture.quickDemo)
    for answer in ["Sign up", "ann@example.com", "Pass1234", "Ann", "passenger"] {
      try session.send(answer)
    }
    try await session.waitFor("[Passenger home]")
    try session.send("Request a ride")
    try await session.waitFor("Pickup: Circular Quay (your current location).")
    try session.send("opera")
    try await session.waitFor("  1. Sydney Opera House\n")
    try session.send("1")
    try await session.waitFor("Fares to Sydney Opera House:\n  1) Wallaby — A$")
    try session.send("wallaby")
    try await session.waitFor("Request a Wallaby to Sydney Opera House for A$")
    try session.send("yes")
    try await session.waitFor("[Ride status]\nCircular Quay → Sydney Opera House · Wallaby · A$")
    try await session.waitFor("Looking for a driver…\n  1) Cancel the ride\n  2) Back home\n")
    try await session.waitFor("Ride completed · A$", timeout: 20)
    try await session.waitFor("  1) Back home\n")
    try session.send("Back home")
    try await session.waitFor("[Passenger home]")
    try session.send("My rides")
    try await session.waitFor("All rides:\n  ride_")
    try await session.waitFor("Up to date.")
    try session.send("Back home")
    try await session.waitFor("[Passenger home]")
    #expect(try await session.finish() == 0)
    #expect(Transcript.alerts(in: session.transcript).isEmpty)

    let list = try await fixture.run(["rides", "list", "--scope", "completed"])
    #expect(list.status == 0)
    let lines = list.stdout.split(separator: "\n").map(String.init)
    try #require(lines.count == 1, "\(list.stdout)\(list.stderr)")
    let id = try #require(Transcript.rideID(in: lines[0]))
    #expect(
      lines[0].hasSuffix("  completed  Circular Quay → Sydney Opera House · Wallaby · A$9.00"))
    let status = try await fixture.run(["rides", "status", id])
    #expect(status.stdout == lines[0] + "\nRide completed · A$9.00\n")

    let export = try await fixture.run(["rides", "export", "--format", "csv"])
    #expect(export.status == 0)
    #expect(export.stderr.isEmpty)
    let rows = export.stdout.components(separatedBy: "\r\n")
    #expect(rows.count == 3)  // header, the ride, and the empty string after the last CRLF
    #expect(rows.first?.hasPrefix("ride_id,completed_at,pickup,destination,") == true)
    #expect(rows.dropFirst().first?.hasPrefix(id + ",") == true)
    let row = rows.dropFirst().first ?? ""
    #expect(row.contains(",Circular Quay,Sydney Opera House,wallaby,9.00,AUD,"))
  }

  @Test("the status screen cancels a waiting ride; with no ride it sends the passenger home")
  func cancelOnTheStatusScreen() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let signUp = try await fixture.run(
      ["sign-up", "--email", "ann@example.com", "--type", "passenger", "--password-stdin"],
      stdin: "Pass1234\n")
    try #require(signUp.status == 0)
    // The default intervals: no simulated driver takes the ride while the test runs.
    let request = try await fixture.run(
      ["rides", "request", "--to", "opera", "--vehicle", "wallaroo"])
    let id = try #require(Transcript.rideID(in: request.stdout), "\(request.stderr)")
    let answers = ["Ride status", "Cancel the ride", "Back home", "Ride status", "Quit"]
    let session = try await fixture.run([], stdin: answers.joined(separator: "\n") + "\n")
    #expect(session.status == 0)
    #expect(
      session.titles == [
        "[Passenger home]", "[Ride status]", "[Passenger home]", "[Ride status]",
        "[Passenger home]",
      ])
    #expect(
      session.stdout.contains(
        "Circular Quay → Sydney Opera House · Wallaroo · A$11.00\nLooking for a driver…\n"
          + "  1) Cancel the ride\n  2) Back home\n"))
    #expect(session.stdout.contains("Cancelling…\nRide cancelled\n  1) Back home\n"))
    #expect(Transcript.alerts(in: session.stdout) == ["! There is no ride in progress."])
    let status = try await fixture.run(["rides", "status", id])
    #expect(Transcript.rideStatus(in: status.stdout) == "cancelled")
  }

  @Test("koober serve --demo takes the demo intervals from the environment")
  func servedDemoRideCompletesAlone() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let (server, url) = try await fixture.startServer(
      demo: true, extraEnvironment: KooberFixture.quickDemo)
    try await fixture.signUp(on: url, "ann@example.com", type: "passenger")
    let request = try await fixture.run(
      on: url, ["rides", "request", "--to", "bondi", "--vehicle", "wallaby"])
    let id = try #require(Transcript.rideID(in: request.stdout), "\(request.stderr)")
    // The served backend runs on its own: the ride ends in about a second; allow 30.
    var seen: [String] = []
    let deadline = Date().addingTimeInterval(30)
    while seen.last != "completed", Date() < deadline {
      let status = try await fixture.run(on: url, ["rides", "status", id])
      if let word = Transcript.rideStatus(in: status.stdout), word != seen.last {
        seen.append(word)
      }
    }
    #expect(seen.last == "completed")
    let order = ["requested", "accepted", "arrived", "inProgress", "completed"]
    #expect(seen == order.filter(seen.contains))
    server.send(signal: SIGTERM)
    #expect(try await server.finish() == 0)
  }
}
