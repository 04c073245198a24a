import Foundation
import KooberWire
import UserModel
import WireFormat

/// Sessions, JSON bodies and services for the tests that run without a server.
public enum Fixtures {
  /// 2027-01-15T08:00:00Z: the start of every fake-transport test's clock.
  public static let start = Date(timeIntervalSince1970: 1_800_000_000)
  /// A passenger.
  public static let ann = User(
    id: "usr_ann", identifier: "ann@example.com", email: "ann@example.com", name: "Ann",
    type: .passenger)
  /// A driver.
  public static let dan = User(
    id: "usr_dan", identifier: "dan@example.com", email: "dan@example.com", name: nil, type: .driver
  )

  /// The identity the test harnesses' adapters record in sessions: `Harness`'s base URL,
  /// given to the others' adapters too.
  public static let issuer = "http://127.0.0.1:9"

  /// A session whose access token lives `accessLife` seconds from `start`, issued by
  /// `issuer`.
  public static func session(
    _ user: User = ann, number: Int = 1, accessLife: TimeInterval = 900,
    refreshLife: TimeInterval = 30 * 86_400, from moment: Date = start
  ) -> UserSession {
    UserSession(
      user: user, accessToken: "access-\(number)", accessTokenExpiresAt: moment + accessLife,
      refreshToken: "refresh-\(number)", refreshTokenExpiresAt: moment + refreshLife,
      issuer: issuer)
  }

  /// The API's JSON for a session (API.md's Session, through KooberWire).
  public static func json(_ session: UserSession) -> String {
    let wire = KooberWire.Session(
      user: session.user, token: session.accessToken,
      expiresAt: session.accessTokenExpiresAt, refreshToken: session.refreshToken ?? "",
      refreshExpiresAt: session.refreshTokenExpiresAt ?? .distantFuture)
    let data = (try? WireJSON.encoder().encode(wire)) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }

  /// The API's JSON for a user (API.md's User, through KooberWire).
  public static func json(_ user: User) -> String {
    let data =
      (try? WireJSON.encoder().encode(KooberWire.User(user)))
      ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}
