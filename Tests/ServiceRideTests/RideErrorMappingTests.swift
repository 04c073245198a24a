import Foundation
import Localization
import NetworkClient
import RideModel
import ServiceRide
import Testing

@Suite("Network failures become RideErrors")
struct RideErrorMappingTests {
  @Test("each API code, status class and transport failure maps to its case")
  func table() {
    func http(_ status: Int, _ code: String) -> NetworkError {
      // API.md's error envelope, as the server sends it.
      .http(
        status: status,
        body: Data(#"{"error": {"code": "\#(code)", "message": "Server says so."}}"#.utf8))
    }
    let table: [(NetworkError, RideError)] = [
      (http(403, "passengers_only"), .passengersOnly),
      (http(403, "drivers_only"), .driversOnly),
      (http(409, "ride_in_progress"), .rideInProgress),
      (http(409, "invalid_transition"), .invalidTransition("Server says so.")),
      (http(409, "already_accepted"), .alreadyAccepted),
      (http(409, "not_completed"), .notCompleted),
      (http(404, "not_found"), .notFound),
      (http(422, "invalid_location"), .invalidLocation("Server says so.")),
      (http(422, "invalid_vehicle_type"), .invalidVehicleType),
      (http(400, "malformed_query"), .invalidQuery("Server says so.")),
      (http(401, "invalid_token"), .notSignedIn),
      (http(401, "token_expired"), .notSignedIn),
      (http(500, "internal_error"), .serverUnavailable(status: 500)),
      (http(429, "slow_down"), .serverUnavailable(status: 429)),
      (.http(status: 503, body: Data("<html>".utf8)), .serverUnavailable(status: 503)),
      (http(418, "teapot"), .serverTrouble("HTTP 418 teapot: Server says so.")),
      (.transport(.connectionRefused), .offline),
      (.transport(.offline), .offline),
      (.timeout, .timeout),
      (.cancelled, .cancelled),
      (.authorizationUnavailable(reason: "no session"), .notSignedIn),
    ]
    // The server's words are kept when the app speaks English (see the Chinese case in
    // LocalizedRideErrorTests).
    Texts.$scopedLanguage.withValue(.english) {
      for (network, expected) in table {
        #expect(RideError(network) == expected, "\(network.code)")
      }
    }
    #expect(RideError(.decoding(path: "rides[0].status", detail: "bad")).code == "server_trouble")
  }

  @Test("only the failures that pass by themselves are transient")
  func transient() {
    let transient: [RideError] = [.offline, .timeout, .serverUnavailable(status: 502)]
    let lasting: [RideError] = [
      .notFound, .notSignedIn, .alreadyAccepted, .serverTrouble("x"), .cancelled,
      .invalidTransition("x"),
    ]
    #expect(transient.filter(\.isTransient) == transient)
    #expect(lasting.filter(\.isTransient).isEmpty)
    #expect(Set((transient + lasting).map(\.code)).count == transient.count + lasting.count)
  }

  @Test("the ride list request group sends one route with each configuration's query")
  func listQueries() {
    func query(_ request: RideListRequest) -> [String] {
      request.query.map { "\($0.name)=\($0.value ?? "")" }
    }
    #expect(query(RideListRequest(configuration: .all)) == ["scope=all", "limit=20"])
    #expect(
      query(RideListRequest(configuration: .active, limit: 500, before: "c1"))
        == ["scope=active", "limit=100", "before=c1"])
    #expect(query(RideListRequest(configuration: .completed, limit: 0, before: nil))
      == ["scope=completed", "limit=1"])
    #expect(query(RideListRequest(configuration: .search("Opera & co"))) == [
      "scope=all", "limit=20", "q=Opera & co",
    ])
    #expect(RideListRequest(configuration: .cancelled).path == "/v1/rides")
    #expect(RideListConfiguration(scope: .cancelled) == .cancelled)
  }
}
