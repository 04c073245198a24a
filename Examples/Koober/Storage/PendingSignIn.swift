import Foundation
import Localization
import LoginCore
import ServiceUserLogin
import UserModel
import WireFormat

/// A driver's sign-in waiting for its one-time code, kept between `koober sign-in` and
/// `koober verify`: the email and the challenge (id, expiry, channel). Never the password.
struct PendingSignIn: Codable, Sendable, Equatable {
  /// The email that signed in, for messages and the event log.
  let email: String
  /// The server's challenge.
  let challenge: Challenge
}

/// Where `PendingSignIn` lives: one 0600 JSON file in the client folder.
struct PendingSignInStore: Sendable {
  /// The file.
  let url: URL

  /// The waiting sign-in, if there is one.
  /// - Returns: It, or `nil` when none is waiting.
  /// - Throws: `StorageFailure` when the file cannot be read or holds something else.
  func load() throws(StorageFailure) -> PendingSignIn? {
    guard let data = try PrivateFile.read(url, limit: 64 * 1024) else { return nil }
    do {
      return try WireJSON.decoder().decode(PendingSignIn.self, from: data)
    } catch {
      throw .file(url.path, TextTable.koober.text("storage.notPendingSignIn"))
    }
  }

  /// Keeps a waiting sign-in, replacing any earlier one.
  /// - Parameter pending: The email and the challenge.
  /// - Throws: `StorageFailure` when it cannot be written.
  func save(_ pending: PendingSignIn) throws(StorageFailure) {
    let data: Data
    do {
      data = try WireJSON.encoder().encode(pending)
    } catch {
      throw .file(url.path, TextTable.koober.text("storage.notEncoded"))
    }
    try PrivateFile.save(data, to: url)
  }

  /// Forgets the waiting sign-in.
  /// - Throws: `StorageFailure` when the file exists and cannot be removed.
  func clear() throws(StorageFailure) {
    try PrivateFile.remove(url)
  }
}
