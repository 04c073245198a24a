import Foundation
import KooberWire
import RideModel
import Testing
import WireFormat

/// Sample values and JSON helpers shared by this target's tests.
enum Fixtures {
  static let operaHouse = location(-33.8568, 151.2153, "Sydney Opera House")
  static let airport = location(-33.9399, 151.1753, "Sydney Airport")

  static func location(_ latitude: Double, _ longitude: Double, _ address: String? = nil)
    -> Location
  {
    do {
      return try Location(latitude: latitude, longitude: longitude, address: address)
    } catch {
      Issue.record("fixture location refused: \(error)")
      return operaHouse
    }
  }

  static func fare(_ amount: Int, _ currency: String = "AUD") -> Fare {
    do {
      return try Fare(amount: amount, currency: currency)
    } catch {
      Issue.record("fixture fare refused: \(error)")
      return fare(0)
    }
  }

  /// 2026-11-21T08:30:00Z.
  static let requestedAt = Date(timeIntervalSince1970: 1_795_249_800)

  static func ride(status: RideStatus = .requested, driverId: String? = nil) -> Ride {
    Ride(
      id: "ride_ABC234", passengerId: "usr_PASS", driverId: driverId, pickup: operaHouse,
      destination: airport, vehicleType: .wallaroo, status: status, fare: fare(1840),
      requestedAt: requestedAt, updatedAt: requestedAt.addingTimeInterval(90.25))
  }

  static func roundTrip<Value: Codable & Equatable>(_ value: Value) throws -> Value {
    let data = try KooberWire.rideEncoder().encode(value)
    return try WireJSON.decoder().decode(Value.self, from: data)
  }

  static func encodedText<Value: Encodable>(_ value: Value) throws -> String {
    String(decoding: try KooberWire.rideEncoder().encode(value), as: UTF8.self)
  }

  static func decode<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {
    try WireJSON.decoder().decode(type, from: Data(json.utf8))
  }

  /// The `DecodingError` that decoding `json` throws, or `nil` when it decodes (or throws
  /// something else, which the caller's expectation then reports).
  static func decodingError<Value: Decodable>(_ type: Value.Type, _ json: String)
    -> DecodingError?
  {
    do {
      _ = try decode(type, json)
      return nil
    } catch let error as DecodingError {
      return error
    } catch {
      return nil
    }
  }

  /// The model rule behind a `dataCorrupted` decoding error, if any.
  static func modelReason(_ error: DecodingError?) -> RideModelError? {
    guard case .dataCorrupted(let context) = error else { return nil }
    return context.underlyingError as? RideModelError
  }
}
