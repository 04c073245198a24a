import Localization
import RideLogicControl
import RideModel
import RideViewModel
import ServiceRide
import UserModel

/// `[Ride queue]`: the driver's rides waiting for a driver; accepting one makes it the
/// driver's ride, which then moves one step at a time (arrived, started, completed). The
/// accepted ride is followed, so a passenger's cancel shows up here as it happens.
@MainActor
final class RideQueueScreen: Screen, DriverRideLogicDelegate, RideStateRelay {
  private enum Choice {
    case advance
    case refresh
    case back
  }

  private let console: Console
  private let user: User
  private let control: DriverRideLogicControl
  private let model = DriverQueueViewModel()
  private var updates = RideScreenUpdates()
  private var failure: RideLogicError?
  private var queueIsStale = false

  /// Makes the screen.
  /// - Parameters:
  ///   - console: The terminal.
  ///   - user: The signed-in driver.
  ///   - control: A new driver control (the signed-in container's).
  init(console: Console, user: User, control: DriverRideLogicControl) {
    self.console = console
    self.user = user
    self.control = control
  }

  func run() async -> Destination {
    console.title(TextTable.koober.text("rideQueue.title"))
    model.onCurrentRideTextChange = { [weak self] text in
      if let text { self?.updates.line(text) }
    }
    control.delegate = self
    defer { control.stop() }
    await perform(TextTable.koober.text("progress.loadingQueue")) { $0.start() }
    if let failure { return .home(user, alert: failure.message) }
    while true {
      updates.write(to: console)
      if queueIsStale {
        await perform(TextTable.koober.text("progress.loadingQueue")) { $0.loadQueue() }
        updates.write(to: console)
      }
      let event: LineEvent
      let entries = menu
      if entries.isEmpty {
        writeQueue()
        event = await console.ask(TextTable.koober.text("rideQueue.prompt"))
      } else {
        console.list(entries)
        event = await console.ask(TextTable.koober.text("menu.choose"))
      }
      switch event {
      case .endOfInput: return .quit
      case .interrupted:
        guard updates.takeRedraw() else { return .interrupted }
      case .line(let answer):
        if let leave = await handle(answer, entries: entries) { return leave }
      }
    }
  }

  /// The choices while the driver has a ride going on; empty when the queue is shown.
  private var menu: [MenuEntry<Choice>] {
    guard let ride = control.activeRide, let title = DriverQueueViewModel.advanceTitle(
      for: ride.status)
    else { return [] }
    return [
      MenuEntry(title: title, value: .advance),
      MenuEntry(title: TextTable.koober.text("entry.backHome"), value: .back),
    ]
  }

  private func handle(_ answer: String, entries: [MenuEntry<Choice>]) async -> Destination? {
    let choice: Choice?
    if !entries.isEmpty {
      choice = answer.isEmpty ? .refresh : console.pick(answer, from: entries)
    } else if answer.isEmpty || TypedWord.refresh.matches(answer) {
      choice = .refresh
    } else if TypedWord.back.matches(answer) {
      choice = .back
    } else if let ride = Int(answer).flatMap(model.ride(atLine:)) {
      await perform(TextTable.koober.text("progress.accepting")) { $0.accept(ride) }
      choice = nil
    } else {
      console.alert(TextTable.koober.text("rideQueue.hint"))
      choice = nil
    }
    switch choice {
    case .back?: return .home(user, alert: nil)
    case .advance?:
      await perform(TextTable.koober.text("progress.tellingPassenger")) { $0.advance() }
    case .refresh?: if entries.isEmpty { queueIsStale = true }
    case nil: break
    }
    return nil
  }

  /// Runs one step of the control and shows its failure, if any.
  private func perform(
    _ label: String, _ step: (DriverRideLogicControl) -> Task<Void, Never>?
  ) async {
    failure = nil
    let task = step(control)
    await console.progress(label) { await task?.value }
    if let failure { updates.alert(failure.message) }
  }

  private func writeQueue() {
    guard !model.queueText.isEmpty else {
      console.line(TextTable.koober.text("rideQueue.empty"))
      return
    }
    console.line(TextTable.koober.text("rideQueue.heading"))
    model.queueText.forEach { console.line("  " + $0) }
  }

  // MARK: - DriverRideLogicDelegate

  func driverLogic(_ control: DriverRideLogicControl, didLoadQueue queue: [Ride]) {
    queueIsStale = false
    model.queueChanged(queue)
  }

  func driverLogic(_ control: DriverRideLogicControl, didFail error: RideLogicError) {
    failure = error
  }

  func rideDidChange(_ ride: Ride) {
    model.currentRideChanged(ride)
    if !ride.status.isActive {
      model.currentRideChanged(nil)
      queueIsStale = true
    }
    updates.requestRedraw(console)
  }

  func rideLogic(
    _ control: any RideFollowing, isReconnecting lastKnown: Ride, because error: RideError
  ) {
    updates.alert(TextTable.koober.text("ride.reconnecting"))
    updates.requestRedraw(console)
  }

  func rideLogic(_ control: any RideFollowing, didReconnect ride: Ride) {
    updates.line(TextTable.koober.text("ride.reconnected"))
    updates.requestRedraw(console)
  }

  func rideLogic(
    _ control: any RideFollowing, stoppedFollowing lastKnown: Ride, because error: RideError
  ) {
    updates.alert(error.message)
    queueIsStale = true
    updates.requestRedraw(console)
  }
}
