import Foundation
import RideLogicControl
import RideModel
import RideViewModel
import ServiceRide

/// `koober rides status [ID]`: a ride as the server has it now (the ride in progress when no
/// id is given): its line (id, status, route), then the sentence the status screen shows.
@MainActor
struct RideStatusCommand {
  let app: AppContainer
  let id: String?

  func run() async -> ExitCode {
    let console = app.console
    return await app.runRideCommand(.anyAccount) { container in
      let rides = await container.rides()
      let ride: Ride
      do throws(RideError) {
        if let id {
          ride = try await rides.ride(id)
        } else {
          guard let active = try await rides.activeRide() else {
            console.error(RideLogicError.noActiveRide.message)
            return .failure
          }
          ride = active
        }
      } catch {
        return console.fail(error)
      }
      let model = RideStatusViewModel()
      model.rideChanged(ride)
      model.tick(now: Date())
      console.line(ride.line)
      let sentence = model.statusText ?? ride.status.rawValue
      console.line(model.waitingText.map { "\(sentence) (waiting \($0))" } ?? sentence)
      return .ok
    }
  }
}
