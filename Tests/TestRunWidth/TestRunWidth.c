// Swift Testing starts every test case of the run at once, and on a machine with two cores
// their first steps queue on the two threads of Swift's global executor. Measured in a full
// run on such a machine: a 50 ms sleep came back up to 33 s late, and tests with a deadline
// (a server's answer within 10 s, a callback within 30 s) failed at random. Eight at a time,
// the worst lateness was 0.34 s and the whole run took 75 s instead of 100 to 140.
//
// The limit is Swift Testing's own environment variable (experimental in Swift 6.3), set
// here before `main` so that `swift test` needs nothing else. A value set by whoever runs the
// tests wins. Were a later Swift Testing to drop the variable, the tests would run unlimited
// again, as before this file.
#include <stdlib.h>
#include "TestRunWidth.h"

enum { kooberTestRunWidth = 8 };

int koober_test_run_width(void) { return kooberTestRunWidth; }

__attribute__((constructor)) static void koober_limit_test_run_width(void) {
  // setenv's last argument 0: an existing value is kept.
  setenv("SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH", "8", 0);
}
