import RideLogicControl
import RideModel
import ServiceRide
import TestSupport
import Testing

@MainActor
@Suite("The passenger's ride flow")
struct PassengerRideLogicTests {
  let clock = ManualClock()
  let rides = FakeRides()
  let locations: FakeLocations
  let log = ResponderLog()
  let control: PassengerRideLogicControl
  let poller: Poller

  init() throws {
    locations = FakeLocations(here: .success(try Fixtures.quay()))
    control = PassengerRideLogicControl(
      rides: rides, locations: locations, clock: clock, pollInterval: .seconds(2))
    poller = Poller(clock: clock, interval: .seconds(2))
    control.delegate = log
  }

  /// Start, search, estimate, choose: the steps before a confirm.
  private func prepareRequest() async throws {
    locations.answer("opera", with: .success([try Fixtures.opera()]))
    rides.estimates = .success(try Fixtures.estimates())
    await control.start()?.value
    await control.searchDestinations("opera").value
    await control.chooseDestination(try Fixtures.opera())?.value
    #expect(control.chooseVehicle(.wallaby))
  }

  /// Requests `ride_1` and lets one poll see it accepted.
  private func followAcceptedRide() async throws {
    try await prepareRequest()
    rides.request = .success(try Fixtures.ride(.requested, step: 0))
    await control.confirm()?.value
    #expect(await poller.asleep())
    rides.server = .success(try Fixtures.ride(.accepted, step: 1))
    #expect(await poller.tick())
  }

  @Test("a whole ride: every step and status reported once, in order, then polling ends")
  func wholeRide() async throws {
    try await prepareRequest()
    let requested = try Fixtures.ride(.requested, step: 0)
    rides.request = .success(requested)
    await control.confirm()?.value
    #expect(await poller.asleep())

    #expect(await poller.tick())  // still requested: nothing to say
    rides.server = .success(try Fixtures.ride(.accepted, step: 1))
    #expect(await poller.tick())
    #expect(await poller.tick())  // still accepted
    rides.server = .success(try Fixtures.ride(.arrived, step: 2))
    #expect(await poller.tick())
    rides.server = .success(try Fixtures.ride(.inProgress, step: 3))
    #expect(await poller.tick())
    rides.server = .success(try Fixtures.ride(.completed, step: 4))
    clock.advance(by: .seconds(2))
    #expect(await log.waitForEvents(8))

    #expect(log.events == [
      .pickup("Circular Quay"),
      .destinations(["Sydney Opera House"], for: "opera"),
      .estimates([.wallaby, .kangaroo], to: "Sydney Opera House"),
      .requested("ride_1"), .accepted("ride_1"), .arrived("ride_1"), .started("ride_1"),
      .completed("ride_1"),
    ])
    #expect(rides.calls == [
      "activeRide", "fareEstimates(Sydney Opera House)", "requestRide(wallaby)",
    ] + Array(repeating: "ride(ride_1)", count: 6))
    #expect(clock.sleeperCount == 0)
    #expect(control.followedRide?.status == .completed)
    #expect(control.activeRide == nil)
    #expect(control.destination == nil && control.vehicle == nil)
  }

  @Test("cancel while accepted: reported once, polling ends; cancel after arrival is refused")
  func cancel() async throws {
    try await followAcceptedRide()

    rides.cancel = .success(try Fixtures.ride(.cancelled, step: 2))
    await control.cancel()?.value
    #expect(clock.sleeperCount == 0)
    #expect(control.cancel() == nil)

    #expect(log.events.suffix(4) == [
      .requested("ride_1"), .accepted("ride_1"), .cancelled("ride_1"),
      .failed(.cannotCancel(.cancelled)),
    ])
    #expect(rides.calls.filter { $0.hasPrefix("cancelRide") } == ["cancelRide(ride_1)"])
  }

  @Test("a cancel the server refuses because the driver arrived shows the arrival")
  func cancelTooLate() async throws {
    rides.active = .success(try Fixtures.ride(.accepted, step: 1))
    await control.start()?.value
    rides.cancel = .failure(.invalidTransition("The driver has arrived."))
    rides.server = .success(try Fixtures.ride(.arrived, step: 2))
    await control.cancel()?.value

    #expect(log.events == [
      .accepted("ride_1"),
      .failed(.service(.invalidTransition("The driver has arrived."))),
      .arrived("ride_1"),
    ])
    #expect(await poller.asleep())
    #expect(control.cancel() == nil)
    #expect(log.events.last == .failed(.cannotCancel(.arrived)))
  }

  @Test("a server outage mid-ride: last state kept, reconnecting said once, then resumed")
  func outage() async throws {
    try await followAcceptedRide()

    rides.server = .failure(.offline)
    #expect(await poller.tick())
    #expect(control.isReconnecting)
    rides.server = .failure(.serverUnavailable(status: 503))
    #expect(await poller.tick())
    #expect(control.followedRide?.status == .accepted)
    rides.server = .success(try Fixtures.ride(.arrived, step: 2))
    #expect(await poller.tick())
    #expect(!control.isReconnecting)
    #expect(await poller.tick())

    #expect(log.events.dropFirst(3) == [
      .requested("ride_1"), .accepted("ride_1"), .reconnecting(.accepted, .offline),
      .reconnected(.arrived), .arrived("ride_1"),
    ])
  }

  @Test("a ride that disappears stops the following and says why")
  func rideGone() async throws {
    rides.active = .success(try Fixtures.ride(.requested, step: 0))
    await control.start()?.value
    #expect(await poller.asleep())
    rides.server = .failure(.notSignedIn)
    clock.advance(by: .seconds(2))
    #expect(await log.waitForEvents(2))
    #expect(log.events == [.requested("ride_1"), .stopped(.requested, .notSignedIn)])
    #expect(clock.sleeperCount == 0)
  }

  @Test("a ride going on at start is followed again and a second request refused")
  func resume() async throws {
    let accepted = try Fixtures.ride(.accepted, step: 1)
    rides.active = .success(accepted)
    await control.start()?.value
    #expect(await poller.asleep())
    #expect(control.confirm() == nil)

    #expect(log.events == [.accepted("ride_1"), .failed(.rideInProgress(accepted))])
    #expect(rides.calls == ["activeRide"])
    #expect(control.pickup == nil)
  }

  @Test("a request the server refuses as ride_in_progress follows the ride it knows of")
  func serverKnowsActiveRide() async throws {
    try await prepareRequest()
    let other = try Fixtures.ride(.arrived, step: 5, id: "ride_other")
    rides.request = .failure(.rideInProgress)
    rides.active = .success(other)
    await control.confirm()?.value

    #expect(log.events.dropFirst(3) == [.failed(.rideInProgress(other)), .arrived("ride_other")])
    #expect(control.activeRide == other)
  }

  @Test("each flow rule is checked before anything is sent")
  func rules() async throws {
    #expect(control.chooseDestination(try Fixtures.opera()) == nil)
    #expect(control.confirm() == nil)
    #expect(!control.chooseVehicle(.wallaby))
    #expect(control.cancel() == nil)
    await control.start()?.value
    #expect(control.confirm() == nil)
    rides.estimates = .success(try Fixtures.estimates())
    await control.chooseDestination(try Fixtures.opera())?.value
    #expect(control.confirm() == nil)
    #expect(!control.chooseVehicle(.wallaroo))

    #expect(log.events == [
      .failed(.noPickup), .failed(.noPickup), .failed(.noDestination), .failed(.noActiveRide),
      .pickup("Circular Quay"), .failed(.noDestination),
      .estimates([.wallaby, .kangaroo], to: "Sydney Opera House"), .failed(.noVehicle),
      .failed(.vehicleNotOffered(.wallaroo)),
    ])
    #expect(rides.calls == ["activeRide", "fareEstimates(Sydney Opera House)"])
  }

  @Test("one request at a time: a second confirm while one is in flight does nothing")
  func oneAtATime() async throws {
    try await prepareRequest()
    let gate = Gate()
    rides.requestGate = gate
    rides.request = .success(try Fixtures.ride(.requested, step: 0))
    let first = control.confirm()
    #expect(first != nil)
    #expect(control.isWorking)
    #expect(control.confirm() == nil)
    gate.open()
    await first?.value
    #expect(!control.isWorking)
    #expect(rides.calls.filter { $0.hasPrefix("requestRide") }.count == 1)
    #expect(log.events.dropFirst(3) == [.requested("ride_1")])
  }

  @Test("only the latest search's places are reported; failures are reported")
  func latestSearchWins() async throws {
    let gate = Gate()
    locations.answer("op", with: .success([try Fixtures.quay()]), gate: gate)
    locations.answer("opera", with: .success([try Fixtures.opera()]))
    locations.answer("zzz", with: .failure(.offline))
    let stale = control.searchDestinations("op")
    await control.searchDestinations("opera").value
    gate.open()
    await stale.value
    await control.searchDestinations("zzz").value

    #expect(log.events == [
      .destinations(["Sydney Opera House"], for: "opera"), .failed(.service(.offline)),
    ])
  }

  @Test("a start that cannot locate the pickup says why, and can be tried again")
  func noLocation() async throws {
    let nowhere = FakeLocations(here: .failure(.locationUnavailable("No GPS fix.")))
    let control = PassengerRideLogicControl(rides: rides, locations: nowhere, clock: clock)
    control.delegate = log
    await control.start()?.value
    rides.active = .failure(.offline)
    await control.start()?.value
    #expect(log.events == [
      .failed(.service(.locationUnavailable("No GPS fix."))), .failed(.service(.offline)),
    ])
  }
}
