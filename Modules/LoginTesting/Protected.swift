import Foundation

/// A value behind a lock, for the fakes' state that tests read while tasks change it.
final class Protected<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) {
    stored = value
  }

  var value: Value {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }

  @discardableResult
  func update<T, Failure: Error>(
    _ change: (inout Value) throws(Failure) -> T
  ) throws(Failure) -> T {
    lock.lock()
    defer { lock.unlock() }
    return try change(&stored)
  }
}
