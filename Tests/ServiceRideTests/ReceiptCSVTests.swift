import Foundation
import RideModel
import ServiceRide
import Testing

@Suite("Receipts as CSV")
struct ReceiptCSVTests {
  @Test("a header, one CRLF line per receipt, quotes and formula guards where needed")
  func render() throws {
    let pickup = try Location(latitude: -33.8611, longitude: 151.2112, address: "Quay, \"East\"")
    let destination = try Location(latitude: -33.8568, longitude: 151.2153, address: "=HYPERLINK()")
    let fare = try Fare(amount: 123_456, currency: "AUD")
    let requested = Date(timeIntervalSince1970: 1_800_000_000)
    let ride = Ride(
      id: "ride_A1", passengerId: "usr_ann", driverId: "usr_dan", pickup: pickup,
      destination: destination, vehicleType: .wallaroo, status: .completed, fare: fare,
      requestedAt: requested, updatedAt: requested + 600)
    let receipt = try Receipt(
      rideId: "ride_A1", fare: fare, distanceKm: 0.5678, durationMinutes: 7,
      completedAt: requested + 600)
    let bare = try Location(latitude: -33.5, longitude: 151.25)
    let plainRide = Ride(
      id: "ride_B2", passengerId: "usr_ann", driverId: "usr_dan", pickup: bare,
      destination: bare, vehicleType: .wallaby, status: .completed,
      fare: try Fare(amount: 900, currency: "JPY"), requestedAt: requested,
      updatedAt: requested)
    let plainReceipt = try Receipt(
      rideId: "ride_B2", fare: try Fare(amount: 900, currency: "JPY"), distanceKm: 0,
      durationMinutes: 0, completedAt: requested)

    let csv = ReceiptCSV.render([
      ExportedReceipt(ride: ride, receipt: receipt),
      ExportedReceipt(ride: plainRide, receipt: plainReceipt),
    ])

    #expect(
      csv == "ride_id,completed_at,pickup,destination,vehicle_type,fare,currency,distance_km,"
        + "duration_minutes\r\n"
        + "ride_A1,2027-01-15T08:10:00Z,\"Quay, \"\"East\"\"\",'=HYPERLINK(),wallaroo,1234.56,"
        + "AUD,0.57,7\r\n"
        + "ride_B2,2027-01-15T08:00:00Z,\"-33.50000, 151.25000\",\"-33.50000, 151.25000\","
        + "wallaby,900,JPY,0.00,0\r\n")
  }

  @Test("no receipts is the header alone")
  func empty() {
    #expect(ReceiptCSV.render([]) == ReceiptCSV.columns.joined(separator: ",") + "\r\n")
  }

  @Test("control characters and text-reversing marks in a server's address become spaces")
  func controlCharacters() throws {
    let evil = try Location(
      latitude: -33.8611, longitude: 151.2112, address: "Quay\u{1B}[2J\r\n\u{202E}X\u{0}\t")
    let fine = try Location(latitude: -33.8568, longitude: 151.2153, address: "Café 😀, Sydney")
    let fare = try Fare(amount: 900, currency: "AUD")
    let when = Date(timeIntervalSince1970: 1_800_000_000)
    let ride = Ride(
      id: "ride_\u{7}A1", passengerId: "usr_ann", driverId: "usr_dan", pickup: evil,
      destination: fine, vehicleType: .wallaby, status: .completed, fare: fare,
      requestedAt: when, updatedAt: when)
    let receipt = try Receipt(
      rideId: "ride_\u{7}A1", fare: fare, distanceKm: 1, durationMinutes: 2, completedAt: when)

    let csv = ReceiptCSV.render([ExportedReceipt(ride: ride, receipt: receipt)])

    #expect(
      csv.components(separatedBy: "\r\n").dropFirst() == [
        "ride_ A1,2027-01-15T08:00:00Z,Quay [2J   X  ,\"Café 😀, Sydney\",wallaby,9.00,AUD,"
          + "1.00,2",
        "",
      ])
  }
}
