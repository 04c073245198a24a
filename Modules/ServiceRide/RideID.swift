import Foundation

/// The check a ride id passes before it is put into a URL path: the API's ids are `ride_`
/// plus base32, so anything with a slash, a dot, a space or a percent sign is refused on the
/// device instead of reaching another route.
enum RideID {
  /// The longest id accepted; the API's are far shorter.
  static let maximumLength = 64

  /// The id trimmed of surrounding whitespace.
  /// - Throws: `RideError.invalidRideID` when it is empty, too long or has other characters
  ///   than ASCII letters, digits, `_` and `-`.
  static func validated(_ id: String) throws(RideError) -> String {
    let trimmed = id.trimmingCharacters(in: .whitespaces)
    let allowed = trimmed.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
          || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-")
    }
    guard !trimmed.isEmpty, trimmed.unicodeScalars.count <= maximumLength, allowed else {
      throw .invalidRideID
    }
    return trimmed
  }
}
