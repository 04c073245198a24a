import RideModel

/// The device's position: GPS on a phone, a fixed place on the command line. A protocol
/// because the position is a device concern the service layer must not assume.
///
/// ```swift
/// struct CoreLocationProvider: LocationProvider {
///   func currentLocation() async throws(RideError) -> Location { … }
/// }
/// ```
public protocol LocationProvider: Sendable {
  /// Where the device is now.
  /// - Returns: The location.
  /// - Throws: `RideError.locationUnavailable` with the reason (no permission, no fix, …).
  func currentLocation() async throws(RideError) -> Location
}

/// A position that never moves: the command line's "current location", and a test's.
///
/// ```swift
/// let provider = FixedLocationProvider(location: try Location(
///   latitude: -33.8611, longitude: 151.2112, address: "Circular Quay"))
/// ```
public struct FixedLocationProvider: LocationProvider {
  /// The location every call returns.
  public let location: Location

  /// Makes a provider that always answers `location`.
  /// - Parameter location: The fixed position.
  public init(location: Location) {
    self.location = location
  }

  /// The fixed position.
  /// - Returns: ``location``.
  public func currentLocation() async throws(RideError) -> Location {
    location
  }
}
