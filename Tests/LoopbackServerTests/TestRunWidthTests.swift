import Foundation
import Testing
import TestRunWidth

/// The test process limits how many tests run at once before Swift Testing starts
/// (`Tests/TestRunWidth`); without it, deadlines across the suite fail at random on two cores.
@Suite("how many tests run at once")
struct TestRunWidthTests {
  @Test("the width is set before the tests start, unless whoever ran them set one")
  func widthIsSet() {
    let name = "SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH"
    let value = ProcessInfo.processInfo.environment[name]
    let width = Int(value ?? "")
    #expect(width != nil, "the variable is missing: TestRunWidth's constructor did not run")
    #expect(koober_test_run_width() == 8)
    #expect((width ?? 0) >= 1)
  }
}
