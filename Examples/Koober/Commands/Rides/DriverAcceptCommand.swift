import Foundation
import Localization
import ServiceRide

/// `koober driver accept ID`: takes a waiting ride, through the driver's flow (one ride at a
/// time), and prints it. A ride not in the queue is still asked for, so the server can say
/// why (another driver was first, or there is no such ride).
struct DriverAcceptCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "accept", group: .driver,
      summary: TextTable.kooberCommands.text("driverAccept.summary"),
      arguments: "ID", details: TextTable.kooberCommands.text("driverAccept.details"),
      positional: .required("ID"))
  }

  /// The ride to accept.
  let id: String

  init(_ options: OptionReader) throws(UsageError) {
    id = try options.requiredPositional()
  }

  func run(_ context: CommandContext) async -> ExitCode {
    let console = context.console
    return await context.withSignedIn(.drivers) { container in
      let recorder = DriverStepRecorder(control: await container.makeDriverControl())
      defer { recorder.control.stop() }
      await recorder.run { $0.start() }
      if let failure = recorder.failure { return console.fail(failure) }
      if let going = recorder.ride { return console.failRideInProgress(going) }
      let wanted = id.trimmingCharacters(in: .whitespaces)
      guard let ride = recorder.queue?.first(where: { $0.id == wanted }) else {
        return await console.printRide { () throws(RideError) in
          try await container.rides().accept(wanted)
        }
      }
      await recorder.run { $0.accept(ride) }
      if let failure = recorder.failure { return console.fail(failure) }
      guard let accepted = recorder.ride else {
        console.error(TextTable.kooberCommands.text("rides.notAccepted"))
        return .failure
      }
      console.line(accepted.line)
      return .ok
    }
  }
}
