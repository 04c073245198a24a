import Foundation
import Localization
import RideModel
import ServiceRide

/// The typed options of the ride commands.
extension OptionReader {
  /// A required option whose value may not be blank, e.g. `--to PLACE`.
  func requiredText(_ name: String) throws(UsageError) -> String {
    let value = try required(name)
    guard !value.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw UsageError(
        message: TextTable.kooberCommands.text("usage.needsText", ["option": name]),
        command: commandName)
    }
    return value
  }

  /// `--vehicle wallaby|wallaroo|kangaroo`, required.
  func vehicleType() throws(UsageError) -> VehicleType {
    let text = try required("vehicle")
    guard let type = VehicleType(rawValue: text.lowercased()) else {
      throw UsageError(
        message: TextTable.kooberCommands.text("usage.vehicle", ["value": text]),
        command: commandName)
    }
    return type
  }

  /// `--scope S` or `--search TEXT` (not both): which rides `rides list` shows.
  func rideList() throws(UsageError) -> RideListConfiguration {
    let scopeText = parsed.values["scope"]
    if let search = parsed.values["search"] {
      guard scopeText == nil else {
        throw UsageError(
          message: TextTable.kooberCommands.text("usage.searchWithScope"), command: commandName)
      }
      guard !search.trimmingCharacters(in: .whitespaces).isEmpty else {
        throw UsageError(
          message: TextTable.kooberCommands.text("usage.needsText", ["option": "search"]),
          command: commandName)
      }
      return .search(search)
    }
    guard let scopeText else { return .all }
    guard let scope = RideScope(rawValue: scopeText.lowercased()) else {
      throw UsageError(
        message: TextTable.kooberCommands.text("usage.scope", ["value": scopeText]),
        command: commandName)
    }
    return RideListConfiguration(scope: scope)
  }

  /// `--format csv`, the default and only format.
  func exportFormat() throws(UsageError) -> ExportFormat {
    guard let text = parsed.values["format"] else { return .csv }
    guard let format = ExportFormat(rawValue: text.lowercased()) else {
      throw UsageError(
        message: TextTable.kooberCommands.text("usage.format", ["value": text]),
        command: commandName)
    }
    return format
  }
}

/// The formats `koober rides export` writes.
enum ExportFormat: String, Sendable, Equatable {
  /// RFC 4180 CSV, one receipt a line (ServiceRide's `ReceiptCSV`).
  case csv
}
