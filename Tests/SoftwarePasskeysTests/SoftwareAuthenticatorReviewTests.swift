import Foundation
import LoginCore
import SoftwarePasskeys
import TestSupport
import Testing
import WebAuthn
import WireFormat

/// Issue 33's review of the software authenticator: a key the server never registered can be
/// forgotten, the caller can name whose passkey answers, RP IDs no browser would accept are
/// refused, and two authenticators sharing a folder never sign with one count.
@Suite("SoftwareAuthenticator: forget, preferred user, RP ID check, shared counter")
struct SoftwareAuthenticatorReviewTests {
  typealias Options = SoftwareAuthenticatorTests

  /// Creation options for `name`, whose user handle is `handle` repeated.
  static func creation(_ name: String, handle: UInt8, rpID: String = "localhost")
    -> PublicKeyCredentialCreationOptionsJSON
  {
    var options = Options.creation(rpID: rpID)
    options.user = PublicKeyCredentialUserEntityJSON(
      id: Base64URLBytes(Array(repeating: handle, count: 32)), name: name, displayName: name)
    return options
  }

  @Test("a forgotten passkey never answers again; the one kept before it answers instead")
  func forget() async throws {
    let authenticator = SoftwareAuthenticator.inMemory()
    let older = try await authenticator.register(Self.creation("ann@example.com", handle: 1))
    let orphan = try await authenticator.register(Self.creation("ann@example.com", handle: 2))
    // The app learns which key the last registration made, to forget it when the server
    // did not finish registering it.
    #expect(await authenticator.lastMadeCredentialID == orphan.rawId)
    #expect(try await authenticator.authenticate(Options.request()).rawId == orphan.rawId)
    #expect(try await authenticator.forget(credentialID: orphan.rawId))
    #expect(try await authenticator.authenticate(Options.request()).rawId == older.rawId)
    // By its base64url text, as a server lists it; an unknown or malformed id names none.
    #expect(try await !authenticator.forget(credentialID: orphan.rawId.base64URL))
    #expect(try await !authenticator.forget(credentialID: "not base64url!"))
    #expect(try await authenticator.forget(credentialID: older.rawId.base64URL))
    #expect(try await !authenticator.hasPasskey(for: "localhost"))
  }

  @Test("a forgotten key's file is gone from the folder")
  func forgetInFolder() async throws {
    let work = try TemporaryDirectory(prefix: "soft-passkeys-forget")
    defer { work.remove() }
    let folder = work.url("Passkeys")
    let made = try await SoftwareAuthenticator(folder: folder).register(Options.creation())
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1)
    #expect(try await SoftwareAuthenticator(folder: folder).forget(credentialID: made.rawId))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test("with several passkeys for a site, the preferred user's answers; else the newest")
  func preferredUser() async throws {
    let work = try TemporaryDirectory(prefix: "soft-passkeys-prefer")
    defer { work.remove() }
    let folder = work.url("Passkeys")
    let ann = try await SoftwareAuthenticator(folder: folder)
      .register(Self.creation("ann@example.com", handle: 1))
    let bob = try await SoftwareAuthenticator(folder: folder)
      .register(Self.creation("bob@example.com", handle: 2))
    for (preferred, expected) in [
      ("ann@example.com", ann.rawId), ("bob@example.com", bob.rawId),
      ("carl@example.com", bob.rawId), (nil, bob.rawId),
    ] as [(String?, Base64URLBytes)] {
      let authenticator = SoftwareAuthenticator(folder: folder, preferredUserName: preferred)
      let assertion = try await authenticator.authenticate(Options.request())
      #expect(assertion.rawId == expected, "\(preferred ?? "none")")
    }
    // Among allowCredentials too.
    let both = Options.request(allow: [ann.rawId, bob.rawId])
    let preferring = SoftwareAuthenticator(folder: folder, preferredUserName: "ann@example.com")
    let chosen = try await preferring.authenticate(both)
    #expect(chosen.rawId == ann.rawId)
  }

  @Test(
    "an RP ID of one label (not localhost) or an address the origin's host is not is refused",
    arguments: [
      ("com", nil), ("test", "https://app.test"), ("0.1", "https://10.0.0.1"),
      ("0.0.1", "https://127.0.0.1:8443"), ("::1", "https://localhost"),
    ] as [(String, String?)])
  func refusedRelyingParty(rpID: String, origin: String?) async throws {
    let authenticator = SoftwareAuthenticator.inMemory(origin: origin)
    await #expect(throws: AuthFailure.self) {
      _ = try await authenticator.register(Self.creation("ann@example.com", handle: 1, rpID: rpID))
    }
    #expect(try await !authenticator.hasPasskey(for: rpID))
  }

  @Test(
    "localhost, a domain of the origin, and an address equal to the origin's host are used",
    arguments: [
      ("localhost", nil), ("koober.test", "https://app.koober.test"), ("127.0.0.1", nil),
      ("10.0.0.1", "https://10.0.0.1:8443"),
    ] as [(String, String?)])
  func acceptedRelyingParty(rpID: String, origin: String?) async throws {
    let authenticator = SoftwareAuthenticator.inMemory(origin: origin)
    _ = try await authenticator.register(Self.creation("ann@example.com", handle: 1, rpID: rpID))
    #expect(try await authenticator.authenticate(Options.request(rpID: rpID)).id.isEmpty == false)
  }

  @Test("two authenticators over one folder signing at once never use one count twice")
  func sharedCounter() async throws {
    let work = try TemporaryDirectory(prefix: "soft-passkeys-counter")
    defer { work.remove() }
    let folder = work.url("Passkeys")
    _ = try await SoftwareAuthenticator(folder: folder).register(Options.creation())
    let first = SoftwareAuthenticator(folder: folder)
    let second = SoftwareAuthenticator(folder: folder)
    let rounds = 25
    let counts = try await withThrowingTaskGroup(of: [UInt32].self) { group in
      for authenticator in [first, second] {
        group.addTask {
          var seen: [UInt32] = []
          for _ in 0..<rounds {
            let assertion = try await authenticator.authenticate(Options.request())
            seen.append(
              try AuthenticatorData(bytes: assertion.response.authenticatorData.bytes).signCount)
          }
          return seen
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    #expect(counts.count == 2 * rounds)
    #expect(Set(counts).count == counts.count, "repeated: \(counts.sorted())")
    #expect(Set(counts) == Set(1...UInt32(2 * rounds)))
  }

  @Test("a sign-in cancelled while another holds the folder's lock gives up, not spins")
  func cancelledWhileLocked() async throws {
    let work = try TemporaryDirectory(prefix: "soft-passkeys-cancel")
    defer { work.remove() }
    let folder = work.url("Passkeys")
    let authenticator = SoftwareAuthenticator(folder: folder)
    _ = try await authenticator.register(Options.creation())
    // Another process's hold on the folder, as the vault takes it.
    let held = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    try #require(held >= 0)
    defer { close(held) }
    try #require(flock(held, LOCK_EX) == 0)
    let ended = Locked(false)
    let signIn = Task {
      defer { ended.withLock { $0 = true } }
      return try await authenticator.authenticate(Options.request())
    }
    signIn.cancel()
    let deadline = Date() + 30
    while !ended.value, Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
    let gaveUp = ended.value
    _ = flock(held, LOCK_UN)
    #expect(gaveUp, "still waiting for the lock after 30 s, cancelled")
    await #expect(throws: AuthFailure.refused(.passkeyCancelled)) { _ = try await signIn.value }
  }
}
