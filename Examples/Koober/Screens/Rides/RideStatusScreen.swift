import Foundation
import Localization
import RideLogicControl
import RideModel
import RideViewModel
import ServiceRide
import UserModel

/// `[Ride status]`: the passenger's ride, live. Each change the control's polling finds is
/// written as it comes (the prompt is interrupted and asked again), with Cancel offered while
/// the ride allows it; on a terminal the prompt counts the time spent waiting for a driver.
@MainActor
final class RideStatusScreen: Screen, PassengerRideLogicDelegate, RideStateRelay {
  private let console: Console
  private let user: User
  private let control: PassengerRideLogicControl
  private let alert: String?
  private let model = RideStatusViewModel()
  private var updates = RideScreenUpdates()
  private var foundNoRide = false
  private var failure: RideLogicError?
  private var followingStopped = false

  /// Makes the screen.
  /// - Parameters:
  ///   - console: The terminal.
  ///   - user: The signed-in passenger.
  ///   - control: The control following the ride (handed over by `[Request a ride]`), or a
  ///     new one that finds the ride going on.
  ///   - alert: One sentence to show first.
  init(console: Console, user: User, control: PassengerRideLogicControl, alert: String?) {
    self.console = console
    self.user = user
    self.control = control
    self.alert = alert
  }

  func run() async -> Destination {
    console.title(TextTable.koober.text("rideStatus.title"))
    if let alert { console.alert(alert) }
    bindModel()
    control.delegate = self
    defer { control.stop() }
    if let ride = control.followedRide {
      model.rideChanged(ride)
    } else {
      let task = control.start()
      await console.progress(TextTable.koober.text("progress.findingRide")) { await task?.value }
      if let failure { return .home(user, alert: failure.message) }
      if foundNoRide { return .home(user, alert: RideLogicError.noActiveRide.message) }
    }
    guard let ride = model.ride else { return .home(user, alert: nil) }
    console.line(ride.summary)
    let ticker = Task { [weak self] in
      while !Task.isCancelled {
        try? await Task.sleep(for: .seconds(1))
        self?.model.tick(now: Date())
      }
    }
    defer { ticker.cancel() }
    return await followUntilLeft()
  }

  /// Writes the changes and asks for a choice, until one leaves the screen.
  private func followUntilLeft() async -> Destination {
    while true {
      updates.write(to: console)
      model.tick(now: Date())
      var entries: [MenuEntry<Bool>] = []
      if model.isCancelEnabled, !followingStopped {
        entries.append(MenuEntry(title: TextTable.koober.text("rideStatus.cancel"), value: true))
      }
      entries.append(MenuEntry(title: TextTable.koober.text("entry.backHome"), value: false))
      console.list(entries)
      let event = await console.askLive(promptLabel)
      switch event {
      case .endOfInput: return .quit
      case .interrupted:
        guard updates.takeRedraw() else { return .interrupted }
      case .line(let answer) where answer.isEmpty:
        continue
      case .line(let answer):
        switch console.pick(answer, from: entries) {
        case false?: return .home(user, alert: nil)
        case true?: await cancel()
        case nil: continue
        }
      }
    }
  }

  private var promptLabel: String {
    model.waitingText.map { TextTable.koober.text("rideStatus.waiting", ["time": $0]) }
      ?? TextTable.koober.text("menu.choose")
  }

  private func cancel() async {
    failure = nil
    let task = control.cancel()
    await console.progress(TextTable.koober.text("progress.cancelling")) { await task?.value }
    if let failure { updates.alert(failure.message) }
  }

  private func bindModel() {
    model.onStatusTextChange = { [weak self] text in
      if let text { self?.updates.line(text) }
    }
    model.onConnectionTextChange = { [weak self] text in
      if let text {
        self?.updates.alert(text)
      } else {
        self?.updates.line(TextTable.koober.text("ride.reconnected"))
      }
    }
    model.onWaitingTextChange = { [weak self] _ in
      guard let self else { return }
      console.updateLivePrompt(promptLabel)
    }
  }

  private func redraw() {
    updates.requestRedraw(console)
  }

  // MARK: - PassengerRideLogicDelegate

  func passengerLogic(_ control: PassengerRideLogicControl, didLocatePickup pickup: Location) {
    foundNoRide = true
  }

  func passengerLogic(
    _ control: PassengerRideLogicControl, didFindDestinations destinations: [Location],
    for text: String
  ) {}

  func passengerLogic(
    _ control: PassengerRideLogicControl, didEstimate estimates: [FareEstimate],
    to destination: Location
  ) {}

  func passengerLogic(_ control: PassengerRideLogicControl, didFail error: RideLogicError) {
    failure = error
  }

  func rideDidChange(_ ride: Ride) {
    model.rideChanged(ride)
    redraw()
  }

  func rideLogic(
    _ control: any RideFollowing, isReconnecting lastKnown: Ride, because error: RideError
  ) {
    model.setReconnecting(true)
    redraw()
  }

  func rideLogic(_ control: any RideFollowing, didReconnect ride: Ride) {
    model.setReconnecting(false)
    redraw()
  }

  func rideLogic(
    _ control: any RideFollowing, stoppedFollowing lastKnown: Ride, because error: RideError
  ) {
    followingStopped = true
    updates.alert(error.message)
    redraw()
  }
}
