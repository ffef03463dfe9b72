/* sudoku_xwindoku.c: grids with both diagonals (X) and the windoku windows,
 * m x m boxes, from a small exact cover on labels instead of a search on the
 * whole grid (which finds none at 25x25 in millions of nodes).
 *
 * Digits are pairs of Z_m, and a cell holds F(row) + H(col), as in
 * sudoku_windoku_grid: F(r) = (kappa(r), rho(w(r))), H(c) = (sigma(c / m),
 * lambda(c)), where w(r) is r's window block, or m - 1 for the rows in no
 * window (p (m + 1), one a band). With kappa distinct on each band, window
 * block and on the rows in no window, lambda distinct on each stack and each
 * window block's columns, rho and sigma one to one, every row, column, box
 * and window holds every digit (the argument of sudoku_windoku_grid).
 *
 * The diagonals: cell (k, k) holds D1(k) = F(k) + H(k), cell (k, n-1-k)
 * D2(k) = F(k) + H(n-1-k). The mirror k' = n-1-k has w(k') = m-2-w(k) (or
 * none, with k). Ask kappa(k') = cK - kappa(k), lambda(k') = cL - lambda(k),
 * rho(m-2-w) = cR - rho(w) with cR = 2 rho(m-1), sigma(m-1-p) = cS -
 * sigma(p): then D2(k) depends on kappa(k) and lambda(k) alone, and D1(k') =
 * C - D1(k), D2(k') = C - D2(k) for one constant C. Choosing (kappa(k),
 * lambda(k)) for each pair {k, k'} is then an exact cover: an option covers,
 * for k and for k', the pair, band x kappa, window class x kappa, stack x
 * lambda, window columns x lambda, and the D1 and D2 digits. With m even, no
 * pair may need 2x = c: cK, cL and cS are odd.
 *
 * Whether a draw of rho, sigma and the constants has a cover is luck; one
 * that has is covered in some 40 to 300 nodes, the others are heavy tails.
 * So each draw gets SEEDS short searches in other orders, then the next draw
 * comes. rho and sigma alternate between any mirror-consistent permutation
 * and a linear one (a x + b), which admitted covers several times as often
 * at m = 8. The engine's own restarts stay off: on this small matrix each of
 * their nodes cost some 200 times a plain node. */
#include <stdlib.h>

#include "sudoku_internal.h"
#include "sudoku_random.h"

enum { DRAWS = 400, SEEDS = 100, NODES = 200 };

typedef struct {
    int32_t m, n;
    int32_t rho[8], sigma[8], cK, cL, cR, cS;
} labels_t;

static int32_t mod(int32_t x, int32_t m) { return ((x % m) + m) % m; }

/* The window block of line k (p, q in band p), or m - 1 for none. */
static int32_t block_of(int32_t k, int32_t m) {
    int32_t p = k / m, q = k % m;
    return q > p ? p : q < p ? p - 1 : m - 1;
}

/* f[0..len-1] one to one into Z_m minus `taken` (a bit set), with
 * f[len-1-x] = c - f[x]: the values pair up as {v, c - v}, dealt at random. */
static void mirror_labels(int32_t *f, int32_t len, int32_t c, int32_t m, uint32_t taken, uint64_t *rng) {
    for (int32_t x = 0; x <= len - 1 - x; x++) {
        int32_t y = len - 1 - x, pick[8], k = 0;
        for (int32_t v = 0; v < m; v++) {
            int32_t u = mod(c - v, m);
            if (!(taken >> v & 1) && !(taken >> u & 1) && (x == y) == (u == v)) pick[k++] = v;
        }
        int32_t v = pick[next_random(rng) % (uint64_t)k]; /* k > 0: what is left still pairs up */
        f[x] = v, f[y] = mod(c - v, m);
        taken |= 1u << v | 1u << f[y];
    }
}

static int32_t odd_if(int32_t v, int even_m) { return even_m ? v | 1 : v; }

static void draw_labels(labels_t *L, int linear, uint64_t *rng) {
    int32_t m = L->m, unit[8], units = 0;
    for (int32_t a = 1; a < m; a++) {
        int32_t x = a, y = m; /* gcd(a, m) ends in x */
        while (y) {
            int32_t t = x % y;
            x = y, y = t;
        }
        if (x == 1) unit[units++] = a;
    }
    int even = !(m & 1);
    L->cK = odd_if((int32_t)(next_random(rng) % (uint64_t)m), even);
    L->cL = odd_if((int32_t)(next_random(rng) % (uint64_t)m), even);
    if (linear) { /* a x + b keeps every mirror rule for any unit a */
        int32_t ra = unit[next_random(rng) % (uint64_t)units], rb = (int32_t)(next_random(rng) % (uint64_t)m);
        int32_t sa = unit[next_random(rng) % (uint64_t)units], sb = (int32_t)(next_random(rng) % (uint64_t)m);
        for (int32_t x = 0; x < m; x++) L->rho[x] = mod(ra * x + rb, m), L->sigma[x] = mod(sa * x + sb, m);
        L->cS = mod(L->sigma[0] + L->sigma[m - 1], m);
    } else {
        L->rho[m - 1] = (int32_t)(next_random(rng) % (uint64_t)m);
        L->cS = odd_if((int32_t)(next_random(rng) % (uint64_t)m), even);
        mirror_labels(L->sigma, m, L->cS, m, 0, rng);
        mirror_labels(L->rho, m - 1, 2 * L->rho[m - 1], m, 1u << L->rho[m - 1], rng);
    }
    L->cR = mod(2 * L->rho[m - 1], m);
}

/* The exact cover of one draw; code[j] is option j's choice, k m m + kappa m
 * + lambda (choices that would cover an item twice are left out). */
static dlx_t *label_cover(const labels_t *L, int32_t *code) {
    int32_t m = L->m, n = L->n, pairs = (n + 1) / 2;
    int32_t band = pairs, klass = band + m * m, stack = klass + m * m, wcol = stack + m * m;
    int32_t d1 = wcol + (m - 1) * m, d2 = d1 + n, items = d2 + n;
    dlx_t *d = dlx_new(items, 0);
    if (!d) return NULL;
    int32_t cx = mod(L->cK + L->cS, m), cy = mod(L->cR + L->cL, m);
    for (int32_t k = 0; k < pairs; k++) {
        int32_t k2 = n - 1 - k, p = k / m, p2 = k2 / m, w = block_of(k, m), w2 = block_of(k2, m);
        for (int32_t v = 0; v < m; v++)
            for (int32_t u = 0; u < m; u++) {
                int32_t v2 = mod(L->cK - v, m), u2 = mod(L->cL - u, m);
                int32_t x1 = mod(v + L->sigma[p], m), y1 = mod(L->rho[w] + u, m);
                int32_t x2 = mod(v + L->sigma[m - 1 - p], m), y2 = mod(L->rho[w] + u2, m);
                int32_t both[2][7] = {
                    {k, band + p * m + v, klass + w * m + v, stack + p * m + u, w < m - 1 ? wcol + w * m + u : -1,
                     d1 + x1 * m + y1, d2 + x2 * m + y2},
                    {-1, band + p2 * m + v2, klass + w2 * m + v2, stack + p2 * m + u2,
                     w2 < m - 1 ? wcol + w2 * m + u2 : -1, d1 + mod(cx - x1, m) * m + mod(cy - y1, m),
                     d2 + mod(cx - x2, m) * m + mod(cy - y2, m)}};
                int32_t item[14], count = 0, clash = k == k2 && (v2 != v || u2 != u);
                for (int32_t half = 0; half < (k == k2 ? 1 : 2); half++)
                    for (int32_t j = 0; j < 7; j++) {
                        int32_t it = both[half][j];
                        if (it < 0) continue;
                        for (int32_t i = 0; i < count; i++) clash |= item[i] == it;
                        item[count++] = it;
                    }
                if (clash) continue;
                int32_t j = dlx_add_option(d, item, NULL, count);
                if (j < 0) {
                    dlx_free(d);
                    return NULL;
                }
                code[j] = (k * m + v) * m + u;
            }
    }
    return d;
}

int sudoku_x_windoku_grid(const sudoku_t *s, uint64_t seed, uint64_t *left, uint8_t *grid) {
    labels_t L = {.m = s->box_rows, .n = s->n};
    int32_t m = L.m, n = L.n, kappa[SUDOKU_MAX_SIZE], lambda[SUDOKU_MAX_SIZE], chosen[SUDOKU_MAX_SIZE];
    int found = 0;
    int32_t *code = malloc((size_t)((n + 1) / 2) * (size_t)(m * m) * sizeof *code);
    if (!code) return DLX_ENOMEM;
    for (int draw = 0; draw < DRAWS && !found && *left; draw++) {
        draw_labels(&L, draw & 1, &seed);
        dlx_t *d = label_cover(&L, code);
        if (!d) {
            free(code);
            return DLX_ENOMEM;
        }
        for (int t = 0; t < SEEDS && !found && *left; t++) {
            dlx_set_seed(d, next_random(&seed) | 1);
            int rc = dlx_search(d, *left < NODES ? *left : NODES);
            dlx_stats_t st;
            dlx_stats(d, &st);
            *left -= st.nodes < *left ? st.nodes : *left;
            found = rc == DLX_SOLUTION;
        }
        if (found) {
            int32_t count = dlx_solution(d, chosen, SUDOKU_MAX_SIZE);
            for (int32_t i = 0; i < count; i++) {
                int32_t j = code[chosen[i]], k = j / (m * m);
                kappa[k] = j / m % m, lambda[k] = j % m;
                kappa[n - 1 - k] = mod(L.cK - kappa[k], m), lambda[n - 1 - k] = mod(L.cL - lambda[k], m);
            }
        }
        dlx_free(d);
    }
    free(code);
    if (!found) return 1;
    int32_t digit[SUDOKU_MAX_SIZE];
    shuffle(digit, n, &seed);
    int transpose = next_random(&seed) & 1; /* keeps boxes, windows and both diagonals */
    for (int32_t r = 0; r < n; r++)
        for (int32_t c = 0; c < n; c++) {
            int32_t x = mod(kappa[r] + L.sigma[c / m], m), y = mod(L.rho[block_of(r, m)] + lambda[c], m);
            grid[transpose ? c * n + r : r * n + c] = (uint8_t)(digit[x * m + y] + 1);
        }
    return 0;
}
