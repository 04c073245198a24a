import Foundation

/// A clock a test moves by hand, for the backend's `now`.
final class RideTestClock: @unchecked Sendable {
  // Guarded by `lock`; every access takes it.
  private let lock = NSLock()
  private var current: Date

  init(_ start: Date = Date(timeIntervalSince1970: 1_795_249_800)) {
    current = start
  }

  var now: Date {
    lock.lock()
    defer { lock.unlock() }
    return current
  }

  func advance(by seconds: TimeInterval) {
    lock.lock()
    defer { lock.unlock() }
    current += seconds
  }
}
