import NetworkClient
import RideModel

/// The real `LocationService`: the position from a `LocationProvider`, places from
/// `GET /v1/locations/search` (no account needed).
///
/// ```swift
/// let locations = KooberLocationService(
///   provider: FixedLocationProvider(location: circularQuay), network: client)
/// for place in try await locations.search("opera") { print(place.displayText) }
/// ```
public struct KooberLocationService: LocationService {
  /// Where the device's position comes from.
  public let provider: any LocationProvider
  private let network: NetworkClient

  /// Makes the service.
  /// - Parameters:
  ///   - provider: The device's position (`FixedLocationProvider` on the command line).
  ///   - network: The client for the API; the search needs no account.
  public init(provider: any LocationProvider, network: NetworkClient) {
    self.provider = provider
    self.network = network
  }

  /// Where the device is now, from the provider.
  /// - Returns: The current location.
  /// - Throws: What the provider throws, usually `RideError.locationUnavailable`.
  public func currentLocation() async throws(RideError) -> Location {
    try await provider.currentLocation()
  }

  /// The named places whose address contains `text`, case-insensitively.
  /// - Parameter text: What the person typed; surrounding spaces are ignored.
  /// - Returns: At most 20 places, in the server's order.
  /// - Throws: `RideError.invalidQuery` for empty text (nothing is sent); network failures.
  public func search(_ text: String) async throws(RideError) -> [Location] {
    let query = try SearchText.validated(text)
    do {
      return try await LocationSearchRequest(configuration: query).perform(on: network)
    } catch {
      throw RideError(error)
    }
  }
}
