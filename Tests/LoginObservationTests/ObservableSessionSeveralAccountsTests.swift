import Foundation
import LoginCore
import LoginObservation
import LoginTesting
import NetworkClient
import Observation
import ServiceUser
import ServiceUserLogin
import Testing
import TestSupport
import UserModel

/// Issue 32, item 6 with item 1: the observable model over a real ServiceUser keeping several
/// accounts in a FileSessionStore follows a second sign-in, a switch and a sign-out, and
/// lists the accounts with the active one marked.
@MainActor
@Suite("The observable session follows several accounts of a real service")
struct ObservableSessionSeveralAccountsTests {
  typealias World = ObservationWorld

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("sign-in, a second sign-in, a switch and a sign-out: status and accounts, observed")
  func followsAccounts() async throws {
    let folder = try TemporaryDirectory(prefix: "observable-accounts")
    defer { folder.remove() }
    let service = ServiceUser(
      remote: HeldRemote(base: World.server(), gate: nil),
      network: NetworkClient(baseURL: folder.url),
      accountDatabaseURL: folder.url("accounts.sqlite"),
      sessionStore: FileSessionStore(directory: folder.url("Session")))
    let model = ObservableSession(service: service)
    model.start()
    #expect(await eventually { model.status == .signedOut(nil) })

    var changed = changes { _ = model.accounts }
    _ = try await service.signIn(identifier: World.ann.identifier, password: "Pass1234word")
    #expect(await eventually { changed.value })
    #expect(await eventually { model.accounts.map(\.user.id) == [World.ann.id] })
    #expect(model.status == .signedIn(World.ann))

    changed = changes { _ = model.accounts }
    _ = try await service.signIn(identifier: World.bob.identifier, password: "Pass1234word")
    #expect(await eventually { changed.value })
    #expect(await eventually { model.accounts.count == 2 })
    #expect(model.status == .signedIn(World.bob))
    #expect(model.accounts.first { $0.isActive }?.user.id == World.bob.id)

    changed = changes { _ = model.status }
    let ann = try #require(model.accounts.first { $0.user.id == World.ann.id })
    _ = try await service.switchAccount(to: ann)
    #expect(await eventually { changed.value })
    #expect(await eventually { model.status == .signedIn(World.ann) })
    #expect(await eventually { model.accounts.first { $0.isActive }?.user.id == World.ann.id })

    // Ann signs out: Bob, still signed in, becomes active; the model never shows signed out.
    changed = changes { _ = model.status }
    #expect(await service.signOut() == .signedOut)
    #expect(await eventually { changed.value })
    #expect(await eventually { model.status == .signedIn(World.bob) })
    #expect(await eventually { model.accounts.map(\.user.id) == [World.bob.id] })

    changed = changes { _ = model.status }
    #expect(await service.signOut() == .signedOut)
    #expect(await eventually { changed.value })
    #expect(await eventually { model.status == .signedOut(.userAction) })
    #expect(await eventually { model.accounts.isEmpty })
    model.stop()
  }
}
