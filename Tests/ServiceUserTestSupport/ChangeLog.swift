import Foundation
import LoginCore
import ServiceUser

/// Records every session change one listener hears, in order.
public final class ChangeLog: @unchecked Sendable {
  private let lock = NSLock()
  private var changes: [SessionChange] = []
  private var task: Task<Void, Never>?

  /// Starts listening to `service` now.
  public init(_ service: ServiceUser) {
    let stream = service.sessionChanges()
    task = Task { [weak self] in
      for await change in stream { self?.append(change) }
    }
  }

  deinit {
    task?.cancel()
  }

  /// Waits (at most 2 s) until `count` changes arrived, and returns all heard so far.
  public func first(_ count: Int) async -> [SessionChange] {
    let deadline = Date() + 2
    while Date() < deadline {
      let heard = lock.withLock { changes }
      if heard.count >= count { return heard }
      try? await Task.sleep(for: .milliseconds(5))
    }
    return lock.withLock { changes }
  }

  private func append(_ change: SessionChange) {
    lock.withLock { changes.append(change) }
  }
}
