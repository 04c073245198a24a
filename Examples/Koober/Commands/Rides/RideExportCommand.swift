import ServiceRide

/// `koober rides export [--format csv]`: the receipts of every completed ride as one batch
/// (ServiceRide's export): the CSV on stdout, each ride whose receipt failed on stderr with
/// why, and exit 1 when any did.
@MainActor
struct RideExportCommand {
  let app: AppContainer
  let format: ExportFormat

  func run() async -> ExitCode {
    let console = app.console
    return await app.runRideCommand(.passengers) { container in
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
