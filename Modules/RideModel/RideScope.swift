/// Which rides a list shows: the `scope` query item of `GET /v1/rides`.
///
/// ```swift
/// RideScope.active.includes(.accepted)  // true
/// ```
public enum RideScope: String, CaseIterable, Codable, Hashable, Sendable {
  /// Every ride.
  case all
  /// Rides that are neither completed nor cancelled.
  case active
  /// Completed rides only.
  case completed
  /// Cancelled rides only.
  case cancelled

  /// Tells whether a ride in the given status belongs in this scope.
  /// - Parameter status: The ride's status.
  /// - Returns: `true` when a list of this scope shows the ride.
  public func includes(_ status: RideStatus) -> Bool {
    switch self {
    case .all: true
    case .active: status.isActive
    case .completed: status == .completed
    case .cancelled: status == .cancelled
    }
  }
}
