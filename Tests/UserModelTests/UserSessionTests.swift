import Foundation
import Testing
import UserModel
import WireFormat

@Suite("UserSession expiry and JSON")
struct UserSessionTests {
  static let sessionJSON = """
    {"user": {"id": "usr_7QK2MX", "email": "ann@example.com", "name": "Ann",
              "type": "passenger"},
     "token": "tok_Zk3pQ9vW1xY7bN4cR8sT2uH6", "expiresAt": "2026-11-21T08:30:00Z",
     "refreshToken": "rft_M5nB7vC9xZ1aS3dF5gH7jK9l", "refreshExpiresAt": "2026-12-21T08:15:00Z"}
    """

  static let expiresAt = Date(timeIntervalSince1970: 1_795_249_800)  // 2026-11-21T08:30:00Z

  static func session(expiresAt: Date = expiresAt) -> UserSession {
    UserSession(
      user: User(id: "usr_1", email: "ann@example.com", name: nil, type: .driver),
      token: "tok", expiresAt: expiresAt,
      refreshToken: "rft", refreshExpiresAt: expiresAt.addingTimeInterval(30 * 86_400))
  }

  @Test("an API Session object decodes with its dates, user and tokens")
  func decodesSession() throws {
    let session = try WireJSON.decoder().decode(
      UserSession.self, from: Data(Self.sessionJSON.utf8))
    let expected = UserSession(
      user: User(id: "usr_7QK2MX", email: "ann@example.com", name: "Ann", type: .passenger),
      token: "tok_Zk3pQ9vW1xY7bN4cR8sT2uH6", expiresAt: Self.expiresAt,
      refreshToken: "rft_M5nB7vC9xZ1aS3dF5gH7jK9l",
      refreshExpiresAt: Date(timeIntervalSince1970: 1_797_840_900))
    #expect(session == expected)
  }

  @Test("a User with name null, and one without the key, decode to a nil name")
  func decodesNullName() throws {
    let withNull = #"{"id": "usr_2", "email": "bo@example.com", "name": null, "type": "driver"}"#
    let withoutKey = #"{"id": "usr_2", "email": "bo@example.com", "type": "driver"}"#
    let expected = User(id: "usr_2", email: "bo@example.com", name: nil, type: .driver)
    for json in [withNull, withoutKey] {
      #expect(try WireJSON.decoder().decode(User.self, from: Data(json.utf8)) == expected)
    }
    let session = Self.sessionJSON.replacingOccurrences(of: #""Ann""#, with: "null")
    let decoded = try WireJSON.decoder().decode(UserSession.self, from: Data(session.utf8))
    #expect(decoded.user.name == nil)
  }

  @Test("a User encodes name null explicitly, and a session round-trips through JSON")
  func encodes() throws {
    let session = Self.session()
    let data = try WireJSON.encoder(dates: .wholeSeconds).encode(session.user)
    #expect(
      String(decoding: data, as: UTF8.self)
        == #"{"email":"ann@example.com","id":"usr_1","name":null,"type":"driver"}"#)
    let roundTrip = try WireJSON.decoder().decode(
      UserSession.self, from: WireJSON.encoder(dates: .wholeSeconds).encode(session))
    #expect(roundTrip == session)
  }

  @Test(
    "a malformed user type, a missing token or a malformed date fail to decode",
    arguments: [
      Self.sessionJSON.replacingOccurrences(of: "passenger", with: "Pilot 1"),
      Self.sessionJSON.replacingOccurrences(of: #""token": "#, with: #""tokn": "#),
      Self.sessionJSON.replacingOccurrences(of: "2026-11-21T08:30:00Z", with: "yesterday"),
      Self.sessionJSON.replacingOccurrences(of: "2026-11-21T08:30:00Z", with: "1795336200"),
    ]
  )
  func rejectsBadSessions(json: String) {
    #expect(throws: DecodingError.self) {
      try WireJSON.decoder().decode(UserSession.self, from: Data(json.utf8))
    }
  }

  @Test("a session is expired from its expiry instant on, not a second before")
  func expiry() {
    let session = Self.session()
    #expect(!session.isExpired(at: Self.expiresAt.addingTimeInterval(-0.001)))
    #expect(session.isExpired(at: Self.expiresAt))
    #expect(session.isExpired(at: Self.expiresAt.addingTimeInterval(1)))
  }

  @Test("a session expires soon within a minute of its expiry, and after it")
  func expiresSoon() {
    let session = Self.session()
    #expect(!session.expiresSoon(at: Self.expiresAt.addingTimeInterval(-61)))
    #expect(session.expiresSoon(at: Self.expiresAt.addingTimeInterval(-60)))
    #expect(session.expiresSoon(at: Self.expiresAt.addingTimeInterval(-1)))
    #expect(session.expiresSoon(at: Self.expiresAt.addingTimeInterval(600)))
    #expect(!session.expiresSoon(at: Self.expiresAt.addingTimeInterval(-11), within: 10))
    #expect(session.expiresSoon(at: Self.expiresAt.addingTimeInterval(-10), within: 10))
    #expect(UserSession.renewalMargin == 60)
  }

  @Test("the refresh token expires at its own time")
  func refreshExpiry() {
    let session = Self.session()
    let refreshEnd = Self.expiresAt.addingTimeInterval(30 * 86_400)
    #expect(!session.isRefreshExpired(at: refreshEnd.addingTimeInterval(-1)))
    #expect(session.isRefreshExpired(at: refreshEnd))
  }
}
