/* luby.h: Luby's universal sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ..., the
 * restart schedule of both searches that restart: the engine's runs
 * (dlx_restarts.c) and clause learning's (dlx_cdcl.c). Not part of the API. */
#ifndef LUBY_H
#define LUBY_H

#include <stdint.h>

/* The length of run i (from 1) in units. */
static inline uint64_t luby(uint64_t i) {
    for (;;) {
        int k = 1;
        while (k < 63 && (1ULL << k) - 1 < i) k++;
        if ((1ULL << k) - 1 == i) return 1ULL << (k - 1);
        i -= (1ULL << (k - 1)) - 1;
    }
}

#endif
