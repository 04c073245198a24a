import Localization

/// Where a ride is in its life, and which moves it may make next.
///
/// The happy path is requested → accepted → arrived → inProgress → completed; a passenger may
/// cancel while the ride is requested or accepted. The rules live here as code so the
/// backend, the client's logic and the view model all enforce the same machine.
///
/// ```swift
/// RideStatus.requested.canTransition(to: .accepted)  // true
/// RideStatus.arrived.canBeCancelled                  // false
/// RideStatus.accepted.next                           // .arrived
/// ```
public enum RideStatus: String, CaseIterable, Codable, Hashable, Sendable {
  /// Waiting for a driver to accept.
  case requested
  /// A driver accepted and is driving to the pickup.
  case accepted
  /// The driver is at the pickup.
  case arrived
  /// The passenger is in the car.
  case inProgress
  /// The passenger reached the destination. Final.
  case completed
  /// The passenger cancelled before the pickup. Final.
  case cancelled

  /// The status as a person reads it, e.g. `in progress` or `行程中`, in the language
  /// `Texts.language` names; `rawValue` stays the wire code.
  public var displayName: String {
    switch self {
    case .requested: TextTable.rideModel.text("status.requested")
    case .accepted: TextTable.rideModel.text("status.accepted")
    case .arrived: TextTable.rideModel.text("status.arrived")
    case .inProgress: TextTable.rideModel.text("status.inProgress")
    case .completed: TextTable.rideModel.text("status.completed")
    case .cancelled: TextTable.rideModel.text("status.cancelled")
    }
  }

  /// Every status this one may move to, in no particular order.
  public var allowedTransitions: Set<RideStatus> {
    switch self {
    case .requested: [.accepted, .cancelled]
    case .accepted: [.arrived, .cancelled]
    case .arrived: [.inProgress]
    case .inProgress: [.completed]
    case .completed, .cancelled: []
    }
  }

  /// Tells whether a ride in this status may move to another.
  /// - Parameter status: The proposed next status; the same status is never a transition.
  /// - Returns: `true` when the state machine allows the move.
  public func canTransition(to status: RideStatus) -> Bool {
    allowedTransitions.contains(status)
  }

  /// The driver's next step from here (`requested` → `accepted` → … → `completed`), or `nil`
  /// when the ride is over.
  public var next: RideStatus? {
    switch self {
    case .requested: .accepted
    case .accepted: .arrived
    case .arrived: .inProgress
    case .inProgress: .completed
    case .completed, .cancelled: nil
    }
  }

  /// Whether the ride is over: completed or cancelled, never to change again.
  public var isFinal: Bool { allowedTransitions.isEmpty }

  /// Whether the ride is still going on; a passenger may have only one active ride.
  public var isActive: Bool { !isFinal }

  /// Whether the passenger may still cancel: only before the driver has arrived.
  public var canBeCancelled: Bool { canTransition(to: .cancelled) }
}
