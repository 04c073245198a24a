import Foundation
import ServiceUserTestSupport
import UserModel

/// JSON texts a conforming server may send that the reference backend never does.
enum ScriptedJSON {
  /// A Session with fractional seconds, `+00:00` offsets, no `name`, and fields API.md does not
  /// name, at the top level and inside `user`.
  static let session = """
    {"user": {"id": "usr_ann", "email": "ann@example.com", "type": "passenger",
              "avatarUrl": "https://example.com/a.png", "createdAt": "2026-01-01T00:00:00Z"},
     "token": "access-1", "expiresAt": "2026-11-21T08:45:00.250Z",
     "refreshToken": "refresh-1", "refreshExpiresAt": "2026-12-21T08:30:00+00:00",
     "tokenType": "Bearer", "scopes": ["rides"], "server": {"region": "syd"}}
    """

  /// The session `session` describes.
  static let expectedSession = UserSession(
    user: User(
      id: "usr_ann", identifier: "ann@example.com", email: "ann@example.com", name: nil,
      type: .passenger),
    accessToken: "access-1", accessTokenExpiresAt: ScriptedHarness.now + 900.25,
    refreshToken: "refresh-1", refreshTokenExpiresAt: ScriptedHarness.now + 30 * 86_400,
    issuer: Fixtures.issuer)
}
