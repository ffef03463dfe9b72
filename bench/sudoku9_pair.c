/* sudoku9_pair.c: dlxkit's 9x9 solver against tdoku, natively, in one
 * process, paired: each round times a pass of dlxkit and a pass of tdoku
 * over the same set (the order alternating), in CPU time; the report is
 * the median of the rounds' ratios. Every puzzle's count (limit 2) is
 * checked against tdoku's first, so a run is also a differential test.
 * Built by bench/sudoku9-pair.sh (tdoku's objects from ../shared/peers:
 * peer code never enters the repository).
 *   sudoku9_pair ROUNDS MIN_SECONDS FILE...   -> a row per set
 *   sudoku9_pair gen DIR SEED SOURCE          -> DIR/{minimal,many,invalid}.txt
 * gen: SOURCE's puzzles solved for grids, each grid relabelled and
 * shuffled, then emptied in a random order while unique (minimal); many:
 * 17-clue puzzles less 2-4 clues; invalid: a minimal puzzle and one more
 * clue that no peer clashes with but leaves no solution. */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku.h"
#include "cpu_time.h"

size_t TdokuSolverDpllTriadSimd(const char *input, size_t limit, uint32_t configuration, char *solution,
                                size_t *num_guesses);

static uint64_t rng = 88172645463325252ull;
static uint32_t rnd(uint32_t n) {
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (uint32_t)(rng % n);
}

static char *read_set(const char *path, size_t *count) {
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    size_t cap = 1024, n = 0;
    char *p = malloc(cap * 82), line[1024];
    while (p && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || strlen(line) < 81) continue;
        if (n == cap) p = realloc(p, (cap *= 2) * 82);
        for (int k = 0; k < 81; k++) p[n * 82 + k] = line[k] >= '1' && line[k] <= '9' ? line[k] : '.';
        p[n * 82 + 81] = 0;
        n++;
    }
    fclose(f);
    *count = n;
    return p;
}

static void to_grid(const char *p, uint8_t *g) {
    for (int k = 0; k < 81; k++) g[k] = p[k] == '.' ? 0 : (uint8_t)(p[k] - '0');
}

static sudoku_t *s9;

static uint64_t count_dk(const char *p, uint64_t *guesses, uint8_t *sol) {
    uint8_t g[81], own[81];
    sudoku_result_t res;
    sudoku_error_t err;
    to_grid(p, g);
    if (sudoku_solve(s9, g, 2, 0, sol ? sol : own, &res, &err)) return 99; /* a clash */
    if (guesses) *guesses += res.guesses;
    return res.count;
}

static double pass_dk(const char *p, size_t n) {
    uint8_t g[81], sol[81];
    sudoku_result_t res;
    sudoku_error_t err;
    uint64_t sum = 0;
    double t0 = cpu_seconds();
    for (size_t i = 0; i < n; i++) {
        to_grid(p + i * 82, g);
        sudoku_solve(s9, g, 2, 0, sol, &res, &err);
        sum += res.count;
    }
    return sum == (uint64_t)-1 ? 0 : cpu_seconds() - t0;
}

static double pass_td(const char *p, size_t n) {
    char sol[82];
    size_t g, sum = 0;
    double t0 = cpu_seconds();
    for (size_t i = 0; i < n; i++) sum += TdokuSolverDpllTriadSimd(p + i * 82, 2, 0, sol, &g);
    return sum == (size_t)-1 ? 0 : cpu_seconds() - t0;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int run(int rounds, double min_seconds, const char *path) {
    size_t n;
    char *p = read_set(path, &n);
    if (!p || !n) return fprintf(stderr, "cannot read %s\n", path), 1;
    uint64_t gd = 0, gt = 0, kinds[3] = {0, 0, 0};
    for (size_t i = 0; i < n; i++) { /* the differential check, untimed (a warm-up too) */
        char sol[82];
        size_t g = 0, ct = TdokuSolverDpllTriadSimd(p + i * 82, 2, 0, sol, &g);
        uint64_t cd = count_dk(p + i * 82, &gd, NULL);
        gt += g;
        if (cd == 99) cd = 0;
        if (cd != ct) return fprintf(stderr, "%s: puzzle %zu: dlxkit %llu, tdoku %zu\n", path, i + 1,
                                     (unsigned long long)cd, ct), 1;
        kinds[ct > 2 ? 2 : ct]++;
    }
    size_t reps = 1; /* passes per timing, so that one lasts min_seconds */
    while (pass_td(p, n) * (double)reps < min_seconds && reps < 1000000) reps *= 2;
    double *ratio = calloc((size_t)rounds, sizeof *ratio), *rd = calloc((size_t)rounds, sizeof *rd),
           *rt = calloc((size_t)rounds, sizeof *rt);
    for (int r = 0; r < rounds; r++) {
        double td = 0, tt = 0;
        for (int side = 0; side < 2; side++) {
            int dk = side ^ (r & 1);
            for (size_t k = 0; k < reps; k++) {
                if (dk) td += pass_dk(p, n);
                else tt += pass_td(p, n);
            }
        }
        rd[r] = (double)(n * reps) / td, rt[r] = (double)(n * reps) / tt, ratio[r] = tt / td;
    }
    qsort(ratio, (size_t)rounds, sizeof *ratio, by_value);
    qsort(rd, (size_t)rounds, sizeof *rd, by_value);
    qsort(rt, (size_t)rounds, sizeof *rt, by_value);
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    printf("| %s | %zu | %llu/%llu/%llu | %.1f | %.1f | %.0f/s | %.0f/s | %.2fx (%.2f-%.2f) |\n", name, n,
           (unsigned long long)kinds[0], (unsigned long long)kinds[1], (unsigned long long)kinds[2],
           (double)gd / (double)n, (double)gt / (double)n, rd[rounds / 2], rt[rounds / 2], ratio[rounds / 2],
           ratio[0], ratio[rounds - 1]);
    fflush(stdout);
    free(ratio), free(rd), free(rt), free(p);
    return 0;
}

/* ---- gen: the sets beside ../shared/data -------------------------------- */

static void put(FILE *f, const uint8_t *g) {
    for (int k = 0; k < 81; k++) fputc(g[k] ? '0' + g[k] : '.', f);
    fputc('\n', f);
}

/* A solved grid relabelled, its rows within bands, bands, columns within
 * stacks and stacks shuffled, and maybe transposed. */
static void shuffle_grid(const uint8_t *in, uint8_t *out) {
    int lab[10], row[9], col[9], band[3], stk[3], t = (int)rnd(2);
    for (int d = 0; d <= 9; d++) lab[d] = d;
    for (int d = 9; d > 1; d--) { int j = 1 + (int)rnd((uint32_t)d), x = lab[d]; lab[d] = lab[j], lab[j] = x; }
    for (int k = 0; k < 3; k++) band[k] = k, stk[k] = k;
    for (int k = 2; k > 0; k--) {
        int j = (int)rnd((uint32_t)k + 1), x = band[k];
        band[k] = band[j], band[j] = x;
        j = (int)rnd((uint32_t)k + 1), x = stk[k], stk[k] = stk[j], stk[j] = x;
    }
    for (int b = 0; b < 3; b++) {
        int a[3] = {0, 1, 2}, c[3] = {0, 1, 2};
        for (int k = 2; k > 0; k--) {
            int j = (int)rnd((uint32_t)k + 1), x = a[k];
            a[k] = a[j], a[j] = x;
            j = (int)rnd((uint32_t)k + 1), x = c[k], c[k] = c[j], c[j] = x;
        }
        for (int k = 0; k < 3; k++) row[3 * b + k] = 3 * band[b] + a[k], col[3 * b + k] = 3 * stk[b] + c[k];
    }
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) out[9 * r + c] = (uint8_t)lab[t ? in[9 * col[c] + row[r]] : in[9 * row[r] + col[c]]];
}

static uint64_t count_grid(const uint8_t *g) {
    char p[82];
    for (int k = 0; k < 81; k++) p[k] = g[k] ? (char)('0' + g[k]) : '.';
    p[81] = 0;
    return count_dk(p, NULL, NULL);
}

static void minimal_of(const uint8_t *full, uint8_t *g) {
    int order[81];
    memcpy(g, full, 81);
    for (int k = 0; k < 81; k++) order[k] = k;
    for (int k = 80; k > 0; k--) { int j = (int)rnd((uint32_t)k + 1), x = order[k]; order[k] = order[j], order[j] = x; }
    for (int k = 0; k < 81; k++) {
        uint8_t v = g[order[k]];
        g[order[k]] = 0;
        if (count_grid(g) != 1) g[order[k]] = v;
    }
}

static int gen(const char *dir, unsigned seed, const char *source) {
    size_t n;
    char *p = read_set(source, &n), path[512];
    if (!p || !n) return fprintf(stderr, "cannot read %s\n", source), 1;
    rng ^= (uint64_t)seed * 0x9E3779B97F4A7C15ull;
    FILE *fm, *fy, *fi;
    snprintf(path, sizeof path, "%s/minimal.txt", dir), fm = fopen(path, "w");
    snprintf(path, sizeof path, "%s/many.txt", dir), fy = fopen(path, "w");
    snprintf(path, sizeof path, "%s/invalid.txt", dir), fi = fopen(path, "w");
    if (!fm || !fy || !fi) return fprintf(stderr, "cannot write in %s\n", dir), 1;
    for (int k = 0; k < 2000; k++) {
        const char *q = p + (size_t)rnd((uint32_t)n) * 82;
        uint8_t g[81], full[81], mixed[81], m[81];
        to_grid(q, g);
        if (count_dk(q, NULL, full) != 1) continue;
        /* many: 2-4 clues fewer */
        int drop = 2 + (int)rnd(3);
        while (drop) {
            int c = (int)rnd(81);
            if (g[c]) g[c] = 0, drop--;
        }
        put(fy, g);
        shuffle_grid(full, mixed);
        minimal_of(mixed, m);
        put(fm, m);
        /* invalid: a wrong digit in an empty cell, where no given peer holds it */
        for (int tries = 0; tries < 200; tries++) {
            int c = (int)rnd(81), v = 1 + (int)rnd(9), ok = !m[c] && v != mixed[c];
            for (int j = 0; ok && j < 81; j++)
                if (m[j] == v && (j / 9 == c / 9 || j % 9 == c % 9 || (j / 27 == c / 27 && j % 9 / 3 == c % 9 / 3))) ok = 0;
            if (!ok) continue;
            m[c] = (uint8_t)v;
            if (count_grid(m) == 0) {
                put(fi, m);
                break;
            }
            m[c] = 0;
        }
    }
    fclose(fm), fclose(fy), fclose(fi), free(p);
    return 0;
}

int main(int argc, char **argv) {
    sudoku_shape_t shape = {9, 0, 0, 0, NULL, NULL, 0};
    sudoku_error_t err;
    s9 = sudoku_new(&shape, &err);
    if (!s9) return 1;
    if (argc == 5 && !strcmp(argv[1], "gen")) return gen(argv[2], (unsigned)atoi(argv[3]), argv[4]);
    if (argc < 4) {
        fprintf(stderr, "usage: sudoku9_pair ROUNDS MIN_SECONDS FILE... | gen DIR SEED SOURCE\n");
        return 2;
    }
    printf("| set | puzzles | none/one/more | dlxkit guesses | tdoku guesses | dlxkit | tdoku | dlxkit/tdoku (range) |\n");
    printf("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
    for (int k = 3; k < argc; k++)
        if (run(atoi(argv[1]), atof(argv[2]), argv[k])) return 1;
    sudoku_free(s9);
    return 0;
}
