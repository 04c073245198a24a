import Localization

/// `koober rides estimate --to PLACE`: what a ride from the fixed pickup to the first place
/// matching PLACE costs in each vehicle type. No account needed.
struct RideEstimateCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "estimate", group: .rides,
      summary: TextTable.kooberCommands.text("ridesEstimate.summary"),
      arguments: "--to PLACE", options: [.destination],
      details: CommandConfiguration.pickupNote + "\n"
        + TextTable.kooberCommands.text("ridesEstimate.details"))
  }

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
