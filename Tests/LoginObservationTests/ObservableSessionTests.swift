import Foundation
import LoginCore
import LoginObservation
import LoginTesting
import Observation
import ServiceUser
import ServiceUserLogin
import Testing
import UserModel

/// The observable model over a real ServiceUser: its first value comes from the stream's
/// `.initial`, then it follows every sign-in and sign-out, and each change reaches an observer
/// through `withObservationTracking`, as SwiftUI's views hear it.
@MainActor
@Suite("The observable session follows the service")
struct ObservableSessionTests {
  typealias World = ObservationWorld

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("with no one signed in, the first value (initial(nil)) makes the model signed out")
  func firstValueSignedOut() async throws {
    let world = try World()
    defer { world.folder.remove() }
    let model = ObservableSession(service: world.service)
    model.start()
    #expect(model.status == .checking)
    let changed = changes { _ = model.status }
    #expect(await eventually { changed.value })
    #expect(model.status == .signedOut(nil))
    #expect(model.user == nil)
    #expect(model.changesHeard == 1)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("a user signed in before the model started is its first value, from initial(user)")
  func firstValueSignedIn() async throws {
    let world = try World()
    defer { world.folder.remove() }
    try await world.signIn(World.ann)
    let model = ObservableSession(service: world.service)
    model.start()
    let changed = changes { _ = model.user }
    #expect(await eventually { changed.value })
    #expect(model.status == .signedIn(World.ann))
    #expect(model.user == World.ann)
    // The stream's first element alone brought it: no sign-in happened since the start.
    #expect(model.changesHeard == 1)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("sign-in, another user's sign-in and sign-out each change the model, observed")
  func followsSignInSwitchAndSignOut() async throws {
    let world = try World()
    defer { world.folder.remove() }
    let model = ObservableSession(service: world.service)
    model.start()
    #expect(await eventually { model.status == .signedOut(nil) })

    var changed = changes { _ = model.status }
    try await world.signIn(World.ann)
    #expect(await eventually { changed.value })
    #expect(model.status == .signedIn(World.ann))
    #expect(model.user == World.ann)

    // Today a sign-in as someone else replaces the session: the model's user follows.
    changed = changes { _ = model.user }
    try await world.signIn(World.bob)
    #expect(await eventually { changed.value })
    #expect(await eventually { model.user == World.bob })
    #expect(model.status == .signedIn(World.bob))

    changed = changes { _ = model.user }
    #expect(await world.service.signOut() == .signedOut)
    #expect(await eventually { changed.value })
    #expect(await eventually { model.status == .signedOut(.userAction) })
    #expect(model.user == nil)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("a session the server revokes shows as signed out, revoked")
  func followsRevocation() async throws {
    let world = try World()
    defer { world.folder.remove() }
    try await world.signIn(World.ann)
    let model = ObservableSession(service: world.service)
    model.start()
    #expect(await eventually { model.status == .signedIn(World.ann) })
    let changed = changes { _ = model.status }
    _ = await world.service.endSession(.revoked)
    #expect(await eventually { changed.value })
    #expect(await eventually { model.status == .signedOut(.revoked) })
  }
}
