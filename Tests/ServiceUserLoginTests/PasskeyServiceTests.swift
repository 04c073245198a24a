import Foundation
import LoginCore
import LoginTesting
import NetworkClient
import ServiceUser
import ServiceUserLogin
import SoftwarePasskeys
import TestSupport
import Testing
import UserModel
import WireFormat

/// ServiceUser's passkey operations over LoginTesting's scripted server and the software
/// authenticator (keys in memory): sessions recorded like any sign-in, the credential slot,
/// the refusals typed, names checked before any key is made.
@Suite("ServiceUser's passkeys, with the fake server")
struct PasskeyServiceTests {
  static let password = "Pass1234word"

  /// A service over a fake server with Ann's account, signed in.
  struct World {
    let folder: TemporaryDirectory
    let server: FakeAuthRemoteAPI
    let service: ServiceUser

    init(signedIn: Bool = true) async throws {
      folder = try TemporaryDirectory(prefix: "passkey-service")
      server = FakeAuthRemoteAPI()
      server.addAccount(
        User(id: "u-1", identifier: "ann@example.com", name: "Ann", type: .passenger),
        password: PasskeyServiceTests.password)
      service = ServiceUser(
        remote: server, network: NetworkClient(baseURL: folder.url),
        accountDatabaseURL: folder.url("accounts.sqlite"), sessionStore: InMemorySessionStore())
      if signedIn {
        _ = try await service.signIn(identifier: "ann@example.com", password: Self.password)
      }
    }

    static var password: String { PasskeyServiceTests.password }

    /// The calls of the passkey operations, in order.
    var passkeyCalls: [FakeAuthRemoteAPI.Call] {
      server.calls.filter {
        switch $0 {
        case .signIn, .verifyCode, .signUp, .refresh, .currentUser, .updateName, .signOut,
          .revokeRefreshToken:
          false
        default: true
        }
      }
    }
  }

  @Test("a passkey sign-in is recorded like any sign-in: store, account, .signedIn")
  func signInRecorded() async throws {
    let world = try await World()
    defer { world.folder.remove() }
    let passkeys = SoftwareAuthenticator.inMemory()
    let added = try await world.service.addPasskey(named: "Ann's laptop", using: passkeys)
    #expect(try await world.service.passkeys() == [added])
    _ = await world.service.signOut()
    let log = ChangeLog(world.service)
    #expect(await log.initial() == .initial(nil, accounts: []))

    let session = try await world.service.signIn(withPasskeyFrom: passkeys)
    #expect(session.user.id == "u-1")
    #expect(await world.service.currentSession == session)
    #expect(await world.service.lastSignedInIdentifier() == "ann@example.com")
    #expect(await log.first(1) == [.signedIn(session.user)])
    #expect(world.passkeyCalls.suffix(2) == [
      .passkeyAuthenticationOptions, .finishPasskeySignIn(credentialID: added.id),
    ])
  }

  @Test("reauthentication_required is surfaced typed, and the authenticator is never asked")
  func reauthenticationTyped() async throws {
    let world = try await World()
    defer { world.folder.remove() }
    let passkeys = SoftwareAuthenticator.inMemory()
    world.server.fail(.passkeys, with: .refused(.reauthenticationRequired))
    await #expect(throws: AuthFailure.refused(.reauthenticationRequired)) {
      _ = try await world.service.addPasskey(named: "Ann's laptop", using: passkeys)
    }
    #expect(try await passkeys.hasPasskey(for: FakeAuthRemoteAPI.passkeyRPID) == false)
    // The refusal asks for a sign-in; it does not end the session.
    #expect(await world.service.currentSession != nil)
  }

  @Test("a passkey sign-in holds the one credential slot while the authenticator runs")
  func credentialSlot() async throws {
    let world = try await World()
    defer { world.folder.remove() }
    let gate = Gate()
    let armed = Locked(false)
    let entered = Locked(false)
    // A local check that, once armed, waits until the test opens the gate.
    let waiting = SoftwareAuthenticator.inMemory(userVerification: {
      guard armed.value else { return true }
      entered.withLock { $0 = true }
      await gate.wait()
      return true
    })
    _ = try await world.service.addPasskey(named: "Ann's phone", using: waiting)
    _ = await world.service.signOut()
    armed.withLock { $0 = true }

    let signIn = Task { try await world.service.signIn(withPasskeyFrom: waiting) }
    let deadline = Date() + 20
    while !entered.value, Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
    try #require(entered.value, "the authenticator was never asked")
    await #expect(throws: AuthFailure.unavailable(.inProgress)) {
      _ = try await world.service.signIn(identifier: "ann@example.com", password: Self.password)
    }
    await gate.open()
    #expect(try await signIn.value.user.id == "u-1")
  }

  @Test("another account signed in while the authenticator runs: refused, nothing finished")
  func addSpanningAnotherAccount() async throws {
    let world = try await World()
    defer { world.folder.remove() }
    world.server.addAccount(
      User(id: "u-2", identifier: "bob@example.com", name: "Bob", type: .passenger),
      password: Self.password)
    let gate = Gate()
    let entered = Locked(false)
    let waiting = SoftwareAuthenticator.inMemory(userVerification: {
      entered.withLock { $0 = true }
      await gate.wait()
      return true
    })
    let add = Task { try await world.service.addPasskey(named: "Ann's phone", using: waiting) }
    let deadline = Date() + 20
    while !entered.value, Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
    try #require(entered.value, "the authenticator was never asked")
    _ = try await world.service.signIn(identifier: "bob@example.com", password: Self.password)
    await gate.open()
    await #expect(throws: AuthFailure.refused(.notSignedIn)) { _ = try await add.value }
    let finished = world.passkeyCalls.contains {
      if case .finishPasskeyRegistration = $0 { true } else { false }
    }
    #expect(!finished, "the flow went on with Bob's token")
  }

  @Test("cancelled at the authenticator: nothing is finished, nothing recorded")
  func cancelled() async throws {
    let world = try await World()
    defer { world.folder.remove() }
    let refusing = SoftwareAuthenticator.inMemory(userVerification: { false })
    await #expect(throws: AuthFailure.refused(.passkeyCancelled)) {
      _ = try await world.service.addPasskey(named: "Ann's laptop", using: refusing)
    }
    _ = await world.service.signOut()
    await #expect(throws: AuthFailure.refused(.noPasskey)) {
      _ = try await world.service.signIn(withPasskeyFrom: refusing)
    }
    #expect(world.passkeyCalls == [
      .passkeyRegistrationOptions(accessToken: "access-1"), .passkeyAuthenticationOptions,
    ])
    #expect(await world.service.currentSession == nil)
  }

  @Test(
    "a name refused before any key is made, or any request sent",
    arguments: [
      ("a\nb", AuthFailure.refused(.invalidForm(.name(.controlCharacter)))),
      (String(repeating: "n", count: 65), .refused(.invalidForm(.name(.tooLong(maximum: 64))))),
      ("   ", .refused(.invalidInput(.name, message: ""))),
    ])
  func nameChecked(name: String, failure: AuthFailure) async throws {
    let world = try await World()
    defer { world.folder.remove() }
    let passkeys = SoftwareAuthenticator.inMemory()
    await #expect(throws: failure) {
      _ = try await world.service.addPasskey(named: name, using: passkeys)
    }
    await #expect(throws: failure) {
      _ = try await world.service.renamePasskey(id: "AQID", to: name)
    }
    #expect(world.passkeyCalls == [])
    #expect(try await passkeys.hasPasskey(for: FakeAuthRemoteAPI.passkeyRPID) == false)
  }

  @Test("signed out: the account's passkey operations are .notSignedIn, and send nothing")
  func notSignedIn() async throws {
    let world = try await World(signedIn: false)
    defer { world.folder.remove() }
    let passkeys = SoftwareAuthenticator.inMemory()
    await #expect(throws: AuthFailure.refused(.notSignedIn)) {
      _ = try await world.service.addPasskey(named: "Ann's laptop", using: passkeys)
    }
    await #expect(throws: AuthFailure.refused(.notSignedIn)) {
      _ = try await world.service.passkeys()
    }
    await #expect(throws: AuthFailure.refused(.notSignedIn)) {
      _ = try await world.service.renamePasskey(id: "AQID", to: "New")
    }
    await #expect(throws: AuthFailure.refused(.notSignedIn)) {
      try await world.service.removePasskey(id: "AQID")
    }
    #expect(world.passkeyCalls == [])
  }

  @Test("a server without passkeys: each operation is .unsupported(.passkeys)")
  func unsupported() async throws {
    let world = try await World()
    defer { world.folder.remove() }
    world.server.unsupported = [.passkeys]
    let passkeys = SoftwareAuthenticator.inMemory()
    await #expect(throws: AuthFailure.unsupported(.passkeys)) {
      _ = try await world.service.addPasskey(named: "Ann's laptop", using: passkeys)
    }
    await #expect(throws: AuthFailure.unsupported(.passkeys)) {
      _ = try await world.service.passkeys()
    }
    _ = await world.service.signOut()
    await #expect(throws: AuthFailure.unsupported(.passkeys)) {
      _ = try await world.service.signIn(withPasskeyFrom: passkeys)
    }
  }

  @Test("a rejected access token during the add is renewed once, and the add goes on")
  func renewedOnce() async throws {
    let world = try await World()
    defer { world.folder.remove() }
    world.server.rejectAccessTokens()
    let added = try await world.service.addPasskey(
      named: "Ann's laptop", using: SoftwareAuthenticator.inMemory())
    #expect(added.name == "Ann's laptop")
    #expect(world.server.calls.filter { if case .refresh = $0 { true } else { false } }.count == 1)
  }
}
