/* sudoku_logic_fish.c: X-wing, swordfish and jellyfish (k = 2, 3, 4) on
 * two families of disjoint houses that each cover the grid: k base houses
 * of one family whose candidates for a digit all lie in k cover houses of
 * the other. The base houses hold the digit k times and the cover houses
 * only k times in all, so it leaves the cover houses outside the bases.
 * Rows and columns first (the classic fish), then rows or columns against
 * boxes (or jigsaw pieces). */
#include "sudoku_logic.h"

static const int families[][2] = {{0, 1}, {1, 0}, {0, 2}, {1, 2}, {2, 0}, {2, 1}};

typedef struct {
    const int32_t *which;  /* the base houses (their index in the family) chosen from */
    const uint64_t *cov;   /* each one's cover houses, as a mask of indices */
    int k, base, cover;
    int32_t d;
} fish_ctx;

static int fish_try(logic_t *e, const int32_t *pick, const void *ctx) {
    const fish_ctx *x = ctx;
    int32_t n = e->n;
    int k = x->k, base = x->base, cover = x->cover;
    uint64_t covers = 0, bases = 0, bit = 1ull << (x->d - 1);
    for (int j = 0; j < k; j++) covers |= x->cov[pick[j]], bases |= 1ull << x->which[pick[j]];
    for (uint64_t y = covers; y; y &= y - 1) {
        const int32_t *hc = e->house_cells + (size_t)(cover * n + __builtin_ctzll(y)) * (size_t)n;
        for (int32_t j = 0; j < n; j++) {
            int32_t b = logic_family_house(e, hc[j], base) - base * n;
            if (!(bases >> b & 1)) logic_remove(e, hc[j], x->d);
        }
    }
    if (!e->n_removed) return 0;
    for (uint64_t y = bases; y; y &= y - 1) {
        int32_t h = base * n + __builtin_ctzll(y);
        const int32_t *hc = e->house_cells + (size_t)h * (size_t)n;
        for (int32_t j = 0; j < n; j++)
            if (e->cand[hc[j]] & bit) logic_use_cell(e, hc[j]);
        logic_use_house(e, h);
    }
    for (uint64_t y = covers; y; y &= y - 1) logic_use_house(e, cover * n + __builtin_ctzll(y));
    logic_say(e, "%s on %d: in ", e->name, x->d);
    for (int j = 0; j < k; j++) {
        if (j) logic_say(e, ", ");
        logic_say_house(e, e->used_houses[j]);
    }
    logic_say(e, " it can go only in ");
    for (int j = 0; j < k; j++) {
        if (j) logic_say(e, ", ");
        logic_say_house(e, e->used_houses[k + j]);
    }
    logic_say_effect(e);
    return 1;
}

static int fish_on(logic_t *e, int k, int base, int cover, int32_t d) {
    int32_t n = e->n, pick[4] = {0}, which[64], m = 0;
    uint64_t bit = 1ull << (d - 1), cov[64];
    for (int32_t i = 0; i < n; i++) {
        const int32_t *hc = e->house_cells + (size_t)(base * n + i) * (size_t)n;
        uint64_t c = 0;
        for (int32_t j = 0; j < n; j++)
            if (e->cand[hc[j]] & bit) c |= 1ull << (logic_family_house(e, hc[j], cover) - cover * n);
        if (logic_bits(c) >= 1 && logic_bits(c) <= k) which[m] = i, cov[m++] = c;
    }
    if (!logic_spend(e, (uint64_t)n * (uint64_t)n)) return 0;
    fish_ctx x = {which, cov, k, base, cover, d};
    return m >= k && logic_choose(e, cov, m, k, 0, 0, 0, pick, fish_try, &x);
}

int logic_fish(logic_t *e, int k) {
    for (size_t f = 0; f < sizeof families / sizeof families[0]; f++)
        for (int32_t d = 1; d <= e->n; d++) {
            if (fish_on(e, k, families[f][0], families[f][1], d)) return 1;
            if (e->work > e->budget) return 0;
        }
    return 0;
}
