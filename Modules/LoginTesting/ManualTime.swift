import Foundation
import WireFormat

/// A clock for tests that moves only when told to: pass `read` wherever the package takes a
/// `now: @Sendable () -> Date` (ServiceUser, the fake remote API).
///
/// ```swift
/// let time = ManualTime()
/// let remote = FakeAuthRemoteAPI(now: time.read)
/// let service = ServiceUser(
///   remote: remote, network: client,
///   accountDatabaseURL: folder.appendingPathComponent("accounts.sqlite"),
///   sessionStore: InMemorySessionStore(), now: time.read)
/// time.advance(by: 3_600)  // the access token has expired now
/// ```
public final class ManualTime: Sendable {
  private let current: Locked<Date>

  /// Starts the clock.
  /// - Parameter start: The first moment; 2030-01-01 00:00 UTC by default.
  public init(_ start: Date = Date(timeIntervalSince1970: 1_893_456_000)) {
    current = Locked(start)
  }

  /// The current moment.
  public var now: Date { current.value }

  /// Reads the current moment: the closure to inject.
  public var read: @Sendable () -> Date {
    { [current] in current.value }
  }

  /// Moves the clock forward (or back, with a negative number).
  /// - Parameter seconds: How far.
  public func advance(by seconds: TimeInterval) {
    current.withLock { $0 += seconds }
  }
}
