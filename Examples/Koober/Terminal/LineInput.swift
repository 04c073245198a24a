import Foundation
import WireFormat

/// Standard input as a queue of lines, read on a thread of its own so a screen can wait for
/// a line and for other things (a countdown, the end of a session) at the same time.
///
/// Lines that arrive while no one waits are kept for the next prompt, which is what makes a
/// piped script work: each line answers the prompt that is current when it is read.
final class LineInput: Sendable {
  /// The longest line kept; the rest of a longer line is dropped.
  static let maximumLineLength = 4096

  /// What the reader thread and the main actor share.
  private struct State {
    var buffered: [String] = []
    var finished = false
    var interruptPending = false
    var waiter: CheckedContinuation<LineEvent, Never>?
    var started = false
  }

  private let state = Locked(State())

  /// Starts the reader thread; later calls do nothing.
  func start() {
    let alreadyStarted = state.withLock { state in
      defer { state.started = true }
      return state.started
    }
    guard !alreadyStarted else { return }
    let thread = Thread { [self] in
      while let line = Swift.readLine(strippingNewline: true) {
        deliver(.line(String(line.prefix(Self.maximumLineLength))))
      }
      deliver(.endOfInput)
    }
    thread.name = "koober.stdin"
    thread.start()
  }

  /// Waits for the next line, the end of input, or an interruption.
  /// - Returns: What came first.
  func next() async -> LineEvent {
    await withCheckedContinuation { continuation in
      let ready: LineEvent? = state.withLock { state in
        if state.interruptPending {
          state.interruptPending = false
          return .interrupted
        }
        if !state.buffered.isEmpty { return .line(state.buffered.removeFirst()) }
        if state.finished { return .endOfInput }
        state.waiter = continuation
        return nil
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }

  /// Ends the current wait with `.interrupted`; when no one waits, the next wait ends so.
  func interrupt() {
    let waiting = state.withLock { state in
      guard let waiting = state.waiter else {
        state.interruptPending = true
        return nil as CheckedContinuation<LineEvent, Never>?
      }
      state.waiter = nil
      return waiting
    }
    waiting?.resume(returning: .interrupted)
  }

  /// Forgets an interruption no wait has seen yet (a new screen starts afresh).
  func clearInterrupt() {
    state.withLock { $0.interruptPending = false }
  }

  private func deliver(_ event: LineEvent) {
    let waiting: CheckedContinuation<LineEvent, Never>? = state.withLock { state in
      if case .line(let text) = event, state.waiter == nil {
        state.buffered.append(text)
        return nil
      }
      if event == .endOfInput { state.finished = true }
      defer { state.waiter = nil }
      return state.waiter
    }
    waiting?.resume(returning: event)
  }
}
