import Foundation
import LoginCore
import ServiceUser
import Testing
import UserModel

/// `sessionChanges()` starts with the state at the time of the call, then every change: an app
/// needs no separate read of `currentSession`, which could race the stream.
@Suite("session changes start with the current state")
struct SessionChangesTests {
  @Test("with no one signed in, the first element is initial(nil), then the changes")
  func signedOutFirst() async throws {
    let harness = try Harness { _ in .empty(500) }
    defer { harness.folder.remove() }
    let log = ChangeLog(harness.service)
    #expect(await log.initial() == .initial(nil, accounts: []))
    try await harness.service.establishSession(Fixtures.session())
    #expect(await log.first(1) == [.signedIn(Fixtures.ann)])
  }

  @Test("a listener that subscribes while someone is signed in hears that user first")
  func signedInFirst() async throws {
    let harness = try Harness { _ in .empty(500) }
    defer { harness.folder.remove() }
    try await harness.service.establishSession(Fixtures.session())
    let late = ChangeLog(harness.service)
    let listed = Account(user: Fixtures.ann, lastActive: harness.clock.now, isActive: true)
    #expect(await late.initial() == .initial(Fixtures.ann, accounts: [listed]))
    await harness.service.endSession(.userAction)
    #expect(await late.first(1) == [.signedOut(.userAction)])
    let after = ChangeLog(harness.service)
    #expect(await after.initial() == .initial(nil, accounts: []))
  }

  @Test("the first element is never overtaken by a change published while subscribing")
  func initialComesFirst() async throws {
    let harness = try Harness { _ in .empty(500) }
    defer { harness.folder.remove() }
    let service = harness.service
    for round in 0..<50 {
      async let churn: Void = {
        try? await service.establishSession(Fixtures.session(number: round))
        _ = await service.endSession(.userAction)
      }()
      let log = ChangeLog(service)
      await churn
      let initial = await log.initial()
      // Whatever the first element says, the changes after it follow from it.
      switch initial {
      case .initial(nil, _)?:
        let heard = await log.first(0)
        #expect(heard.isEmpty || heard.first == .signedIn(Fixtures.ann), "\(heard)")
      case .initial(_?, _)?:
        let heard = await log.first(1)
        #expect(heard.first == .signedOut(.userAction), "\(heard)")
      default:
        Issue.record("the first element was \(String(describing: initial))")
      }
    }
  }
}
