import ServiceRide

/// `koober rides cancel ID`: cancels the passenger's ride while it is requested or accepted,
/// and prints it.
@MainActor
struct RideCancelCommand {
  let app: AppContainer
  let id: String

  func run() async -> ExitCode {
    return await app.runRideCommand(.passengers) { container in
      do throws(RideError) {
        let ride = try await container.rides().cancelRide(id)
        app.console.line(ride.line)
        return .ok
      } catch {
        return app.console.fail(error)
      }
    }
  }
}
