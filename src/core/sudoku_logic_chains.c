/* sudoku_logic_chains.c: the explainer's wings, colouring and chains.
 * "Sees" is sharing a house of any kind. A strong link on a digit joins
 * the only two cells of a house that can hold it (one of them is it); a
 * weak link joins two cells of a house (not both are it). Chains are found
 * breadth first, so the shortest comes first, at most e->max_chain links,
 * within the work budget. */
#include "sudoku_logic.h"

static const char *name(const logic_t *e) { return e->name; }

static const int32_t *cells_of(const logic_t *e, int32_t h) {
    return e->house_cells + (size_t)h * (size_t)e->n;
}

/* Remove digit d from every cell that sees all of the k cells (not one of them). */
static void remove_seeing(logic_t *e, const int32_t *cells, int k, int32_t d) {
    int32_t a = cells[0];
    for (int32_t j = e->cell_first[a]; j < e->cell_first[a + 1]; j++) {
        const int32_t *hc = cells_of(e, e->cell_houses[j]);
        for (int32_t i = 0; i < e->n; i++) {
            int32_t z = hc[i], all = (e->cand[z] >> (d - 1) & 1) != 0;
            for (int q = 0; q < k && all; q++) all = z != cells[q] && (q == 0 || logic_sees(e, z, cells[q]));
            if (all) logic_remove(e, z, d);
        }
    }
}

/* Wings: a pivot and two bivalue pincers it sees. XY-wing: pivot {a,b},
 * pincers {a,c} and {b,c}: one pincer is c, so c leaves the cells seeing
 * both. XYZ-wing: pivot {a,b,c}, pincers {a,c} and {b,c}: c leaves the
 * cells seeing all three. */
static int wing(logic_t *e, int xyz) {
    int32_t *peers = e->scratch, n = e->n;
    for (int32_t p = 0; p < e->cells; p++) {
        uint64_t pm = e->cand[p];
        if (logic_bits(pm) != (xyz ? 3 : 2)) continue;
        int32_t m = 0; /* the bivalue cells p sees, each once */
        for (int32_t j = e->cell_first[p]; j < e->cell_first[p + 1]; j++) {
            const int32_t *hc = cells_of(e, e->cell_houses[j]);
            for (int32_t i = 0; i < n; i++)
                if (hc[i] != p && logic_bits(e->cand[hc[i]]) == 2 && !e->mark[hc[i]])
                    e->mark[hc[i]] = 1, peers[m++] = hc[i];
        }
        for (int32_t i = 0; i < m; i++) e->mark[peers[i]] = 0;
        if (!logic_spend(e, (uint64_t)m * (uint64_t)m + (uint64_t)n)) return 0;
        for (int32_t i = 0; i < m; i++)
            for (int32_t j = i + 1; j < m; j++) {
                uint64_t x = e->cand[peers[i]], y = e->cand[peers[j]], c = x & y;
                if (logic_bits(c) != 1 || x == y) continue;
                if (xyz ? ((x | y) != pm) : ((c & pm) || ((x | y) & pm) != pm)) continue;
                int32_t d = logic_low_digit(c);
                int32_t three[3] = {peers[i], peers[j], p};
                remove_seeing(e, three, xyz ? 3 : 2, d);
                if (!e->n_removed) continue;
                for (int q = 0; q < 3; q++) logic_use_cell(e, three[(q + 2) % 3]);
                logic_use_common_house(e, p, peers[i]);
                logic_use_common_house(e, p, peers[j]);
                logic_say(e, "%s: pivot ", name(e));
                logic_say_cell(e, p);
                logic_say_digits(e, pm);
                logic_say(e, " with pincers ");
                logic_say_cell(e, peers[i]);
                logic_say_digits(e, x);
                logic_say(e, " and ");
                logic_say_cell(e, peers[j]);
                logic_say_digits(e, y);
                logic_say(e, "; one of them is %d", d);
                logic_say_effect(e);
                return 1;
            }
    }
    return 0;
}

int logic_wing(logic_t *e, int k) { return wing(e, k); }

/* How many cells of each house can hold d. */
static void count_digit(logic_t *e, int32_t d) {
    uint64_t bit = 1ull << (d - 1);
    for (int32_t h = 0; h < e->houses; h++) {
        const int32_t *hc = cells_of(e, h);
        int32_t k = 0;
        for (int32_t i = 0; i < e->n; i++) k += (e->cand[hc[i]] & bit) != 0;
        e->house_count[h] = k;
    }
}

/* The cells linked to c on d, each once, into out[] (at most cells - 1 of
 * them): by strong links only, or by any (weak) link. */
static int32_t links(logic_t *e, int32_t c, int32_t d, int strong, int32_t *out) {
    uint64_t bit = 1ull << (d - 1);
    int32_t k = 0;
    for (int32_t j = e->cell_first[c]; j < e->cell_first[c + 1]; j++) {
        int32_t h = e->cell_houses[j];
        if (strong && e->house_count[h] != 2) continue;
        const int32_t *hc = cells_of(e, h);
        for (int32_t i = 0; i < e->n; i++)
            if (hc[i] != c && (e->cand[hc[i]] & bit) && !e->mark[hc[i]]) e->mark[hc[i]] = 1, out[k++] = hc[i];
    }
    for (int32_t i = 0; i < k; i++) e->mark[out[i]] = 0;
    return k;
}

/* Simple colouring on d: the cells joined by strong links, coloured in
 * turn. Two cells of one colour that see each other make that colour
 * false (it leaves all its cells); otherwise a cell outside that sees both
 * colours loses d. */
static int colour_digit(logic_t *e, int32_t d) {
    int32_t cells = e->cells, *colour = e->chain_dist, *queue = e->chain_queue, *nb = e->scratch;
    uint64_t bit = 1ull << (d - 1);
    count_digit(e, d);
    for (int32_t c = 0; c < cells; c++) colour[c] = -1;
    for (int32_t s = 0; s < cells; s++) {
        if (!(e->cand[s] & bit) || colour[s] >= 0) continue;
        int32_t head = 0, tail = 0;
        colour[s] = 0, queue[tail++] = s;
        while (head < tail) {
            int32_t c = queue[head++], k = links(e, c, d, 1, nb);
            if (!logic_spend(e, (uint64_t)k + 1)) return 0;
            for (int32_t i = 0; i < k; i++)
                if (colour[nb[i]] < 0) colour[nb[i]] = 1 - colour[c], queue[tail++] = nb[i];
        }
        if (tail < 3) continue; /* one strong link alone is a locked candidate at most */
        int32_t wrong = -1;
        for (int32_t i = 0; i < tail && wrong < 0; i++)
            for (int32_t j = i + 1; j < tail && wrong < 0; j++)
                if (colour[queue[i]] == colour[queue[j]] && logic_sees(e, queue[i], queue[j])) wrong = colour[queue[i]];
        if (!logic_spend(e, (uint64_t)tail * (uint64_t)tail)) return 0;
        if (wrong >= 0) {
            for (int32_t i = 0; i < tail; i++)
                if (colour[queue[i]] == wrong) logic_remove(e, queue[i], d);
        } else {
            for (int32_t z = 0; z < cells; z++) {
                if (!(e->cand[z] & bit) || colour[z] >= 0) continue;
                int seen = 0;
                for (int32_t i = 0; i < tail && seen != 3; i++)
                    if (logic_sees(e, z, queue[i])) seen |= 1 << colour[queue[i]];
                if (seen == 3) logic_remove(e, z, d);
            }
            if (!logic_spend(e, (uint64_t)cells * (uint64_t)tail)) return 0;
        }
        if (!e->n_removed) {
            for (int32_t i = 0; i < tail; i++) colour[queue[i]] = -2; /* done with this cluster */
            continue;
        }
        for (int32_t i = 0; i < tail; i++) logic_use_cell(e, queue[i]);
        logic_say(e, "%s on %d: strong links colour ", name(e), d);
        for (int side = 0; side < 2; side++) {
            int first = 1;
            logic_say(e, side ? " against " : "");
            for (int32_t i = 0; i < tail; i++)
                if (colour[queue[i]] == side) {
                    if (!first) logic_say(e, ", ");
                    logic_say_cell(e, queue[i]);
                    first = 0;
                }
        }
        logic_say(e, "; %s",
                  wrong >= 0 ? "two cells of one colour see each other, so that colour is false"
                             : "a cell that sees both colours cannot hold it");
        logic_say_effect(e);
        return 1;
    }
    return 0;
}

int logic_colouring(logic_t *e, int variant) {
    (void)variant;
    for (int32_t d = 1; d <= e->n && e->work <= e->budget; d++)
        if (colour_digit(e, d)) return 1;
    return 0; /* a cluster cut short by the budget may have left removals: the driver clears them */
}

/* ---- X-chains -------------------------------------------------------------
 * On one digit: start cell s assumed false; a strong link makes the next
 * true, a weak link from a true cell makes the next false. A true end t
 * after an odd number of links: s or t holds d, so a cell seeing both
 * does not. States are (cell, side): side 1 after a strong link. */

typedef struct {
    int32_t d, start, end, links; /* links 0: none found */
} chain_found;

/* Breadth first from (s, 0), up to `limit` links; the first end with an
 * elimination into *best when shorter than it. dist and parent per state. */
static void x_search(logic_t *e, int32_t d, int32_t s, int32_t limit, chain_found *best) {
    int32_t cells = e->cells, *dist = e->chain_dist, *parent = e->chain_parent, *queue = e->chain_queue;
    int32_t *nb = e->scratch;
    for (int32_t k = 0; k < 2 * cells; k++) dist[k] = -1;
    int32_t head = 0, tail = 0;
    dist[s] = 0, parent[s] = -1, queue[tail++] = s; /* state = side * cells + cell */
    while (head < tail) {
        int32_t st = queue[head++], c = st % cells, side = st / cells;
        if (dist[st] >= limit || (best->links && dist[st] + 1 >= best->links)) break;
        int32_t k = links(e, c, d, !side, nb);
        if (!logic_spend(e, (uint64_t)k + 1)) return;
        for (int32_t i = 0; i < k; i++) {
            int32_t next = (1 - side) * cells + nb[i];
            if (dist[next] >= 0 || nb[i] == s) continue;
            dist[next] = dist[st] + 1, parent[next] = st, queue[tail++] = next;
            if (side || dist[next] < 3) continue; /* a true end, after two strong links at least */
            int32_t ends[2] = {s, nb[i]};
            remove_seeing(e, ends, 2, d);
            if (e->n_removed) {
                best->d = d, best->start = s, best->end = nb[i], best->links = dist[next];
                e->n_removed = 0;
                return;
            }
        }
    }
}

/* The chain of the best end, start first, into out[]; its length. */
static int32_t x_path(logic_t *e, const chain_found *f, int32_t *out) {
    int32_t k = 0, cells = e->cells;
    for (int32_t st = cells + f->end; st >= 0; st = e->chain_parent[st]) out[k++] = st % cells;
    for (int32_t i = 0; i < k / 2; i++) {
        int32_t t = out[i];
        out[i] = out[k - 1 - i], out[k - 1 - i] = t;
    }
    return k;
}

int logic_x_chain(logic_t *e, int variant) {
    (void)variant;
    chain_found best = {0, 0, 0, 0};
    for (int32_t d = 1; d <= e->n; d++) {
        count_digit(e, d);
        for (int32_t s = 0; s < e->cells; s++) {
            if (!(e->cand[s] >> (d - 1) & 1)) continue;
            x_search(e, d, s, e->max_chain, &best);
            if (e->work > e->budget) break;
        }
        if (e->work > e->budget) break;
    }
    if (!best.links) return 0;
    /* Again for the best one: its parents, and its eliminations. */
    e->budget = UINT64_MAX; /* the chain was found within it: rebuild it whole */
    chain_found again = {0, 0, 0, 0};
    count_digit(e, best.d);
    x_search(e, best.d, best.start, best.links, &again);
    if (!again.links) return 0; /* cannot happen: the same search, with no budget */
    int32_t *path = e->scratch2, k = x_path(e, &again, path);
    int32_t ends[2] = {again.start, again.end};
    remove_seeing(e, ends, 2, again.d);
    for (int32_t i = 0; i < k; i++) logic_use_cell(e, path[i]);
    for (int32_t i = 1; i < k; i++) logic_use_common_house(e, path[i - 1], path[i]);
    logic_say(e, "%s on %d: ", name(e), again.d);
    for (int32_t i = 0; i < k; i++) {
        if (i) logic_say(e, i % 2 ? " = " : " - ");
        logic_say_cell(e, path[i]);
    }
    logic_say(e, " (= strong, - weak); one end is %d", again.d);
    logic_say_effect(e);
    return 1;
}

/* ---- XY-chains ------------------------------------------------------------
 * Over bivalue cells: start a {x,y} not x, so y; the next cell, seeing it,
 * holds y and one more, so that one; ... an end that must be x: the start
 * or the end is x, and a cell seeing both is not. States are (cell, digit
 * the cell is), cell * n + digit - 1. */

static void xy_search(logic_t *e, int32_t a, int32_t x, int32_t limit, chain_found *best) {
    int32_t n = e->n, *dist = e->chain_dist, *parent = e->chain_parent, *queue = e->chain_queue;
    int32_t *seen = e->scratch2, n_seen = 0;
    int32_t y = logic_low_digit(e->cand[a] & ~(1ull << (x - 1)));
    int32_t head = 0, tail = 0, first = a * n + y - 1;
    dist[first] = 1, parent[first] = -1, queue[tail++] = first, seen[n_seen++] = first;
    int found = 0;
    while (head < tail && !found) {
        int32_t st = queue[head++], c = st / n, v = st % n + 1; /* c is v */
        if (dist[st] >= limit || (best->links && dist[st] + 1 >= best->links)) break;
        if (!logic_spend(e, (uint64_t)n * 4)) break;
        for (int32_t j = e->cell_first[c]; j < e->cell_first[c + 1] && !found; j++) {
            const int32_t *hc = cells_of(e, e->cell_houses[j]);
            for (int32_t i = 0; i < n && !found; i++) {
                int32_t z = hc[i];
                if (z == c || z == a || logic_bits(e->cand[z]) != 2 || !(e->cand[z] >> (v - 1) & 1)) continue;
                int32_t w = logic_low_digit(e->cand[z] & ~(1ull << (v - 1))), next = z * n + w - 1;
                if (dist[next] > 0) continue;
                dist[next] = dist[st] + 1, parent[next] = st, queue[tail++] = next, seen[n_seen++] = next;
                if (w != x || dist[next] < 3) continue;
                int32_t ends[2] = {a, z};
                remove_seeing(e, ends, 2, x);
                if (e->n_removed) {
                    best->d = x, best->start = a, best->end = z, best->links = dist[next];
                    e->n_removed = 0;
                    found = 1;
                }
            }
        }
    }
    for (int32_t i = 0; i < n_seen; i++) dist[seen[i]] = 0; /* clean for the next start */
}

int logic_xy_chain(logic_t *e, int variant) {
    (void)variant;
    int32_t n = e->n;
    chain_found best = {0, 0, 0, 0};
    for (size_t k = 0; k < (size_t)e->cells * (size_t)n; k++) e->chain_dist[k] = 0;
    for (int32_t a = 0; a < e->cells && e->work <= e->budget; a++) {
        if (logic_bits(e->cand[a]) != 2) continue;
        for (uint64_t m = e->cand[a]; m; m &= m - 1) xy_search(e, a, logic_low_digit(m), e->max_chain, &best);
    }
    if (!best.links) return 0;
    e->budget = UINT64_MAX; /* the chain was found within it: rebuild it whole */
    chain_found again = {0, 0, 0, 0};
    xy_search(e, best.start, best.d, best.links, &again);
    if (!again.links) return 0; /* cannot happen, as for the X-chain */
    /* xy_search cleaned dist but kept the parents: walk back from the end. */
    int32_t *path = e->scratch, k = 0;
    for (int32_t st = again.end * n + again.d - 1; st >= 0; st = e->chain_parent[st]) path[k++] = st;
    logic_say(e, "%s on %d: ", name(e), again.d);
    for (int32_t i = k - 1; i >= 0; i--) {
        int32_t c = path[i] / n, v = path[i] % n + 1;
        logic_use_cell(e, c);
        if (i < k - 1) logic_use_common_house(e, path[i + 1] / n, c);
        logic_say_cell(e, c);
        logic_say(e, " (%d=%d)%s", logic_low_digit(e->cand[c] & ~(1ull << (v - 1))), v, i ? " - " : "");
    }
    int32_t ends[2] = {again.start, again.end};
    remove_seeing(e, ends, 2, again.d);
    logic_say(e, " (= strong, - weak); the first or the last is %d", again.d);
    logic_say_effect(e);
    return 1;
}
