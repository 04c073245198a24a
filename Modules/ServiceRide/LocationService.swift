import RideModel

/// Where the passenger is and which places match a search: the location half of the ride
/// phase.
///
/// `KooberLocationService` is the real one (a `LocationProvider` for the device's position,
/// the API's place search); tests of the layers above pass a small fake.
///
/// ```swift
/// let locations: any LocationService = KooberLocationService(
///   provider: FixedLocationProvider(location: circularQuay), network: client)
/// let pickup = try await locations.currentLocation()
/// let places = try await locations.search("opera")
/// ```
public protocol LocationService: Sendable {
  /// Where the device is now, used as the pickup.
  /// - Returns: The current location.
  /// - Throws: `RideError.locationUnavailable` when the position cannot be had.
  func currentLocation() async throws(RideError) -> Location

  /// The named places whose address contains `text`, case-insensitively.
  /// - Parameter text: What the person typed; surrounding spaces are ignored.
  /// - Returns: At most 20 places, in the server's order.
  /// - Throws: `RideError.invalidQuery` for text that is empty after trimming (nothing is
  ///   sent), `.offline`, `.timeout`, `.serverUnavailable`, `.serverTrouble`.
  func search(_ text: String) async throws(RideError) -> [Location]
}
