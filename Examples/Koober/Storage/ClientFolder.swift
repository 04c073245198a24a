import Foundation

/// The client's files for one server, inside the data folder.
struct ClientFolder: Sendable, Equatable {
  /// The folder.
  let url: URL
  /// The server identity whose session this folder holds (`nil`: the embedded backend).
  var identity: String? = nil

  /// The file recording the identity beside the session.
  var identityFile: URL { url.appendingPathComponent("identity") }

  /// The identity recorded in the folder, or `nil` when none is (a new folder, or one made
  /// before identities were recorded).
  var recordedIdentity: String? {
    guard let data = try? Data(contentsOf: identityFile), data.count <= 4_096 else {
      return nil
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// The account database: accounts seen here and the last signed-in email.
  var accountDatabase: URL { url.appendingPathComponent("accounts.sqlite") }
  /// Each user's own database file lives here.
  var usersFolder: URL { url.appendingPathComponent("users", isDirectory: true) }
  /// The session store's folder (the session file inside is 0600).
  var sessionFolder: URL { url.appendingPathComponent("session", isDirectory: true) }
  /// A driver's sign-in waiting for `koober verify` (challenge only, never the password).
  var pendingSignIn: URL { url.appendingPathComponent("pending-sign-in.json") }
  /// The event log, for `koober report`.
  var eventLog: URL { url.appendingPathComponent("events.log") }
  /// "This device"'s passkeys: their private keys, each file 0600 in this 0700 folder, kept
  /// by SoftwarePasskeys. Beside the session of the same server, so two servers that share an
  /// RP ID (`localhost`) never answer with each other's keys.
  var passkeysFolder: URL { url.appendingPathComponent("Passkeys", isDirectory: true) }
}
