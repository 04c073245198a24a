import Foundation
import RideModel
import WireFormat

/// Writes receipts as CSV (RFC 4180) for a spreadsheet: one header line, one line per
/// receipt, CRLF line ends, fields quoted when they hold a comma, a quote or a line break.
///
/// Addresses and ids come from the server: a text field that starts with `=`, `+`, `-` or
/// `@` gets a leading `'` so a spreadsheet shows it rather than running it as a formula,
/// and control characters in it (escape sequences, NUL, tabs, line breaks, and the marks
/// that reverse the text after them — no place name has one) become spaces, so the CSV is
/// safe to print on a terminal and reads as one line per receipt.
///
/// ```swift
/// print(ReceiptCSV.render(export.receipts), terminator: "")
/// // ride_id,completed_at,pickup,destination,vehicle_type,fare,currency,distance_km,…
/// // ride_K3…,2026-11-21T08:30:00Z,Circular Quay,Sydney Opera House,wallaby,18.40,AUD,…
/// ```
public enum ReceiptCSV {
  /// The column names, in order.
  public static let columns = [
    "ride_id", "completed_at", "pickup", "destination", "vehicle_type", "fare", "currency",
    "distance_km", "duration_minutes",
  ]

  /// The CSV text of the receipts, header first, every line ended by CRLF.
  /// - Parameter receipts: The receipts with their rides, in the order to write.
  /// - Returns: The text; just the header line for no receipts.
  public static func render(_ receipts: [ExportedReceipt]) -> String {
    var lines = [columns.joined(separator: ",")]
    for entry in receipts {
      let receipt = entry.receipt
      let fields = [
        text(receipt.rideId),
        WireDate.string(from: receipt.completedAt) ?? "",
        place(entry.ride.pickup),
        place(entry.ride.destination),
        entry.ride.vehicleType.rawValue,
        receipt.fare.amountText.replacingOccurrences(of: ",", with: ""),
        receipt.fare.currency,
        String(format: "%.2f", receipt.distanceKm),
        String(receipt.durationMinutes),
      ]
      lines.append(fields.joined(separator: ","))
    }
    return lines.map { $0 + "\r\n" }.joined()
  }

  /// A place: its address as text, or its coordinates (a minus sign there is a number's).
  static func place(_ location: Location) -> String {
    guard location.displayText != location.coordinateText else {
      return quoted(location.coordinateText)
    }
    return text(location.displayText)
  }

  /// One text field: control characters made spaces, neutralised if it could start a
  /// formula, quoted if it must be.
  static func text(_ value: String) -> String {
    var field = withoutControlCharacters(value)
    if let first = field.unicodeScalars.first, "=+-@".unicodeScalars.contains(first) {
      field = "'" + field
    }
    return quoted(field)
  }

  /// The field in quotes when it holds a comma, a quote or a line break.
  static func quoted(_ field: String) -> String {
    let needsQuotes = field.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
    guard needsQuotes else { return field }
    return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// The text with each control character (Unicode category Cc) and each bidi embedding,
  /// override or isolate replaced by a space.
  static func withoutControlCharacters(_ value: String) -> String {
    guard value.unicodeScalars.contains(where: isControl) else { return value }
    var scalars = String.UnicodeScalarView()
    for scalar in value.unicodeScalars {
      scalars.append(isControl(scalar) ? " " : scalar)
    }
    return String(scalars)
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x202A...0x202E, 0x2066...0x2069: true
    default: scalar.properties.generalCategory == .control
    }
  }
}
