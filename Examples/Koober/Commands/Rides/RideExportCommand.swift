import Localization
import ServiceRide

/// `koober rides export [--format csv]`: the receipts of every completed ride as one batch
/// (ServiceRide's export): the CSV on stdout, each ride whose receipt failed on stderr with
/// why, and exit 1 when any did.
struct RideExportCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "export", group: .rides, summary: TextTable.kooberCommands.text("ridesExport.summary"),
      arguments: "[--format csv]",
      options: [
        .value("format", "FORMAT", TextTable.kooberCommands.text("ridesExport.option.format"))
      ],
      details: TextTable.kooberCommands.text("ridesExport.details"))
  }

  /// `--format`: how the receipts are written.
  let format: ExportFormat

  init(_ options: OptionReader) throws(UsageError) {
    format = try options.exportFormat()
  }

  func run(_ context: CommandContext) async -> ExitCode {
    let console = context.console
    return await context.withSignedIn(.passengers) { container in
      let export: ReceiptExport
      do throws(RideError) {
        export = try await container.rides().exportReceipts()
      } catch {
        return console.fail(error)
      }
      switch format {
      case .csv: console.write(ReceiptCSV.render(export.receipts))
      }
      for failure in export.failures {
        let values = ["id": failure.ride.id, "reason": failure.error.message]
        console.error(TextTable.kooberCommands.text("rides.noReceipt", values))
      }
      return export.isComplete ? .ok : .failure
    }
  }
}
