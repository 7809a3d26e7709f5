// Raises the CPU priority of the threads that drain the main queue in the test process.
//
// Every test shares one main actor, and TCA's TestStore waits one second of real time for an
// effect's action (`receive`). A test run keeps both cores of this machine busy for two minutes
// (compiles, the binaries it starts, diffs); the thread draining the main queue then got a tenth
// of a core, and TCA tests timed out. Raised (niceness -10), it runs when it has work.
//
// On Linux the main queue is drained by libdispatch's overcommit workers (threads named
// "...-qos.overcommit"), so a thread started as the test bundle loads raises each new one it
// finds. Raising a priority needs CAP_SYS_NICE (root, as in CI): without it, nothing changes.
// Written in C for its load-time constructor: Swift Testing has no hook that runs before tests.

#include "TestScheduling.h"

#if defined(__linux__)
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

static atomic_int state = 0;

int tcaplay_main_queue_priority_state(void) { return atomic_load(&state); }

static int is_main_queue_worker(const char *tid) {
  char path[64];
  snprintf(path, sizeof path, "/proc/self/task/%s/comm", tid);
  FILE *file = fopen(path, "re");
  if (!file) return 0;
  char name[32] = {0};
  int found = fgets(name, sizeof name, file) && strncmp(name, "-qos.overcommit", 15) == 0;
  fclose(file);
  return found;
}

static void *raise_main_queue_workers(void *unused) {
  (void)unused;
  // The workers raised already (a new thread may reuse an old id: it is raised again after the
  // ring has gone round). Other threads are looked at again: a new worker has its creator's
  // name until it names itself.
  static int raised[256];
  int next = 0;
  for (;;) {
    DIR *tasks = opendir("/proc/self/task");
    if (!tasks) return NULL;
    struct dirent *entry;
    while ((entry = readdir(tasks))) {
      int tid = atoi(entry->d_name);
      if (tid <= 0) continue;
      int known = 0;
      for (int index = 0; index < 256 && !known; index++) known = raised[index] == tid;
      if (known || !is_main_queue_worker(entry->d_name)) continue;
      if (setpriority(PRIO_PROCESS, (id_t)tid, -10) != 0) {
        if (errno == EPERM || errno == EACCES) {
          atomic_store(&state, -1);
          closedir(tasks);
          return NULL;
        }
        continue;
      }
      atomic_store(&state, 1);
      raised[next] = tid;
      next = (next + 1) % 256;
    }
    closedir(tasks);
    usleep(50000);
  }
}

__attribute__((constructor)) static void start_raising_main_queue_workers(void) {
  pthread_t thread;
  if (pthread_create(&thread, NULL, raise_main_queue_workers, NULL) == 0) pthread_detach(thread);
}
#else
int tcaplay_main_queue_priority_state(void) { return -1; }
#endif
