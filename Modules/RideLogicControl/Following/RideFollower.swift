import RideModel
import ServiceRide

/// Follows one ride by asking the server for it at a fixed interval on an injected clock,
/// and reports each change of status once, the loss of the connection once, and its return.
///
/// A transient failure (offline, timeout, 5xx) keeps the last known state and keeps
/// polling; any other failure stops following. An answer older than what is known (a poll
/// that crossed the control's own step) is ignored, so a status never goes back.
@MainActor
final class RideFollower {
  /// What the follower tells its owner.
  enum Event {
    case status(Ride)
    case reconnecting(Ride, RideError)
    case reconnected(Ride)
    case stopped(Ride, RideError)
  }

  typealias Fetch = @Sendable (String) async throws(RideError) -> Ride

  /// The last known state of the ride, or `nil` before any.
  private(set) var ride: Ride?
  /// Whether the last poll failed transiently.
  private(set) var isReconnecting = false
  /// Receives every event, on the main actor.
  var onEvent: ((Event) -> Void)?

  private let fetch: Fetch
  private let clock: any Clock<Duration>
  private let interval: Duration
  private var task: Task<Void, Never>?

  init(clock: any Clock<Duration>, interval: Duration, fetch: @escaping Fetch) {
    self.clock = clock
    self.interval = interval
    self.fetch = fetch
  }

  /// Sends every event to the responder `owner` has at that moment, on behalf of `owner`;
  /// holds `owner` weakly.
  func report<Owner: RideFollowing>(
    to owner: Owner, through responder: @escaping @MainActor (Owner) -> (any RideStateResponder)?
  ) {
    onEvent = { [weak owner] event in
      guard let owner else { return }
      responder(owner)?.report(event, from: owner)
    }
  }

  /// Whether a ride is being polled now.
  var isFollowing: Bool { task != nil }

  /// Starts following `ride`, reporting its status first; replaces any ride followed before.
  func follow(_ ride: Ride) {
    stop()
    self.ride = ride
    isReconnecting = false
    onEvent?(.status(ride))
    if ride.status.isActive { startPolling() }
  }

  /// Takes a state of the followed ride the owner learned itself (from its own step), and
  /// reports it if it is a change. Another ride is followed from scratch.
  func update(_ newRide: Ride) {
    guard let ride, ride.id == newRide.id else { return follow(newRide) }
    if absorb(newRide) { onEvent?(.status(newRide)) }
    if !(self.ride?.status.isActive ?? false) { stop() }
  }

  /// Stops polling; no event follows.
  func stop() {
    task?.cancel()
    task = nil
  }

  private func startPolling() {
    guard let id = ride?.id else { return }
    task = Task { [weak self, clock, interval, fetch] in
      while true {
        do {
          try await clock.sleep(for: interval)
        } catch {
          return
        }
        let result: Result<Ride, RideError>
        do throws(RideError) {
          result = .success(try await fetch(id))
        } catch {
          result = .failure(error)
        }
        // A stopped follower, or one following another ride now, drops the answer.
        guard !Task.isCancelled, let self, self.receive(result) else { return }
      }
    }
  }

  /// Handles one poll's answer; returns whether to keep polling.
  private func receive(_ result: Result<Ride, RideError>) -> Bool {
    guard let known = ride else { return false }
    switch result {
    case .success(let fresh):
      let changed = absorb(fresh)
      let current = ride ?? fresh
      if isReconnecting {
        isReconnecting = false
        onEvent?(.reconnected(current))
      }
      if changed { onEvent?(.status(current)) }
      guard current.status.isActive else {
        task = nil
        return false
      }
      return true
    case .failure(let error) where error.isTransient || error == .cancelled:
      // A request cancelled under the follower (not by it) is as good as no answer.
      if !isReconnecting, error != .cancelled {
        isReconnecting = true
        onEvent?(.reconnecting(known, error))
      }
      return true
    case .failure(let error):
      task = nil
      isReconnecting = false
      onEvent?(.stopped(known, error))
      return false
    }
  }

  /// Keeps `fresh` as the known state unless it is older than what is known; returns
  /// whether its status differs from the one known before.
  private func absorb(_ fresh: Ride) -> Bool {
    guard let known = ride, fresh.id == known.id, fresh.updatedAt >= known.updatedAt,
      Self.progress(fresh.status) >= Self.progress(known.status)
    else { return false }
    ride = fresh
    return fresh.status != known.status
  }

  /// How far along a ride is; a status never moves to a lower one.
  private static func progress(_ status: RideStatus) -> Int {
    switch status {
    case .requested: 0
    case .accepted: 1
    case .arrived: 2
    case .inProgress: 3
    case .completed, .cancelled: 4
    }
  }
}
