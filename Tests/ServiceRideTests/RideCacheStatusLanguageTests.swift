import Foundation
import Localization
import LoginCore
import NetworkClient
import ServiceRide
import ServiceUser
import ServiceUserKoober
import TestSupport
import Testing

/// A status line a person may read says why the rides stay in memory in the app's language:
/// the account failure's sentence, not its English description with a code.
@Suite("The ride cache's memory-only reason is the sentence in the app's language")
struct RideCacheStatusLanguageTests {
  @Test("a user database that cannot be had leaves the cache in memory, saying why in 简体中文")
  func memoryOnlyReasonIsLocalized() async throws {
    let folder = try TemporaryDirectory(prefix: "ride-cache-language")
    defer { folder.remove() }
    let client = NetworkClient(baseURL: URL(string: "http://127.0.0.1:9")!)
    let service = ServiceUser(
      remote: KooberAuthAPI(network: client), network: client,
      accountDatabaseURL: folder.url("accounts.sqlite"),
      sessionStore: FileSessionStore(directory: folder.url("session")),
      userDatabasesFolder: folder.url("users"))
    let rides = await Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      await RideService.make(serviceUser: service, userID: "u-never-signed-in")
    }
    let sentence = Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      AuthFailure.refused(.unknownAccount).message
    }
    #expect(rides.cache.status == .memoryOnly(sentence))
    #expect(sentence != AuthFailure.refused(.unknownAccount).description)
  }
}
