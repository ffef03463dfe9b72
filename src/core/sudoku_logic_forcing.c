/* sudoku_logic_forcing.c: the explainer's bounded forcing step, tried
 * when no pattern applies. A trial places one candidate on a copy of the
 * grid and follows naked and hidden singles only (no other technique, and
 * within the work budget). Forcing contradiction: the trial runs into a
 * cell with no candidate or a digit with no place in a house, so the
 * candidate is false. Cells with fewer candidates are tried first. (Cell
 * forcing, every candidate of a cell leading to one placement, was tried
 * too: it never fired where this had not, over the three shared sets.) */
#include <string.h>

#include "sudoku_logic.h"

typedef struct {
    int32_t cell, house, digit; /* where a trial failed: a cell without candidates, or a
                                 * house where digit has no place; -1 for none */
    int32_t placed;             /* the placements the trial made */
} trial_end;

static uint64_t all_digits(const logic_t *e) { return e->n == 64 ? ~0ull : (1ull << e->n) - 1; }

/* Place d at c in the trial (e->try_cand, e->try_value) and follow singles.
 * 1 on a contradiction (*end says where), 0 when singles run out, -1 when
 * the budget ran out. */
static int trial(logic_t *e, int32_t c0, int32_t d0, trial_end *end) {
    int32_t n = e->n, *stack = e->scratch, top = 0;
    uint64_t *cand = e->try_cand;
    uint8_t *value = e->try_value;
    memcpy(cand, e->cand, (size_t)e->cells * sizeof *cand);
    memcpy(value, e->value, (size_t)e->cells);
    end->cell = end->house = end->digit = -1, end->placed = 0;
    stack[top++] = c0 * 64 + d0 - 1;
    for (;;) {
        while (top) {
            int32_t c = stack[--top] / 64, d = stack[top] % 64 + 1;
            uint64_t bit = 1ull << (d - 1);
            if (value[c]) continue;
            if (!(cand[c] & bit)) return end->cell = c, 1;
            value[c] = (uint8_t)d, cand[c] = 0, end->placed++;
            if (!logic_spend(e, (uint64_t)n * 4)) return -1;
            for (int32_t k = e->cell_first[c]; k < e->cell_first[c + 1]; k++) {
                const int32_t *hc = e->house_cells + (size_t)e->cell_houses[k] * (size_t)n;
                for (int32_t i = 0; i < n; i++) {
                    int32_t z = hc[i];
                    if (value[z] || !(cand[z] & bit)) continue;
                    cand[z] &= ~bit;
                    if (!cand[z]) return end->cell = z, 1;
                    if (logic_bits(cand[z]) == 1) stack[top++] = z * 64 + logic_low_digit(cand[z]) - 1;
                }
            }
        }
        /* Hidden singles, and digits left without a place. */
        if (!logic_spend(e, (uint64_t)e->houses * (uint64_t)n)) return -1;
        for (int32_t h = 0; h < e->houses && !top; h++) {
            const int32_t *hc = e->house_cells + (size_t)h * (size_t)n;
            uint64_t once = 0, twice = 0, placed = 0;
            for (int32_t i = 0; i < n; i++) {
                if (value[hc[i]]) placed |= 1ull << (value[hc[i]] - 1);
                twice |= once & cand[hc[i]], once |= cand[hc[i]];
            }
            uint64_t nowhere = all_digits(e) & ~placed & ~once;
            if (nowhere) return end->house = h, end->digit = logic_low_digit(nowhere), 1;
            uint64_t single = once & ~twice & ~placed;
            if (!single) continue;
            int32_t d = logic_low_digit(single);
            for (int32_t i = 0; i < n; i++)
                if (cand[hc[i]] >> (d - 1) & 1) stack[top++] = hc[i] * 64 + d - 1;
        }
        if (!top) return 0;
    }
}

static void say_end(logic_t *e, const trial_end *end) {
    if (end->cell >= 0) {
        logic_use_cell(e, end->cell);
        logic_say_cell(e, end->cell);
        logic_say(e, " would have no candidate");
    } else {
        logic_use_house(e, end->house);
        logic_say(e, "%d would have no place in ", end->digit);
        logic_say_house(e, end->house);
    }
}

int logic_contradiction(logic_t *e, int variant) {
    (void)variant;
    for (int want = 2; want <= e->n; want++)
        for (int32_t c = 0; c < e->cells; c++) {
            if (logic_bits(e->cand[c]) != want) continue;
            for (uint64_t m = e->cand[c]; m; m &= m - 1) {
                int32_t d = logic_low_digit(m);
                trial_end end;
                int r = trial(e, c, d, &end);
                if (r < 0) return 0;
                if (!r) continue;
                logic_remove(e, c, d);
                logic_use_cell(e, c);
                logic_say(e, "%s: if ", e->name);
                logic_say_cell(e, c);
                logic_say(e, " were %d, singles (%d placements) would follow until ", d, end.placed);
                say_end(e, &end);
                logic_say(e, "; so it is not %d", d);
                logic_say_effect(e);
                return 1;
            }
        }
    return 0;
}
