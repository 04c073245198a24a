import RideModel
import Testing

@Suite("RideStatus state machine")
struct RideStatusTests {
  /// Every (from, to) pair, written out so a change to the machine must change this table.
  /// Columns in `RideStatus.allCases` order: requested, accepted, arrived, inProgress,
  /// completed, cancelled.
  static let table: [RideStatus: [Bool]] = [
    .requested: [false, true, false, false, false, true],
    .accepted: [false, false, true, false, false, true],
    .arrived: [false, false, false, true, false, false],
    .inProgress: [false, false, false, false, true, false],
    .completed: [false, false, false, false, false, false],
    .cancelled: [false, false, false, false, false, false],
  ]

  @Test("the case order the table relies on")
  func caseOrder() {
    #expect(
      RideStatus.allCases == [.requested, .accepted, .arrived, .inProgress, .completed, .cancelled])
  }

  @Test("every transition is allowed or forbidden as the table says",
    arguments: RideStatus.allCases, RideStatus.allCases)
  func transition(from: RideStatus, to: RideStatus) throws {
    let row = try #require(Self.table[from])
    let column = try #require(RideStatus.allCases.firstIndex(of: to))
    #expect(from.canTransition(to: to) == row[column])
    #expect(from.allowedTransitions.contains(to) == row[column])
  }

  @Test("a ride advances only along allowed transitions",
    arguments: RideStatus.allCases, RideStatus.allCases)
  func advance(from: RideStatus, to: RideStatus) {
    let ride = Fixtures.ride(status: from, driverId: "usr_D1")
    let later = Fixtures.requestedAt.addingTimeInterval(600)
    do {
      let moved = try ride.advanced(to: to, at: later)
      #expect(from.canTransition(to: to))
      #expect(moved.status == to)
      #expect(moved.updatedAt == later)
      #expect(moved.driverId == "usr_D1")
      #expect(moved.requestedAt == ride.requestedAt && moved.id == ride.id)
    } catch {
      #expect(!from.canTransition(to: to))
      #expect(error == .invalidTransition(from: from, to: to))
      #expect(error.code == "invalid_transition")
    }
  }

  @Test("accepting records the driver")
  func acceptRecordsDriver() throws {
    let accepted = try Fixtures.ride().advanced(
      to: .accepted, at: Fixtures.requestedAt, driverId: "usr_D2")
    #expect(accepted.driverId == "usr_D2")
    #expect(accepted.status == .accepted)
  }

  @Test("next, isFinal, isActive and canBeCancelled for every status")
  func properties() {
    let expected: [(RideStatus, RideStatus?, Bool, Bool)] = [
      // status, next, isFinal, canBeCancelled
      (.requested, .accepted, false, true),
      (.accepted, .arrived, false, true),
      (.arrived, .inProgress, false, false),
      (.inProgress, .completed, false, false),
      (.completed, nil, true, false),
      (.cancelled, nil, true, false),
    ]
    #expect(expected.map(\.0) == RideStatus.allCases)
    for (status, next, isFinal, canBeCancelled) in expected {
      #expect(status.next == next, "next of \(status)")
      #expect(status.isFinal == isFinal, "isFinal of \(status)")
      #expect(status.isActive == !isFinal, "isActive of \(status)")
      #expect(status.canBeCancelled == canBeCancelled, "canBeCancelled of \(status)")
      if let next { #expect(status.canTransition(to: next)) }
    }
  }

  @Test("scopes include the statuses they name")
  func scopes() {
    let included = RideScope.allCases.map { scope in
      RideStatus.allCases.filter { scope.includes($0) }
    }
    #expect(
      included == [
        RideStatus.allCases,
        [.requested, .accepted, .arrived, .inProgress],
        [.completed],
        [.cancelled],
      ])
    #expect(RideScope.allCases.map(\.rawValue) == ["all", "active", "completed", "cancelled"])
  }
}
