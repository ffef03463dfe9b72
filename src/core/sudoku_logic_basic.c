/* sudoku_logic_basic.c: the explainer's singles, locked candidates and
 * subsets, on any house. A house's digits placed, its candidates seen once
 * and seen twice are masks over its n cells. */
#include "sudoku_logic.h"

static const int32_t *cells_of(const logic_t *e, int32_t h) {
    return e->house_cells + (size_t)h * (size_t)e->n;
}

static uint64_t placed_in(const logic_t *e, int32_t h) {
    uint64_t m = 0;
    const int32_t *hc = cells_of(e, h);
    for (int32_t i = 0; i < e->n; i++)
        if (e->value[hc[i]]) m |= 1ull << (e->value[hc[i]] - 1);
    return m;
}

static const char *name(const logic_t *e) { return e->name; }

int logic_full_house(logic_t *e, int variant) {
    (void)variant;
    for (int32_t h = 0; h < e->houses; h++) {
        const int32_t *hc = cells_of(e, h);
        int32_t last = -1, empties = 0;
        for (int32_t i = 0; i < e->n && empties < 2; i++)
            if (!e->value[hc[i]]) last = hc[i], empties++;
        if (empties != 1) continue;
        uint64_t all = e->n == 64 ? ~0ull : (1ull << e->n) - 1, missing = all & ~placed_in(e, h);
        if (logic_bits(missing) != 1) continue; /* cannot happen on a consistent grid */
        int32_t d = logic_low_digit(missing);
        logic_place(e, last, d);
        logic_use_cell(e, last);
        logic_use_house(e, h);
        logic_say(e, "%s: ", name(e));
        logic_say_cell(e, last);
        logic_say(e, " is the last empty cell of ");
        logic_say_house(e, h);
        logic_say(e, ", so it takes %d.", d);
        return 1;
    }
    return 0;
}

/* Boxes and the other regions first, then rows and columns: a single in a
 * box is the easier to see (Sudoku Explainer rates it lower). */
static int32_t house_at(const logic_t *e, int32_t k) {
    int32_t lines = 2 * e->n;
    return k < e->houses - lines ? k + lines : k - (e->houses - lines);
}

int logic_hidden_single(logic_t *e, int variant) {
    (void)variant;
    for (int32_t k = 0; k < e->houses; k++) {
        int32_t h = house_at(e, k);
        const int32_t *hc = cells_of(e, h);
        uint64_t once = 0, twice = 0;
        for (int32_t i = 0; i < e->n; i++) twice |= once & e->cand[hc[i]], once |= e->cand[hc[i]];
        uint64_t single = once & ~twice;
        if (!single) continue;
        int32_t d = logic_low_digit(single);
        for (int32_t i = 0; i < e->n; i++)
            if (e->cand[hc[i]] >> (d - 1) & 1) {
                logic_place(e, hc[i], d);
                logic_use_cell(e, hc[i]);
                logic_use_house(e, h);
                logic_say(e, "%s: %d can go only in ", name(e), d);
                logic_say_cell(e, hc[i]);
                logic_say(e, " in ");
                logic_say_house(e, h);
                logic_say(e, ".");
                return 1;
            }
    }
    return 0;
}

int logic_naked_single(logic_t *e, int variant) {
    (void)variant;
    for (int32_t c = 0; c < e->cells; c++)
        if (!e->value[c] && logic_bits(e->cand[c]) == 1) {
            int32_t d = logic_low_digit(e->cand[c]);
            logic_place(e, c, d);
            logic_use_cell(e, c);
            logic_say(e, "%s: ", name(e));
            logic_say_cell(e, c);
            logic_say(e, " can hold only %d.", d);
            return 1;
        }
    return 0;
}

/* Locked candidates: in house a, digit d can go only in cells that house b
 * holds too, so d leaves the rest of b. Pointing when a is a box or another
 * region, claiming when a is a row or a column. */
static int locked(logic_t *e, int lines) {
    int32_t n = e->n, *pos = e->scratch;
    for (int32_t a = 0; a < e->houses; a++) {
        if ((a < 2 * n) != lines) continue;
        const int32_t *hc = cells_of(e, a);
        for (int32_t d = 1; d <= n; d++) {
            uint64_t bit = 1ull << (d - 1);
            int32_t k = 0;
            for (int32_t i = 0; i < n; i++)
                if (e->cand[hc[i]] & bit) pos[k++] = hc[i];
            if (!logic_spend(e, (uint64_t)n)) return 0;
            if (k < 2) continue;
            for (int32_t j = e->cell_first[pos[0]]; j < e->cell_first[pos[0] + 1]; j++) {
                int32_t b = e->cell_houses[j], all = 1;
                if (b == a) continue;
                for (int32_t i = 1; i < k && all; i++) all = logic_in_house(e, pos[i], b);
                if (!all) continue;
                const int32_t *bc = cells_of(e, b);
                for (int32_t i = 0; i < n; i++)
                    if (!logic_in_house(e, bc[i], a)) logic_remove(e, bc[i], d);
                if (!e->n_removed) continue;
                for (int32_t i = 0; i < k; i++) logic_use_cell(e, pos[i]);
                logic_use_house(e, a);
                logic_use_house(e, b);
                logic_say(e, "%s: in ", name(e));
                logic_say_house(e, a);
                logic_say(e, ", %d can go only in ", d);
                logic_say_cells(e, pos, k);
                logic_say(e, ", all in ");
                logic_say_house(e, b);
                logic_say_effect(e);
                return 1;
            }
        }
    }
    return 0;
}

int logic_locked(logic_t *e, int k) { return locked(e, k); }

/* Naked subset: k empty cells of a house hold only k digits among them,
 * which then leave every other cell of each house holding all k. */
typedef struct {
    const int32_t *idx; /* the cells whose masks are chosen from */
    const uint64_t *masks;
    int k;
} naked_ctx;

static int naked_try(logic_t *e, const int32_t *pick, const void *ctx) {
    const naked_ctx *x = ctx;
    int32_t n = e->n, cells[4];
    int k = x->k;
    uint64_t digits = 0;
    for (int j = 0; j < k; j++) cells[j] = x->idx[pick[j]], digits |= x->masks[pick[j]];
    for (int32_t j = e->cell_first[cells[0]]; j < e->cell_first[cells[0] + 1]; j++) {
        int32_t g = e->cell_houses[j], all = 1;
        for (int i = 1; i < k && all; i++) all = logic_in_house(e, cells[i], g);
        if (!all) continue;
        int32_t before = e->n_removed;
        const int32_t *gc = cells_of(e, g);
        for (int32_t i = 0; i < n; i++) {
            int inside = 0;
            for (int q = 0; q < k; q++) inside |= gc[i] == cells[q];
            if (inside) continue;
            for (uint64_t y = e->cand[gc[i]] & digits; y; y &= y - 1) logic_remove(e, gc[i], logic_low_digit(y));
        }
        if (e->n_removed > before) logic_use_house(e, g);
    }
    if (!e->n_removed) return 0;
    for (int j = 0; j < k; j++) logic_use_cell(e, cells[j]);
    logic_say(e, "%s: ", name(e));
    logic_say_cells(e, cells, k);
    logic_say(e, " hold only ");
    logic_say_digits(e, digits);
    logic_say(e, " in ");
    for (int32_t j = 0; j < e->n_used_houses; j++) {
        if (j) logic_say(e, " and ");
        logic_say_house(e, e->used_houses[j]);
    }
    logic_say_effect(e);
    return 1;
}

int logic_naked_subset(logic_t *e, int k) {
    int32_t n = e->n, idx[64], pick[4] = {0};
    uint64_t masks[64];
    for (int32_t h = 0; h < e->houses; h++) {
        const int32_t *hc = cells_of(e, h);
        int32_t m = 0;
        for (int32_t i = 0; i < n; i++) {
            int b = logic_bits(e->cand[hc[i]]);
            if (b >= 2 && b <= k) idx[m] = hc[i], masks[m++] = e->cand[hc[i]];
        }
        naked_ctx x = {idx, masks, k};
        if (m >= k && logic_choose(e, masks, m, k, 0, 0, 0, pick, naked_try, &x)) return 1;
        if (e->work > e->budget) return 0;
    }
    return 0;
}

/* Hidden subset: in a house, k digits can go only in k cells, which then
 * hold nothing else. Positions are masks over the house's cells. */
typedef struct {
    int32_t h;
    const int32_t *digit; /* the digits whose positions are chosen from */
    const uint64_t *pos;
    int k;
} hidden_ctx;

static int hidden_try(logic_t *e, const int32_t *pick, const void *ctx) {
    const hidden_ctx *x = ctx;
    const int32_t *hc = cells_of(e, x->h);
    int32_t cells[4], q = 0;
    int k = x->k;
    uint64_t where = 0, digits = 0;
    for (int j = 0; j < k; j++) where |= x->pos[pick[j]], digits |= 1ull << (x->digit[pick[j]] - 1);
    for (uint64_t w = where; w; w &= w - 1) cells[q++] = hc[__builtin_ctzll(w)];
    for (int j = 0; j < k; j++)
        for (uint64_t y = e->cand[cells[j]] & ~digits; y; y &= y - 1) logic_remove(e, cells[j], logic_low_digit(y));
    if (!e->n_removed) return 0;
    for (int j = 0; j < k; j++) logic_use_cell(e, cells[j]);
    logic_use_house(e, x->h);
    logic_say(e, "%s: in ", name(e));
    logic_say_house(e, x->h);
    logic_say(e, ", ");
    logic_say_digits(e, digits);
    logic_say(e, " can go only in ");
    logic_say_cells(e, cells, k);
    logic_say_effect(e);
    return 1;
}

int logic_hidden_subset(logic_t *e, int k) {
    int32_t n = e->n, pick[4] = {0}, digit[64];
    uint64_t pos[64];
    for (int32_t h = 0; h < e->houses; h++) {
        const int32_t *hc = cells_of(e, h);
        int32_t m = 0;
        for (int32_t d = 1; d <= n; d++) {
            uint64_t p = 0;
            for (int32_t i = 0; i < n; i++)
                if (e->cand[hc[i]] >> (d - 1) & 1) p |= 1ull << i;
            int b = logic_bits(p);
            if (b >= 2 && b <= k) digit[m] = d, pos[m++] = p;
        }
        if (!logic_spend(e, (uint64_t)n * (uint64_t)n)) return 0;
        hidden_ctx x = {h, digit, pos, k};
        if (m >= k && logic_choose(e, pos, m, k, 0, 0, 0, pick, hidden_try, &x)) return 1;
        if (e->work > e->budget) return 0;
    }
    return 0;
}
