#pragma once

/// Whether the threads that drain the main queue run at a raised priority: `1` once one was
/// raised, `0` until then, `-1` when this process may not raise priorities (it isn't root).
int tcaplay_main_queue_priority_state(void);

/// How many tests Swift Testing runs at once in this process (see `TestWidth.c`), or `0` for no
/// limit.
int tcaplay_test_width(void);
