import Foundation
import LoginCore
import LoginObservation
import LoginTesting
import Testing
import UserModel

/// At launch the stream's first element is `.initial(nil)` until the launch check restored
/// the stored session: `restore()` keeps the model `.checking` until the check settles, so a
/// root view never shows welcome to a person who is signed in.
@MainActor
@Suite("The observable session at launch")
struct ObservableSessionLaunchTests {
  typealias World = ObservationWorld

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("restore stays checking while the check runs, then shows the restored user")
  func checkingUntilRestored() async throws {
    let server = World.server()
    let store = InMemorySessionStore()
    let earlier = try World(server: server, store: store)
    defer { earlier.folder.remove() }
    try await earlier.signIn(World.ann)

    let gate = CallGate()
    let relaunch = try World(server: server, store: store, gate: gate)
    defer { relaunch.folder.remove() }
    let model = ObservableSession(service: relaunch.service)
    let changed = changes { _ = model.status }
    let check = Task { await model.restore() }
    // The stream's `.initial(nil)` is taken while the server's answer is held back…
    #expect(await eventually { model.changesHeard >= 1 })
    #expect(model.status == .checking)
    #expect(!changed.value)
    // … and once the check settles, the model shows Ann.
    let watched = changes { _ = model.status }
    await gate.open()
    guard case .signedIn(let session) = await check.value else {
      Issue.record("the launch check did not restore the session")
      return
    }
    #expect(session.user == World.ann)
    #expect(await eventually { model.status == .signedIn(World.ann) })
    #expect(watched.value)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("restore with nothing stored settles to signed out")
  func nothingStored() async throws {
    let world = try World()
    defer { world.folder.remove() }
    let model = ObservableSession(service: world.service)
    #expect(await model.restore() == .notSignedIn)
    #expect(await eventually { model.status == .signedOut(nil) })
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("restore finding the stored session expired shows signed out, expired")
  func expiredAtLaunch() async throws {
    let expired = UserSession(
      user: World.ann, accessToken: "a", accessTokenExpiresAt: Date() - 7_200,
      refreshToken: "r", refreshTokenExpiresAt: Date() - 3_600)
    let world = try World(store: InMemorySessionStore(expired))
    defer { world.folder.remove() }
    let model = ObservableSession(service: world.service)
    #expect(await model.restore() == .expired)
    #expect(model.status == .signedOut(.expired))
    // The fresh first value after the check (`.initial(nil)`) keeps the reason.
    #expect(await eventually { model.changesHeard >= 2 })
    #expect(model.status == .signedOut(.expired))
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("a second restore while one runs waits for it instead of checking twice")
  func oneCheckAtATime() async throws {
    let gate = CallGate()
    let server = World.server()
    let store = InMemorySessionStore()
    let earlier = try World(server: server, store: store)
    defer { earlier.folder.remove() }
    try await earlier.signIn(World.ann)
    let world = try World(server: server, store: store, gate: gate)
    defer { world.folder.remove() }
    let model = ObservableSession(service: world.service)
    let first = Task { await model.restore() }
    let second = Task { await model.restore() }
    // Both calls are in flight, the server's answer held back.
    #expect(await eventually { model.changesHeard >= 1 })
    await gate.open()
    #expect(await first.value == second.value)
    #expect(Self.checks(on: server) == 1)
    #expect(await eventually { model.status == .signedIn(World.ann) })
  }

  /// How many launch checks reached the server.
  static func checks(on server: FakeAuthRemoteAPI) -> Int {
    server.calls.filter { if case .currentUser = $0 { true } else { false } }.count
  }
}
