import Localization
import RideModel

/// One move a driver makes on a ride, in the only order Koober's server allows
/// (<doc:/documentation/KooberWire/HTTPContract>): accept → arrive → start → complete.
///
/// ```swift
/// if let step = DriverStep(after: ride.status) {
///   ride = try await rides.perform(step, onRide: ride.id)
/// }
/// ```
public enum DriverStep: String, CaseIterable, Sendable, Hashable {
  /// Take a requested ride: `POST /v1/rides/{id}/accept`.
  case accept
  /// Tell the passenger the car is at the pickup: `POST /v1/rides/{id}/arrive`.
  case arrive
  /// The passenger is in the car: `POST /v1/rides/{id}/start`.
  case start
  /// The passenger reached the destination: `POST /v1/rides/{id}/complete`.
  case complete

  /// The step that moves a ride on from `status`, or `nil` when the ride is over.
  /// - Parameter status: The ride's status now.
  public init?(after status: RideStatus) {
    switch status {
    case .requested: self = .accept
    case .accepted: self = .arrive
    case .arrived: self = .start
    case .inProgress: self = .complete
    case .completed, .cancelled: return nil
    }
  }

  /// The status the ride has after this step.
  public var resultingStatus: RideStatus {
    switch self {
    case .accept: .accepted
    case .arrive: .arrived
    case .start: .inProgress
    case .complete: .completed
    }
  }

  /// The name for people, e.g. `Start the ride`, in the language `Texts.language` names.
  public var displayName: String {
    switch self {
    case .accept: TextTable.serviceRide.text("step.accept")
    case .arrive: TextTable.serviceRide.text("step.arrive")
    case .start: TextTable.serviceRide.text("step.start")
    case .complete: TextTable.serviceRide.text("step.complete")
    }
  }
}
