import Foundation
import KooberWire
import RideModel
import WireFormat

/// Places used across the ride tests, as the backend's list names them.
enum RidePlaces {
  static var operaHouse: Location {
    get throws { try place(-33.8568, 151.2153, "Sydney Opera House") }
  }
  static var bondiBeach: Location { get throws { try place(-33.8908, 151.2743, "Bondi Beach") } }
  static var centralStation: Location {
    get throws { try place(-33.8832, 151.2063, "Central Station") }
  }
  static var taronga: Location { get throws { try place(-33.8436, 151.2411, "Taronga Zoo") } }

  static func place(_ latitude: Double, _ longitude: Double, _ name: String? = nil) throws
    -> Location
  {
    try Location(latitude: latitude, longitude: longitude, address: name)
  }
}

extension TestBackend {
  /// A request with a JSON body written from a value by `KooberWire.rideEncoder()`.
  func send(
    _ method: String, _ path: String, encoding value: some Encodable, token: String? = nil
  ) async throws -> APIResponse {
    let body = try KooberWire.rideEncoder().encode(value)
    return try await send(method, path, body: body, token: token)
  }

  /// Requests a ride and expects `201`.
  func requestRide(
    _ passenger: RideTestAccount, from pickup: Location? = nil, to destination: Location? = nil,
    vehicle: VehicleType = .wallaby
  ) async throws -> Ride {
    let body = RideRequestBody(
      pickup: try pickup ?? RidePlaces.operaHouse,
      destination: try destination ?? RidePlaces.bondiBeach, vehicleType: vehicle)
    let answer = try await send("POST", "/v1/rides", encoding: body, token: passenger.token)
    guard answer.status == 201 else { throw RideTestFailure("request answered \(answer.outcome)") }
    return try answer.decode()
  }

  /// A new passenger's ride from the Opera House to Bondi, and a new driver to take it.
  func requestedRide() async throws
    -> (passenger: RideTestAccount, driver: RideTestAccount, ride: Ride)
  {
    let passenger = try await passenger()
    let driver = try await driver()
    return (passenger, driver, try await requestRide(passenger))
  }

  /// `POST /v1/rides/{id}/{step}` by a user.
  func step(_ step: String, _ rideID: String, by user: RideTestAccount) async throws
    -> APIResponse
  {
    try await send("POST", "/v1/rides/\(rideID)/\(step)", token: user.token)
  }

  /// Moves a ride through the given steps, expecting `200` at each.
  func steps(_ names: [String], _ rideID: String, by user: RideTestAccount) async throws -> Ride {
    var ride: Ride?
    for name in names {
      let answer = try await step(name, rideID, by: user)
      guard answer.status == 200 else {
        throw RideTestFailure("\(name) answered \(answer.outcome)")
      }
      ride = try answer.decode()
    }
    guard let ride else { throw RideTestFailure("no steps given") }
    return ride
  }

  /// `GET /v1/rides/{id}` by a user.
  func ride(_ rideID: String, by user: RideTestAccount) async throws -> APIResponse {
    try await send("GET", "/v1/rides/\(rideID)", token: user.token)
  }

  /// `GET /v1/rides/{id}/receipt` by a user.
  func receipt(_ rideID: String, by user: RideTestAccount) async throws -> APIResponse {
    try await send("GET", "/v1/rides/\(rideID)/receipt", token: user.token)
  }
}
