import Foundation
import NetworkClient
import RideModel

/// A request of API.md's ride routes: its JSON is read and written with `RideJSON`, whose
/// dates, fares and locations follow the ride model's rules.
protocol RideRouteRequest: DefaultRequest {}

extension RideRouteRequest {
  /// The ride model's decoder: ISO-8601 dates, checked coordinates and fares.
  static var decoder: JSONDecoder { RideJSON.decoder() }
  /// The ride model's encoder.
  static var encoder: JSONEncoder { RideJSON.encoder() }
}
