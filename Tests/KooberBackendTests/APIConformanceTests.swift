import Foundation
import Testing

/// Sentences of API.md that a black-box probe of `koober serve --demo` found the backend
/// answering otherwise, each pinned here so it stays fixed.
@Suite("API.md conformance found by probing the running backend")
struct APIConformanceTests {
  /// Every path that has a `GET` route.
  static let getPaths = [
    "/v1/auth/session", "/v1/users/me", "/v1/dev/outbox?to=ann@example.com",
    "/v1/locations/search?q=opera", "/v1/rides", "/v1/rides/ride_x", "/v1/rides/ride_x/receipt",
    "/v1/driver/queue",
  ]

  @Test("HEAD is another method: 405 method_not_allowed with an Allow header, never the GET")
  func head_onGetRoutes_answers405() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let token = try #require(try await server.signUp("ann@example.com").string("token"))
    for path in Self.getPaths {
      let response = try await server.send("HEAD", path, token: token)
      #expect(response.status == 405, "\(path)")
      #expect(response.headers["allow"]?.contains("GET") == true, "\(path)")
      #expect(response.headers["allow"]?.contains("HEAD") == false, "\(path)")
      #expect(response.headers["content-type"] == "application/json; charset=utf-8", "\(path)")
    }
    #expect(try await server.send("HEAD", "/v1/nothing").status == 404)
    #expect(server.backend.requests.count("GET", "/v1/users/me") == 0)
  }

  @Test("an oversize HEAD to a GET path is still 405 first (404/405 before 413)")
  func head_withOversizeBody_answers405() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let large = Data(repeating: UInt8(ascii: "a"), count: 64 * 1024 + 1)
    let response = try await server.send("HEAD", "/v1/users/me", body: large)
    #expect(response.status == 405)
  }

  @Test("ride, list, queue and receipt dates are whole seconds with Z, like every other date")
  func rideDates_areWholeSecondsWithZ() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    server.clock.advance(by: 0.375)
    let (passenger, driver, ride) = try await server.requestedRide()
    let other = try await server.passenger()
    let waiting = try await server.requestRide(other)
    var answers = [
      try await server.ride(ride.id, by: passenger),
      try await server.send("GET", "/v1/driver/queue", token: driver.token),
    ]
    for step in ["accept", "arrive", "start", "complete"] {
      server.clock.advance(by: 0.25)
      answers.append(try await server.step(step, ride.id, by: driver))
    }
    answers.append(try await server.receipt(ride.id, by: passenger))
    answers.append(try await server.send("GET", "/v1/rides", token: passenger.token))
    answers.append(
      try await server.send("POST", "/v1/rides/\(waiting.id)/cancel", token: other.token))
    let dates = answers.filter { $0.status == 200 }.flatMap { Self.dates(in: $0.body) }
    #expect(answers.filter { $0.status == 200 }.count == 9)
    #expect(dates.count == 19)
    #expect(dates.allSatisfy(Self.isWholeSecondUTC), "\(dates)")
    #expect(dates.contains("2026-11-21T08:30:01Z"))
  }

  @Test("every answer, success or error, is application/json; charset=utf-8")
  func contentType_onEveryKindOfAnswer() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let created = try await server.signUp("dan@example.com", type: "driver")
    var answers = [created, try await server.signIn("dan@example.com")]
    answers.append(try await server.signIn("nobody@example.com"))
    answers.append(try await server.send("GET", "/v1/users/me"))
    answers.append(try await server.send("GET", "/v1/nothing"))
    answers.append(try await server.send("PUT", "/v1/users/me"))
    answers.append(
      try await server.send(
        "POST", "/v1/auth/sign-up", body: Data(repeating: 32, count: 64 * 1024 + 1)))
    answers.append(try await server.send("POST", "/v1/auth/sign-up", body: Data("[]".utf8)))
    #expect(answers.map(\.status) == [201, 202, 401, 401, 404, 405, 413, 400])
    for answer in answers {
      #expect(answer.headers["content-type"] == "application/json; charset=utf-8")
    }
  }

  /// Every ISO-8601-looking string value in a JSON body.
  static func dates(in body: Data) -> [String] {
    var found: [String] = []
    func walk(_ value: Any) {
      if let text = value as? String, text.count >= 20, text.dropFirst(4).first == "-",
        text.dropFirst(10).first == "T"
      {
        found.append(text)
      } else if let object = value as? [String: Any] {
        object.values.forEach(walk)
      } else if let array = value as? [Any] {
        array.forEach(walk)
      }
    }
    if let json = try? JSONSerialization.jsonObject(with: body) { walk(json) }
    return found
  }

  /// `YYYY-MM-DDTHH:MM:SSZ` exactly: API.md's example form.
  static func isWholeSecondUTC(_ text: String) -> Bool {
    let digits = Set("0123456789")
    let shape = Array("dddd-dd-ddTdd:dd:ddZ")
    let characters = Array(text)
    guard characters.count == shape.count else { return false }
    return zip(characters, shape).allSatisfy { character, expected in
      expected == "d" ? digits.contains(character) : character == expected
    }
  }
}
