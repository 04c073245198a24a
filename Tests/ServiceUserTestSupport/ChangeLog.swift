import Foundation
import LoginCore
import ServiceUser
import WireFormat

/// Records every session change one listener hears, in order: the stream's first element
/// (`.initial`) apart, the changes after it in `first(_:)`.
public final class ChangeLog: Sendable {
  private let heard = Locked<[SessionChange]>([])
  private let task: Locked<Task<Void, Never>?> = Locked(nil)

  /// Starts listening to `service` now.
  public init(_ service: ServiceUser) {
    let stream = service.sessionChanges()
    let heard = heard
    task.withLock {
      $0 = Task {
        for await change in stream { heard.withLock { $0.append(change) } }
      }
    }
  }

  deinit {
    task.value?.cancel()
  }

  /// The stream's first element, waiting for it at most 20 s; `nil` when none came.
  public func initial() async -> SessionChange? {
    await heardSoFar(atLeast: 1).first
  }

  /// Waits (at most 20 s: a loaded machine can keep the listener's task from running for
  /// seconds) until `count` changes arrived after the stream's first element, and returns all
  /// heard so far after it.
  public func first(_ count: Int) async -> [SessionChange] {
    Array(await heardSoFar(atLeast: count + 1).dropFirst())
  }

  private func heardSoFar(atLeast count: Int) async -> [SessionChange] {
    let deadline = Date() + 20
    while Date() < deadline {
      let sofar = heard.value
      if sofar.count >= count { return sofar }
      try? await Task.sleep(for: .milliseconds(5))
    }
    return heard.value
  }
}
