import Foundation
import Localization
import RideModel
import WireFormat

/// The view side of following a ride: a sentence for its status, whether Cancel can be
/// pressed, how long the passenger has waited for a driver, and a reconnecting notice.
///
/// Closures fire only when their value changes; within one event in this order: status,
/// cancel enabled, waiting, connection; each once every output of the event is stored, so a
/// closure may read any property back. The waiting time is computed from the last
/// `tick(now:)`, so a test or a timer supplies the clock.
///
/// ```swift
/// let model = RideStatusViewModel()
/// model.onStatusTextChange = { statusLabel.text = $0 }
/// model.rideChanged(ride)
/// model.tick(now: Date())  // "0:42" while still looking for a driver
/// ```
@MainActor
public final class RideStatusViewModel {
  /// Called with a sentence for the ride's status, e.g. `Looking for a driver…`.
  public var onStatusTextChange: ((String?) -> Void)?
  /// Called when Cancel becomes enabled (requested or accepted) or disabled.
  public var onCancelEnabledChange: ((Bool) -> Void)?
  /// Called with the time waited for a driver as `m:ss` while requested, else `nil`.
  public var onWaitingTextChange: ((String?) -> Void)?
  /// Called with `Koober can't be reached; reconnecting…` while the server is
  /// unreachable (the last known status stays shown), `nil` once it answers.
  public var onConnectionTextChange: ((String?) -> Void)?

  /// The ride being shown, if any.
  public private(set) var ride: Ride?
  private var now: Date?
  private var reconnecting = false

  /// The status sentence, or `nil` before a ride is shown.
  public private(set) var statusText: String?
  /// Whether Cancel can be pressed.
  public private(set) var isCancelEnabled = false
  /// The time waited for a driver, or `nil`.
  public private(set) var waitingText: String?
  /// The connection notice, or `nil` while connected.
  public private(set) var connectionText: String?

  private let changes = ChangeQueue()

  /// Makes a view model that shows no ride yet.
  public init() {}

  /// The ride was requested or changed.
  /// - Parameter ride: The ride's latest known state.
  public func rideChanged(_ ride: Ride) {
    self.ride = ride
    render()
  }

  /// Time passed; updates the waiting time.
  /// - Parameter now: The current time from the view's clock.
  public func tick(now: Date) {
    self.now = now
    render()
  }

  /// The ride's updates stopped reaching the app (`true`) or resumed (`false`).
  /// - Parameter isReconnecting: Whether the app is trying to reach the server again.
  public func setReconnecting(_ isReconnecting: Bool) {
    reconnecting = isReconnecting
    render()
  }

  /// The sentence shown for a ride in a status, in the language `Texts.language` names.
  /// - Parameter ride: The ride; its destination and fare fill some sentences.
  /// - Returns: E.g. `Your driver is on the way` or `Ride completed · A$18.40`.
  public static func statusText(for ride: Ride) -> String {
    switch ride.status {
    case .requested: TextTable.rideViewModel.text("status.requested")
    case .accepted: TextTable.rideViewModel.text("status.accepted")
    case .arrived: TextTable.rideViewModel.text("status.arrived")
    case .inProgress:
      TextTable.rideViewModel.text(
        "status.inProgress", ["destination": ride.destination.displayText])
    case .completed: TextTable.rideViewModel.text("ride.completed", ["fare": ride.fare.formatted])
    case .cancelled: TextTable.rideViewModel.text("status.cancelled")
    }
  }

  /// Whole seconds as `m:ss`, minutes unbounded: `0:05`, `12:40`, `75:03`.
  /// - Parameter seconds: The duration; negative or non-finite counts as zero (a clock that
  ///   runs behind the server must not show a negative wait).
  /// - Returns: The text.
  public static func waitingText(seconds: TimeInterval) -> String {
    // Capped at a million hours so the conversion to Int can never trap.
    let whole = seconds.isFinite ? Int(min(max(seconds, 0), 3.6e9)) : 0
    let remainder = whole % 60
    return "\(whole / 60):\(remainder < 10 ? "0" : "")\(remainder)"
  }

  /// Stores every output the inputs now imply, then tells the view what changed.
  private func render() {
    changes.set(
      \.statusText, of: self, to: ride.map(Self.statusText(for:)), tell: \.onStatusTextChange)
    let cancellable = ride?.status.canBeCancelled ?? false
    changes.set(\.isCancelEnabled, of: self, to: cancellable, tell: \.onCancelEnabledChange)
    var waited: String?
    if let ride, ride.status == .requested, let now {
      waited = Self.waitingText(seconds: now.timeIntervalSince(ride.requestedAt))
    }
    changes.set(\.waitingText, of: self, to: waited, tell: \.onWaitingTextChange)
    let notice = reconnecting ? TextTable.rideViewModel.text("status.reconnecting") : nil
    changes.set(\.connectionText, of: self, to: notice, tell: \.onConnectionTextChange)
    changes.tell()
  }
}
