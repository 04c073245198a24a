import RideModel
import ServiceRide

/// `koober rides list [--scope S | --search TEXT]`: the account's rides, newest first, one a
/// line (id, status, route). When the server can't be asked, the rides saved on this device
/// are listed and the command exits 1.
@MainActor
struct RideListCommand {
  let app: AppContainer
  let configuration: RideListConfiguration

  func run() async -> ExitCode {
    let console = app.console
    return await app.runRideCommand(.feature(.myRides)) { container in
      var saved: [Ride] = []
      for await update in await container.rides().myRides(configuration) {
        switch update {
        case .cached(let rides):
          saved = rides
        case .fresh(let page):
          write(page.rides)
          return .ok
        case .failed(let error):
          write(saved)
          console.error("Showing the rides saved on this device.")
          return console.fail(error)
        }
      }
      return .ok
    }
  }

  private func write(_ rides: [Ride]) {
    guard !rides.isEmpty else {
      app.console.line("No rides.")
      return
    }
    rides.forEach { app.console.line($0.line) }
  }
}
