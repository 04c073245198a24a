import Foundation

extension Location {
  /// The Earth's mean radius (IUGG), the sphere that great-circle distances are measured on.
  public static let earthRadiusKilometers = 6371.0088

  /// The great-circle distance to another location, by the haversine formula.
  ///
  /// The backend prices fares and writes receipts with it, so client and server agree on the
  /// distance of a ride. On a sphere the error against the real ellipsoid stays under 0.5 %.
  /// - Parameter other: The other end of the path.
  /// - Returns: Kilometres along the surface, from 0 to about 20,015 (half the circumference).
  public func distanceKilometers(to other: Location) -> Double {
    let radiansPerDegree = Double.pi / 180
    let lat1 = latitude * radiansPerDegree
    let lat2 = other.latitude * radiansPerDegree
    let halfDeltaLat = (other.latitude - latitude) * radiansPerDegree / 2
    let halfDeltaLon = (other.longitude - longitude) * radiansPerDegree / 2
    let sinLat = sin(halfDeltaLat)
    let sinLon = sin(halfDeltaLon)
    let haversine = sinLat * sinLat + cos(lat1) * cos(lat2) * sinLon * sinLon
    // Rounding can push near-antipodal points a hair past 1, where asin has no answer.
    let clamped = min(1, max(0, haversine))
    return 2 * Self.earthRadiusKilometers * asin(clamped.squareRoot())
  }
}
