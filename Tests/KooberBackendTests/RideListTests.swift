import Foundation
import RideModel
import Testing

@Suite("GET /v1/rides")
struct RideListTests {
  /// A passenger with `count` finished rides (alternately completed and cancelled, oldest
  /// first), to Bondi, Central Station, Taronga, Bondi, …
  private func history(
    _ server: TestBackend, count: Int
  ) async throws -> (passenger: RideTestAccount, driver: RideTestAccount, rides: [Ride]) {
    let passenger = try await server.passenger()
    let driver = try await server.driver()
    let destinations = [
      try RidePlaces.bondiBeach, try RidePlaces.centralStation, try RidePlaces.taronga,
    ]
    var rides: [Ride] = []
    for index in 0..<count {
      let ride = try await server.requestRide(
        passenger, to: destinations[index % destinations.count])
      let steps = index.isMultiple(of: 2) ? ["accept", "arrive", "start", "complete"] : []
      rides.append(
        steps.isEmpty
          ? try await server.steps(["cancel"], ride.id, by: passenger)
          : try await server.steps(steps, ride.id, by: driver))
    }
    return (passenger, driver, rides)
  }

  private func page(
    _ server: TestBackend, _ query: String, _ user: RideTestAccount
  ) async throws -> RideListResponse {
    let answer = try await server.send("GET", "/v1/rides\(query)", token: user.token)
    guard answer.status == 200 else { throw RideTestFailure("list answered \(answer.outcome)") }
    return try answer.decode()
  }

  @Test("pages follow the cursor newest first, and next is null on the last page")
  func cursorPagination() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let (passenger, _, rides) = try await history(server, count: 5)
    var pages: [[String]] = []
    var cursor: String?
    repeat {
      let before = cursor.map { "&before=\($0)" } ?? ""
      let page = try await page(server, "?limit=2\(before)", passenger)
      pages.append(page.rides.map(\.id))
      cursor = page.next
    } while cursor != nil && pages.count < 10
    let newestFirst = rides.reversed().map(\.id)
    #expect(pages == [Array(newestFirst[0..<2]), Array(newestFirst[2..<4]), [newestFirst[4]]])
  }

  @Test("a page that ends exactly at the last ride has next null")
  func exactLastPage() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let (passenger, _, rides) = try await history(server, count: 4)
    let first = try await page(server, "?limit=2", passenger)
    let next = try #require(first.next)
    let second = try await page(server, "?limit=2&before=\(next)", passenger)
    let whole = try await page(server, "?limit=4", passenger)
    #expect(second.rides.map(\.id) == [rides[1].id, rides[0].id])
    #expect(second.next == nil)
    #expect(whole.rides.count == 4)
    #expect(whole.next == nil)
  }

  @Test("the default page holds 20 rides")
  func defaultLimit() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let passenger = try await server.passenger()
    for _ in 0..<21 {
      let ride = try await server.requestRide(passenger)
      _ = try await server.steps(["cancel"], ride.id, by: passenger)
    }
    let first = try await page(server, "", passenger)
    #expect(first.rides.count == 20)
    let rest = try await page(server, "?before=\(try #require(first.next))", passenger)
    #expect(rest.rides.count == 1)
    #expect(rest.next == nil)
  }

  @Test("scopes pick statuses: all, active, completed, cancelled")
  func scopes() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let (passenger, driver, rides) = try await history(server, count: 4)
    let active = try await server.requestRide(passenger)
    _ = try await server.steps(["accept"], active.id, by: driver)
    var statuses: [String: [RideStatus]] = [:]
    for scope in ["all", "active", "completed", "cancelled"] {
      statuses[scope] = try await page(server, "?scope=\(scope)", passenger).rides.map(\.status)
    }
    let history = rides.reversed().map(\.status)
    #expect(statuses["all"] == [.accepted] + history)
    #expect(statuses["active"] == [.accepted])
    #expect(statuses["completed"] == [.completed, .completed])
    #expect(statuses["cancelled"] == [.cancelled, .cancelled])
  }

  @Test("q matches either address, case-insensitively, and pages with its own cursor")
  func textSearch() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let (passenger, _, rides) = try await history(server, count: 6)
    let bondi = try await page(server, "?q=BONDI", passenger)
    #expect(bondi.rides.map(\.id) == [rides[3].id, rides[0].id])
    let opera = try await page(server, "?q=opera%20house&limit=5", passenger)
    #expect(opera.rides.count == 5)
    let rest = try await page(
      server, "?q=opera%20house&limit=5&before=\(try #require(opera.next))", passenger)
    #expect(rest.rides.map(\.id) == [rides[0].id])
    let cancelledTaronga = try await page(server, "?q=taronga&scope=cancelled", passenger)
    #expect(cancelledTaronga.rides.map(\.id) == [rides[5].id])
    let nothing = try await page(server, "?q=Parramatta", passenger)
    #expect(nothing.rides.isEmpty && nothing.next == nil)
  }

  @Test("a passenger sees only their rides; a driver only the rides they accepted")
  func whoseRides() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let (passenger, driver, rides) = try await history(server, count: 3)
    let stranger = try await server.passenger()
    let otherDriver = try await server.driver()
    let strangers = try await server.requestRide(stranger)
    _ = try await server.steps(["accept"], strangers.id, by: otherDriver)
    let mine = try await page(server, "", passenger).rides.map(\.id)
    let driven = try await page(server, "", driver).rides.map(\.id)
    let othersDriven = try await page(server, "", otherDriver).rides.map(\.id)
    #expect(mine == rides.reversed().map(\.id))
    #expect(driven == [rides[2].id, rides[0].id])
    #expect(othersDriven == [strangers.id])
  }

  @Test("bad scope, limit or before are 400 malformed_query; no token is 401 first")
  func malformedQueries() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let passenger = try await server.passenger()
    let queries = [
      "?scope=everything", "?scope=", "?limit=0", "?limit=101", "?limit=ten", "?limit=2.5",
      "?limit=-1", "?before=yesterday", "?before=cur_", "?before=cur_0", "?before=cur_-4",
      "?before=cur_99999999999999999999",
    ]
    var outcomes: [String] = []
    for query in queries {
      let answer = try await server.send("GET", "/v1/rides\(query)", token: passenger.token)
      outcomes.append(answer.outcome)
    }
    #expect(outcomes == Array(repeating: "400 malformed_query", count: queries.count))
    #expect(try await server.send("GET", "/v1/rides?scope=bad").outcome == "401 invalid_token")
    let fine = try await page(server, "?scope=active&limit=100&q=", passenger)
    #expect(fine.rides.isEmpty && fine.next == nil)
  }
}
