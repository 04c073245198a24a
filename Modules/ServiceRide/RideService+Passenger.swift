import Localization
import RideModel

extension RideService {
  /// What a ride would cost in each vehicle type (no account needed).
  /// - Parameters:
  ///   - pickup: Where the ride would start.
  ///   - destination: Where it would end.
  /// - Returns: One estimate per vehicle type, smallest vehicle first.
  /// - Throws: `RideError.invalidLocation`, `.offline`, `.timeout`, `.serverUnavailable`,
  ///   `.serverTrouble`.
  public func fareEstimates(from pickup: Location, to destination: Location)
    async throws(RideError) -> [FareEstimate]
  {
    let body = FareEstimateRequestBody(pickup: pickup, destination: destination)
    let estimates = try await send(FareEstimateRequest(configuration: body))
    let order = VehicleType.allCases
    return estimates.sorted {
      (order.firstIndex(of: $0.vehicleType) ?? 0) < (order.firstIndex(of: $1.vehicleType) ?? 0)
    }
  }

  /// Asks for a ride (passengers only). Sent once, never retried.
  /// - Parameters:
  ///   - pickup: Where to be picked up.
  ///   - destination: Where to go.
  ///   - vehicle: The vehicle type chosen from the estimates.
  /// - Returns: The new ride, `requested`, also kept in the cache.
  /// - Throws: `RideError.passengersOnly`, `.rideInProgress` while another ride is active,
  ///   `.invalidLocation`, `.invalidVehicleType`, `.notSignedIn`, network failures.
  public func requestRide(
    from pickup: Location, to destination: Location, vehicle: VehicleType
  ) async throws(RideError) -> Ride {
    let body = RideRequestBody(pickup: pickup, destination: destination, vehicleType: vehicle)
    return try await sendCaching(CreateRideRequest(configuration: body))
  }

  /// Cancels a ride (its passenger, while it is requested or accepted).
  /// - Parameter id: The ride's id.
  /// - Returns: The cancelled ride, also kept in the cache.
  /// - Throws: `RideError.invalidTransition` once the driver has arrived, `.notFound`,
  ///   `.invalidRideID`, `.notSignedIn`, network failures.
  @discardableResult
  public func cancelRide(_ id: String) async throws(RideError) -> Ride {
    let configuration = RideActionRequest.Configuration(
      action: .cancel, rideID: try RideID.validated(id))
    return try await sendCaching(RideActionRequest(configuration: configuration))
  }

  /// A ride as it is now (its passenger or its driver).
  /// - Parameter id: The ride's id.
  /// - Returns: The ride, also kept in the cache.
  /// - Throws: `RideError.notFound` (also for someone else's ride), `.invalidRideID`,
  ///   `.notSignedIn`, network failures.
  public func ride(_ id: String) async throws(RideError) -> Ride {
    try await sendCaching(RideStatusRequest(configuration: try RideID.validated(id)))
  }

  /// The account's ride that is neither completed nor cancelled, if any: a passenger has at
  /// most one; for a driver, the newest accepted ride still going on.
  /// - Returns: The ride, or `nil`.
  /// - Throws: `RideError.notSignedIn`, network failures.
  public func activeRide() async throws(RideError) -> Ride? {
    try await list(.active, limit: 1).rides.first
  }

  /// The receipt of a completed ride (its passenger).
  /// - Parameter id: The ride's id.
  /// - Returns: The receipt.
  /// - Throws: `RideError.notCompleted`, `.notFound`, `.invalidRideID`, `.notSignedIn`,
  ///   network failures, `.serverTrouble` when the receipt names another ride.
  public func receipt(for id: String) async throws(RideError) -> Receipt {
    let rideID = try RideID.validated(id)
    let receipt = try await send(
      ReceiptRequest(configuration: rideID, retryPolicy: receiptExport.retryPolicy))
    guard receipt.rideId == rideID else {
      let names = ["ride": rideID, "other": receipt.rideId]
      throw .serverTrouble(TextTable.serviceRide.text("detail.receiptForAnotherRide", names))
    }
    return receipt
  }
}
