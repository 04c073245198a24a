import Foundation
import Localization
import RideLogicControl
import RideModel
import RideViewModel
import ServiceRide

/// `koober rides status [ID]`: a ride as the server has it now (the ride in progress when no
/// id is given): its line (id, status, route), then the sentence the status screen shows.
struct RideStatusCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "status", group: .rides, summary: TextTable.kooberCommands.text("ridesStatus.summary"),
      arguments: "[ID]", details: TextTable.kooberCommands.text("ridesStatus.details"),
      positional: .optional("ID"))
  }

  /// The ride to show, or `nil` for the ride in progress.
  let id: String?

  init(_ options: OptionReader) throws(UsageError) {
    id = try options.positional()
  }

  func run(_ context: CommandContext) async -> ExitCode {
    let console = context.console
    return await context.withSignedIn(.anyAccount) { container in
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
      let sentence = model.statusText ?? ride.status.displayName
      let line = model.waitingText.map {
        TextTable.kooberCommands.text("rides.waiting", ["status": sentence, "time": $0])
      }
      console.line(line ?? sentence)
      return .ok
    }
  }
}
