import Dispatch
import WireFormat

/// Runs password hashing (PBKDF2, about 0.3 s at 600,000 iterations) on a bounded number of
/// Dispatch threads, with a short bounded queue in front of them.
///
/// Unbounded, a flood of 30 sign-ins to unknown emails queued a real user's hash behind all of
/// theirs (0.2 s became 4.3 s). Bounded, a hash that finds every slot busy and the queue full
/// is refused at once with `503 server_busy` and a `retryAfter`, without hashing; and since no
/// thread of Swift's cooperative pool ever waits for PBKDF2, searches and every other route
/// stay fast meanwhile.
///
/// ```swift
/// let slots = HashingSlots(slots: 2, queueLength: 4)
/// let hash = try await slots.run { () throws(APIError) in try hasher.hash(password) }
/// ```
final class HashingSlots: Sendable {
  private typealias Job = @Sendable () -> Void

  private struct State {
    var running = 0
    var waiting: [Job] = []
    /// How long the latest job took, to tell a refused caller when to come back.
    var lastSeconds = 0.0
  }

  /// How many hashes run at once.
  let slots: Int
  /// How many hashes may wait for a slot before new ones are refused.
  let queueLength: Int
  private let state = Locked(State())
  private let queue = DispatchQueue(
    label: "KooberBackend.hashing", qos: .userInitiated, attributes: .concurrent)

  /// Makes the slots.
  /// - Parameters:
  ///   - slots: hashes at once, at least 1; about one per core.
  ///   - queueLength: hashes that may wait, at least 0.
  init(slots: Int, queueLength: Int) {
    self.slots = max(1, slots)
    self.queueLength = max(0, queueLength)
  }

  /// Runs `work` in a slot, after waiting in the queue when every slot is busy.
  /// - Parameter work: the blocking work: one or two PBKDF2 derivations.
  /// - Returns: what `work` returns.
  /// - Throws: `503 server_busy` with `retryAfter` at once when the queue is full; otherwise
  ///   what `work` throws.
  func run<T: Sendable>(
    _ work: @escaping @Sendable () throws(APIError) -> T
  ) async throws(APIError) -> T {
    let result: Result<T, APIError> = await withCheckedContinuation { continuation in
      let job: Job = {
        continuation.resume(returning: Result { () throws(APIError) in try work() })
      }
      if let retryAfter = admit(job) {
        continuation.resume(returning: .failure(.serverBusy(retryAfter: retryAfter)))
      }
    }
    return try result.get()
  }

  /// What became of a job offered to the slots.
  private enum Admission {
    case started
    case queued
    case refused(retryAfter: Int)
  }

  /// Starts or queues a job.
  /// - Parameter job: the job.
  /// - Returns: nil when the job was started or queued; the seconds to suggest when refused.
  private func admit(_ job: @escaping Job) -> Int? {
    let slots = self.slots
    let queueLength = self.queueLength
    let admission: Admission = state.withLock { state in
      if state.running < slots {
        state.running += 1
        return .started
      }
      guard state.waiting.count < queueLength else {
        // The queue drains (running + waiting) / slots jobs deep before a new one would start.
        let depth = Double(state.running + state.waiting.count) / Double(slots)
        let seconds = (state.lastSeconds * depth).rounded(.up)
        return .refused(retryAfter: Int(min(max(seconds, 1), 60)))
      }
      state.waiting.append(job)
      return .queued
    }
    switch admission {
    case .started:
      start(job)
      return nil
    case .queued:
      return nil
    case .refused(let retryAfter):
      return retryAfter
    }
  }

  /// Runs a job on the queue; when it ends, hands its slot to the oldest waiting job.
  /// - Parameter job: a job that holds a slot.
  private func start(_ job: @escaping Job) {
    queue.async { [self] in
      let began = DispatchTime.now().uptimeNanoseconds
      job()
      let ended = DispatchTime.now().uptimeNanoseconds
      let seconds = Double(ended >= began ? ended - began : 0) / 1e9
      let next: Job? = state.withLock { state in
        state.lastSeconds = seconds
        guard !state.waiting.isEmpty else {
          state.running -= 1
          return nil
        }
        return state.waiting.removeFirst()
      }
      if let next { start(next) }
    }
  }
}
