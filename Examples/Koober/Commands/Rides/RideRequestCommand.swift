import RideModel

/// `koober rides request --to PLACE --vehicle TYPE`: requests a ride from the fixed pickup to
/// the first place matching PLACE, through the passenger's request flow (one ride at a time,
/// a vehicle from the estimates), and prints it: id, status, route.
@MainActor
struct RideRequestCommand {
  let app: AppContainer
  let place: String
  let vehicle: VehicleType

  func run() async -> ExitCode {
    let console = app.console
    return await app.runRideCommand(.feature(.requestRide)) { container in
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
