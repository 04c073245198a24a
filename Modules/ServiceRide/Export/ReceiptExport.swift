import RideModel

/// What the receipts export found: every completed ride's own outcome, so one failure never
/// hides the others.
///
/// ```swift
/// let export = try await rides.exportReceipts()
/// print(ReceiptCSV.render(export.receipts))
/// for failure in export.failures { log("\(failure.ride.id): \(failure.error.message)") }
/// ```
public struct ReceiptExport: Sendable, Equatable {
  /// The receipts that arrived, in the order of the rides (newest first).
  public let receipts: [ExportedReceipt]
  /// The rides whose receipt could not be had, with why, in the same order.
  public let failures: [ReceiptFailure]

  /// Makes an export.
  /// - Parameters:
  ///   - receipts: The receipts that arrived.
  ///   - failures: The rides whose receipt failed.
  public init(receipts: [ExportedReceipt], failures: [ReceiptFailure]) {
    self.receipts = receipts
    self.failures = failures
  }

  /// Whether every completed ride's receipt arrived.
  public var isComplete: Bool { failures.isEmpty }
}

/// A completed ride with its receipt.
public struct ExportedReceipt: Sendable, Equatable {
  /// The ride (its places and vehicle type).
  public let ride: Ride
  /// Its receipt (fare, distance, duration, completion time).
  public let receipt: Receipt

  /// Pairs a ride with its receipt.
  /// - Parameters:
  ///   - ride: The ride.
  ///   - receipt: Its receipt.
  public init(ride: Ride, receipt: Receipt) {
    self.ride = ride
    self.receipt = receipt
  }
}

/// A completed ride whose receipt could not be had.
public struct ReceiptFailure: Sendable, Equatable {
  /// The ride.
  public let ride: Ride
  /// Why its receipt failed, after the batch's retries.
  public let error: RideError

  /// Pairs a ride with the failure of its receipt.
  /// - Parameters:
  ///   - ride: The ride.
  ///   - error: Why its receipt failed.
  public init(ride: Ride, error: RideError) {
    self.ride = ride
    self.error = error
  }
}
