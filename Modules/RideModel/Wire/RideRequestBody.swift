/// The body of `POST /v1/rides`: `{"pickup", "destination", "vehicleType"}`.
///
/// ```swift
/// let body = RideRequestBody(pickup: here, destination: there, vehicleType: .wallaby)
/// ```
public struct RideRequestBody: Codable, Hashable, Sendable {
  /// Where the passenger is picked up.
  public let pickup: Location
  /// Where the passenger is going.
  public let destination: Location
  /// The vehicle type asked for; an unknown one fails decoding (`422 invalid_vehicle_type`).
  public let vehicleType: VehicleType

  /// Makes the body of a ride request.
  /// - Parameters:
  ///   - pickup: Where the passenger is picked up.
  ///   - destination: Where the passenger is going.
  ///   - vehicleType: The vehicle type asked for.
  public init(pickup: Location, destination: Location, vehicleType: VehicleType) {
    self.pickup = pickup
    self.destination = destination
    self.vehicleType = vehicleType
  }
}
