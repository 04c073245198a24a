import Foundation
import KooberBackend
import Testing

/// Two people on one server: a passenger and a driver, each with their own `koober` data
/// folder, both on `koober serve` through `--server`, complete a ride with subcommands.
@Suite("rides on koober serve")
struct RideServeTests {
  @Test("a passenger and a driver complete a ride together through subcommands")
  func passengerAndDriverCompleteARide() async throws {
    let pair = try RidePair()
    defer { pair.remove() }
    let (passenger, driver) = (pair.passenger, pair.driver)
    let (server, url) = try await passenger.startServer()
    try await pair.signUp(on: url)
    let empty = try await driver.run(on: url, ["driver", "queue"])
    #expect(empty.status == 0)
    #expect(empty.stdout == "No rides are waiting.\n")

    let (id, requested) = try await pair.request(on: url, to: "bondi", vehicle: "Kangaroo")
    let route = "Circular Quay → Bondi Beach · Kangaroo · A$"
    #expect(requested.hasPrefix("\(id)  requested  \(route)"))
    let queue = try await driver.run(on: url, ["driver", "queue"])
    #expect(queue.stdout == requested)

    var steps: [String] = []
    let accept = try await driver.run(on: url, ["driver", "accept", id])
    #expect(accept.status == 0)
    steps.append(Transcript.rideStatus(in: accept.stdout) ?? accept.stderr)
    let seen = try await passenger.run(on: url, ["rides", "status"])
    #expect(seen.stdout.hasPrefix("\(id)  accepted  \(route)"))
    #expect(seen.stdout.hasSuffix("\nYour driver is on the way\n"))
    for _ in 0..<3 {
      let advance = try await driver.run(on: url, ["driver", "advance", id])
      #expect(advance.status == 0)
      steps.append(Transcript.rideStatus(in: advance.stdout) ?? advance.stderr)
    }
    #expect(steps == ["accepted", "arrived", "inProgress", "completed"])
    let over = try await driver.run(on: url, ["driver", "advance", id])
    #expect(over.status == 1)
    #expect(
      over.stderr
        == "koober: The ride cannot make this step now. The ride is completed; it has no next "
        + "step.\n")

    let done = try await passenger.run(on: url, ["rides", "status", id])
    #expect(done.stdout.hasPrefix("\(id)  completed  \(route)"))
    let passengerList = try await passenger.run(on: url, ["rides", "list", "--search", "BONDI"])
    #expect(passengerList.stdout.hasPrefix("\(id)  completed  "))
    let driverList = try await driver.run(on: url, ["rides", "list", "--scope", "completed"])
    #expect(driverList.stdout == passengerList.stdout)
    let export = try await passenger.run(on: url, ["rides", "export"])
    #expect(export.status == 0)
    #expect(export.stdout.contains("\r\n\(id),"))
    #expect(try await passenger.run(on: url, ["rides", "status"]).status == 1)

    server.send(signal: SIGTERM)
    #expect(try await server.finish() == 0)
  }

  @Test("a driver on the ride queue screen accepts and completes a passenger's ride")
  func driverScreenCompletesARide() async throws {
    let pair = try RidePair()
    defer { pair.remove() }
    let (server, url) = try await pair.passenger.startServer()
    try await pair.signUp(on: url)
    let (id, _) = try await pair.request(on: url, to: "opera", vehicle: "wallaby")
    let driver = pair.driver

    let screens = try InteractiveSession(
      arguments: ["--data-dir", driver.dataFolder.path, "--server", url],
      environment: driver.environment())
    try await screens.waitFor("[Driver home]\n")
    try screens.send("Ride queue")
    try await screens.waitFor(
      "Rides waiting for a driver, oldest first:\n"
        + "  1. Circular Quay → Sydney Opera House · Wallaby · A$9.00\n")
    try screens.send("1")
    try await screens.waitFor("Pick up at Circular Quay\n  1) Arrived\n  2) Back home\n")
    try screens.send("Arrived")
    try await screens.waitFor("Waiting at Circular Quay\n  1) Start ride\n")
    try screens.send("1")
    try await screens.waitFor("Driving to Sydney Opera House\n  1) Complete ride\n")
    try screens.send("Complete ride")
    try await screens.waitFor("Ride completed · A$9.00\n")
    try await screens.waitFor("No rides are waiting; 'refresh' looks again.\n")
    try screens.send("back")
    try await screens.waitFor("[Driver home]")
    #expect(try await screens.finish() == 0)
    #expect(Transcript.alerts(in: screens.transcript).isEmpty)

    let status = try await pair.passenger.run(on: url, ["rides", "status", id])
    #expect(status.stdout.hasPrefix("\(id)  completed  "))
    server.send(signal: SIGTERM)
    #expect(try await server.finish() == 0)
  }

  @Test("a receipts export where the server fails one receipt prints the rest and exits 1")
  func exportReportsEachReceipt() async throws {
    let pair = try RidePair()
    defer { pair.remove() }
    let failing = FailingReceipts()
    var configuration = KooberBackend.Configuration(
      dataDirectory: pair.passenger.folder.url("server"))
    configuration.passwordIterations = 1000
    configuration.receiptFailure = { failing.contains($0) }
    let backend = try KooberBackend.start(configuration)
    defer { backend.stop() }
    let url = backend.baseURL.absoluteString
    try await pair.signUp(on: url)
    var ids: [String] = []
    for place in ["opera", "bondi"] {
      let (id, _) = try await pair.request(on: url, to: place, vehicle: "wallaby")
      #expect(try await pair.driver.run(on: url, ["driver", "accept", id]).status == 0)
      for _ in 0..<3 {
        #expect(try await pair.driver.run(on: url, ["driver", "advance", id]).status == 0)
      }
      ids.append(id)
    }
    failing.add(ids[0])

    let export = try await pair.passenger.run(on: url, ["rides", "export", "--format", "CSV"])
    #expect(export.status == 1)
    let rows = export.stdout.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
    #expect(rows.map { $0.prefix { $0 != "," } } == [Substring(ids[1])])
    #expect(
      export.stderr
        == "koober: No receipt for \(ids[0]): The server is having trouble (HTTP 500). Try again "
        + "in a moment.\n")
  }
}

/// The rides whose receipt the test backend fails; the backend asks from its own threads.
private final class FailingReceipts: @unchecked Sendable {
  // Guards `ids`.
  private let lock = NSLock()
  private var ids: Set<String> = []

  func add(_ id: String) {
    lock.withLock { _ = ids.insert(id) }
  }

  func contains(_ id: String) -> Bool {
    lock.withLock { ids.contains(id) }
  }
}
