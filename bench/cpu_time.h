/* cpu_time.h: the bench harnesses' clock. CPU time of this process, not
 * wall time: the machine is shared, and wall clock swings by several times
 * under other work. Define _POSIX_C_SOURCE before any include. */
#ifndef BENCH_CPU_TIME_H
#define BENCH_CPU_TIME_H

#include <time.h>

static inline double cpu_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

#endif
