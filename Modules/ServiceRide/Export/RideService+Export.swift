import Localization
import NetworkClient
import RideModel

extension RideService {
  /// The most pages of completed rides the export reads (100 rides each), so a server whose
  /// cursors never end cannot keep it going for ever.
  static let exportPageLimit = 1_000

  /// Fetches the receipt of every completed ride (passengers), as one batch through the
  /// network client: at most `receiptExport.maxConcurrent` at once, each with its own
  /// retries, each with its own outcome.
  /// - Parameter progress: Called as each receipt's outcome arrives, with how many are done
  ///   and how many there are; on no particular actor.
  /// - Returns: The receipts that arrived and the rides whose receipt failed, with why.
  /// - Throws: `RideError` only when the list of completed rides cannot be read (nothing was
  ///   exported); a failed receipt is an entry of ``ReceiptExport/failures`` instead.
  public func exportReceipts(
    progress: (@Sendable (_ finished: Int, _ total: Int) -> Void)? = nil
  ) async throws(RideError) -> ReceiptExport {
    let rides = try await allCompletedRides()
    var outcomes: [Result<Receipt, RideError>?] = Array(repeating: nil, count: rides.count)
    // A ride id the server sent that could not be a URL path fails alone, without a request.
    var pending: [(rideIndex: Int, request: ReceiptRequest)] = []
    for (index, ride) in rides.enumerated() {
      do {
        let id = try RideID.validated(ride.id)
        pending.append(
          (index, ReceiptRequest(configuration: id, retryPolicy: receiptExport.retryPolicy)))
      } catch {
        outcomes[index] = .failure(error)
      }
    }
    let batch = ReceiptRequest.batch(
      pending.map(\.request), on: network, maxConcurrent: receiptExport.maxConcurrent)
    var finished = rides.count - pending.count
    progress?(finished, rides.count)
    for await outcome in batch {
      guard pending.indices.contains(outcome.index) else { continue }
      let index = pending[outcome.index].rideIndex
      outcomes[index] = outcome.result.mapError(RideError.init).flatMap { receipt in
        receipt.rideId == rides[index].id
          ? .success(receipt)
          : .failure(.serverTrouble(Self.anotherRide(rides[index].id)))
      }
      finished += 1
      progress?(finished, rides.count)
    }
    return Self.export(rides: rides, outcomes: outcomes)
  }

  /// The detail of a receipt that names another ride than the one `id` asked for.
  private static func anotherRide(_ id: String) -> String {
    TextTable.serviceRide.text("detail.exportedReceiptForAnotherRide", ["ride": id])
  }

  private func allCompletedRides() async throws(RideError) -> [Ride] {
    var rides: [Ride] = []
    var seenIDs = Set<String>()
    var cursor: String?
    for _ in 0..<Self.exportPageLimit {
      let page = try await list(
        .completed, limit: RideListRequest.limitRange.upperBound, before: cursor)
      for ride in page.rides where ride.status == .completed && seenIDs.insert(ride.id).inserted {
        rides.append(ride)
      }
      guard let next = page.next, next != cursor, !page.rides.isEmpty else { break }
      cursor = next
    }
    return rides
  }

  private static func export(
    rides: [Ride], outcomes: [Result<Receipt, RideError>?]
  ) -> ReceiptExport {
    var receipts: [ExportedReceipt] = []
    var failures: [ReceiptFailure] = []
    for (ride, outcome) in zip(rides, outcomes) {
      switch outcome {
      case .success(let receipt)?: receipts.append(ExportedReceipt(ride: ride, receipt: receipt))
      case .failure(let error)?: failures.append(ReceiptFailure(ride: ride, error: error))
      // The batch ended early (the task was cancelled): the ride has no verdict.
      case nil: failures.append(ReceiptFailure(ride: ride, error: .cancelled))
      }
    }
    return ReceiptExport(receipts: receipts, failures: failures)
  }
}
