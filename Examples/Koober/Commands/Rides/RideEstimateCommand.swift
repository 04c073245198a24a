/// `koober rides estimate --to PLACE`: what a ride from the fixed pickup to the first place
/// matching PLACE costs in each vehicle type. No account needed.
struct RideEstimateCommand: KooberCommand {
  static let configuration = CommandConfiguration(
    name: "estimate", group: .rides,
    summary: "What a ride to a place costs (no account needed).",
    arguments: "--to PLACE", options: [.destination],
    details: [
      CommandConfiguration.pickupNote,
      "One line per vehicle type: name, fare, minutes to pick-up.",
    ])

  /// `--to PLACE`: part of a place's name.
  let place: String

  init(_ options: OptionReader) throws(UsageError) {
    place = try options.requiredText("to")
  }

  func run(_ context: CommandContext) async -> ExitCode {
    let console = context.console
    return await context.withRides { app in
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
}
