import Foundation
import NetworkClient
import RideModel
import WireFormat

/// A request of the ride routes of Koober's HTTP contract
/// (<doc:/documentation/KooberWire/HTTPContract>): its JSON is read and written with
/// `WireJSON` (dates with milliseconds), whose dates, fares and locations follow the ride
/// model's rules.
protocol RideRouteRequest: DefaultRequest {}

extension RideRouteRequest {
  /// The ride model's decoder: ISO-8601 dates, checked coordinates and fares.
  static var decoder: JSONDecoder { WireJSON.decoder() }
  /// The ride model's encoder.
  static var encoder: JSONEncoder { WireJSON.encoder(dates: .milliseconds) }
}
