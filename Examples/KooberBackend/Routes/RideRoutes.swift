import Foundation
import KooberWire
import LoopbackServer
import RideModel
import UserModel

/// The ride routes of the HTTP contract: places and fares (no account needed), a passenger's rides
/// and receipts, and a driver's queue and steps (`RideRoutes+Driver.swift`).
enum RideRoutes {
  /// Adds the routes.
  /// - Parameter router: the backend's router.
  static func register(on router: BackendRouter) {
    router.add(.get, "/v1/locations/search", searchLocations)
    router.add(.post, "/v1/fares/estimate", estimateFares)
    router.add(.post, "/v1/rides", requestRide)
    router.add(.get, "/v1/rides", listRides)
    router.add(.get, "/v1/rides/{id}", ride)
    router.add(.get, "/v1/rides/{id}/receipt", receipt)
    router.add(.post, "/v1/rides/{id}/cancel", cancel)
    router.add(.get, "/v1/driver/queue", queue)
    for step in [RideStep.accept, .arrive, .start, .complete] {
      router.add(.post, "/v1/rides/{id}/\(step.rawValue)") { context throws(APIError) in
        try await driverStep(step, context)
      }
    }
  }

  /// `{"pickup", "destination", "vehicleType"}` — `201` Ride, status `requested`;
  /// `403 passengers_only`, `422 invalid_location` / `invalid_vehicle_type`,
  /// `409 ride_in_progress`.
  static func requestRide(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    let passenger = try context.authenticate(as: .passenger)
    let body = try context.body()
    let pickup = try body.location("pickup")
    let destination = try body.location("destination")
    let typeName = try body.string("vehicleType")
    let from = try pickup.validated()
    let to = try destination.validated()
    guard let vehicleType = VehicleType(rawValue: typeName) else {
      throw APIError(
        status: 422, code: "invalid_vehicle_type",
        message: "The vehicle type must be wallaby, wallaroo or kangaroo.")
    }
    let fare = try FareCalculator.fare(for: vehicleType, from: from, to: to)
    let ride = try context.store.createRide(
      passengerID: passenger.id, pickup: from, destination: to, vehicleType: vehicleType,
      fare: fare)
    return try BackendRouter.json(status: 201, ride)
  }

  /// `?scope&q&limit&before` — `200 {"rides", "next"}`, newest first: a passenger's own
  /// rides, a driver's accepted rides; `400 malformed_query`.
  static func listRides(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    let user = try context.authenticate().user
    let query = try RideListQuery(
      items: context.request.query, userID: user.id, role: user.type)
    return try BackendRouter.json(try context.store.rides(query))
  }

  /// `200` Ride for its passenger or driver; `404` for anyone else.
  static func ride(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    let user = try context.authenticate().user
    guard let stored = try context.store.storedRide(id: context.rideID),
      stored.ride.passengerId == user.id || stored.ride.driverId == user.id
    else { throw .notFound }
    return try BackendRouter.json(stored.ride)
  }

  /// `200` Receipt for its passenger; `404` for anyone else; `409 not_completed`; `500` for
  /// rides the configuration's `receiptFailure` picks.
  static func receipt(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    let user = try context.authenticate().user
    guard let stored = try context.store.storedRide(id: context.rideID),
      stored.ride.passengerId == user.id
    else { throw .notFound }
    guard stored.ride.status == .completed, let completedAt = stored.completedAt else {
      throw APIError(
        status: 409, code: "not_completed",
        message: "The ride is \(stored.ride.status.rawValue); receipts exist for completed rides.")
    }
    if context.store.configuration.receiptFailure?(stored.ride.id) == true {
      throw .internal("receipt failure injected by the configuration")
    }
    return try BackendRouter.json(try receipt(for: stored, completedAt: completedAt))
  }

  /// `200` Ride, cancelled, for its passenger while requested or accepted; `404` for anyone
  /// else; `409 invalid_transition`.
  static func cancel(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    let user = try context.authenticate().user
    return try BackendRouter.json(
      try context.store.move(rideID: context.rideID, .cancel, by: user.id))
  }

  /// A completed ride's receipt: the great-circle distance, and minutes from start to
  /// completion rounded up.
  /// - Parameters:
  ///   - stored: the completed ride.
  ///   - completedAt: when it was completed.
  /// - Returns: the receipt.
  /// - Throws: `500` when the stored times cannot make a receipt.
  static func receipt(for stored: BackendStore.StoredRide, completedAt: Date) throws(APIError)
    -> Receipt
  {
    let ride = stored.ride
    let seconds = max(0, completedAt.timeIntervalSince(stored.startedAt ?? completedAt))
    let minutes = (seconds / 60).rounded(.up)
    guard minutes < Double(Int.max) else { throw .internal("a ride of impossible duration") }
    do {
      return try Receipt(
        rideId: ride.id, fare: ride.fare,
        distanceKm: ride.pickup.distanceKilometers(to: ride.destination),
        durationMinutes: Int(minutes), completedAt: completedAt)
    } catch {
      throw .internal("making the receipt")
    }
  }
}
