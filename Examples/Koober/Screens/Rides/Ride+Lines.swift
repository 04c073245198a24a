import Localization
import RideModel

/// How rides read on the terminal, on the screens and in the subcommands' output alike.
extension Ride {
  /// `Circular Quay → Sydney Opera House · Wallaby · A$8.40`.
  var summary: String {
    "\(pickup.displayText) → \(destination.displayText) · \(vehicleType.displayName) · "
      + fare.formatted
  }

  /// `ride_K3X…  accepted  Circular Quay → …`: the id first and the status second, each one
  /// word, so a script can cut them out of a subcommand's output.
  var line: String { line(status: status.rawValue) }

  /// `line` for a person: the status in the language shown (`已接单`), for `[My rides]`.
  var shownLine: String { line(status: status.displayName) }

  private func line(status: String) -> String { "\(id)  \(status)  \(summary)" }
}

extension FareEstimate {
  /// `wallaby   A$8.40  3 min`: the vehicle type as `--vehicle` takes it, padded by terminal
  /// columns so the fares line up.
  var line: String {
    let name = vehicleType.rawValue
    let width = VehicleType.allCases.map(\.rawValue.terminalWidth).max() ?? 0
    return name.padded(toWidth: width) + "  " + fare.formatted + "  "
      + TextTable.koober.text("fare.minutes", ["minutes": "\(etaMinutes)"])
  }
}
