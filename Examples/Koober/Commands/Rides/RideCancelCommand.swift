import ServiceRide

/// `koober rides cancel ID`: cancels the passenger's ride while it is requested or accepted,
/// and prints it.
@MainActor
struct RideCancelCommand {
  let app: AppContainer
  let id: String

  func run() async -> ExitCode {
    return await app.runRideCommand(.passengers) { container in
      await app.console.printRide { () throws(RideError) in
        try await container.rides().cancelRide(id)
      }
    }
  }
}
