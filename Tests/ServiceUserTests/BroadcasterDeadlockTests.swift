import Foundation
import LoginCore
@testable import ServiceUser
import ServiceUserTestSupport
import Testing
import WireFormat

/// `sessionChanges()` hands changes to listeners that may be cancelled at any moment. A
/// cancelled listener's stream runs its termination handler while Swift holds the listening
/// task's own lock; a publisher that yielded to that task while holding the broadcaster's
/// lock would wait for the task's lock while the handler waited for the broadcaster's: two
/// threads stuck for good, as a full test run once was.
@Suite("session changes and cancelled listeners")
struct BroadcasterDeadlockTests {
  @Test("listeners cancelled while changes are published never leave a thread stuck")
  func cancelWhilePublishing() {
    let broadcaster = SessionBroadcaster()
    let rounds = 2_000
    let progress = Locked((published: false, cancelled: 0), kind: .waitable)
    let stop = Locked(false)
    Thread {
      var user = false
      while !stop.value {
        user.toggle()
        broadcaster.publish(user ? .signedIn(Fixtures.ann) : .signedOut(.userAction))
        // Lets the other thread subscribe: a lock taken again at once would starve it.
        sched_yield()
      }
      progress.withLock { $0.published = true }
    }.start()
    Thread {
      for _ in 0..<rounds {
        let listening = Locked(false, kind: .waitable)
        let stream = broadcaster.subscribe()
        let listener = Task {
          for await _ in stream { listening.withLock { $0 = true } }
        }
        // Cancelled once it waits for the next change, the moment a publish may yield to it.
        _ = listening.wait(until: Date(timeIntervalSinceNow: 10)) { $0 }
        listener.cancel()
        progress.withLock { $0.cancelled += 1 }
      }
      stop.withLock { $0 = true }
    }.start()
    let ended = progress.wait(until: Date(timeIntervalSinceNow: 60)) {
      $0.published && $0.cancelled == rounds
    }
    stop.withLock { $0 = true }
    #expect(ended, "stuck after \(progress.value.cancelled) of \(rounds) cancellations")
  }
}
