import Localization
import ServiceRide

/// `koober driver advance ID`: moves the driver's ride one step on from where the server
/// says it is (accepted → arrived → in progress → completed), and prints it.
struct DriverAdvanceCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "advance", group: .driver,
      summary: TextTable.kooberCommands.text("driverAdvance.summary"),
      arguments: "ID", details: TextTable.kooberCommands.text("driverAdvance.details"),
      positional: .required("ID"))
  }

  /// The driver's ride.
  let id: String

  init(_ options: OptionReader) throws(UsageError) {
    id = try options.requiredPositional()
  }

  func run(_ context: CommandContext) async -> ExitCode {
    await context.withSignedIn(.drivers) { container in
      await context.console.printRide { () throws(RideError) in
        try await container.rides().advance(id)
      }
    }
  }
}
