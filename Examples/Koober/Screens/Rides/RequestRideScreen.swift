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
    console.title("Request a ride")
    let home = Destination.home(user, alert: nil)
    let start = await console.progress("Finding your location") { await planner.locatePickup() }
    switch start {
    case .failed(let error):
      return .home(user, alert: error.message)
    case .rideInProgress(let ride):
      return .rideStatus(
        user, following: planner.control, alert: RideLogicError.rideInProgress(ride).message)
    case .pickup(let pickup):
      console.line("Pickup: \(pickup.displayText) (your current location).")
    }
    console.note("Type 'back' to go home.")
    let form = TripForm(console: console, planner: planner, back: home)
    while true {
      if let leave = await form.chooseDestination() { return leave }
      if let leave = await form.chooseVehicle() { return leave }
      guard let estimate = form.model.selectedEstimate, let place = form.model.destinationText
      else { continue }
      let question =
        "Request a \(estimate.vehicleType.displayName) to \(place) for "
        + "\(estimate.fare.formatted)? (yes or no)"
      switch await form.ask(question, defaultValue: "yes") {
      case .leave(let destination): return destination
      case .answer(let answer) where answer.lowercased() != "yes":
        console.note("Not requested. Choose another place, or type 'back'.")
        continue
      case .answer: break
      }
      let result = await form.loading("Requesting your ride") {
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
