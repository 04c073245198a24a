import Foundation
import WireFormat

/// Standard input as a queue of lines, read on a thread of its own so a screen can wait for
/// a line and for other things (a countdown, the end of a session) at the same time.
///
/// Lines that arrive while no one waits are kept for the next prompt, which is what makes a
/// piped script work: each line answers the prompt that is current when it is read.
final class LineInput: @unchecked Sendable {
  /// The longest line kept; the rest of a longer line is dropped.
  static let maximumLineLength = 4096

  // Guards every stored property below: the reader thread and the main actor share them.
  private let lock = Locked(())
  private var buffered: [String] = []
  private var finished = false
  private var interruptPending = false
  private var waiter: CheckedContinuation<LineEvent, Never>?
  private var started = false

  /// Starts the reader thread; later calls do nothing.
  func start() {
    let alreadyStarted = lock.withLock { _ in
      defer { started = true }
      return started
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
      let ready: LineEvent? = lock.withLock { _ in
        if interruptPending {
          interruptPending = false
          return .interrupted
        }
        if !buffered.isEmpty { return .line(buffered.removeFirst()) }
        if finished { return .endOfInput }
        waiter = continuation
        return nil
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }

  /// Ends the current wait with `.interrupted`; when no one waits, the next wait ends so.
  func interrupt() {
    let waiting = lock.withLock { _ in
      guard let waiting = waiter else {
        interruptPending = true
        return nil as CheckedContinuation<LineEvent, Never>?
      }
      waiter = nil
      return waiting
    }
    waiting?.resume(returning: .interrupted)
  }

  /// Forgets an interruption no wait has seen yet (a new screen starts afresh).
  func clearInterrupt() {
    lock.withLock { _ in interruptPending = false }
  }

  private func deliver(_ event: LineEvent) {
    let waiting: CheckedContinuation<LineEvent, Never>? = lock.withLock { _ in
      if case .line(let text) = event, waiter == nil {
        buffered.append(text)
        return nil
      }
      if event == .endOfInput { finished = true }
      defer { waiter = nil }
      return waiter
    }
    waiting?.resume(returning: event)
  }
}
