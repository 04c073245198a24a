import Foundation
import NetworkClient
import ServiceRide
import ServiceUser
import ServiceUserKoober
import TestSupport
import UserModel

/// A signed-in passenger's RideService on a scripted server, with its files in a temporary
/// folder.
struct ScriptedRideWorld {
  let folder: TemporaryDirectory
  let server: ScriptedAPIServer
  let account: ServiceUser
  let session: UserSession
  let rides: RideService

  init() async throws {
    folder = try TemporaryDirectory(prefix: "scripted-ride")
    server = try ScriptedAPIServer()
    let now = ScriptedRideServerTests.now
    let client = NetworkClient(baseURL: server.baseURL, retryPolicy: .none)
    account = ServiceUser(
      remote: KooberAuthAPI(network: client), network: client,
      accountDatabaseURL: folder.url("accounts.sqlite"),
      sessionStore: FileSessionStore(directory: folder.url("Session")), now: { now })
    session = UserSession(
      user: User(
        id: "usr_ann", identifier: "ann@example.com", email: "ann@example.com", name: "Ann",
        type: .passenger),
      accessToken: "access-1", accessTokenExpiresAt: now + 900, refreshToken: "refresh-1",
      refreshTokenExpiresAt: now + 86_400)
    try await account.establishSession(session)
    rides = await RideService.make(serviceUser: account, userID: session.user.id)
  }

  func tearDown() {
    server.stop()
    folder.remove()
  }
}
