import Foundation
import LoginCore
import LoginObservation
import LoginTesting
import Testing
import UserModel

/// The model's accounts over a scripted service: the stream's `.initial` list first, then
/// the service's list read again after every sign-in, switch and sign-out, the newest read
/// winning; a switch shows the other user as signed in.
@MainActor
@Suite("The observable session's accounts")
struct ObservableSessionAccountsTests {
  typealias World = ObservationWorld
  static let earlier = Date(timeIntervalSince1970: 1_800_000_000)

  static func account(_ user: User, active: Bool) -> Account {
    Account(user: user, lastActive: earlier, isActive: active)
  }

  static func session(_ user: User) -> UserSession {
    UserSession(
      user: user, accessToken: "a", accessTokenExpiresAt: earlier + 900, refreshToken: "r",
      refreshTokenExpiresAt: earlier + 86_400)
  }

  /// A fake keeping Ann (active) and Bob, and a started model that took the stream's first
  /// value.
  func started() async -> (FakeLoginService, ObservableSession)? {
    let service = FakeLoginService()
    service.keptAccounts = [
      Self.account(World.ann, active: true), Self.account(World.bob, active: false),
    ]
    let model = ObservableSession(service: service)
    model.start()
    service.publishInitial()
    guard await eventually({ model.changesHeard == 1 }) else { return nil }
    return (service, model)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("the first value's accounts are the stream's initial list, not a read")
  func initialAccounts() async throws {
    let (service, model) = try #require(await started())
    #expect(model.accounts == service.keptAccounts)
    #expect(model.accounts.map(\.isActive) == [true, false])
    #expect(model.status == .signedIn(World.ann))
    #expect(service.accountsReads == 0)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("a switch, a sign-out of another account and of the active one each read them again")
  func followsEveryChange() async throws {
    let (service, model) = try #require(await started())

    var changed = changes { _ = model.accounts }
    service.switchResults = [.success(Self.session(World.bob))]
    _ = try await service.switchAccount(to: Self.account(World.bob, active: false))
    #expect(await eventually { changed.value })
    #expect(await eventually { model.accounts.map(\.user) == [World.bob, World.ann] })
    #expect(model.accounts.map(\.isActive) == [true, false])
    #expect(model.status == .signedIn(World.bob))

    changed = changes { _ = model.accounts }
    _ = await service.signOut(account: Self.account(World.ann, active: false))
    #expect(await eventually { changed.value })
    #expect(await eventually { model.accounts.map(\.user) == [World.bob] })
    #expect(model.status == .signedIn(World.bob))

    changed = changes { _ = model.status }
    _ = await service.signOut()
    #expect(await eventually { changed.value })
    #expect(await eventually { model.accounts.isEmpty })
    #expect(model.status == .signedOut(.userAction))
    // One read per change: the switch, the removal, and the sign-out.
    #expect(service.accountsReads == 3)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("a sign-in reads the accounts again and shows the added account")
  func signInAdds() async throws {
    let (service, model) = try #require(await started())
    let carl = User(
      id: "u-carl", identifier: "carl@example.com", name: nil, type: UserType("rider"))
    service.keptAccounts =
      [Self.account(carl, active: true)]
      + model.accounts.map {
        Account(user: $0.user, lastActive: $0.lastActive, isActive: false)
      }
    let changed = changes { _ = model.accounts }
    service.publish(.signedIn(carl))
    #expect(await eventually { changed.value })
    #expect(await eventually { model.accounts == service.keptAccounts })
    #expect(model.user == carl)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("a read that finishes after a newer one does not overwrite it")
  func lateReadDropped() async throws {
    let (service, model) = try #require(await started())
    let held = CallGate()
    service.accountsGates = [held]
    // The first read, after the removal of Bob, is held with the list of that moment…
    service.keptAccounts.removeLast()
    let whenRemoved = service.keptAccounts
    service.publish(.accountRemoved(World.bob, .userAction))
    #expect(await eventually { service.accountsReads == 1 })
    // … while a newer change's read answers at once.
    service.keptAccounts = [Self.account(World.bob, active: true)]
    service.publish(.signedIn(World.bob))
    #expect(await eventually { model.accounts == service.keptAccounts })
    await held.open()
    try await Task.sleep(for: .milliseconds(100))
    #expect(model.accounts == [Self.account(World.bob, active: true)])
    #expect(model.accounts != whenRemoved)
    #expect(service.accountsReads == 2)
  }
}
