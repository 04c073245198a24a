import ServiceRide

/// `koober driver advance ID`: moves the driver's ride one step on from where the server
/// says it is (accepted → arrived → in progress → completed), and prints it.
@MainActor
struct DriverAdvanceCommand {
  let app: AppContainer
  let id: String

  func run() async -> ExitCode {
    return await app.runRideCommand(.drivers) { container in
      await app.console.printRide { () throws(RideError) in
        try await container.rides().advance(id)
      }
    }
  }
}
