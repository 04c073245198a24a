import Foundation
import RideModel
import Testing

@Suite("JSON of API.md's ride objects")
struct RideJSONTests {
  static let rideJSON = """
    {"id": "ride_ABC234", "passengerId": "usr_PASS", "driverId": null,
     "pickup": {"latitude": -33.8568, "longitude": 151.2153, "address": "Sydney Opera House"},
     "destination": {"latitude": -33.9399, "longitude": 151.1753, "address": "Sydney Airport"},
     "vehicleType": "wallaroo", "status": "requested",
     "fare": {"amount": 1840, "currency": "AUD"},
     "requestedAt": "2026-11-21T08:30:00Z", "updatedAt": "2026-11-21T08:31:30.250Z"}
    """

  @Test("a ride in API.md's shape decodes field by field")
  func decodeRide() throws {
    #expect(try Fixtures.decode(Ride.self, Self.rideJSON) == Fixtures.ride())
  }

  @Test("a ride encodes every field, with a null driver and Z dates")
  func encodeRide() throws {
    let text = try Fixtures.encodedText(Fixtures.ride())
    #expect(
      text == """
        {"destination":{"address":"Sydney Airport","latitude":-33.9399,"longitude":151.1753},\
        "driverId":null,"fare":{"amount":1840,"currency":"AUD"},"id":"ride_ABC234",\
        "passengerId":"usr_PASS","pickup":{"address":"Sydney Opera House",\
        "latitude":-33.8568,"longitude":151.2153},"requestedAt":"2026-11-21T08:30:00Z",\
        "status":"requested","updatedAt":"2026-11-21T08:31:30.250Z","vehicleType":"wallaroo"}
        """)
  }

  @Test("rides in every status and vehicle type survive a round trip",
    arguments: RideStatus.allCases, VehicleType.allCases)
  func rideRoundTrip(status: RideStatus, vehicle: VehicleType) throws {
    let base = Fixtures.ride(status: status, driverId: status == .requested ? nil : "usr_D")
    let ride = Ride(
      id: base.id, passengerId: base.passengerId, driverId: base.driverId, pickup: base.pickup,
      destination: Fixtures.location(-33.87, 151.2), vehicleType: vehicle, status: status,
      fare: base.fare, requestedAt: base.requestedAt, updatedAt: base.updatedAt)
    #expect(try Fixtures.roundTrip(ride) == ride)
  }

  @Test("every other object of API.md survives a round trip")
  func otherRoundTrips() throws {
    let fare = Fixtures.fare(2575)
    let estimates = try VehicleType.allCases.enumerated().map { index, type in
      try FareEstimate(vehicleType: type, fare: Fixtures.fare(1000 + index), etaMinutes: index)
    }
    let receipt = try Receipt(
      rideId: "ride_X", fare: fare, distanceKm: 9.9505, durationMinutes: 17,
      completedAt: Fixtures.requestedAt)
    #expect(try Fixtures.roundTrip(Fixtures.operaHouse) == Fixtures.operaHouse)
    #expect(try Fixtures.roundTrip(Fixtures.location(0, 0)) == Fixtures.location(0, 0))
    #expect(try Fixtures.roundTrip(fare) == fare)
    #expect(try Fixtures.roundTrip(estimates[2]) == estimates[2])
    #expect(try Fixtures.roundTrip(receipt) == receipt)
    let search = LocationSearchResponse(locations: [Fixtures.operaHouse, Fixtures.airport])
    #expect(try Fixtures.roundTrip(search) == search)
    let estimateBody = FareEstimateRequestBody(
      pickup: Fixtures.operaHouse, destination: Fixtures.airport)
    #expect(try Fixtures.roundTrip(estimateBody) == estimateBody)
    let estimatesBody = FareEstimatesResponse(estimates: estimates)
    #expect(try Fixtures.roundTrip(estimatesBody) == estimatesBody)
    let request = RideRequestBody(
      pickup: Fixtures.operaHouse, destination: Fixtures.airport, vehicleType: .kangaroo)
    #expect(try Fixtures.roundTrip(request) == request)
    for page in [
      RideListResponse(rides: [Fixtures.ride(), Fixtures.ride(status: .completed)], next: "c2"),
      RideListResponse(rides: []),
    ] {
      #expect(try Fixtures.roundTrip(page) == page)
    }
  }

  @Test("wire bodies match API.md's field names")
  func wireText() throws {
    let receipt = try Receipt(
      rideId: "ride_X", fare: Fixtures.fare(1840), distanceKm: 9.5, durationMinutes: 17,
      completedAt: Fixtures.requestedAt)
    #expect(
      try Fixtures.encodedText(receipt) == """
        {"completedAt":"2026-11-21T08:30:00Z","distanceKm":9.5,"durationMinutes":17,\
        "fare":{"amount":1840,"currency":"AUD"},"rideId":"ride_X"}
        """)
    let estimate = try FareEstimate(vehicleType: .wallaby, fare: Fixtures.fare(1840), etaMinutes: 4)
    #expect(
      try Fixtures.encodedText(estimate)
        == #"{"etaMinutes":4,"fare":{"amount":1840,"currency":"AUD"},"vehicleType":"wallaby"}"#)
    #expect(try Fixtures.encodedText(RideListResponse(rides: [])) == #"{"next":null,"rides":[]}"#)
  }

  @Test("the driver queue's body without next decodes with a nil cursor")
  func queueBody() throws {
    let page = try Fixtures.decode(RideListResponse.self, "{\"rides\": [\(Self.rideJSON)]}")
    #expect(page == RideListResponse(rides: [Fixtures.ride()], next: nil))
  }

  @Test("an unknown status or vehicle type string fails with a decoding error",
    arguments: [
      ("\"status\": \"requested\"", "\"status\": \"teleported\""),
      ("\"status\": \"requested\"", "\"status\": \"Requested\""),
      ("\"status\": \"requested\"", "\"status\": \"in_progress\""),
      ("\"vehicleType\": \"wallaroo\"", "\"vehicleType\": \"emu\""),
      ("\"vehicleType\": \"wallaroo\"", "\"vehicleType\": \"\""),
    ])
  func unknownEnum(original: String, replacement: String) {
    let json = Self.rideJSON.replacingOccurrences(of: original, with: replacement)
    #expect(json != Self.rideJSON)
    let error = Fixtures.decodingError(Ride.self, json)
    guard case .dataCorrupted = error else {
      Issue.record("expected dataCorrupted, got \(String(describing: error))")
      return
    }
  }

  @Test("a status or vehicle type of the wrong JSON type fails with a decoding error",
    arguments: [
      ("\"status\": \"requested\"", "\"status\": 3"),
      ("\"vehicleType\": \"wallaroo\"", "\"vehicleType\": null"),
      ("\"fare\": {", "\"fares\": {"),
    ])
  func wrongType(original: String, replacement: String) {
    let json = Self.rideJSON.replacingOccurrences(of: original, with: replacement)
    #expect(json != Self.rideJSON)
    #expect(Fixtures.decodingError(Ride.self, json) != nil)
  }

  @Test("negative receipt and estimate quantities are decoding errors with the reason",
    arguments: [
      (
        #"{"rideId":"r","fare":{"amount":1,"currency":"AUD"},"distanceKm":-1,"#
          + #""durationMinutes":1,"completedAt":"2026-11-21T08:30:00Z"}"#,
        RideModelError.invalidDistance
      ),
      (
        #"{"rideId":"r","fare":{"amount":1,"currency":"AUD"},"distanceKm":1,"#
          + #""durationMinutes":-1,"completedAt":"2026-11-21T08:30:00Z"}"#,
        .negativeDuration
      ),
    ])
  func badReceipt(json: String, reason: RideModelError) {
    #expect(Fixtures.modelReason(Fixtures.decodingError(Receipt.self, json)) == reason)
  }

  @Test("a negative ETA is refused on decode and in the initializer")
  func badEstimate() {
    let json = #"{"vehicleType":"wallaby","fare":{"amount":1,"currency":"AUD"},"etaMinutes":-2}"#
    #expect(Fixtures.modelReason(Fixtures.decodingError(FareEstimate.self, json)) == .negativeEta)
    #expect(throws: RideModelError.negativeEta) {
      try FareEstimate(vehicleType: .wallaby, fare: Fixtures.fare(1), etaMinutes: -1)
    }
  }

  @Test("receipts refuse a non-finite distance", arguments: [Double.nan, .infinity, -0.5])
  func receiptDistance(distance: Double) {
    #expect(throws: RideModelError.invalidDistance) {
      try Receipt(
        rideId: "r", fare: Fixtures.fare(1), distanceKm: distance, durationMinutes: 0,
        completedAt: Fixtures.requestedAt)
    }
  }
}
