import Foundation
import UserModel

/// Encodes a session as a binary property list with a format version (seeds/002's
/// UserSessionPropertyListCoder), so a later release can still read what this one wrote.
///
/// The stored shape is its own flat record, not `UserSession`'s Codable form: a change to the
/// model's coding keys can never make a stored session unreadable. A version newer than
/// `currentFormatVersion` is refused with `.unsupportedVersion` instead of being guessed at.
///
/// ```swift
/// let data = try UserSessionPropertyListCoder.encode(session)
/// let again = try UserSessionPropertyListCoder.decode(data)
/// ```
public enum UserSessionPropertyListCoder {
  /// The format this release writes; it reads every format up to this one.
  public static let currentFormatVersion = 1

  /// Encodes a session.
  /// - Parameter session: The session to store.
  /// - Returns: Binary property-list bytes.
  /// - Throws: `SessionStoreError.writeFailed` if the encoder fails.
  public static func encode(_ session: UserSession) throws(SessionStoreError) -> Data {
    let record = StoredSessionV1(
      formatVersion: currentFormatVersion, userID: session.user.id, email: session.user.email,
      name: session.user.name, type: session.user.type.rawValue, token: session.token,
      expiresAt: session.expiresAt, refreshToken: session.refreshToken,
      refreshExpiresAt: session.refreshExpiresAt)
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    do {
      return try encoder.encode(record)
    } catch {
      throw .writeFailed("the session could not be encoded")
    }
  }

  /// Decodes a stored session.
  /// - Parameter data: Bytes written by `encode(_:)` of this or an earlier release.
  /// - Returns: The session.
  /// - Throws: `.unsupportedVersion` for a newer format, `.corrupt` for anything else that
  ///   is not a stored session.
  public static func decode(_ data: Data) throws(SessionStoreError) -> UserSession {
    let decoder = PropertyListDecoder()
    let version: Int
    do {
      version = try decoder.decode(FormatHeader.self, from: data).formatVersion
    } catch {
      throw .corrupt("not a session property list")
    }
    guard version <= currentFormatVersion else { throw .unsupportedVersion(version) }
    guard version == 1 else { throw .corrupt("unknown format version \(version)") }
    let record: StoredSessionV1
    do {
      record = try decoder.decode(StoredSessionV1.self, from: data)
    } catch {
      throw .corrupt("a field is missing or of the wrong type")
    }
    guard let type = UserType(rawValue: record.type) else {
      throw .corrupt("malformed account type")
    }
    let user = User(id: record.userID, email: record.email, name: record.name, type: type)
    return UserSession(
      user: user, token: record.token, expiresAt: record.expiresAt,
      refreshToken: record.refreshToken, refreshExpiresAt: record.refreshExpiresAt)
  }
}

/// Only the version, read first so a newer format is recognised before its fields are.
private struct FormatHeader: Decodable {
  let formatVersion: Int
}

/// Format 1 of a stored session. Never change its fields: add a StoredSessionV2 instead.
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
