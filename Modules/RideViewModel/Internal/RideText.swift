import RideModel

/// Short texts about rides that more than one view model shows.
enum RideText {
  /// `Sydney Opera House → Sydney Airport`.
  static func route(_ ride: Ride) -> String {
    "\(ride.pickup.displayText) → \(ride.destination.displayText)"
  }

  /// `1. text` for the line at `index` (0-based) of a numbered list.
  static func numbered(_ index: Int, _ text: String) -> String {
    "\(index + 1). \(text)"
  }

  /// The 0-based index of a 1-based line number, or `nil` when it names no line.
  static func index(ofLine line: Int, count: Int) -> Int? {
    line >= 1 && line <= count ? line - 1 : nil
  }
}
