import RideModel
import ServiceRide

/// The command line's "current location": a terminal has no GPS, so every ride starts at one
/// named place around Sydney, Circular Quay (the ferry wharves by the Opera House). Help and
/// the README say so.
///
/// ```swift
/// let locations = KooberLocationService(provider: FixedPickup(), network: network)
/// let pickup = try await locations.currentLocation()   // Circular Quay
/// ```
struct FixedPickup: LocationProvider {
  /// The place's name, as the backend's list of places spells it.
  static let name = "Circular Quay"
  /// Its latitude.
  static let latitude = -33.8611
  /// Its longitude.
  static let longitude = 151.2112

  /// Circular Quay.
  /// - Returns: The location.
  /// - Throws: `RideError.locationUnavailable` if the coordinates above were ever edited out
  ///   of range.
  func currentLocation() async throws(RideError) -> Location {
    do {
      return try Location(latitude: Self.latitude, longitude: Self.longitude, address: Self.name)
    } catch {
      throw .locationUnavailable(error.message)
    }
  }
}
