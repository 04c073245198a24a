import Foundation
import LoopbackServer
import NetworkClient
import RideModel
import ServiceRide
import ServiceUser
import TestSupport
import Testing
import UserModel

/// RideService against a hand-scripted server: the forms API.md allows that the reference
/// backend never sends are accepted, and answers outside API.md fail with a typed RideError
/// while the session stays.
@Suite("RideService against servers that differ from the reference backend")
struct ScriptedRideServerTests {
  /// A Ride with fractional seconds, an offset, no `driverId`, a destination without
  /// `address`, and fields API.md does not name.
  static let rideJSON = """
    {"id": "ride_1", "passengerId": "usr_ann",
     "pickup": {"latitude": -33.8568, "longitude": 151.2153, "address": "Sydney Opera House",
                "placeId": "p1"},
     "destination": {"latitude": -33.8915, "longitude": 151.2767},
     "vehicleType": "wallaby", "status": "requested",
     "fare": {"amount": 1840, "currency": "AUD", "display": "$18.40"},
     "requestedAt": "2026-11-21T08:30:00.500Z", "updatedAt": "2026-11-21T18:30:01+10:00",
     "etaMinutes": 4, "links": {"self": "/v1/rides/ride_1"}}
    """

  static let now = Date(timeIntervalSince1970: 1_795_249_800)

  static var expectedRide: Ride {
    get throws {
      Ride(
        id: "ride_1", passengerId: "usr_ann", driverId: nil,
        pickup: try Location(
          latitude: -33.8568, longitude: 151.2153, address: "Sydney Opera House"),
        destination: try Location(latitude: -33.8915, longitude: 151.2767, address: nil),
        vehicleType: .wallaby, status: .requested, fare: try Fare(amount: 1840, currency: "AUD"),
        requestedAt: now + 0.5, updatedAt: now + 1)
    }
  }

  @Test("a ride with other date forms, extra fields and omitted optionals is read whole")
  func ride_otherForms() async throws {
    let world = try await ScriptedRideWorld()
    defer { world.tearDown() }
    world.server.answer(
      .get, "/v1/rides/{id}", .scripted(200, Self.rideJSON, contentType: "application/json"))
    #expect(try await world.rides.ride("ride_1") == Self.expectedRide)
    #expect(world.rides.cache.ride(id: "ride_1") == (try Self.expectedRide))
  }

  @Test("a last page without `next` is a last page; an empty one too")
  func list_withoutNext() async throws {
    let world = try await ScriptedRideWorld()
    defer { world.tearDown() }
    world.server.answer(
      .get, "/v1/rides",
      .scripted(
        200, #"{"rides": [\#(Self.rideJSON)], "total": 1}"#, contentType: "application/json"))
    let page = try await world.rides.list(.all)
    #expect(page == RideListResponse(rides: [try Self.expectedRide], next: nil))
    world.server.answer(.get, "/v1/rides", .scripted(200, #"{"rides": []}"#))
    #expect(try await world.rides.list(.completed) == RideListResponse(rides: [], next: nil))
  }

  @Test("estimates and places may leave out address and add fields")
  func estimatesAndPlaces_otherForms() async throws {
    let world = try await ScriptedRideWorld()
    defer { world.tearDown() }
    world.server.answer(
      .post, "/v1/fares/estimate",
      .scripted(
        200,
        #"{"estimates": [{"vehicleType": "kangaroo", "fare": {"amount": 3000, "currency": "AUD"}, "#
          + #""etaMinutes": 9, "surge": 1.0}, {"vehicleType": "wallaby", "#
          + #""fare": {"amount": 1200, "currency": "AUD"}, "etaMinutes": 3}]}"#,
        contentType: "application/json"))
    let here = try Location(latitude: -33.86, longitude: 151.21, address: nil)
    let estimates = try await world.rides.fareEstimates(from: here, to: here)
    #expect(estimates.map(\.vehicleType) == [.wallaby, .kangaroo])
    #expect(estimates.map(\.fare.amount) == [1200, 3000])
  }

  /// An answer outside API.md and the RideError it must become.
  struct Case: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let answer: HTTPResponse
    let expected: @Sendable (RideError) -> Bool
  }

  static let badAnswers: [Case] = [
    Case(testDescription: "200 HTML", answer: .htmlPage(200)) { $0.code == "server_trouble" },
    Case(testDescription: "200 {}", answer: .scripted(200, "{}")) {
      $0.code == "server_trouble" && $0.message.contains("'rides'")
    },
    Case(testDescription: "500 API error", answer: .apiError(500, "internal_error")) {
      $0 == .serverUnavailable(status: 500)
    },
    Case(testDescription: "401 HTML", answer: .htmlPage(401)) {
      $0.code == "server_trouble" && $0.message.contains("401")
    },
  ]

  @Test("answers outside API.md are typed RideErrors, and the session stays", arguments: badAnswers)
  func list_badAnswer(_ row: Case) async throws {
    let world = try await ScriptedRideWorld()
    defer { world.tearDown() }
    world.server.answer(.get, "/v1/rides", row.answer)
    await #expect {
      try await world.rides.list(.all)
    } throws: { error in
      guard let error = error as? RideError else { return false }
      return row.expected(error)
    }
    #expect(await world.account.currentSession == world.session)
    #expect(world.rides.cachedRides(.all).isEmpty)
  }

  @Test("a ride answered with {} is server trouble naming the missing field")
  func ride_emptyObject() async throws {
    let world = try await ScriptedRideWorld()
    defer { world.tearDown() }
    world.server.answer(.get, "/v1/rides/{id}", .scripted(200, "{}"))
    await #expect {
      try await world.rides.ride("ride_1")
    } throws: { error in
      guard case .serverTrouble(let detail)? = error as? RideError else { return false }
      return detail.contains("'id'")
    }
    #expect(world.rides.cache.ride(id: "ride_1") == nil)
  }
}
