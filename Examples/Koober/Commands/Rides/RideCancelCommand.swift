import Localization
import ServiceRide

/// `koober rides cancel ID`: cancels the passenger's ride while it is requested or accepted,
/// and prints it.
struct RideCancelCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "cancel", group: .rides, summary: TextTable.kooberCommands.text("ridesCancel.summary"),
      arguments: "ID", positional: .required("ID"))
  }

  /// The ride to cancel.
  let id: String

  init(_ options: OptionReader) throws(UsageError) {
    id = try options.requiredPositional()
  }

  func run(_ context: CommandContext) async -> ExitCode {
    await context.withSignedIn(.passengers) { container in
      await context.console.printRide { () throws(RideError) in
        try await container.rides().cancelRide(id)
      }
    }
  }
}
