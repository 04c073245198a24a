import ServiceRide

/// `koober rides export [--format csv]`: the receipts of every completed ride as one batch
/// (ServiceRide's export): the CSV on stdout, each ride whose receipt failed on stderr with
/// why, and exit 1 when any did.
struct RideExportCommand: KooberCommand {
  static let configuration = CommandConfiguration(
    name: "export", group: .rides,
    summary: "Write the receipts of your completed rides (passengers).",
    arguments: "[--format csv]",
    options: [.value("format", "FORMAT", "csv (the only format, and the default).")],
    details: [
      "The CSV goes to stdout; each ride whose receipt failed is named on stderr,",
      "and then the exit status is 1.",
    ])

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
        console.error("No receipt for \(failure.ride.id): \(failure.error.message)")
      }
      return export.isComplete ? .ok : .failure
    }
  }
}
