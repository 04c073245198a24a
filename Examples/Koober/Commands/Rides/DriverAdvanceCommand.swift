import ServiceRide

/// `koober driver advance ID`: moves the driver's ride one step on from where the server
/// says it is (accepted → arrived → in progress → completed), and prints it.
@MainActor
struct DriverAdvanceCommand {
  let app: AppContainer
  let id: String

  func run() async -> ExitCode {
    return await app.runRideCommand(.drivers) { container in
      do throws(RideError) {
        app.console.line(try await container.rides().advance(id).line)
        return .ok
      } catch {
        return app.console.fail(error)
      }
    }
  }
}
