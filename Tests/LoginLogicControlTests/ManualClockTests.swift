import Testing
import TestSupport

@Suite("Manual clock")
struct ManualClockTests {
  @Test("a sleeper wakes only when time reaches its deadline")
  func wakesAtDeadline() async throws {
    let clock = ManualClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(10)) }
    #expect(await clock.waitForSleepers(1))
    clock.advance(by: .seconds(9))
    #expect(clock.sleeperCount == 1)
    clock.advance(by: .seconds(1))
    try await sleeper.value
    #expect(clock.sleeperCount == 0)
    #expect(clock.now == ManualClock.Instant(offset: .seconds(10)))
  }

  @Test("a past deadline returns at once; cancelling a sleeper throws")
  func pastAndCancel() async {
    let clock = ManualClock()
    clock.advance(to: .init(offset: .seconds(5)))
    await #expect(throws: Never.self) { try await clock.sleep(until: .init(offset: .seconds(1))) }
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    #expect(await clock.waitForSleepers(1))
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test("waiting for sleepers gives up after its limit")
  func waitLimit() async {
    #expect(await ManualClock().waitForSleepers(1, within: .milliseconds(20)) == false)
  }
}
