/* dlx_main.c: build/dlx, the native developer CLI for Knuth's DLX format.
 *
 *   build/dlx [--count | --first | --all | --best K [--json]] [--limit N] [--nodes N] [--seed S]
 *             [--memo | --no-memo] [--zdd OUT] [--random N] [--nth K] [FILE|-]
 *
 * Solutions go to stdout as option lines (a blank line between solutions);
 * a summary (solutions, nodes, updates, time) goes to stderr. --best K
 * prints the K cheapest solutions (options' costs `|n`, Knuth's DLX5), each
 * after a line `cost C`; with --json each improvement as the search finds it
 * and then the K cheapest, one JSON object a line.
 * Exit 0 when the search ran, 1 when the input is bad (a NUL byte or more
 * than 256 MiB included), 2 for usage errors.
 */
#define _POSIX_C_SOURCE 199309L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dlx_text.h"

static const char usage[] =
    "usage: dlx [--count | --first | --all | --best K [--json]] [--limit N] [--nodes N] [--seed S]\n"
    "           [--memo | --no-memo] [--zdd OUT] [--random N] [--nth K] [FILE|-]\n"
    "Reads an exact-cover problem in Knuth's DLX format (from stdin if FILE is - or absent;\n"
    "at most 256 MiB, no NUL byte).\n"
    "  --count     print only the number of solutions\n"
    "  --first     print the first solution as option lines (the default)\n"
    "  --all       print every solution, separated by blank lines\n"
    "  --best K    the K cheapest solutions (costs: |n on option lines), cheapest first,\n"
    "              each after a line \"cost C\"; ties: the one found first\n"
    "  --json      with --best: each improvement as found,\n"
    "              {\"improvement\":N,\"cost\":C,\"solution\":[indices],\"options\":[lines]},\n"
    "              then {\"rank\":R,...} for each of the K cheapest and\n"
    "              {\"complete\":true|false,\"nodes\":N}\n"
    "  --limit N   stop after N solutions\n"
    "  --nodes N   stop after N search nodes\n"
    "  --seed S    try options in a random order drawn from seed S\n"
    "  --memo      count by memoized search (DLX6): subproblems met again are added,\n"
    "              not searched again (colors and bounds too; fast on tilings)\n"
    "  --no-memo   count by search only\n"
    "  --memo-bytes N  the memo cache's cap in bytes (with --memo; default 1 GiB);\n"
    "              with --zdd, --random, --nth: the ZDD's bound (past it: an error)\n"
    "  --zdd OUT   build the ZDD of all solutions (memoized; colors, bounds) and write it\n"
    "              to OUT (- for stdout) in DLX6's text format; the count goes to stderr\n"
    "  --random N  from the ZDD: N solutions drawn uniformly (seeded by --seed S)\n"
    "  --nth K     from the ZDD: solution K (0-based, in the ZDD's order)\n"
    "  --quiet     no summary on stderr\n"
    "  --count-from N  for tests: --count starts at N (below 2^128), not 0\n";

enum mode { MODE_FIRST, MODE_ALL, MODE_COUNT, MODE_BEST, MODE_ZDD };

typedef struct {
    enum mode mode;
    uint64_t limit, nodes, seed, best, memo_bytes;
    int memo; /* DLX_MEMO_*: AUTO unless asked */
    dlx_wide_t count_from, nth;
    int quiet, json, has_nth, zdd; /* zdd: --zdd, --random or --nth given */
    uint64_t draws;
    const char *path, *zdd_out;
} cli_options;

static int parse_u64(const char *s, uint64_t *out) {
    if (!s || *s < '0' || *s > '9') return 0;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end) return 0;
    *out = v;
    return 1;
}

/* A whole number below 2^128 in decimal. */
static int parse_wide(const char *s, dlx_wide_t *out) {
    __extension__ typedef unsigned __int128 u128;
    if (!s || !*s) return 0;
    u128 v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || v > (~(u128)0 - (u128)(*s - '0')) / 10) return 0;
        v = v * 10 + (u128)(*s - '0');
    }
    out->lo = (uint64_t)v, out->hi = (uint64_t)(v >> 64);
    return 1;
}

static int parse_args(int argc, char **argv, cli_options *o) {
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--count")) o->mode = MODE_COUNT;
        else if (!strcmp(a, "--first")) o->mode = MODE_FIRST;
        else if (!strcmp(a, "--all")) o->mode = MODE_ALL;
        else if (!strcmp(a, "--quiet")) o->quiet = 1;
        else if (!strcmp(a, "--json")) o->json = 1;
        else if (!strcmp(a, "--memo")) o->memo = DLX_MEMO_ON;
        else if (!strcmp(a, "--no-memo")) o->memo = DLX_MEMO_OFF;
        else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage, stdout);
            exit(0);
        } else if (!strcmp(a, "--limit") || !strcmp(a, "--nodes") || !strcmp(a, "--seed") ||
                   !strcmp(a, "--memo-bytes")) {
            uint64_t *dst = a[2] == 'l' ? &o->limit : a[2] == 'n' ? &o->nodes : a[2] == 's' ? &o->seed : &o->memo_bytes;
            if (!parse_u64(i + 1 < argc ? argv[i + 1] : NULL, dst)) {
                fprintf(stderr, "dlx: %s needs a non-negative whole number\n", a);
                return 0;
            }
            i++;
        } else if (!strcmp(a, "--best")) {
            if (!parse_u64(i + 1 < argc ? argv[i + 1] : NULL, &o->best) || o->best < 1 || o->best > INT32_MAX) {
                fprintf(stderr, "dlx: %s needs a whole number from 1 to %d\n", a, INT32_MAX);
                return 0;
            }
            o->mode = MODE_BEST;
            i++;
        } else if (!strcmp(a, "--zdd")) {
            if (i + 1 >= argc) {
                fprintf(stderr, "dlx: --zdd needs a file name (- for stdout)\n");
                return 0;
            }
            o->zdd_out = argv[++i], o->zdd = 1;
        } else if (!strcmp(a, "--random")) {
            if (!parse_u64(i + 1 < argc ? argv[i + 1] : NULL, &o->draws)) {
                fprintf(stderr, "dlx: %s needs a non-negative whole number\n", a);
                return 0;
            }
            i++, o->zdd = 1;
        } else if (!strcmp(a, "--nth")) {
            if (!parse_wide(i + 1 < argc ? argv[i + 1] : NULL, &o->nth)) {
                fprintf(stderr, "dlx: %s needs a whole number below 2^128\n", a);
                return 0;
            }
            i++, o->zdd = 1, o->has_nth = 1;
        } else if (!strcmp(a, "--count-from")) {
            if (!parse_wide(i + 1 < argc ? argv[i + 1] : NULL, &o->count_from)) {
                fprintf(stderr, "dlx: %s needs a whole number below 2^128\n", a);
                return 0;
            }
            i++;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "dlx: unknown option %s\n", a);
            return 0;
        } else if (o->path) {
            fprintf(stderr, "dlx: only one input file, got %s and %s\n", o->path, a);
            return 0;
        } else {
            o->path = a;
        }
    }
    if (o->zdd) {
        if (o->mode == MODE_BEST || o->limit || o->nodes || o->memo == DLX_MEMO_OFF) {
            fprintf(stderr, "dlx: --zdd, --random and --nth go without --best, --limit, --nodes and --no-memo\n");
            return 0;
        }
        o->mode = MODE_ZDD;
    }
    if (o->json && o->mode != MODE_BEST) {
        fprintf(stderr, "dlx: --json goes with --best\n");
        return 0;
    }
    if (o->mode == MODE_BEST && o->limit) {
        fprintf(stderr, "dlx: --best K keeps K solutions: --limit does not go with it\n");
        return 0;
    }
    return 1;
}

/* A DLX text is at most this long (as for `dlxkit cover`): a pipe that never
 * ends (`yes a | dlx`) is refused instead of filling memory. */
#define MAX_INPUT_BYTES ((size_t)256 << 20)

/* The whole input, or NULL after a message on stderr. A NUL byte is never
 * part of a DLX text (and /dev/zero starts with one), so reading stops at the
 * first, as it does past MAX_INPUT_BYTES. */
static char *read_all(FILE *f, const char *name, size_t *len) {
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        const char *nul = memchr(buf + n, '\0', got);
        n += got;
        if (nul) {
            size_t at = (size_t)(nul - buf), line = 1, column = 1;
            for (size_t k = 0; k < at; k++) column = buf[k] == '\n' ? (line++, 1) : column + 1;
            fprintf(stderr, "%s:%zu:%zu: character 0x00 (a NUL byte): a DLX text has none; stopped reading\n",
                    name, line, column);
            free(buf);
            return NULL;
        }
        if (n > MAX_INPUT_BYTES) {
            fprintf(stderr, "%s: more than %zu MiB: larger than a DLX text can be; stopped reading\n", name,
                    MAX_INPUT_BYTES >> 20);
            free(buf);
            return NULL;
        }
        if (n < cap) break;
        cap = cap < MAX_INPUT_BYTES / 2 ? cap * 2 : MAX_INPUT_BYTES + 1; /* one byte past the cap tells */
        char *b = realloc(buf, cap);
        if (!b) free(buf);
        buf = b;
    }
    if (!buf) {
        fprintf(stderr, "%s: %s\n", name, dlx_strerror(DLX_ENOMEM));
        return NULL;
    }
    if (ferror(f)) {
        fprintf(stderr, "dlx: cannot read %s: %s\n", name, strerror(errno));
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

static void print_solution(const dlx_text_t *t, int32_t *opts, int32_t n) {
    static char line[1 << 16];
    for (int32_t k = 0; k < n; k++) {
        int64_t len = dlx_text_format_option(t, opts[k], line, sizeof line);
        if (len >= (int64_t)sizeof line) fprintf(stderr, "dlx: option %d shortened\n", opts[k]);
        puts(line);
    }
}

/* A JSON string: names are printable bytes (UTF-8 as it is), so only '"'
 * and '\\' need escapes. */
static void put_json_string(const char *s) {
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') putchar('\\');
        putchar(*s);
    }
    putchar('"');
}

static int by_index(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* One solution of a --best run: `cost C` and its option lines, or a JSON
 * object {"<key>":n,"cost":C,"solution":[sorted indices],"options":[lines]}
 * (as dlxkit cover --best --json). */
static void print_costed(const dlx_text_t *t, int json, const char *key, uint64_t n, int64_t cost,
                         int32_t *opts, int32_t len) {
    if (!json) {
        printf("cost %lld\n", (long long)cost);
        print_solution(t, opts, len);
        return;
    }
    static char line[1 << 16];
    qsort(opts, (size_t)len, sizeof *opts, by_index);
    printf("{\"%s\":%llu,\"cost\":%lld,\"solution\":[", key, (unsigned long long)n, (long long)cost);
    for (int32_t k = 0; k < len; k++) printf(k ? ",%d" : "%d", opts[k]);
    printf("],\"options\":[");
    for (int32_t k = 0; k < len; k++) {
        dlx_text_format_option(t, opts[k], line, sizeof line);
        if (k) putchar(',');
        put_json_string(line);
    }
    puts("]}");
    fflush(stdout); /* an improvement is seen as it is found */
}

/* --best K: the improvements (with --json), then the K cheapest. */
static int run_best(const dlx_text_t *t, dlx_t *d, const cli_options *o, int32_t *sol, int32_t cap,
                    dlx_wide_t *found) {
    dlx_set_best(d, (int32_t)o->best); /* k is in range: parse_args */
    int rc;
    while ((rc = dlx_search_until(d, o->nodes)) == DLX_SOLUTION) {
        found->lo++;
        int64_t cost = 0;
        dlx_solution_cost(d, &cost);
        if (o->json) print_costed(t, 1, "improvement", found->lo, cost, sol, dlx_solution(d, sol, cap));
    }
    if (rc < 0) return rc;
    for (int32_t j = 0; j < dlx_best_count(d); j++) {
        int64_t cost = 0;
        int32_t n = dlx_best_solution(d, j, sol, cap, &cost);
        if (j && !o->json) putchar('\n');
        print_costed(t, o->json, "rank", (uint64_t)j + 1, cost, sol, n);
    }
    if (o->json) {
        dlx_stats_t st;
        dlx_stats(d, &st);
        printf("{\"complete\":%s,\"nodes\":%llu}\n", rc == DLX_DONE ? "true" : "false",
               (unsigned long long)st.nodes);
    }
    return rc;
}

/* --zdd, --random, --nth: the ZDD, then what was asked of it; 1 on an error. */
static int run_zdd(const dlx_text_t *t, dlx_t *d, const cli_options *o, int32_t *sol, int32_t cap,
                   dlx_wide_t *found) {
    dlx_zdd_t *z;
    int rc = dlx_zdd_build(d, o->memo_bytes, &z);
    if (rc < 0) {
        fprintf(stderr, "dlx: building the ZDD: %s%s\n", dlx_strerror(rc),
                rc == DLX_ENOMEM ? " (raise --memo-bytes)" : "");
        return 1;
    }
    *found = dlx_zdd_count(z);
    if (!o->quiet) fprintf(stderr, "ZDD: %llu nodes, %zu bytes\n", (unsigned long long)dlx_zdd_size(z), dlx_zdd_bytes(z));
    int bad = 0;
    if (o->zdd_out) {
        FILE *f = strcmp(o->zdd_out, "-") ? fopen(o->zdd_out, "w") : stdout;
        int64_t len = dlx_zdd_text(z, NULL, 0);
        char *text = malloc((size_t)len + 1);
        if (!f || !text) {
            fprintf(stderr, "dlx: cannot write %s: %s\n", o->zdd_out, !f ? strerror(errno) : dlx_strerror(DLX_ENOMEM));
            bad = 1;
        } else {
            dlx_zdd_text(z, text, (size_t)len);
            if (fwrite(text, 1, (size_t)len, f) != (size_t)len || (f != stdout && fclose(f))) {
                fprintf(stderr, "dlx: cannot write %s: %s\n", o->zdd_out, strerror(errno));
                bad = 1;
            }
            f = NULL;
        }
        if (f && f != stdout) fclose(f);
        free(text);
    }
    int printed = 0;
    if (!bad && o->has_nth) {
        int32_t n = dlx_zdd_nth(z, o->nth, sol, cap);
        if (n < 0) {
            char c[DLX_WIDE_DIGITS];
            dlx_wide_format(*found, c);
            fprintf(stderr, "dlx: --nth: no such solution: there are %s (0 .. count - 1)\n", c);
            bad = 1;
        } else {
            print_solution(t, sol, n), printed = 1;
        }
    }
    uint64_t state = o->seed;
    for (uint64_t k = 0; !bad && k < o->draws; k++) {
        int32_t n = dlx_zdd_random(z, &state, sol, cap);
        if (n < 0) {
            fprintf(stderr, "dlx: --random: %s\n", n == DLX_ENOSOLUTION ? "the problem has no solution" : dlx_strerror(n));
            bad = 1;
            break;
        }
        if (printed++) putchar('\n');
        print_solution(t, sol, n);
    }
    dlx_zdd_free(z);
    return bad;
}

static double seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    cli_options o = {.mode = MODE_FIRST};
    if (!parse_args(argc, argv, &o)) {
        fputs(usage, stderr);
        return 2;
    }
    if (o.mode == MODE_FIRST && !o.limit) o.limit = 1;
    const char *name = o.path && strcmp(o.path, "-") ? o.path : "<stdin>";
    FILE *f = name[0] == '<' ? stdin : fopen(o.path, "rb");
    if (!f) {
        fprintf(stderr, "dlx: cannot open %s: %s\n", o.path, strerror(errno));
        return 1;
    }
    size_t len;
    char *text = read_all(f, name, &len);
    if (f != stdin) fclose(f);
    if (!text) return 1;
    dlx_text_error_t err;
    double t0 = seconds();
    dlx_text_t *t = dlx_text_parse(text, len, &err);
    free(text);
    if (!t) {
        if (err.line) fprintf(stderr, "%s:%d:%d: %s\n", name, err.line, err.column, err.message);
        else fprintf(stderr, "%s: %s\n", name, err.message);
        return 1;
    }
    double t1 = seconds();
    dlx_t *d = dlx_text_engine(t);
    if (o.seed) dlx_set_seed(d, o.seed);
    dlx_set_memo(d, o.memo, o.memo_bytes);
    if (o.count_from.lo || o.count_from.hi) dlx_debug_count_from(d, o.count_from);

    /* Each option at most once: with multiplicities a solution may hold more options than items. */
    int32_t cap = dlx_option_count(d) + dlx_primary_count(d) + 1, *sol = malloc((size_t)cap * sizeof *sol);
    dlx_wide_t found = {0, 0}; /* 128 bits: a count is printed exactly at any size */
    int rc;
    if (o.mode == MODE_COUNT) rc = dlx_count_wide(d, o.limit, o.nodes, &found);
    else if (o.mode == MODE_BEST) rc = sol ? run_best(t, d, &o, sol, cap, &found) : DLX_ENOMEM;
    else if (o.mode == MODE_ZDD) {
        if (!sol || run_zdd(t, d, &o, sol, cap, &found)) {
            free(sol);
            dlx_text_free(t);
            return 1;
        }
        rc = DLX_DONE;
    }
    else
        while ((rc = dlx_search_until(d, o.nodes)) == DLX_SOLUTION) {
            found.lo++; /* one by one: 2^64 of them is out of reach */
            if (sol) {
                if (found.lo > 1) putchar('\n');
                print_solution(t, sol, dlx_solution(d, sol, cap));
            }
            if (o.limit && found.lo >= o.limit) {
                rc = DLX_LIMIT;
                break;
            }
        }
    double t2 = seconds();
    if (rc < 0) { /* DLX_EOVERFLOW: a count past 2^128 - 1 (memoized, or from --count-from) */
        if (rc == DLX_EOVERFLOW) fprintf(stderr, "dlx: more than 2^128 - 1 solutions: past what a count holds\n");
        else fprintf(stderr, "dlx: %s\n", dlx_strerror(rc));
        free(sol);
        dlx_text_free(t);
        return 1;
    }
    char count[DLX_WIDE_DIGITS];
    dlx_wide_format(found, count);
    if (o.mode == MODE_COUNT) printf("%s\n", count);
    fflush(stdout);
    if (!o.quiet) {
        dlx_stats_t st;
        dlx_stats(d, &st);
        const char *why = rc == DLX_DONE ? "complete" : rc == DLX_LIMIT ? "solution limit reached"
                                                                         : "node budget spent";
        fprintf(stderr,
                "%s %s%s (%s), %llu nodes, %llu updates, %d options, "
                "%zu bytes of matrix memory; read %.3f s, search %.3f s\n",
                count, o.mode == MODE_BEST ? "improvement" : "solution", !found.hi && found.lo == 1 ? "" : "s", why,
                (unsigned long long)st.nodes, (unsigned long long)st.updates,
                dlx_option_count(d), dlx_memory_bytes(d), t1 - t0, t2 - t1);
    }
    free(sol);
    dlx_text_free(t);
    return 0;
}
