/* hard_cdcl.c: the hard rows' puzzles (bench/hard-puzzles.mjs) solved by
 * the CDCL search over exact cover (src/core/dlx_cdcl.c), one line each:
 * status, CPU seconds, conflicts, decisions, restarts; every solution
 * checked. The exact cover is the reduced one a SAT encoding has (one
 * option per candidate of an empty cell, one item per cell and per digit
 * missing from a row, column or box), for comparison with hard_tune.c
 * (the engine) and cadical on bench/hard-sudoku.mjs's CNF.
 *   cc -O3 -Iinclude -Isrc/core src/core/dlx_cdcl.c bench/hard_cdcl.c -o /tmp/hard_cdcl
 *   /tmp/hard_cdcl PUZZLES [CAP_SECONDS [SEED [KEY=VALUE ...]]]
 * keys: unit (Luby; 0 glucose), first, inc (reduction), phase, save, min, decay,
 * target, margin, rephase, breason (src/core/dlx_cdcl.h says what each does) */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx_cdcl.h"
#include "cpu_time.h"

static void set_param(cdcl_params *p, const char *kv) {
    const char *eq = strchr(kv, '=');
    if (!eq) return;
    double x = atof(eq + 1);
    size_t n = (size_t)(eq - kv);
    if (!strncmp(kv, "unit", n)) p->restart_unit = (int32_t)x;
    else if (!strncmp(kv, "first", n)) p->reduce_first = (int32_t)x;
    else if (!strncmp(kv, "inc", n)) p->reduce_inc = (int32_t)x;
    else if (!strncmp(kv, "phase", n)) p->phase_true = (int32_t)x;
    else if (!strncmp(kv, "save", n)) p->save_phase = (int32_t)x;
    else if (!strncmp(kv, "min", n)) p->minimise = (int32_t)x;
    else if (!strncmp(kv, "decay", n)) p->decay = x;
    else if (!strncmp(kv, "target", n)) p->target = (int32_t)x;
    else if (!strncmp(kv, "margin", n)) p->margin = x;
    else if (!strncmp(kv, "rephase", n)) p->rephase = (int32_t)x;
    else if (!strncmp(kv, "breason", n)) p->bump_reason = (int32_t)x;
    else fprintf(stderr, "unknown key %s\n", kv);
}

int main(int argc, char **argv) {
    FILE *f = argc > 1 ? fopen(argv[1], "r") : NULL;
    if (!f) {
        fprintf(stderr, "usage: hard_cdcl PUZZLES [CAP_SECONDS [SEED [KEY=VALUE ...]]]\n");
        return 2;
    }
    double cap = argc > 2 ? atof(argv[2]) : 30;
    uint64_t seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
    int full = getenv("CDCL_FULL") != NULL; /* every option, the givens fixed (as the engine hands over) */
    int size;
    long pseed;
    while (fscanf(f, "%d %ld", &size, &pseed) == 2 && size > 0 && size <= 64) {
        int N = size, n = 1;
        while ((n + 1) * (n + 1) <= N) n++;
        int *g = malloc(sizeof(int) * N * N);
        for (int i = 0; i < N * N; i++)
            if (fscanf(f, "%d", &g[i]) != 1) g[i] = 0;
        double t0 = cpu_seconds();
        /* items: cells, then row/col/box x digit; all primary; unused ones get no option */
        int ni = 4 * N * N;
        char *used = calloc((size_t)ni, 1);
        for (int r = 0; r < N; r++)
            for (int q = 0; q < N; q++)
                if (g[r * N + q]) {
                    int d = g[r * N + q] - 1, b = (r / n) * n + q / n;
                    used[N * N + r * N + d] = used[2 * N * N + q * N + d] = used[3 * N * N + b * N + d] = 1;
                }
        int *map = malloc(sizeof(int) * ni), np = 0;
        int *start = malloc(sizeof(int) * (N * N * N + 1)), *items = malloc(sizeof(int) * 4 * N * N * N);
        int *ocell = malloc(sizeof(int) * N * N * N), *odig = malloc(sizeof(int) * N * N * N), nv = 0, nn = 0;
        for (int i = 0; i < ni; i++) map[i] = -1;
        start[0] = 0;
        for (int r = 0; r < N; r++)
            for (int q = 0; q < N; q++) {
                if (g[r * N + q] && !full) continue;
                int b = (r / n) * n + q / n;
                for (int d = 0; d < N; d++) {
                    int it[4] = {r * N + q, N * N + r * N + d, 2 * N * N + q * N + d, 3 * N * N + b * N + d};
                    if (!full && (used[it[1]] || used[it[2]] || used[it[3]])) continue;
                    for (int k = 0; k < 4; k++) {
                        if (map[it[k]] < 0) map[it[k]] = np++;
                        items[nn++] = map[it[k]];
                    }
                    ocell[nv] = r * N + q, odig[nv] = d + 1;
                    start[++nv] = nn;
                }
            }
        /* items every empty cell and every missing digit need, even with no option */
        int need = 0;
        for (int i = 0; i < ni; i++) need += (i < N * N ? !g[i] : !used[i]);
        cdcl_t *c = cdcl_new(np, np, nv, start, items, seed);
        for (int a = 4; a < argc; a++) set_param(cdcl_params_of(c), argv[a]);
        int r = need == np || full ? CDCL_BUDGET : CDCL_UNSAT;
        for (int v = 0; v < nv && full && r == CDCL_BUDGET; v++)
            if (g[ocell[v]] == odig[v] && cdcl_fix(c, v)) r = CDCL_UNSAT;
        uint64_t until = 0;
        while (r == CDCL_BUDGET && cpu_seconds() - t0 <= cap) r = cdcl_solve(c, until += 20000);
        double t = cpu_seconds() - t0;
        int ok = 1;
        if (r == CDCL_SAT) {
            for (int v = 0; v < nv; v++)
                if (cdcl_chosen(c, v)) g[ocell[v]] = odig[v];
            for (int u = 0; u < 3 * N && ok; u++) {
                int seen[65] = {0};
                for (int k = 0; k < N; k++) {
                    int rr = u < N ? u : u < 2 * N ? k : ((u - 2 * N) / n) * n + k / n;
                    int cc = u < N ? k : u < 2 * N ? u - N : ((u - 2 * N) % n) * n + k % n;
                    int x = g[rr * N + cc];
                    if (x < 1 || x > N || seen[x]++) ok = 0;
                }
            }
        }
        cdcl_stats st;
        cdcl_get_stats(c, &st);
        printf("%d %ld %s secs %.3f conflicts %llu decisions %llu restarts %llu props %llu\n", size, pseed,
               r == CDCL_SAT ? (ok ? "found" : "WRONG") : r == CDCL_UNSAT ? "none" : r == CDCL_BUDGET ? "capped" : "error",
               t, (unsigned long long)st.conflicts, (unsigned long long)st.decisions,
               (unsigned long long)st.restarts, (unsigned long long)st.propagations);
        fflush(stdout);
        cdcl_free(c);
        free(g), free(used), free(map), free(start), free(items), free(ocell), free(odig);
    }
    fclose(f);
    return 0;
}
