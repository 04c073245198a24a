import Foundation
import KooberWire
import NetworkClient
import RideModel
import WireFormat

/// A request of the ride routes of Koober's HTTP contract
/// (<doc:/documentation/KooberWire/HTTPContract>): its JSON is read with
/// `WireJSON.decoder()` and written with `KooberWire.rideEncoder()` (dates keep their
/// milliseconds), whose dates, fares and locations follow the ride
/// model's rules.
protocol RideRouteRequest: DefaultRequest {}

extension RideRouteRequest {
  /// The ride model's decoder: ISO-8601 dates, checked coordinates and fares.
  static var decoder: JSONDecoder { WireJSON.decoder() }
  /// Koober's ride routes' encoder: dates keep their milliseconds.
  static var encoder: JSONEncoder { KooberWire.rideEncoder() }
}
