import Foundation
import NetworkClient
import RideModel
import ServiceRide
import Testing

@Suite("Exporting receipts as one batch")
struct ReceiptExportTests {
  @Test("a partly failing export reports every completed ride's own outcome")
  func partialFailure() async throws {
    let world = try RideWorld()
    defer { world.tearDown() }
    let ann = try await world.person("Ann", .passenger)
    let dan = try await world.person("Dan", .driver)
    var completed: [Ride] = []
    for destination in [
      try Places.operaHouse, try Places.centralStation, try Places.operaHouse,
      try Places.centralStation,
    ] {
      completed.append(try await world.completedRide(of: ann, with: dan, to: destination))
    }
    let cancelled = try await ann.request(to: try Places.operaHouse)
    try await ann.rides.cancelRide(cancelled.id)
    world.failingReceipts.insert(completed[0].id)
    world.failingReceipts.insert(completed[2].id)

    let progress = ProgressLog()
    let export = try await ann.rides.exportReceipts { finished, total in
      progress.record(finished, total)
    }

    let newestFirst = completed.reversed().map(\.id)
    #expect(export.receipts.map(\.ride.id) == [newestFirst[0], newestFirst[2]])
    #expect(export.receipts.map(\.receipt.rideId) == [newestFirst[0], newestFirst[2]])
    #expect(export.failures.map(\.ride.id) == [newestFirst[1], newestFirst[3]])
    #expect(export.failures.map(\.error) == [
      .serverUnavailable(status: 500), .serverUnavailable(status: 500),
    ])
    #expect(!export.isComplete)
    #expect(progress.entries == [[0, 4], [1, 4], [2, 4], [3, 4], [4, 4]])
    // Two receipts answered at once; each failing one was tried three times (two retries).
    #expect(world.backend.requests.count("GET", "/v1/rides/{id}/receipt") == 2 + 2 * 3)
    for entry in export.receipts {
      #expect(entry.receipt.fare == entry.ride.fare)
    }
  }

  @Test("an export with nothing completed is complete and empty; a driver's fails per ride")
  func emptyAndDriver() async throws {
    let world = try RideWorld()
    defer { world.tearDown() }
    let ann = try await world.person("Ann", .passenger)
    let dan = try await world.person("Dan", .driver)
    let empty = try await ann.rides.exportReceipts()
    #expect(empty == ReceiptExport(receipts: [], failures: []))
    #expect(empty.isComplete)

    let ride = try await world.completedRide(of: ann, with: dan, to: try Places.operaHouse)
    let driverExport = try await dan.rides.exportReceipts()
    #expect(driverExport.receipts.isEmpty)
    #expect(driverExport.failures == [ReceiptFailure(ride: ride, error: .notFound)])
  }

  @Test("an export whose ride list cannot be read throws and exports nothing")
  func unreachable() async throws {
    let world = try RideWorld()
    defer { world.tearDown() }
    let ann = try await world.person("Ann", .passenger)
    world.backend.stop()
    await #expect(throws: RideError.offline) { try await ann.rides.exportReceipts() }
  }
}

/// The progress calls of an export, in order.
final class ProgressLog: @unchecked Sendable {
  private let lock = NSLock()
  private var recorded: [[Int]] = []

  func record(_ finished: Int, _ total: Int) {
    lock.withLock { recorded.append([finished, total]) }
  }

  var entries: [[Int]] { lock.withLock { recorded } }
}
