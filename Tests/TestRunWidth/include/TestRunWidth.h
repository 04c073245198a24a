#ifndef TEST_RUN_WIDTH_H
#define TEST_RUN_WIDTH_H

/// How many test cases Swift Testing runs at once in this package's test process unless
/// `SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH` says otherwise (set before `main`).
int koober_test_run_width(void);

#endif
