import Localization
import RideModel

/// `koober rides request --to PLACE --vehicle TYPE`: requests a ride from the fixed pickup to
/// the first place matching PLACE, through the passenger's request flow (one ride at a time,
/// a vehicle from the estimates), and prints it: id, status, route.
struct RideRequestCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "request", group: .rides,
      summary: TextTable.kooberCommands.text("ridesRequest.summary"),
      arguments: "--to PLACE --vehicle TYPE",
      options: [
        .destination,
        .value("vehicle", "TYPE", TextTable.kooberCommands.text("ridesRequest.option.vehicle")),
      ],
      details: CommandConfiguration.pickupNote + "\n"
        + TextTable.kooberCommands.text("ridesRequest.details"))
  }

  /// `--to PLACE`: part of a place's name.
  let place: String
  /// `--vehicle TYPE`.
  let vehicle: VehicleType

  init(_ options: OptionReader) throws(UsageError) {
    place = try options.requiredText("to")
    vehicle = try options.vehicleType()
  }

  func run(_ context: CommandContext) async -> ExitCode {
    let console = context.console
    return await context.withSignedIn(.feature(.requestRide)) { container in
      let planner = TripPlanner(control: await container.makePassengerControl())
      defer { planner.control.stop() }
      if case .failure(let exit) = await planner.plan(to: place, console: console) {
        return exit.status
      }
      switch await planner.request(vehicle) {
      case .success(let ride):
        console.line(ride.line)
        return .ok
      case .failure(let error):
        if case .rideInProgress(let ride) = error { return console.failRideInProgress(ride) }
        return console.fail(error)
      }
    }
  }
}
