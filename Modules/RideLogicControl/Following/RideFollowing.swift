import RideModel

/// A control that follows one ride: the passenger's or the driver's. Handed to every
/// `RideStateResponder` call so a responder serving both can tell them apart.
@MainActor
public protocol RideFollowing: AnyObject {
  /// The ride being followed (its last known state), or the last one followed once it is
  /// over; `nil` before any.
  var followedRide: Ride? { get }
  /// Whether the server is unreachable and the control is trying again.
  var isReconnecting: Bool { get }
}

extension RideFollowing {
  /// The followed ride while it is still going on, else `nil`.
  public var activeRide: Ride? {
    guard let ride = followedRide, ride.status.isActive else { return nil }
    return ride
  }
}
