import Foundation
import LoopbackServer
import NetworkClient
import Testing

/// A request group (seeds/004): several API calls that answer the same shape share one
/// request type whose Configuration is an enum, so one view model can serve all of them.
struct PlaceListRequest: DefaultRequest {
  enum Configuration: Sendable {
    case search(String)
    case favourites
    case nearby(latitude: Double, longitude: Double)
  }

  struct Result: Decodable {
    struct Place: Decodable {
      var address: String?
    }

    var locations: [Place]
  }

  typealias ResultData = [String]

  let configuration: Configuration
  init(configuration: Configuration) { self.configuration = configuration }

  var method: HTTPMethod { .get }

  var path: String {
    switch configuration {
    case .search, .nearby: "/v1/locations/search"
    case .favourites: "/v1/locations/favourites"
    }
  }

  var query: [URLQueryItem] {
    switch configuration {
    case .search(let text): [URLQueryItem(name: "q", value: text)]
    case .favourites: []
    case .nearby(let latitude, let longitude):
      [URLQueryItem(name: "near", value: "\(latitude),\(longitude)")]
    }
  }

  var requiresAuthorization: Bool {
    if case .favourites = configuration { return true }
    return false
  }

  func transform(_ result: Result) -> [String]? {
    result.locations.map { $0.address ?? "Unnamed place" }
  }
}

/// A request that takes nothing: no `Configuration`, no `configuration`, no initializer.
struct PingRequest: DefaultRequest {
  struct Result: Decodable { let pong: Bool }
  typealias ResultData = Bool
  var method: HTTPMethod { .get }
  var path: String { "/v1/ping" }
  func transform(_ result: Result) -> Bool? { result.pong }
}

@Suite("Request groups and URLs")
struct RequestGroupTests {
  @Test("a request without parameters is written and made with nothing about configuration")
  func noConfiguration() async throws {
    let h = try Harness(authorization: TestTokens("token-1"))
    defer { h.stop() }
    h.server.route(.get, "/v1/ping") { _ in .json(raw: #"{"pong": true}"#) }
    #expect(try await PingRequest().perform(on: h.client) == true)
    #expect(PingRequest.Configuration.self == Void.self)
  }

  @Test("one request type with an enum Configuration serves every member of the group")
  func requestGroup() async throws {
    let calls = Shared([String]())
    let h = try Harness(authorization: TestTokens("token-1"))
    defer { h.stop() }
    h.server.route(.get, "/v1/locations/search") { request in
      calls.update { $0.append(request.target) }
      let text = request.query["q"] ?? request.query["near"] ?? ""
      return .json(raw: #"{"locations": [{"address": "\#(text)"}, {"latitude": 1}]}"#)
    }
    h.server.route(.get, "/v1/locations/favourites") { request in
      calls.update { $0.append("\(request.target) \(request.header("Authorization") ?? "-")") }
      return .json(raw: #"{"locations": [{"address": "Home"}]}"#)
    }
    let configurations: [PlaceListRequest.Configuration] = [
      .search("Opera House"), .favourites, .nearby(latitude: -33.5, longitude: 151.25),
    ]
    let results = await PlaceListRequest.performAll(
      configurations.map(PlaceListRequest.init(configuration:)), on: h.client, maxConcurrent: 1)
    #expect(
      results.map { try? $0.get() } == [
        ["Opera House", "Unnamed place"], ["Home"], ["-33.5,151.25", "Unnamed place"],
      ])
    #expect(
      calls.value == [
        "/v1/locations/search?q=Opera%20House", "/v1/locations/favourites Bearer token-1",
        "/v1/locations/search?near=-33.5%2C151.25",
      ])
  }

  @Test("query values arrive exactly, reserved characters and + included")
  func queryEncoding() async throws {
    let received = Shared([String: String]())
    let h = try Harness()
    defer { h.stop() }
    h.server.route(.get, "/v1/rides") { request in
      received.update { $0 = request.query }
      return .json(raw: "{}")
    }
    let values = ["q": "a+b & c=d?#/é 🚕", "scope": "all", "empty": ""]
    let query = values.keys.sorted().map { URLQueryItem(name: $0, value: values[$0]) }
    _ = try await TestRequest<EmptyResult>(.get, "/v1/rides", query: query).perform(on: h.client)
    #expect(received.value == values)
  }

  @Test("a path with spaces or a ? is encoded, so it cannot start a query")
  func pathEncoding() async throws {
    let received = Shared([String]())
    let h = try Harness()
    defer { h.stop() }
    h.server.route(.get, "/v1/rides/{id}") { request in
      received.update { $0.append(request.pathParameters["id"] ?? "-") }
      return .json(raw: "{}")
    }
    _ = try await TestRequest<EmptyResult>(.get, "/v1/rides/ride 1?x=y").perform(on: h.client)
    #expect(received.value == ["ride 1?x=y"])
  }
}
