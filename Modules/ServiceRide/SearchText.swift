import Foundation
import Localization

/// The checks a search text passes on the device before it is sent, so an empty search
/// never costs a round trip and an absurdly long one never reaches the server.
enum SearchText {
  /// The longest search text sent, in characters; longer text cannot match any address.
  static let maximumLength = 200

  /// The text trimmed of surrounding whitespace.
  /// - Throws: `RideError.invalidQuery` when nothing is left, or the text is too long.
  static func validated(_ text: String) throws(RideError) -> String {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else {
      throw .invalidQuery(TextTable.serviceRide.text("detail.emptySearch"))
    }
    guard trimmed.count <= maximumLength else {
      throw .invalidQuery(
        TextTable.serviceRide.counted("detail.searchTooLong", maximumLength, as: "maximum"))
    }
    return trimmed
  }
}
