import Foundation
import RideModel
import RideViewModel
import Testing

@MainActor
@Suite("RideStatusViewModel closure sequences")
struct RideStatusViewModelTests {
  enum Event: Equatable {
    case status(String?)
    case cancelEnabled(Bool)
    case waiting(String?)
    case connection(String?)
  }

  let model = RideStatusViewModel()
  let log = EventLog<Event>()

  init() {
    let log = log
    model.onStatusTextChange = { log.record(.status($0)) }
    model.onCancelEnabledChange = { log.record(.cancelEnabled($0)) }
    model.onWaitingTextChange = { log.record(.waiting($0)) }
    model.onConnectionTextChange = { log.record(.connection($0)) }
  }

  func tick(_ seconds: TimeInterval) {
    model.tick(now: Samples.start.addingTimeInterval(seconds))
  }

  @Test("initial values are readable and nothing fires before an event")
  func initialValues() {
    #expect(model.statusText == nil && model.waitingText == nil)
    #expect(!model.isCancelEnabled && model.connectionText == nil && model.ride == nil)
    tick(5)
    #expect(log.take().isEmpty)
  }

  @Test("a whole ride, each status in order, with the waiting time while requested")
  func wholeRide() throws {
    model.rideChanged(try Samples.ride(.requested))
    tick(0)
    tick(0.4)
    tick(7)
    tick(65)
    model.rideChanged(try Samples.ride(.accepted, updated: 70))
    tick(75)
    model.rideChanged(try Samples.ride(.arrived, updated: 300))
    model.rideChanged(try Samples.ride(.inProgress, updated: 360))
    model.rideChanged(try Samples.ride(.completed, updated: 1_200))
    #expect(
      log.take() == [
        .status("Looking for a driver…"), .cancelEnabled(true),
        .waiting("0:00"),
        .waiting("0:07"),
        .waiting("1:05"),
        .status("Your driver is on the way"), .waiting(nil),
        .status("Your driver has arrived"), .cancelEnabled(false),
        .status("On the way to Sydney Airport"),
        .status("Ride completed · A$18.40"),
      ])
  }

  @Test("cancelling while requested disables Cancel and stops the waiting time")
  func cancelWhileRequested() throws {
    tick(12)
    model.rideChanged(try Samples.ride(.requested))
    model.rideChanged(try Samples.ride(.cancelled, updated: 15))
    tick(30)
    #expect(
      log.take() == [
        .status("Looking for a driver…"), .cancelEnabled(true), .waiting("0:12"),
        .status("Ride cancelled"), .cancelEnabled(false), .waiting(nil),
      ])
  }

  @Test("Cancel stays enabled from requested to accepted, then turns off at arrival")
  func cancelEnabling() throws {
    var enabled: [Bool] = []
    for status in RideStatus.allCases {
      model.rideChanged(try Samples.ride(status))
      enabled.append(model.isCancelEnabled)
    }
    #expect(enabled == [true, true, false, false, false, false])
    #expect(
      log.take().filter { if case .cancelEnabled = $0 { true } else { false } } == [
        .cancelEnabled(true), .cancelEnabled(false),
      ])
  }

  @Test("the waiting countdown: m:ss, minutes past 59, a clock behind the server")
  func waitingCountdown() throws {
    model.rideChanged(try Samples.ride(.requested))
    _ = log.take()
    for seconds in [-30.0, 0, 9.99, 10, 59, 60, 600, 3_659, 3_659.5] { tick(seconds) }
    #expect(
      log.take() == [
        .waiting("0:00"), .waiting("0:09"), .waiting("0:10"), .waiting("0:59"),
        .waiting("1:00"), .waiting("10:00"), .waiting("60:59"),
      ])
  }

  @Test("waiting text for odd durations never traps",
    arguments: [
      (-1.0, "0:00"), (Double.nan, "0:00"), (Double.infinity, "0:00"),
      (1e300, "60000000:00"),
      (-Double.infinity, "0:00"), (125.9, "2:05"),
    ])
  func waitingText(seconds: Double, text: String) {
    #expect(RideStatusViewModel.waitingText(seconds: seconds) == text)
  }

  @Test("reconnecting on and off, once each")
  func reconnecting() throws {
    model.rideChanged(try Samples.ride(.accepted))
    _ = log.take()
    model.setReconnecting(true)
    model.setReconnecting(true)
    model.rideChanged(try Samples.ride(.accepted))
    model.setReconnecting(false)
    model.setReconnecting(false)
    #expect(
      log.take() == [
        .connection("Koober can't be reached; reconnecting…"), .connection(nil),
      ])
    #expect(model.connectionText == nil)
  }

  @Test("the same status again, even with a newer update time, fires nothing")
  func noDuplicates() throws {
    model.rideChanged(try Samples.ride(.accepted))
    _ = log.take()
    model.rideChanged(try Samples.ride(.accepted, updated: 30))
    tick(40)
    tick(41)
    #expect(log.take().isEmpty)
    #expect(model.ride?.updatedAt == Samples.start.addingTimeInterval(30))
  }

  @Test("the in-progress sentence names a destination without an address by coordinates")
  func inProgressUnnamed() throws {
    model.rideChanged(try Samples.ride(.inProgress, to: try Samples.unnamed))
    #expect(log.take() == [.status("On the way to -33.80000, 151.25000")])
  }
}
