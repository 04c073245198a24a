import Foundation
import Localization
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

  /// One sentence a person understands, in the language `Texts.language` names.
  public var message: String {
    switch self {
    case .service(let error): error.message
    case .noPickup: TextTable.rideLogicControl.text("error.noPickup")
    case .noDestination: TextTable.rideLogicControl.text("error.noDestination")
    case .noVehicle: TextTable.rideLogicControl.text("error.noVehicle")
    case .vehicleNotOffered(let type):
      TextTable.rideLogicControl.text("error.vehicleNotOffered", ["vehicle": type.displayName])
    case .rideInProgress: TextTable.rideLogicControl.text("error.rideInProgress")
    case .noActiveRide: TextTable.rideLogicControl.text("error.noActiveRide")
    case .cannotCancel(let status): Self.cannotCancel(status)
    case .rideIsOver(let status): Self.rideIsOver(status)
    }
  }

  private static func cannotCancel(_ status: RideStatus) -> String {
    switch status {
    case .requested: TextTable.rideLogicControl.text("error.cannotCancel.requested")
    case .accepted: TextTable.rideLogicControl.text("error.cannotCancel.accepted")
    case .arrived: TextTable.rideLogicControl.text("error.cannotCancel.arrived")
    case .inProgress: TextTable.rideLogicControl.text("error.cannotCancel.inProgress")
    case .completed: TextTable.rideLogicControl.text("error.cannotCancel.completed")
    case .cancelled: TextTable.rideLogicControl.text("error.cannotCancel.cancelled")
    }
  }

  private static func rideIsOver(_ status: RideStatus) -> String {
    switch status {
    case .requested: TextTable.rideLogicControl.text("error.rideIsOver.requested")
    case .accepted: TextTable.rideLogicControl.text("error.rideIsOver.accepted")
    case .arrived: TextTable.rideLogicControl.text("error.rideIsOver.arrived")
    case .inProgress: TextTable.rideLogicControl.text("error.rideIsOver.inProgress")
    case .completed: TextTable.rideLogicControl.text("error.rideIsOver.completed")
    case .cancelled: TextTable.rideLogicControl.text("error.rideIsOver.cancelled")
    }
  }
}

extension RideLogicError: LocalizedError {
  /// The sentence to show, in the language `Texts.language` names.
  public var errorDescription: String? { message }
}
