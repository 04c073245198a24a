import Foundation
import RideModel
import Testing

@Suite("GET /v1/locations/search")
struct PlaceRouteTests {
  @Test("finds the Opera House by a lower-case part of its name, without an account")
  func findsByCaseInsensitiveSubstring() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let answer = try await server.send("GET", "/v1/locations/search?q=oPeRa")
    #expect(answer.status == 200)
    let places = try answer.decode(LocationSearchResponse.self).locations
    #expect(places.map(\.address) == ["Sydney Opera House"])
    #expect(places.first?.latitude == -33.8568)
    #expect(places.first?.longitude == 151.2153)
  }

  @Test("every place contains the text, and no search answers more than 20")
  func capsAtTwenty() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let answer = try await server.send("GET", "/v1/locations/search?q=a")
    let places = try answer.decode(LocationSearchResponse.self).locations
    #expect(places.count == 20)
    #expect(places.allSatisfy { $0.address?.lowercased().contains("a") == true })
  }

  @Test("the built-in list holds at least 30 distinct named places")
  func atLeastThirtyPlaces() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    var names: Set<String> = []
    for letter in "abcdefghijklmnopqrstuvwxyz" {
      let answer = try await server.send("GET", "/v1/locations/search?q=\(letter)")
      let places = try answer.decode(LocationSearchResponse.self).locations
      names.formUnion(places.compactMap(\.address))
    }
    #expect(names.count >= 30)
    #expect(names.contains("Sydney Opera House"))
  }

  @Test("a search that matches nothing answers an empty list")
  func noMatch() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let answer = try await server.send("GET", "/v1/locations/search?q=Melbourne")
    #expect(answer.status == 200)
    #expect(try answer.decode(LocationSearchResponse.self).locations.isEmpty)
  }

  @Test("an empty, blank or missing q is 400 malformed_query")
  func emptyQueryIsMalformed() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    var outcomes: [String] = []
    for query in ["?q=", "?q=%20%20", ""] {
      outcomes.append(try await server.send("GET", "/v1/locations/search\(query)").outcome)
    }
    #expect(outcomes == Array(repeating: "400 malformed_query", count: 3))
  }
}
