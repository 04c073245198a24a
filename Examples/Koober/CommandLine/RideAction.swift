import RideModel
import ServiceRide

/// One of the ride commands, with its options typed.
enum RideAction: Sendable, Equatable {
  /// `rides estimate --to PLACE`.
  case estimate(to: String)
  /// `rides request --to PLACE --vehicle TYPE`.
  case request(to: String, vehicle: VehicleType)
  /// `rides status [ID]`.
  case status(id: String?)
  /// `rides list [--scope S | --search TEXT]`.
  case list(RideListConfiguration)
  /// `rides cancel ID`.
  case cancel(id: String)
  /// `rides export [--format csv]`.
  case export(ExportFormat)
  /// `driver queue`.
  case queue
  /// `driver accept ID`.
  case accept(id: String)
  /// `driver advance ID`.
  case advance(id: String)

  /// Reads a ride command's options.
  /// - Parameters:
  ///   - reader: The command's options.
  ///   - id: The plain argument, already checked against the spec.
  /// - Throws: `UsageError` for a missing or bad option or id.
  init(_ reader: OptionReader, id: String?) throws(UsageError) {
    switch reader.command {
    case .ridesEstimate: self = .estimate(to: try reader.requiredText("to"))
    case .ridesRequest:
      self = .request(to: try reader.requiredText("to"), vehicle: try reader.vehicleType())
    case .ridesStatus: self = .status(id: id)
    case .ridesList: self = .list(try reader.rideList())
    case .ridesCancel: self = .cancel(id: try reader.requiredPositional())
    case .ridesExport: self = .export(try reader.exportFormat())
    case .driverQueue: self = .queue
    case .driverAccept: self = .accept(id: try reader.requiredPositional())
    case .driverAdvance: self = .advance(id: try reader.requiredPositional())
    default:
      throw UsageError(message: "'\(reader.command.rawValue)' is not a ride command", command: nil)
    }
  }
}
