/* dlx_meet.h: the states the estimate's probes met (dlx_estimate.c keeps
 * the table, dlx_bits.c's probes fill it): a probe node is a meet when an
 * earlier probe reached its state by other options. Tilings meet at about
 * half their nodes (the memo pays there), queens and Sudoku at under 1%
 * (search_choice.c's rule for the memo reads the share). */
#ifndef DLX_MEET_H
#define DLX_MEET_H

#include <stdint.h>

/* A hash of each state and of the options that led there, in a table
 * filled to half at most (1,024 slots: 16 KiB, a few pages a run pays);
 * `states` counts the nodes offered while it had room, `meets` those met
 * before by another path. */
enum { MEET_SLOTS = 1024, MEET_EARLY = 16 };
struct dlx_meets {
    uint64_t *slot; /* pairs: state | 1 (0: empty), path */
    int32_t held;
    uint64_t states, meets;
    double stop;    /* the share of meets that ends the probes after MEET_EARLY of them (0: never) */
    int32_t probes; /* the probes run */
};

/* Whether the probes may end after j of them (dlx_bits_probes). */
static inline int dlx_meets_enough(const struct dlx_meets *m, int32_t j) {
    return m->stop > 0 && j == MEET_EARLY && m->states && (double)m->meets >= m->stop * (double)m->states;
}

static inline void dlx_meet(struct dlx_meets *m, uint64_t state, uint64_t path) {
    if (!m->slot || 2 * m->held >= MEET_SLOTS) return;
    m->states++;
    state |= 1;
    uint32_t i = (uint32_t)(state >> 32) & (MEET_SLOTS - 1);
    while (m->slot[2 * i] && m->slot[2 * i] != state) i = (i + 1) & (MEET_SLOTS - 1);
    if (!m->slot[2 * i]) m->slot[2 * i] = state, m->slot[2 * i + 1] = path, m->held++;
    else if (m->slot[2 * i + 1] != path) m->meets++;
}

#endif
