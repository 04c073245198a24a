import RideModel
import Testing

@Suite("Great-circle distance")
struct DistanceTests {
  static let radius = Location.earthRadiusKilometers

  @Test("textbook arcs on the sphere: πR/180 per degree of the equator, πR/2 pole to equator")
  func textbookArcs() {
    let origin = Fixtures.location(0, 0)
    let cases: [(Location, Double)] = [
      (Fixtures.location(0, 1), Double.pi * Self.radius / 180),
      (Fixtures.location(0, 60), Double.pi * Self.radius / 3),
      (Fixtures.location(90, 0), Double.pi * Self.radius / 2),
      (Fixtures.location(-90, 0), Double.pi * Self.radius / 2),
      (Fixtures.location(0, 180), Double.pi * Self.radius),
      (origin, 0),
    ]
    for (point, expected) in cases {
      #expect(abs(origin.distanceKilometers(to: point) - expected) < 1e-6, "to \(point)")
    }
  }

  @Test("one degree along the equator is about 111.195 km")
  func oneDegree() {
    let distance = Fixtures.location(0, 0).distanceKilometers(to: Fixtures.location(0, 1))
    #expect(abs(distance - 111.195) < 0.001)
  }

  @Test("the short way round crosses the antimeridian")
  func antimeridian() {
    let east = Fixtures.location(0, 179)
    let west = Fixtures.location(0, -179)
    #expect(abs(east.distanceKilometers(to: west) - Double.pi * Self.radius / 90) < 1e-6)
  }

  @Test("Sydney Opera House to Sydney Airport is about 9.95 km, either way")
  func sydney() {
    // Haversine by hand with R = 6371.0088 km: Δφ = -0.0831°, Δλ = -0.0400°, φ ≈ -33.9°,
    // a = 5.2581e-7 + cos φ1 cos φ2 × 1.2185e-7 ≈ 6.0998e-7, d = 2R asin √a ≈ 9.9505 km.
    let there = Fixtures.operaHouse.distanceKilometers(to: Fixtures.airport)
    let back = Fixtures.airport.distanceKilometers(to: Fixtures.operaHouse)
    #expect(abs(there - 9.9505) < 0.001)
    #expect(there == back)
  }

  @Test("antipodes give half the circumference, never NaN")
  func antipodes() {
    let distance = Fixtures.location(-33.8568, 151.2153)
      .distanceKilometers(to: Fixtures.location(33.8568, -28.7847))
    #expect(!distance.isNaN)
    #expect(abs(distance - Double.pi * Self.radius) < 1e-3)
  }
}
