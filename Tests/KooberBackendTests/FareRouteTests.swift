import Foundation
import RideModel
import Testing

@Suite("POST /v1/fares/estimate")
struct FareRouteTests {
  @Test("one estimate per vehicle type in AUD, priced from the great-circle distance")
  func estimatesFromDistance() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let pickup = try RidePlaces.operaHouse
    let destination = try RidePlaces.bondiBeach
    let answer = try await server.send(
      "POST", "/v1/fares/estimate",
      encoding: FareEstimateRequestBody(pickup: pickup, destination: destination))
    #expect(answer.status == 200)
    let estimates = try answer.decode(FareEstimatesResponse.self).estimates
    let kilometres = pickup.distanceKilometers(to: destination)
    // Flag fall + cents per km, as FareCalculator prices them.
    let expected = [(300, 150), (400, 190), (600, 260)].map { flagFall, perKm in
      flagFall + Int((Double(perKm) * kilometres).rounded())
    }
    #expect(estimates.map(\.vehicleType) == [.wallaby, .wallaroo, .kangaroo])
    #expect(estimates.map(\.fare.amount) == expected)
    #expect(estimates.allSatisfy { $0.fare.currency == "AUD" })
    #expect(estimates.map(\.etaMinutes) == [3, 5, 8])
  }

  @Test("a longer ride costs more, and a very short one costs the minimum")
  func longerCostsMoreShortCostsMinimum() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    func wallabyFare(_ to: Location) async throws -> Int {
      let answer = try await server.send(
        "POST", "/v1/fares/estimate",
        encoding: FareEstimateRequestBody(pickup: try RidePlaces.operaHouse, destination: to))
      return try answer.decode(FareEstimatesResponse.self).estimates.first?.fare.amount ?? -1
    }
    let toCentral = try await wallabyFare(try RidePlaces.centralStation)
    let toBondi = try await wallabyFare(try RidePlaces.bondiBeach)
    let nowhere = try await wallabyFare(try RidePlaces.operaHouse)
    #expect(toCentral < toBondi)
    #expect(nowhere == 900)
  }

  @Test("bodies of the wrong shape are 400 malformed_body, even with a bad coordinate too")
  func malformedBodies() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let good: [String: Any] = ["latitude": -33.8, "longitude": 151.2]
    let bodies: [Data] = [
      Data("not json".utf8),
      Data("[1, 2]".utf8),
      try JSONSerialization.data(withJSONObject: ["pickup": good]),
      try JSONSerialization.data(withJSONObject: [
        "pickup": ["latitude": "-33.8", "longitude": 151.2], "destination": good,
      ]),
      try JSONSerialization.data(withJSONObject: [
        "pickup": ["latitude": -33.8, "longitude": 151.2, "address": 7], "destination": good,
      ]),
      try JSONSerialization.data(withJSONObject: ["pickup": good, "destination": "Bondi"]),
      try JSONSerialization.data(withJSONObject: [
        "pickup": ["latitude": 95, "longitude": 151.2], "destination": ["latitude": -33.8],
      ]),
    ]
    var outcomes: [String] = []
    for body in bodies {
      outcomes.append(try await server.send("POST", "/v1/fares/estimate", body: body).outcome)
    }
    #expect(outcomes == Array(repeating: "400 malformed_body", count: bodies.count))
  }

  @Test("coordinates out of range are 422 invalid_location; a missing address is fine")
  func outOfRange() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let good: [String: Any] = ["latitude": -33.8, "longitude": 151.2]
    let cases: [[String: Any]] = [
      ["pickup": ["latitude": 90.5, "longitude": 151.2], "destination": good],
      ["pickup": good, "destination": ["latitude": -33.8, "longitude": -180.01]],
      ["pickup": good, "destination": ["latitude": -33.9, "longitude": 151.3, "address": NSNull()]],
    ]
    var outcomes: [String] = []
    for object in cases {
      outcomes.append(try await server.send("POST", "/v1/fares/estimate", json: object).outcome)
    }
    #expect(outcomes == ["422 invalid_location", "422 invalid_location", "200"])
  }
}
