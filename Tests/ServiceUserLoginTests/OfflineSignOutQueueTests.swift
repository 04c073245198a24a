import Foundation
import LoginCore
import LoginTesting
import NetworkClient
import ServiceUser
import ServiceUserLogin
import ServiceUserTestSupport
import TestSupport
import Testing
import UserModel

/// Issue 32 item 2 at the library level: a revocation that got no answer is queued beside
/// the session, sent when the server can next be reached, and removed on the server's answer.
@Suite("offline sign-out queues the revocation")
struct OfflineSignOutQueueTests {
  static let ann = Fixtures.ann
  static let bob = Fixtures.dan

  struct World {
    let folder: TemporaryDirectory
    let deviceTime = ManualTime()
    let fake: FakeAuthRemoteAPI
    let service: ServiceUser
    let sessionFolder: URL

    init() throws {
      folder = try TemporaryDirectory(prefix: "offline-sign-out")
      fake = FakeAuthRemoteAPI(revokesByRefreshToken: true, now: deviceTime.read)
      fake.addAccount(OfflineSignOutQueueTests.ann, password: "Pass1234")
      fake.addAccount(OfflineSignOutQueueTests.bob, password: "Pass5678")
      sessionFolder = folder.url("Session")
      let client = NetworkClient(baseURL: URL(string: "http://127.0.0.1:9")!, retryPolicy: .none)
      service = ServiceUser(
        remote: fake, network: client, accountDatabaseURL: folder.url("accounts.sqlite"),
        sessionStore: FileSessionStore(directory: sessionFolder), now: deviceTime.read)
    }

    var queueFile: String { sessionFolder.appendingPathComponent("pending-revocations.json").path }

    var queueExists: Bool { FileManager.default.fileExists(atPath: queueFile) }

    func signIn(_ user: User, _ password: String) async throws -> UserSession {
      guard
        case .signedIn(let session) = try await service.signIn(
          identifier: user.identifier, password: password)
      else { throw AuthFailure.unavailable(.serverTrouble("expected a session")) }
      return session
    }

    /// Ann signs in, then out while `failure` stands for the server's silence.
    func signOutUnanswered(_ failure: AuthFailure = .unavailable(.offline)) async throws
      -> String
    {
      let session = try await signIn(OfflineSignOutQueueTests.ann, "Pass1234")
      fake.fail(.signOut, with: failure)
      #expect(await service.signOut() == .signedOutLocally)
      #expect(await service.currentSession == nil)
      return try #require(session.refreshToken)
    }

    var revoked: [String] {
      fake.calls.compactMap {
        if case .revokeRefreshToken(let token) = $0 { return token }
        return nil
      }
    }
  }

  @Test("no answer at sign-out: queued 0600 in the 0700 session folder, the family still live")
  func queuedOnUnavailable() async throws {
    let world = try World()
    defer { world.folder.remove() }
    _ = try await world.signOutUnanswered()
    var status = stat()
    #expect(lstat(world.queueFile, &status) == 0)
    #expect(status.st_mode & 0o777 == 0o600)
    #expect(lstat(world.sessionFolder.path, &status) == 0 && status.st_mode & 0o777 == 0o700)
    #expect(world.fake.hasLiveTokens(of: Self.ann.id))
    // Only what revocation needs: the token, its expiry, the issuer. No access token.
    let text = try String(contentsOfFile: world.queueFile, encoding: .utf8)
    #expect(!text.contains("accessToken") && !text.contains("ann@example.com"))
  }

  @Test("a failing server (5xx) queues too")
  func queuedOnServerTrouble() async throws {
    let world = try World()
    defer { world.folder.remove() }
    _ = try await world.signOutUnanswered(.unavailable(.unexpectedAnswer(status: 502, "bad")))
    #expect(world.queueExists)
  }

  @Test("a refusal is an answer: nothing is queued")
  func notQueuedOnRefusal() async throws {
    let world = try World()
    defer { world.folder.remove() }
    _ = try await world.signOutUnanswered(.refused(.tooManyAttempts))
    #expect(!world.queueExists)
  }

  @Test("the next sign-in sends it; the server's answer removes it; the family is dead")
  func sentOnNextSignIn() async throws {
    let world = try World()
    defer { world.folder.remove() }
    let token = try await world.signOutUnanswered()
    _ = try await world.signIn(Self.bob, "Pass5678")
    await world.service.queuedRevocationsSent()
    #expect(world.revoked == [token])
    #expect(!world.queueExists)
    #expect(!world.fake.hasLiveTokens(of: Self.ann.id))
    #expect(world.fake.hasLiveTokens(of: Self.bob.id))
  }

  @Test("no answer again: the entry is kept, and the next launch check sends it")
  func keptOnNoAnswer() async throws {
    let world = try World()
    defer { world.folder.remove() }
    let token = try await world.signOutUnanswered()
    // Scripted before the sign-in, whose send starts at once.
    world.fake.fail(.signOut, with: .unavailable(.timeout))
    _ = try await world.signIn(Self.bob, "Pass5678")
    await world.service.queuedRevocationsSent()
    #expect(world.revoked == [token])
    #expect(world.queueExists)
    #expect(world.fake.hasLiveTokens(of: Self.ann.id))
    _ = await world.service.restoreSession()
    await world.service.queuedRevocationsSent()
    #expect(world.revoked == [token, token])
    #expect(!world.queueExists)
    #expect(!world.fake.hasLiveTokens(of: Self.ann.id))
  }

  @Test("an entry whose refresh token expired is dropped unsent")
  func expiredDroppedUnsent() async throws {
    let world = try World()
    defer { world.folder.remove() }
    _ = try await world.signOutUnanswered()
    #expect(world.queueExists)
    world.deviceTime.advance(by: 31 * 24 * 3_600)
    _ = await world.service.restoreSession()
    await world.service.queuedRevocationsSent()
    #expect(world.revoked.isEmpty)
    #expect(!world.queueExists)
  }

  @Test("a group-writable queue file is never trusted: nothing in it is sent")
  func groupWritableRefused() async throws {
    let world = try World()
    defer { world.folder.remove() }
    _ = try await world.signOutUnanswered()
    #expect(chmod(world.queueFile, 0o620) == 0)
    _ = try await world.signIn(Self.bob, "Pass5678")
    await world.service.queuedRevocationsSent()
    #expect(world.revoked.isEmpty)
    #expect(world.fake.hasLiveTokens(of: Self.ann.id))
  }

  @Test("after an authorized call that succeeded, the queue is sent")
  func sentAfterAuthorizedCall() async throws {
    let world = try World()
    defer { world.folder.remove() }
    let token = try await world.signOutUnanswered()
    // Bob's session exists, then the queue is refilled behind it: only his call can send it.
    _ = try await world.signIn(Self.bob, "Pass5678")
    await world.service.queuedRevocationsSent()
    let entry = RevocationQueue.Entry(
      refreshToken: token, expiresAt: world.deviceTime.now.addingTimeInterval(60), issuer: nil)
    try await world.service.revocationQueue.add(entry, now: world.deviceTime.now)
    let fake = world.fake
    _ = try await world.service.authorized { token throws(AuthFailure) in
      try await fake.currentUser(accessToken: token)
    }
    await world.service.queuedRevocationsSent()
    #expect(world.revoked == [token, token])
    #expect(!world.queueExists)
  }

  @Test("at most 16 entries, the oldest dropped; another server identity's are never sent")
  func boundAndIssuer() async throws {
    let world = try World()
    defer { world.folder.remove() }
    let queue = world.service.revocationQueue
    let now = world.deviceTime.now
    for index in 0..<20 {
      try await queue.add(
        RevocationQueue.Entry(
          refreshToken: "token-\(index)", expiresAt: now.addingTimeInterval(60),
          issuer: index == 19 ? "https://other.example" : nil), now: now)
    }
    let due = try await queue.due(for: nil, at: now)
    #expect(due.map(\.refreshToken) == (4..<19).map { "token-\($0)" })
    #expect(try await queue.due(for: "https://other.example", at: now).count == 1)
    #expect(!"\(due[0])".contains("token-4"))
    await world.service.sendQueuedRevocations()
    #expect(world.revoked == (4..<19).map { "token-\($0)" })
    #expect(try await queue.due(for: "https://other.example", at: now).count == 1)
  }
}
