import Foundation
import LoginCore

/// Encodes `FileSessionStore`'s account record (`accounts.plist`) as a binary property list
/// with a format version, like `UserSessionPropertyListCoder` does a session: its own flat
/// shape, so a change to `AccountRecord`'s coding can never make a stored record unreadable,
/// and a newer format is refused with `.refused(.updateRequired)` rather than guessed at.
enum AccountRecordPropertyListCoder {
  /// The format this release writes; it reads every format up to this one.
  static let currentFormatVersion = 1

  /// A record file can never be this big (it names accounts, not sessions); a larger one is
  /// damaged, and a record that would be larger is not written.
  static let sizeLimit = 1 << 20

  /// Encodes a record.
  /// - Throws: `.unavailable(.storage(_:))` when it cannot be encoded or is past the limit.
  static func encode(_ record: AccountRecord) throws(AuthFailure) -> Data {
    let stored = StoredAccountRecordV1(
      formatVersion: currentFormatVersion,
      active: record.active.map { StoredAccountKey(userID: $0.userID, issuer: $0.issuer) },
      accounts: record.accountsByRecency.compactMap { key in
        record.lastActive[key].map {
          StoredAccount(userID: key.userID, issuer: key.issuer, lastActive: $0)
        }
      })
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    let data: Data
    do {
      data = try encoder.encode(stored)
    } catch {
      throw .unavailable(.storage("the account record could not be encoded"))
    }
    guard data.count <= sizeLimit else {
      throw .unavailable(.storage("the account record is larger than one can be"))
    }
    return data
  }

  /// Decodes a stored record.
  /// - Throws: `.refused(.updateRequired)` for a newer format,
  ///   `.unavailable(.sessionUnreadable(_:))` for anything else that is not a record.
  static func decode(_ data: Data) throws(AuthFailure) -> AccountRecord {
    let decoder = PropertyListDecoder()
    let version: Int
    do {
      version = try decoder.decode(FormatHeader.self, from: data).formatVersion
    } catch {
      throw .unavailable(.sessionUnreadable("not an account record property list"))
    }
    guard version <= currentFormatVersion else { throw .refused(.updateRequired) }
    guard version == 1 else {
      throw .unavailable(.sessionUnreadable("unknown account record format \(version)"))
    }
    let stored: StoredAccountRecordV1
    do {
      stored = try decoder.decode(StoredAccountRecordV1.self, from: data)
    } catch {
      throw .unavailable(.sessionUnreadable("a field of the account record is missing"))
    }
    var record = AccountRecord(
      active: stored.active.map { AccountKey(userID: $0.userID, issuer: $0.issuer) })
    for account in stored.accounts {
      record.lastActive[AccountKey(userID: account.userID, issuer: account.issuer)] =
        account.lastActive
    }
    return record
  }
}

/// Format 1 of the account record. Never change its fields: add a V2 instead.
private struct StoredAccountRecordV1: Codable {
  let formatVersion: Int
  let active: StoredAccountKey?
  let accounts: [StoredAccount]
}

private struct StoredAccountKey: Codable {
  let userID: String
  let issuer: String?
}

private struct StoredAccount: Codable {
  let userID: String
  let issuer: String?
  let lastActive: Date
}
