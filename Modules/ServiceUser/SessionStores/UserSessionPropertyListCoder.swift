import Foundation
import LoginCore
import UserModel

/// Encodes a session as a binary property list with a format version, so a later release
/// can still read what this one wrote.
///
/// The stored shape is its own flat record, not `UserSession`'s Codable form: a change to the
/// model's coding keys can never make a stored session unreadable. A version newer than
/// `currentFormatVersion` is refused with `.refused(.updateRequired)` instead of being
/// guessed at.
///
/// ```swift
/// let data = try UserSessionPropertyListCoder.encode(session)
/// let again = try UserSessionPropertyListCoder.decode(data)
/// ```
public enum UserSessionPropertyListCoder {
  /// The format this release writes; it reads every format up to this one. Format 1 (a
  /// session of an email and a required refresh pair, the first adapter's) was written
  /// before 2026-11-26; format 2 holds an identifier, an optional email, optional refresh
  /// and ID tokens and the scope; format 3 adds the issuer (`UserSession.issuer`).
  public static let currentFormatVersion = 3

  /// Encodes a session.
  /// - Parameter session: The session to store.
  /// - Returns: Binary property-list bytes.
  /// - Throws: `.unavailable(.storage(_:))` if the encoder fails.
  public static func encode(_ session: UserSession) throws(AuthFailure) -> Data {
    let user = session.user
    let record = StoredSessionV3(
      formatVersion: currentFormatVersion, userID: user.id, identifier: user.identifier,
      email: user.email, name: user.name, type: user.type.rawValue,
      accessToken: session.accessToken, accessTokenExpiresAt: session.accessTokenExpiresAt,
      refreshToken: session.refreshToken, refreshTokenExpiresAt: session.refreshTokenExpiresAt,
      idToken: session.idToken, scope: session.scope, issuer: session.issuer)
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    do {
      return try encoder.encode(record)
    } catch {
      throw .unavailable(.storage("the session could not be encoded"))
    }
  }

  /// Decodes a stored session.
  /// - Parameter data: Bytes written by `encode(_:)` of this or an earlier release.
  /// - Returns: The session.
  /// - Throws: `.refused(.updateRequired)` for a newer format,
  ///   `.unavailable(.sessionUnreadable(_:))` for anything else that is not a stored session.
  public static func decode(_ data: Data) throws(AuthFailure) -> UserSession {
    let decoder = PropertyListDecoder()
    let version = try formatVersion(of: data)
    guard version <= currentFormatVersion else { throw .refused(.updateRequired) }
    switch version {
    case 1:
      return try session(from: read(StoredSessionV1.self, from: data, with: decoder))
    case 2, 3:
      // Format 3 is format 2 plus an optional field, so it reads both.
      return try session(from: read(StoredSessionV3.self, from: data, with: decoder))
    default:
      throw .unavailable(.sessionUnreadable("unknown format version \(version)"))
    }
  }

  /// The format version stored bytes were written in, read before anything else so that a
  /// store can rewrite an older format in the current one.
  /// - Parameter data: Stored bytes.
  /// - Returns: The version.
  /// - Throws: `.unavailable(.sessionUnreadable(_:))` when the bytes are not a stored session.
  public static func formatVersion(of data: Data) throws(AuthFailure) -> Int {
    do {
      return try PropertyListDecoder().decode(FormatHeader.self, from: data).formatVersion
    } catch {
      throw .unavailable(.sessionUnreadable("not a session property list"))
    }
  }

  private static func read<Record: Decodable>(
    _ type: Record.Type, from data: Data, with decoder: PropertyListDecoder
  ) throws(AuthFailure) -> Record {
    do {
      return try decoder.decode(Record.self, from: data)
    } catch {
      throw .unavailable(.sessionUnreadable("a field is missing or of the wrong type"))
    }
  }

  private static func userType(_ raw: String) throws(AuthFailure) -> UserType {
    guard let type = UserType(rawValue: raw) else {
      throw .unavailable(.sessionUnreadable("malformed account type"))
    }
    return type
  }

  /// Format 1 held the identifier in `email`: an email for an email app, a username (or an
  /// OIDC `preferred_username` or `sub`) otherwise, so it is the email only when it has an @.
  private static func session(from record: StoredSessionV1) throws(AuthFailure)
    -> UserSession
  {
    let user = User(
      id: record.userID, identifier: record.email,
      email: record.email.contains("@") ? record.email : nil, name: record.name,
      type: try userType(record.type))
    return UserSession(
      user: user, accessToken: record.token, accessTokenExpiresAt: record.expiresAt,
      refreshToken: record.refreshToken, refreshTokenExpiresAt: record.refreshExpiresAt)
  }

  private static func session(from record: StoredSessionV3) throws(AuthFailure)
    -> UserSession
  {
    let user = User(
      id: record.userID, identifier: record.identifier, email: record.email,
      name: record.name, type: try userType(record.type))
    guard UserSession.isWellFormedAccessToken(record.accessToken),
      record.refreshToken.map(UserSession.isWellFormedRefreshToken) ?? true
    else {
      throw .unavailable(.sessionUnreadable("a malformed token"))
    }
    return UserSession(
      user: user, accessToken: record.accessToken,
      accessTokenExpiresAt: record.accessTokenExpiresAt, refreshToken: record.refreshToken,
      refreshTokenExpiresAt: record.refreshTokenExpiresAt, idToken: record.idToken,
      scope: record.scope, issuer: record.issuer)
  }
}

/// Only the version, read first so a newer format is recognised before its fields are.
struct FormatHeader: Decodable {
  let formatVersion: Int
}

/// Format 1 of a stored session, read only. Never change its fields.
private struct StoredSessionV1: Codable {
  let formatVersion: Int
  let userID: String
  let email: String
  let name: String?
  let type: String
  let token: String
  let expiresAt: Date
  let refreshToken: String
  let refreshExpiresAt: Date
}

/// Format 3 of a stored session: format 2's fields plus the issuer, which format 2 files
/// lack. Never change its fields: add a StoredSessionV4 instead.
private struct StoredSessionV3: Codable {
  let formatVersion: Int
  let userID: String
  let identifier: String
  let email: String?
  let name: String?
  let type: String
  let accessToken: String
  let accessTokenExpiresAt: Date
  let refreshToken: String?
  let refreshTokenExpiresAt: Date?
  let idToken: String?
  let scope: String?
  let issuer: String?
}
