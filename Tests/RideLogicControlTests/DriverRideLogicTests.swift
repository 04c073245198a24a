import RideLogicControl
import RideModel
import ServiceRide
import TestSupport
import Testing

@MainActor
@Suite("The driver's ride flow")
struct DriverRideLogicTests {
  let clock = ManualClock()
  let rides = FakeRides()
  let log = ResponderLog()
  let control: DriverRideLogicControl
  let poller: Poller

  init() {
    control = DriverRideLogicControl(rides: rides, clock: clock, pollInterval: .seconds(2))
    poller = Poller(clock: clock, interval: .seconds(2))
    control.delegate = log
  }

  @Test("queue, accept, arrive, start, complete: each state once, in order")
  func wholeRide() async throws {
    let waiting = try Fixtures.ride(.requested, step: 0)
    rides.queue = .success([waiting])
    await control.start()?.value
    rides.answer(.accept, with: .success(try Fixtures.ride(.accepted, step: 1)))
    await control.accept(waiting)?.value
    #expect(await poller.asleep())
    #expect(await poller.tick())  // the poll agrees: nothing new
    rides.answer(.arrive, with: .success(try Fixtures.ride(.arrived, step: 2)))
    await control.advance()?.value
    rides.answer(.start, with: .success(try Fixtures.ride(.inProgress, step: 3)))
    await control.advance()?.value
    #expect(await poller.tick())
    rides.answer(.complete, with: .success(try Fixtures.ride(.completed, step: 4)))
    await control.advance()?.value
    #expect(control.advance() == nil)

    #expect(log.events == [
      .queue(["ride_1"]), .accepted("ride_1"), .arrived("ride_1"), .started("ride_1"),
      .completed("ride_1"), .failed(.rideIsOver(.completed)),
    ])
    #expect(rides.calls == [
      "activeRide", "queue", "accept(ride_1)", "ride(ride_1)", "arrive(ride_1)",
      "start(ride_1)", "ride(ride_1)", "complete(ride_1)",
    ])
    #expect(clock.sleeperCount == 0)
  }

  @Test("a poll that crossed the driver's own step never moves the ride back")
  func stalePollIgnored() async throws {
    rides.active = .success(try Fixtures.ride(.accepted, step: 1))
    await control.start()?.value
    #expect(await poller.asleep())
    rides.answer(.arrive, with: .success(try Fixtures.ride(.arrived, step: 2)))
    await control.advance()?.value
    rides.server = .success(try Fixtures.ride(.accepted, step: 1))  // an answer from before
    #expect(await poller.tick())
    #expect(control.followedRide?.status == .arrived)
    #expect(log.events == [.accepted("ride_1"), .arrived("ride_1")])
  }

  @Test("the passenger's cancel reaches the driver; a step then is refused and shown")
  func passengerCancels() async throws {
    rides.active = .success(try Fixtures.ride(.accepted, step: 1))
    await control.start()?.value
    #expect(await poller.asleep())
    rides.server = .success(try Fixtures.ride(.cancelled, step: 2))
    rides.answer(.arrive, with: .failure(.invalidTransition("The ride was cancelled.")))
    await control.advance()?.value

    #expect(log.events == [
      .accepted("ride_1"), .failed(.service(.invalidTransition("The ride was cancelled."))),
      .cancelled("ride_1"),
    ])
    #expect(clock.sleeperCount == 0)
  }

  @Test("another driver was first: the failure is said and the queue loaded again")
  func alreadyAccepted() async throws {
    let waiting = try Fixtures.ride(.requested, step: 0)
    let next = try Fixtures.ride(.requested, step: 0, id: "ride_2")
    rides.queue = .success([waiting, next])
    await control.start()?.value
    rides.answer(.accept, with: .failure(.alreadyAccepted))
    rides.queue = .success([next])
    await control.accept(waiting)?.value

    #expect(log.events == [
      .queue(["ride_1", "ride_2"]), .failed(.service(.alreadyAccepted)), .queue(["ride_2"]),
    ])
    #expect(control.queue == [next])
    #expect(control.activeRide == nil)
  }

  @Test("one ride at a time, and an outage while driving is survived")
  func oneRideAndOutage() async throws {
    let accepted = try Fixtures.ride(.accepted, step: 1)
    rides.active = .success(accepted)
    await control.start()?.value
    #expect(await poller.asleep())
    #expect(control.accept(try Fixtures.ride(.requested, step: 0, id: "ride_2")) == nil)
    rides.server = .failure(.timeout)
    #expect(await poller.tick())
    rides.server = .success(accepted)
    #expect(await poller.tick())

    #expect(log.events == [
      .accepted("ride_1"), .failed(.rideInProgress(accepted)), .reconnecting(.accepted, .timeout),
      .reconnected(.accepted),
    ])
  }

  @Test("a queue that cannot be loaded says why")
  func queueFails() async throws {
    rides.queue = .failure(.driversOnly)
    await control.loadQueue()?.value
    #expect(log.events == [.failed(.service(.driversOnly))])
  }
}
