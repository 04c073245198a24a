import Foundation
import LoginCore
import WebAuthn
import WireFormat

/// One discoverable credential the software authenticator keeps: its private key, whose site
/// and user it is, and its signature counter.
struct SoftwareCredential: Codable, Sendable, Equatable {
  /// The layout of the stored form; a file of a newer layout is left alone.
  static let layout = 1

  /// The stored form's layout.
  var layout: Int = Self.layout
  /// The credential id the server knows it by.
  var credentialID: Base64URLBytes
  /// The relying party it signs for.
  var rpID: String
  /// The user handle the server gave, returned in every assertion (the passkey names its
  /// user).
  var userHandle: Base64URLBytes
  /// The user's name at the relying party, for a picker.
  var userName: String
  /// The private scalar: never leaves the authenticator.
  var privateKey: Base64URLBytes
  /// The signature counter, one more at every assertion.
  var signCount: UInt32
  /// When it was made: of several for one site, the newest answers.
  var created: Date

  /// The credential's place among the authenticator's: one per relying party and user, so a
  /// new registration of the same user at the same site replaces the old one (WebAuthn §6.3.2
  /// step 7). Hex of SHA-256 over the RP ID, a zero byte, and the user handle.
  var slot: String {
    SHA256.digest(Array(rpID.utf8) + [0] + userHandle.bytes)
      .map { String(format: "%02x", $0) }.joined()
  }
}

/// Where the authenticator keeps its credentials.
protocol CredentialVault: Sendable {
  /// Every credential of a relying party, or of all of them when `rpID` is `nil`.
  /// - Throws: `.unavailable(.storage(_:))`.
  func credentials(of rpID: String?) throws(AuthFailure) -> [SoftwareCredential]

  /// Removes the credential with this id, whatever its relying party.
  /// - Returns: Whether one was kept.
  /// - Throws: `.unavailable(.storage(_:))`.
  func forget(credentialID: Base64URLBytes) throws(AuthFailure) -> Bool

  /// Runs `body` alone among every authenticator over the same credentials, processes
  /// included. Waiting for its turn suspends the caller; it never blocks a thread.
  /// - Throws: What `body` throws; `.unavailable(.storage(_:))` when it cannot be alone.
  nonisolated(nonsending) func exclusively<T>(
    _ body: () throws(AuthFailure) -> T
  ) async throws(AuthFailure) -> T

  /// Keeps `credential` in its slot, replacing the one there.
  /// - Throws: `.unavailable(.storage(_:))`; the slot's previous credential is then kept.
  func save(_ credential: SoftwareCredential) throws(AuthFailure)
}

/// Credentials in memory only, gone with the authenticator: for tests.
final class MemoryVault: CredentialVault {
  private let slots = Locked<[String: SoftwareCredential]>([:])

  func credentials(of rpID: String?) -> [SoftwareCredential] {
    slots.value.values.filter { rpID == nil || $0.rpID == rpID }.sorted { $0.slot < $1.slot }
  }

  func forget(credentialID: Base64URLBytes) -> Bool {
    slots.withLock { slots in
      let found = slots.filter { $0.value.credentialID == credentialID }.keys
      for slot in found { slots[slot] = nil }
      return !found.isEmpty
    }
  }

  // One authenticator (an actor) uses it: its calls already come one at a time.
  nonisolated(nonsending) func exclusively<T>(
    _ body: () throws(AuthFailure) -> T
  ) async throws(AuthFailure) -> T {
    try body()
  }

  func save(_ credential: SoftwareCredential) {
    slots.withLock { $0[credential.slot] = credential }
  }
}
