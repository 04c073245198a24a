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
    // The old code stuck within a few dozen rounds, never more than 108 in the runs tried.
    let rounds = 400
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
    // Stuck means no progress at all for 30 s: a machine busy with the whole suite may make
    // each round slow, but it never stops them.
    var last = -1
    var ended = false
    while true {
      let now = progress.value
      if now.published && now.cancelled == rounds {
        ended = true
        break
      }
      if now.cancelled == last { break }
      last = now.cancelled
      _ = progress.wait(until: Date(timeIntervalSinceNow: 30)) {
        $0.cancelled != last || $0.published
      }
    }
    stop.withLock { $0 = true }
    #expect(ended, "stuck after \(progress.value.cancelled) of \(rounds) cancellations")
  }
}
