import Foundation
import LoopbackServer
import Testing

/// Text from outside — a server's names, places and error messages, a person's typed lines —
/// reaches the terminal harmless: no escape sequence, no control character, no line break
/// that could draw a fake screen title, and an error stays one line.
@Suite("hostile text")
struct HostileTextTests {
  /// Clears the screen, retitles the window, rings the bell, and breaks the line to draw a
  /// fake title, then reverses the text after it.
  static let evil = "Eve\u{1B}]0;pwned\u{07}\u{1B}[2J\r\n[Welcome]\n\u{202E}X\u{0}"

  /// A name API.md allows (no control character) that still reverses the text after it.
  static let reversingName = "Eve \u{202E}gnp.exe"

  /// A server that signs anyone in as a passenger named `reversingName`, whose places and
  /// messages are `evil`, and whose fare estimates fail with a long, multi-line,
  /// escape-laden message.
  /// A server that signs anyone in as one passenger with the given name, and answers the
  /// session check.
  private func passengerServer(id: String, email: String, _ name: String) throws
    -> LoopbackServer
  {
    let server = try LoopbackServer()
    let user: JSONValue = ["id": .string(id), "email": .string(email), "name": .string(name),
      "type": "passenger"]
    let later = "2099-01-01T00:00:00Z"
    server.route(.post, "/v1/auth/sign-in") { _ in
      .json([
        "user": user, "token": "tok_0123456789abcdef0123456789", "expiresAt": .string(later),
        "refreshToken": "ref_0123456789abcdef0123456789", "refreshExpiresAt": .string(later),
      ] as JSONValue)
    }
    server.route(.get, "/v1/auth/session") { _ in
      .json(["user": user, "expiresAt": .string(later)] as JSONValue)
    }
    return server
  }

  private func evilServer() throws -> LoopbackServer {
    let server = try passengerServer(id: "usr_eve", email: "eve@example.com", Self.reversingName)
    let place: JSONValue = [
      "latitude": -33.86, "longitude": 151.21, "address": .string(Self.evil),
    ]
    let later = "2099-01-01T00:00:00Z"
    server.route(.get, "/v1/locations/search") { _ in .json(["locations": [place]] as JSONValue) }
    server.route(.post, "/v1/fares/estimate") { _ in
      .error(
        status: 418, code: "teapot\u{1B}[31m",
        message: Self.evil + String(repeating: " and on", count: 500))
    }
    server.route(.get, "/v1/dev/outbox") { _ in
      .json([
        "messages": [
          ["to": "eve@example.com", "body": .string(Self.evil), "sentAt": .string(later)]
        ]
      ] as JSONValue)
    }
    let fare: JSONValue = ["amount": 900, "currency": "AUD"]
    let ride: JSONValue = [
      "id": "ride_EVIL1", "passengerId": "usr_eve", "driverId": nil, "pickup": place,
      "destination": place, "vehicleType": "wallaby", "status": "completed", "fare": fare,
      "requestedAt": .string(later), "updatedAt": .string(later),
    ]
    server.route(.get, "/v1/rides") { _ in .json(["rides": [ride], "next": nil] as JSONValue) }
    server.route(.get, "/v1/rides/{id}/receipt") { _ in
      .json([
        "rideId": "ride_EVIL1", "fare": fare, "distanceKm": 1.5, "durationMinutes": 5,
        "completedAt": .string(later),
      ] as JSONValue)
    }
    return server
  }

  /// The characters that must never reach a terminal from outside text.
  private func controls(in text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { scalar in
      (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
        || (0x202A...0x202E).contains(scalar.value)
    }
  }

  @Test("a server's names, places, messages and errors are written harmless, errors one line")
  func serverText() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let server = try evilServer()
    defer { server.stop() }
    let url = server.baseURL.absoluteString

    let signIn = try await fixture.run(
      on: url, ["sign-in", "--email", "eve@example.com", "--password-stdin"], stdin: "Pass1234\n")
    #expect(signIn.status == 0)
    #expect(signIn.stdout.split(separator: "\n").count == 1)
    #expect(signIn.stdout == "Signed in as Eve \u{FFFD}gnp.exe <eve@example.com> (passenger).\n")
    for arguments in [["status"], ["outbox", "--to", "eve@example.com"], ["rides", "list"]] {
      let result = try await fixture.run(on: url, arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(result.stdout.split(separator: "\n").count == 1, "\(arguments)")
      #expect(controls(in: result.stdout + result.stderr).isEmpty, "\(arguments)")
    }
    let export = try await fixture.run(on: url, ["rides", "export"])
    #expect(export.status == 0, "\(export.stderr)")
    let rows = export.stdout.components(separatedBy: "\r\n")
    #expect(rows.count == 3 && rows[2].isEmpty, "\(rows)")
    #expect(controls(in: rows.joined() + export.stderr).isEmpty)

    let estimate = try await fixture.run(on: url, ["rides", "estimate", "--to", "quay"])
    #expect(estimate.status == 1)
    #expect(estimate.stderr.hasPrefix("koober: The server answered something unexpected: "))
    #expect(estimate.stderr.split(separator: "\n").count == 1)
    #expect(estimate.stderr.count < 500)
    #expect(controls(in: estimate.stdout + estimate.stderr).isEmpty)

    let screens = try await fixture.run(on: url, [], stdin: "Estimate a fare\nquay\n1\n")
    #expect(screens.status == 0)
    #expect(screens.titles == ["[Passenger home]", "[Fare estimate]"])
    #expect(Transcript.alerts(in: screens.stdout).count == 1)
    #expect(controls(in: screens.stdout + screens.stderr).isEmpty)
  }

  /// Bidi marks, zero-width and tag characters and a stack of 40 combining marks: all
  /// allowed in a name by API.md (none is a control character), none harmless on a terminal.
  static let invisibleName =
    "A\u{200E}n\u{200F}n\u{061C} \u{200B}\u{2060}\u{FEFF}Z\u{E0041}\u{E0042} e"
    + String(repeating: "\u{0301}", count: 40) + " \u{1F469}\u{200D}\u{1F4BB} \u{1F3F4}"
    + "\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"

  @Test("bidi, zero-width and tag characters and stacked combining marks in names are tamed")
  func invisibleCharacters() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let server = try passengerServer(id: "usr_ann", email: "ann@example.com", Self.invisibleName)
    defer { server.stop() }
    let url = server.baseURL.absoluteString
    // Bidi controls show as U+FFFD; other invisible characters go, except the joiner and the
    // tags that build one emoji; four accents stay on the e.
    let shown =
      "A\u{FFFD}n\u{FFFD}n\u{FFFD} Z e" + String(repeating: "\u{0301}", count: 4)
      + " \u{1F469}\u{200D}\u{1F4BB} \u{1F3F4}"
      + "\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"

    let signIn = try await fixture.run(
      on: url, ["sign-in", "--email", "ann@example.com", "--password-stdin"], stdin: "Pass1234\n")
    #expect(signIn.status == 0, "\(signIn.stderr)")
    #expect(signIn.stdout.unicodeScalars.elementsEqual(
      "Signed in as \(shown) <ann@example.com> (passenger).\n".unicodeScalars))
    let status = try await fixture.run(on: url, ["status"])
    #expect(status.status == 0, "\(status.stderr)")
    #expect(status.stdout.contains(shown), "\(status.stdout.unicodeScalars.map(\.value))")
    let hidden: [ClosedRange<UInt32>] = [
      0x061C...0x061C, 0x200B...0x200C, 0x200E...0x200F, 0x2060...0x2064, 0xFEFF...0xFEFF,
      0xE0041...0xE0042,
    ]
    let leaked = (signIn.stdout + status.stdout).unicodeScalars.filter { scalar in
      hidden.contains { $0.contains(scalar.value) }
    }
    #expect(leaked.isEmpty, "\(leaked.map(\.value))")
  }

  @Test("typed lines with escapes, NUL, emoji and great length are echoed harmless and refused")
  func typedText() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let answers = [
      "\u{1B}[2J1", "Sign up", "ann@example.com", String(repeating: "x", count: 10_000),
      "Pass1234", "Ann \u{1B}]0;t\u{07}", "Ann 😀\u{0}", "Ann 😀", "driver\u{0}", "passenger",
      "Estimate a fare", "\u{1B}[2Jopera", "back", "Your profile",
    ]
    let session = try await fixture.run([], stdin: answers.joined(separator: "\n") + "\n")
    #expect(session.status == 0)
    #expect(
      session.titles == [
        "[Welcome]", "[Sign up]", "[Passenger home]", "[Fare estimate]", "[Passenger home]",
        "[Profile]",
      ])
    #expect(controls(in: session.stdout + session.stderr).isEmpty)
    #expect(session.stdout.contains("Name:  Ann 😀\n"))
    let refusals = Transcript.alerts(in: session.stdout)
    // The menu answer, the password, two names, the type and the search: one alert each.
    #expect(refusals.count == 6, "\(refusals)")
  }
}
