import Foundation
import KooberWire
import Testing
import UserModel
import WireFormat

@Suite("API.md's Session and User through KooberWire")
struct KooberWireSessionTests {
  static let sessionJSON = """
    {"user": {"id": "usr_7QK2MX", "email": "ann@example.com", "name": "Ann",
              "type": "passenger"},
     "token": "tok_Zk3pQ9vW1xY7bN4cR8sT2uH6", "expiresAt": "2026-11-21T08:30:00Z",
     "refreshToken": "rft_M5nB7vC9xZ1aS3dF5gH7jK9l", "refreshExpiresAt": "2026-12-21T08:15:00Z"}
    """

  static let expiresAt = Date(timeIntervalSince1970: 1_795_249_800)  // 2026-11-21T08:30:00Z

  @Test("an API Session object decodes with its dates, user and tokens")
  func decodesSession() throws {
    let session = try WireJSON.decoder().decode(
      KooberWire.Session.self, from: Data(Self.sessionJSON.utf8)
    ).session
    let expected = UserSession(
      user: User(
        id: "usr_7QK2MX", identifier: "ann@example.com", email: "ann@example.com", name: "Ann",
        type: .passenger),
      accessToken: "tok_Zk3pQ9vW1xY7bN4cR8sT2uH6", accessTokenExpiresAt: Self.expiresAt,
      refreshToken: "rft_M5nB7vC9xZ1aS3dF5gH7jK9l",
      refreshTokenExpiresAt: Date(timeIntervalSince1970: 1_797_840_900))
    #expect(session == expected)
  }

  @Test("a User with name null, and one without the key, decode to a nil name")
  func decodesNullName() throws {
    let withNull = #"{"id": "usr_2", "email": "bo@example.com", "name": null, "type": "driver"}"#
    let withoutKey = #"{"id": "usr_2", "email": "bo@example.com", "type": "driver"}"#
    let expected = User(
      id: "usr_2", identifier: "bo@example.com", email: "bo@example.com", name: nil, type: .driver)
    for json in [withNull, withoutKey] {
      #expect(
        try WireJSON.decoder().decode(KooberWire.User.self, from: Data(json.utf8)).user
          == expected)
    }
    let session = Self.sessionJSON.replacingOccurrences(of: #""Ann""#, with: "null")
    let decoded = try WireJSON.decoder().decode(
      KooberWire.Session.self, from: Data(session.utf8))
    #expect(decoded.user.name == nil)
  }

  @Test("a User encodes name null explicitly, and a session round-trips through JSON")
  func encodes() throws {
    let dan = User(
      id: "usr_1", identifier: "dan@example.com", email: "dan@example.com", name: nil,
      type: .driver)
    let session = UserSession(
      user: dan, accessToken: "tok", accessTokenExpiresAt: Self.expiresAt, refreshToken: "rft",
      refreshTokenExpiresAt: Self.expiresAt.addingTimeInterval(86_400))
    let data = try WireJSON.encoder().encode(KooberWire.User(session.user))
    #expect(
      String(decoding: data, as: UTF8.self)
        == #"{"email":"dan@example.com","id":"usr_1","name":null,"type":"driver"}"#)
    let wire = KooberWire.Session(
      user: session.user, token: session.accessToken, expiresAt: session.accessTokenExpiresAt,
      refreshToken: session.refreshToken ?? "",
      refreshExpiresAt: session.refreshTokenExpiresAt ?? .distantFuture)
    let roundTrip = try WireJSON.decoder().decode(
      KooberWire.Session.self, from: WireJSON.encoder().encode(wire))
    #expect(roundTrip.session == session)
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
      try WireJSON.decoder().decode(KooberWire.Session.self, from: Data(json.utf8))
    }
  }
}

@Suite("API.md's request bodies through KooberWire")
struct KooberWireBodyTests {
  @Test("the sign-in and sign-up bodies carry the identifier as API.md's email")
  func bodies() throws {
    let encoder = WireJSON.encoder()
    let signIn = KooberWire.SignInBody(
      SignInCredentials(identifier: "ann@example.com", password: "trail3rs"))
    #expect(
      String(decoding: try encoder.encode(signIn), as: UTF8.self)
        == #"{"email":"ann@example.com","password":"trail3rs"}"#)
    let form = SignUpCredentials(
      identifier: "ann@example.com", password: "trail3rs", name: nil, type: .driver)
    #expect(
      String(decoding: try encoder.encode(KooberWire.SignUpBody(form)), as: UTF8.self)
        == #"{"email":"ann@example.com","password":"trail3rs","type":"driver"}"#)
    #expect(KooberWire.SignUpBody(form).form == form)
  }

  @Test("no body shows its password, and no Session its tokens, in description or dump")
  func redaction() {
    let signIn = KooberWire.SignInBody(SignInCredentials(identifier: "a@b.co", password: "pw-1"))
    let signUp = KooberWire.SignUpBody(
      SignUpCredentials(identifier: "a@b.co", password: "pw-2", name: "A", type: .passenger))
    var dumped = ""
    dump(signIn, to: &dumped)
    dump(signUp, to: &dumped)
    for text in [signIn.description, signUp.description, dumped] {
      #expect(!text.contains("pw-"))
    }
    let session = KooberWire.Session(
      user: User(id: "u", identifier: "a@b.co", name: nil, type: .passenger),
      token: "tok-secret", expiresAt: Date(), refreshToken: "rft-secret",
      refreshExpiresAt: Date())
    var dumpedSession = ""
    dump(session, to: &dumpedSession)
    for text in [session.description, session.debugDescription, "\(session)", dumpedSession] {
      #expect(!text.contains("secret"))
    }
  }
}
