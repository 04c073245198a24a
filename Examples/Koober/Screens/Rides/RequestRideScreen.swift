import Localization
import RideLogicControl
import RideModel
import UserModel

/// `[Request a ride]`: pickup = the current location, then where to, the vehicle (with each
/// fare), and a confirmation; the requested ride opens `[Ride status]`. A ride already going
/// on opens there instead: one ride at a time.
@MainActor
final class RequestRideScreen: Screen {
  private let console: Console
  private let user: User
  private let planner: TripPlanner

  /// Makes the screen.
  /// - Parameters:
  ///   - console: The terminal.
  ///   - user: The signed-in passenger.
  ///   - control: A new passenger control (the signed-in container's).
  init(console: Console, user: User, control: PassengerRideLogicControl) {
    self.console = console
    self.user = user
    planner = TripPlanner(control: control)
  }

  func run() async -> Destination {
    console.title(TextTable.koober.text("requestRide.title"))
    let home = Destination.home(user, alert: nil)
    let start = await console.progress(TextTable.koober.text("progress.findingLocation")) {
      await planner.locatePickup()
    }
    switch start {
    case .failed(let error):
      return .home(user, alert: error.message)
    case .rideInProgress(let ride):
      return .rideStatus(
        user, following: planner.control, alert: RideLogicError.rideInProgress(ride).message)
    case .pickup(let pickup):
      console.line(TextTable.koober.text("requestRide.pickup", ["place": pickup.displayText]))
    }
    console.note(TextTable.koober.text("requestRide.hint"))
    let form = TripForm(console: console, planner: planner, back: home)
    while true {
      if let leave = await form.chooseDestination() { return leave }
      if let leave = await form.chooseVehicle() { return leave }
      guard let estimate = form.model.selectedEstimate, let place = form.model.destinationText
      else { continue }
      let trip = [
        "vehicle": estimate.vehicleType.displayName, "place": place,
        "fare": estimate.fare.formatted,
      ]
      let question = TextTable.koober.text("requestRide.confirm", trip)
      switch await form.ask(question, defaultValue: TypedWord.yes.shown) {
      case .leave(let destination): return destination
      case .answer(let answer) where !TypedWord.yes.matches(answer):
        console.note(TextTable.koober.text("requestRide.notRequested"))
        continue
      case .answer: break
      }
      let result = await form.loading(TextTable.koober.text("progress.requestingRide")) {
        await planner.request(estimate.vehicleType)
      }
      switch result {
      case .success:
        return .rideStatus(user, following: planner.control, alert: nil)
      case .failure(let error):
        // The server knew of a ride going on: the control follows that one now.
        if case .rideInProgress = error {
          return .rideStatus(user, following: planner.control, alert: error.message)
        }
        console.alert(error.message)
      }
    }
  }
}
