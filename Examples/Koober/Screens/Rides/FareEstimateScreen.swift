import Localization
import RideLogicControl

/// `[Fare estimate]`: what a ride from the current location to a place costs in each vehicle
/// type. Guests welcome: it needs no account, so it runs the estimate-only flow.
@MainActor
final class FareEstimateScreen: Screen {
  private let console: Console
  private let planner: TripPlanner
  private let back: Destination

  /// Makes the screen.
  /// - Parameters:
  ///   - console: The terminal.
  ///   - control: The estimate-only passenger flow (`AppContainer.makeEstimateControl()`).
  ///   - back: Where the screen returns: the home, or the guest home.
  init(console: Console, control: PassengerRideLogicControl, back: Destination) {
    self.console = console
    planner = TripPlanner(control: control)
    self.back = back
  }

  func run() async -> Destination {
    console.title(TextTable.koober.text("fareEstimate.title"))
    let start = await console.progress(TextTable.koober.text("progress.findingLocation")) {
      await planner.locatePickup()
    }
    guard case .pickup(let pickup) = start else {
      if case .failed(let error) = start { console.alert(error.message) }
      return back
    }
    console.line(TextTable.koober.text("fareEstimate.from", ["place": pickup.displayText]))
    console.note(TextTable.koober.text("fareEstimate.hint"))
    let form = TripForm(console: console, planner: planner, back: back)
    while true {
      if let leave = await form.chooseDestination() { return leave }
      let next = await console.choose(from: [
        MenuEntry(title: TextTable.koober.text("fareEstimate.again"), value: nil),
        MenuEntry(title: TextTable.koober.text("entry.back"), value: Optional(back)),
      ])
      switch next {
      case .failure(let exit): return exit.destination
      case .success(let destination?): return destination
      case .success(nil): continue
      }
    }
  }
}
