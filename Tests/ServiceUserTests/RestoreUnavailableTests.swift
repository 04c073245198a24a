import Foundation
import LoginCore
import LoginTesting
import ServiceUser
import ServiceUserLogin
import Testing

/// The launch check hands back the store's failure itself, so an app tells "update the app"
/// from "could not be read" and keeps the detail for its log.
@Suite("The launch check reports the store's failure as it is")
struct RestoreUnavailableTests {
  typealias World = RemoteSeamTests.World

  @Test(
    "each failure of the store comes back whole, and nothing is sent or deleted",
    arguments: [
      AuthFailure.refused(.updateRequired), .unavailable(.sessionUnreadable("bad plist (test)")),
      .unavailable(.storage("EIO (test)")),
    ])
  func storeFailure(failure: AuthFailure) async throws {
    let world = try World()
    defer { world.folder.remove() }
    let session = try await world.signedIn()
    world.store.failure = failure
    #expect(await world.service.restoreSession() == .unavailable(failure))
    world.store.failure = nil
    #expect(world.store.session == session)
  }
}
