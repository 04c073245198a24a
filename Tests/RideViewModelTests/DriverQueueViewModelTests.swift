import RideModel
import RideViewModel
import Testing

@MainActor
@Suite("DriverQueueViewModel closure sequences")
struct DriverQueueViewModelTests {
  enum Event: Equatable {
    case queue([String])
    case current(String?)
    case advance(String?)
  }

  let model = DriverQueueViewModel()
  let log = EventLog<Event>()

  init() {
    let log = log
    model.onQueueTextChange = { log.record(.queue($0)) }
    model.onCurrentRideTextChange = { log.record(.current($0)) }
    model.onAdvanceTitleChange = { log.record(.advance($0)) }
  }

  @Test("initial values are readable and nothing fires before an event")
  func initialValues() {
    #expect(model.queueText.isEmpty && model.currentRideText == nil)
    #expect(model.advanceTitle == nil && model.currentRide == nil)
    #expect(log.take().isEmpty)
  }

  @Test("the queue shows numbered routes with vehicle and fare, once per change")
  func queue() throws {
    let first = try Samples.ride(.requested, id: "ride_1")
    let second = try Samples.ride(.requested, id: "ride_2", to: try Samples.unnamed, cents: 999)
    model.queueChanged([first, second])
    model.queueChanged([first, second])
    model.queueChanged([second])
    model.queueChanged([])
    model.queueChanged([])
    #expect(
      log.take() == [
        .queue([
          "1. Sydney Opera House → Sydney Airport · Wallaby · A$18.40",
          "2. Sydney Opera House → -33.80000, 151.25000 · Wallaby · A$9.99",
        ]),
        .queue(["1. Sydney Opera House → -33.80000, 151.25000 · Wallaby · A$9.99"]),
        .queue([]),
      ])
  }

  @Test("the driver's own ride, step by step, with the next step's title")
  func ownRide() throws {
    model.queueChanged([try Samples.ride(.requested)])
    model.queueChanged([])
    model.currentRideChanged(try Samples.ride(.accepted))
    model.currentRideChanged(try Samples.ride(.accepted, updated: 5))
    model.currentRideChanged(try Samples.ride(.arrived))
    model.currentRideChanged(try Samples.ride(.inProgress))
    model.currentRideChanged(try Samples.ride(.completed))
    model.currentRideChanged(nil)
    #expect(
      log.take() == [
        .queue(["1. Sydney Opera House → Sydney Airport · Wallaby · A$18.40"]),
        .queue([]),
        .current("Pick up at Sydney Opera House"), .advance("Arrived"),
        .current("Waiting at Sydney Opera House"), .advance("Start ride"),
        .current("Driving to Sydney Airport"), .advance("Complete ride"),
        .current("Ride completed · A$18.40"), .advance(nil),
        .current(nil),
      ])
  }

  @Test("a passenger cancelling the accepted ride removes the step")
  func passengerCancels() throws {
    model.currentRideChanged(try Samples.ride(.accepted))
    model.currentRideChanged(try Samples.ride(.cancelled))
    #expect(
      log.take() == [
        .current("Pick up at Sydney Opera House"), .advance("Arrived"),
        .current("The passenger cancelled"), .advance(nil),
      ])
  }

  @Test("advance titles for every status")
  func advanceTitles() {
    #expect(
      RideStatus.allCases.map(DriverQueueViewModel.advanceTitle(for:)) == [
        nil, "Arrived", "Start ride", "Complete ride", nil, nil,
      ])
  }

  @Test("queue lines map back to rides; other numbers to nil")
  func lineLookup() throws {
    let rides = [try Samples.ride(.requested, id: "a"), try Samples.ride(.requested, id: "b")]
    model.queueChanged(rides)
    #expect(
      [0, 1, 2, 3, Int.max, Int.min].map { model.ride(atLine: $0)?.id } == [
        nil, "a", "b", nil, nil, nil,
      ])
  }
}
