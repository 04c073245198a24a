/// `koober rides estimate --to PLACE`: what a ride from the fixed pickup to the first place
/// matching PLACE costs in each vehicle type. No account needed.
@MainActor
struct RideEstimateCommand {
  let app: AppContainer
  let place: String

  func run() async -> ExitCode {
    let console = app.console
    let planner = TripPlanner(control: app.makeEstimateControl())
    switch await planner.plan(to: place, console: console) {
    case .failure(let exit): return exit.status
    case .success(let trip):
      console.line("\(trip.pickup.displayText) → \(trip.destination.displayText)")
      trip.estimates.forEach { console.line($0.line) }
      return .ok
    }
  }
}
