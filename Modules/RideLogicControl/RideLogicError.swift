import RideModel
import ServiceRide

/// Why a step of a ride flow did not happen: a rule of the flow (checked before anything is
/// sent) or the service's failure, with a stable `code` and one sentence (`message`).
public enum RideLogicError: Error, Sendable, Hashable {
  /// The service failed or refused; see the `RideError`.
  case service(RideError)
  /// The pickup is not known yet: call `start()` first.
  case noPickup
  /// No destination was chosen.
  case noDestination
  /// No vehicle was chosen from the estimates.
  case noVehicle
  /// The vehicle type is not among the estimates for this trip.
  case vehicleNotOffered(VehicleType)
  /// A ride is already going on; one at a time.
  case rideInProgress(Ride)
  /// There is no ride to act on.
  case noActiveRide
  /// The ride can no longer be cancelled (the driver has arrived, or it is over).
  case cannotCancel(RideStatus)
  /// The ride is over: it has no next step.
  case rideIsOver(RideStatus)

  /// A stable snake_case code a program can switch on (the service's code for `.service`).
  public var code: String {
    switch self {
    case .service(let error): error.code
    case .noPickup: "no_pickup"
    case .noDestination: "no_destination"
    case .noVehicle: "no_vehicle"
    case .vehicleNotOffered: "vehicle_not_offered"
    case .rideInProgress: "ride_in_progress"
    case .noActiveRide: "no_active_ride"
    case .cannotCancel: "cannot_cancel"
    case .rideIsOver: "ride_is_over"
    }
  }

  /// One sentence a person understands.
  public var message: String {
    switch self {
    case .service(let error): error.message
    case .noPickup: "Your pickup location is not known yet."
    case .noDestination: "Choose where you are going first."
    case .noVehicle: "Choose a vehicle first."
    case .vehicleNotOffered(let type): "\(type.displayName) is not offered for this trip."
    case .rideInProgress: "You already have a ride in progress."
    case .noActiveRide: "There is no ride in progress."
    case .cannotCancel(let status):
      "The ride can no longer be cancelled: it is \(RideLogicError.describe(status))."
    case .rideIsOver(let status): "The ride is \(RideLogicError.describe(status)) already."
    }
  }

  private static func describe(_ status: RideStatus) -> String {
    switch status {
    case .requested: "waiting for a driver"
    case .accepted: "accepted"
    case .arrived: "at the pickup"
    case .inProgress: "in progress"
    case .completed: "completed"
    case .cancelled: "cancelled"
    }
  }
}
