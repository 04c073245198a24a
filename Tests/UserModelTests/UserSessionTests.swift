import Foundation
import Testing
import UserModel
import WireFormat

@Suite("UserSession: expiry, optional tokens, its own JSON")
struct UserSessionTests {
  /// The package's own form of a session (not any server's), with only the required fields.
  static let modelJSON = """
    {"user": {"id": "42", "identifier": "rita", "type": "rider"},
     "accessToken": "at", "accessTokenExpiresAt": "2026-11-21T08:30:00Z"}
    """

  static let expiresAt = Date(timeIntervalSince1970: 1_795_249_800)  // 2026-11-21T08:30:00Z

  static let rita = User(id: "42", identifier: "rita", name: nil, type: UserType("rider"))

  static func session(expiresAt: Date = expiresAt) -> UserSession {
    UserSession(
      user: User(
        id: "usr_1", identifier: "ann@example.com", email: "ann@example.com", name: nil,
        type: .admin),
      accessToken: "tok", accessTokenExpiresAt: expiresAt,
      refreshToken: "rft", refreshTokenExpiresAt: expiresAt.addingTimeInterval(30 * 86_400))
  }

  @Test("a session with only an access token decodes: no refresh token, ID token or scope")
  func decodesMinimal() throws {
    let session = try WireJSON.decoder().decode(UserSession.self, from: Data(Self.modelJSON.utf8))
    #expect(
      session
        == UserSession(user: Self.rita, accessToken: "at", accessTokenExpiresAt: Self.expiresAt))
    #expect(session.refreshToken == nil && session.idToken == nil && session.scope == nil)
    #expect(session.user.email == nil)
  }

  @Test("every field round-trips through the session's own JSON")
  func roundTrips() throws {
    let full = UserSession(
      user: User(id: "7", identifier: "Ann.Lee", email: "ann@example.com", name: "Ann",
        type: .member),
      accessToken: "at", accessTokenExpiresAt: Self.expiresAt, refreshToken: "rt",
      refreshTokenExpiresAt: Self.expiresAt.addingTimeInterval(86_400), idToken: "a.b.c",
      scope: "openid profile")
    for session in [full, Self.session(), UserSession(
      user: Self.rita, accessToken: "at", accessTokenExpiresAt: Self.expiresAt)]
    {
      let data = try WireJSON.encoder().encode(session)
      #expect(try WireJSON.decoder().decode(UserSession.self, from: data) == session)
    }
  }

  @Test("an empty access or refresh token is refused")
  func emptyTokens() {
    let emptyAccess = Self.modelJSON.replacingOccurrences(of: #""at""#, with: #""""#)
    let emptyRefresh = Self.modelJSON.replacingOccurrences(
      of: #""accessToken""#, with: #""refreshToken": "", "accessToken""#)
    for json in [emptyAccess, emptyRefresh] {
      #expect(throws: DecodingError.self) {
        try WireJSON.decoder().decode(UserSession.self, from: Data(json.utf8))
      }
    }
  }

  @Test("no token shows in description or dump, present or absent")
  func redaction() {
    let session = UserSession(
      user: Self.rita, accessToken: "secret-at", accessTokenExpiresAt: Self.expiresAt,
      refreshToken: "secret-rt", idToken: "secret-id")
    var dumped = ""
    dump(session, to: &dumped)
    for text in [session.description, session.debugDescription, dumped] {
      #expect(!text.contains("secret"))
      #expect(text.contains("<redacted>"))
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

  @Test("the refresh token expires at its own time, and the session can be renewed until then")
  func refreshExpiry() {
    let session = Self.session()
    let refreshEnd = Self.expiresAt.addingTimeInterval(30 * 86_400)
    #expect(!session.isRefreshExpired(at: refreshEnd.addingTimeInterval(-1)))
    #expect(session.canRenew(at: refreshEnd.addingTimeInterval(-1)))
    #expect(session.isRefreshExpired(at: refreshEnd))
    #expect(!session.canRenew(at: refreshEnd))
    #expect(session.hasEnded(at: refreshEnd))
    #expect(!session.hasEnded(at: Self.expiresAt))
  }

  @Test("without a refresh token a session cannot be renewed and ends when its access token does")
  func withoutRefreshToken() {
    let session = UserSession(
      user: Self.rita, accessToken: "at", accessTokenExpiresAt: Self.expiresAt)
    #expect(!session.canRenew(at: Self.expiresAt.addingTimeInterval(-600)))
    #expect(!session.isRefreshExpired(at: Self.expiresAt.addingTimeInterval(600)))
    #expect(!session.hasEnded(at: Self.expiresAt.addingTimeInterval(-1)))
    #expect(session.hasEnded(at: Self.expiresAt))
  }

  @Test("a refresh token without a known expiry lives until the server refuses it")
  func refreshWithoutExpiry() {
    let session = UserSession(
      user: Self.rita, accessToken: "at", accessTokenExpiresAt: Self.expiresAt,
      refreshToken: "rt")
    let later = Self.expiresAt.addingTimeInterval(10 * 365 * 86_400)
    #expect(session.canRenew(at: later))
    #expect(!session.hasEnded(at: later))
  }
}

@Suite("Token shapes")
struct TokenShapeTests {
  @Test("access tokens are RFC 6750 b64token, refresh tokens visible ASCII")
  func shapes() {
    for good in ["at", "eyJ.abc-_~+/=", "tok_Zk3pQ9vW1xY7bN4cR8sT2uH6", "abc=="] {
      #expect(UserSession.isWellFormedAccessToken(good), "\(good)")
    }
    for bad in ["", "a b", "a\r\nX-Injected: 1", "a\u{0}", "=abc", "ab=c", "é", "a\tb"] {
      #expect(!UserSession.isWellFormedAccessToken(bad), "\(bad.debugDescription)")
    }
    #expect(UserSession.isWellFormedRefreshToken("a b ~!"))
    for bad in ["", "a\nb", "a\u{0}", "é", "a\u{7F}"] {
      #expect(!UserSession.isWellFormedRefreshToken(bad), "\(bad.debugDescription)")
    }
  }

  @Test("a session whose token would break the Authorization header does not decode")
  func refusedOnDecode() {
    let broken = UserSessionTests.modelJSON.replacingOccurrences(
      of: #""at""#, with: #""at\r\nX-Injected: 1""#)
    #expect(throws: DecodingError.self) {
      try WireJSON.decoder().decode(UserSession.self, from: Data(broken.utf8))
    }
  }
}
