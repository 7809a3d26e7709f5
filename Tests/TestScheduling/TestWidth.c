// Limits how many tests Swift Testing runs at once in the test process: 16.
//
// Swift Testing starts every test at once. Hundreds of them then queued their first main-actor
// jobs together, and for the first seconds of a run a job waited 4 s for the main actor: TCA
// tests, whose `receive` waits one second for an effect's action, timed out. Sixteen at a time
// keep the main queue's wait at 0.3–0.7 s, and the run about as long (measured in the same state
// of the machine: 113–119 s with no limit, 115–137 s with 16); most tests spend their time
// waiting for a process.
//
// Swift Testing reads the limit from SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH (its
// experimental counterpart of `--experimental-maximum-parallelization-width`) when its entry
// point runs, after this load-time constructor; a value already in the environment wins.
// `swift test` has no other way to set it. A toolchain that ignores it runs every test at once
// (`TestSchedulingTests` says so).

#include "TestScheduling.h"

#include <stdlib.h>

static const char *const width_variable = "SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH";

int tcaplay_test_width(void) {
  const char *width = getenv(width_variable);
  return width ? atoi(width) : 0;
}

__attribute__((constructor)) static void limit_test_width(void) { setenv(width_variable, "16", 0); }
