/* wasm/typst.c: the C core as a Typst plugin (dist/dlxkit-typst.wasm).
 *
 * Typst loads WebAssembly through its "wasm-minimal-protocol": an exported
 * function receives the lengths of its byte-string arguments, fetches their
 * bytes with wasm_minimal_protocol_write_args_to_buffer, and hands back one
 * byte string with wasm_minimal_protocol_send_result_to_host: the answer
 * (returning 0) or, returning 1, a message that Typst shows as the error.
 * Those two functions are the module's only imports: no WASI, no JavaScript.
 *
 * Exports (every argument is bytes; options are "key=value" words, below):
 *   solve(puzzle), solve_with(puzzle, options)   the first solution, one line
 *   count(puzzle), count_with(puzzle, options)   solutions up to limit (2)
 *   sudoku_json(puzzle, options)                 shape, givens, solution,
 *                                                candidates as JSON (drawing)
 *   cover(dlx), cover_with(dlx, options)         the first exact cover of a
 *                                                problem in Knuth's format: its
 *                                                options, one per line
 *   cover_count(dlx, options)                    exact covers up to limit (all)
 *   cover_json(dlx, options)                     items, options, first cover
 *   cover_best(dlx, options)                     the k cheapest covers (costs
 *                                                `|n` on options, Knuth's
 *                                                DLX5) as JSON: cost, options
 *
 * Typst asks plugin functions to be pure, so calls share nothing: the heap
 * (heap.c, the same C library as dist/dlxkit.wasm's) starts over empty at
 * every call, and a call that failed leaves nothing behind for the next.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dlx_text.h"
#include "../core/format.h" /* the core's own printf, not a public header */
#include "../core/utf8.h"
#include "heap.h"
#include "sudoku.h"
#include "typst.h"


/* A search gives up after this many nodes unless max-nodes says otherwise:
 * an impossible puzzle must not hang the document. The hardest 9x9 puzzles
 * of the shared sets need up to 20,000; Typst's interpreter runs 200,000 in
 * about 2.5 s for a 9x9, 6 s for a 16x16, 13 s for pentominoes. */
#define DEFAULT_MAX_NODES 200000u

/* ---- the result: a growing byte string ----------------------------------- */
void put_n(out_t *o, const char *s, size_t n) {
    if (o->failed) return;
    if (o->len + n > o->cap) {
        size_t cap = o->cap ? o->cap : 256;
        while (cap < o->len + n) cap *= 2;
        char *q = realloc(o->p, cap);
        if (!q) {
            o->failed = 1;
            return;
        }
        o->p = q, o->cap = cap;
    }
    memcpy(o->p + o->len, s, n);
    o->len += n;
}

void put(out_t *o, const char *s) { put_n(o, s, strlen(s)); }

void put_u64(out_t *o, uint64_t v) {
    char b[24];
    put_n(o, b, (size_t)fmt_snprintf(b, sizeof b, "%llu", (unsigned long long)v));
}

/* A JSON string: quotes, backslashes and control bytes escaped; UTF-8 as is. */
void put_json_string(out_t *o, const char *s, size_t n) {
    put(o, "\"");
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') {
            char e[2] = {'\\', (char)c};
            put_n(o, e, 2);
        } else if (c < 0x20) {
            char e[7];
            fmt_snprintf(e, sizeof e, "\\u%04x", c);
            put_n(o, e, 6);
        } else {
            put_n(o, (const char *)&c, 1);
        }
    }
    put(o, "\"");
}

/* ---- one call: fetch the arguments, answer or fail ----------------------- */
/* Start a call with n arguments of the given lengths. 0 if memory ran out. */
int begin(call_t *c, int n, size_t len0, size_t len1) {
    heap_reset();
    memset(c, 0, sizeof *c);
    size_t total = len0 + (n > 1 ? len1 : 0);
    char *buf = malloc(total + 2);
    if (!buf) return 0;
    typst_read_args((uint8_t *)buf);
    memmove(buf + len0 + 1, buf + len0, total - len0); /* room for the first NUL */
    buf[len0] = '\0', buf[total + 1] = '\0';
    c->arg[0] = buf, c->len[0] = len0;
    c->arg[1] = n > 1 ? buf + len0 + 1 : "", c->len[1] = n > 1 ? len1 : 0;
    return 1;
}

/* Send an error. Typst shows only a message in valid UTF-8, and a message may
 * quote bytes of the input: each invalid byte becomes U+FFFD. */
int32_t fail(const char *message) {
    static unsigned char clean[3 * 400];
    const unsigned char *s = (const unsigned char *)message;
    size_t n = strlen(message), k = 0;
    for (size_t i = 0; i < n && k + 4 <= sizeof clean;) {
        int32_t cp = utf8_decode(s + i, n - i);
        size_t len = cp < 0 ? 0 : utf8_length(cp);
        if (len) memcpy(clean + k, s + i, len), k += len, i += len;
        else memcpy(clean + k, "\xEF\xBF\xBD", 3), k += 3, i++;
    }
    typst_send(clean, k);
    return 1;
}

int32_t failf(call_t *c, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fmt_vsnprintf(c->error, sizeof c->error, fmt, ap);
    va_end(ap);
    return fail(c->error);
}

int32_t answer(out_t *o) {
    if (o->failed) return fail("out of memory while writing the result");
    typst_send((const uint8_t *)o->p, o->len);
    return 0;
}

/* ---- options: "key=value" words separated by blanks ---------------------- */
static int is_blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; }

/* A whole number 0 .. max from s[0..n), into *v; 0 if it is not one. */
static int parse_number(const char *s, size_t n, uint64_t max, uint64_t *v) {
    if (!n || n > 19) return 0;
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return 0;
        x = x * 10 + (uint64_t)(s[i] - '0');
    }
    if (x > max) return 0;
    *v = x;
    return 1;
}

static int word_is(const char *s, size_t n, const char *w) { return strlen(w) == n && !memcmp(s, w, n); }

/* One option; 0 or the error written to c->error. */
static int parse_option(call_t *c, options_t *o, unsigned allowed, const char *fn, const char *s, size_t n) {
    const char *eq = memchr(s, '=', n);
    size_t kn = eq ? (size_t)(eq - s) : n;
    const char *v = eq ? eq + 1 : s + n;
    size_t vn = eq ? n - kn - 1 : 0;
    if (vn >= 2 && v[0] == '"' && v[vn - 1] == '"') v++, vn -= 2;
    unsigned group = word_is(s, kn, "limit")        ? OPT_LIMIT
                     : word_is(s, kn, "max-nodes")  ? OPT_NODES
                     : word_is(s, kn, "candidates") ? OPT_CANDIDATES
                     : word_is(s, kn, "k")          ? OPT_K
                     : word_is(s, kn, "from")       ? OPT_FROM
                     : word_is(s, kn, "box") || word_is(s, kn, "size") || word_is(s, kn, "variant") ||
                             word_is(s, kn, "alphabet")
                         ? OPT_SHAPE
                         : 0;
    int bad = 0;
    uint64_t x = 0;
    if (!group) {
        fmt_snprintf(c->error, sizeof c->error,
                     "unknown option \"%.*s\" (known: box, size, variant, alphabet, limit, max-nodes, candidates, k, from)",
                     (int)(kn > 40 ? 40 : kn), s);
        return 1;
    }
    if (!(group & allowed)) {
        fmt_snprintf(c->error, sizeof c->error, "option \"%.*s\" does not apply to %s", (int)kn, s, fn);
        return 1;
    }
    if (!eq) {
        bad = 1;
    } else if (word_is(s, kn, "limit")) {
        bad = !parse_number(v, vn, UINT64_MAX / 2, &o->limit);
    } else if (word_is(s, kn, "k")) {
        bad = !parse_number(v, vn, 1000000, &o->k) || !o->k;
    } else if (word_is(s, kn, "from")) {
        bad = !parse_number(v, vn, UINT64_MAX / 2, &o->from) || !o->from;
    } else if (word_is(s, kn, "max-nodes")) {
        bad = !parse_number(v, vn, UINT64_MAX / 2, &o->max_nodes);
    } else if (word_is(s, kn, "size")) {
        bad = !parse_number(v, vn, SUDOKU_MAX_SIZE, &x) || !x;
        o->size = (int32_t)x;
    } else if (word_is(s, kn, "box")) { /* the one spelling, sudoku_parse_box's */
        sudoku_error_t e;
        if (sudoku_parse_box(v, vn, &o->box_rows, &o->box_cols, &e)) {
            fmt_snprintf(c->error, sizeof c->error, "option \"box=%.*s\": %s: %s", (int)(vn > 60 ? 60 : vn), v,
                         e.code == SUDOKU_EBOX ? "BAD_BOX" : "BAD_SIZE", e.message);
            return 1;
        }
    } else if (word_is(s, kn, "variant")) {
        o->variants = 0;
        for (size_t a = 0; a < vn && !bad;) { /* words joined by '+' */
            const char *plus = memchr(v + a, '+', vn - a);
            size_t b = plus ? (size_t)(plus - v) : vn;
            static const char *const names[] = SUDOKU_VARIANT_NAMES;
            unsigned flag = 0;
            for (unsigned k = 0; k < sizeof names / sizeof *names && !flag; k++)
                if (word_is(v + a, b - a, names[k])) flag = 1u << k;
            o->variants |= flag;
            if (!flag && !word_is(v + a, b - a, "none")) bad = 1;
            a = b + 1;
        }
    } else if (word_is(s, kn, "alphabet")) {
        bad = vn < 1 || vn > SUDOKU_MAX_SIZE;
        if (!bad) memcpy(o->alphabet, v, vn), o->alphabet[vn] = '\0';
    } else { /* candidates */
        bad = !(word_is(v, vn, "yes") || word_is(v, vn, "true") || word_is(v, vn, "no") || word_is(v, vn, "false"));
        o->candidates = word_is(v, vn, "yes") || word_is(v, vn, "true");
    }
    if (bad) {
        static const char *const expect[][2] = {
            {"limit", "a whole number (0: no limit)"},
            {"max-nodes", "a whole number of search nodes (0: no budget)"},
            {"size", "the side, 1..64"},
            {"box", "ROWSxCOLUMNS of one box such as box=2x3, or its rows"},
            {"variant", "x, windoku, x+windoku or none"},
            {"alphabet", "1..64 symbols for the digits 1, 2, ..."},
            {"candidates", "yes or no"},
            {"k", "how many of the cheapest covers, 1..1000000"},
            {"from", "the first step to give, 1 or more"},
        };
        const char *what = "";
        for (size_t k = 0; k < sizeof expect / sizeof *expect; k++)
            if (word_is(s, kn, expect[k][0])) what = expect[k][1];
        fmt_snprintf(c->error, sizeof c->error, "option \"%.*s\": expected %s", (int)(n > 60 ? 60 : n), s, what);
        return 1;
    }
    return 0;
}

/* Read c->arg[1] as options; defaults first. 0 or the error in c->error. */
int parse_options(call_t *c, options_t *o, unsigned allowed, const char *fn, uint64_t limit) {
    memset(o, 0, sizeof *o);
    o->limit = limit;
    o->max_nodes = DEFAULT_MAX_NODES;
    o->k = 1;
    o->from = 1;
    const char *s = c->arg[1];
    size_t n = c->len[1];
    for (size_t a = 0; a < n;) {
        while (a < n && is_blank(s[a])) a++;
        size_t b = a;
        int quoted = 0; /* key="a value with blanks" (dlxkit.typ quotes a box so) */
        for (; b < n && (quoted || !is_blank(s[b])); b++) quoted ^= s[b] == '"';
        if (b > a && parse_option(c, o, allowed, fn, s + a, b - a)) return 1;
        a = b;
    }
    return 0;
}

/* ---- Sudoku ---------------------------------------------------------------- */
board_t board; /* static storage: 4 KiB grids stay off the 128 KiB stack */

/* Read the puzzle and build its solver. 0 or the error in c->error. */
int load_board(call_t *c, const options_t *o) {
    sudoku_text_opts_t topts = {o->size ? o->size : o->box_rows * o->box_cols,
                                o->alphabet[0] ? o->alphabet : NULL};
    memset(&board.err, 0, sizeof board.err);
    if (sudoku_parse(c->arg[0], c->len[0], &topts, &board.text, &board.err)) {
        fmt_snprintf(c->error, sizeof c->error, "%s", board.err.message);
        return 1;
    }
    if (!board.text.size) {
        fmt_snprintf(c->error, sizeof c->error, "no puzzle in the text (only blanks, comments or borders)");
        return 1;
    }
    sudoku_shape_t shape = {board.text.size, o->box_rows, o->box_cols, o->variants, NULL, NULL, 0};
    board.solver = sudoku_new(&shape, &board.err);
    if (!board.solver) {
        fmt_snprintf(c->error, sizeof c->error, "%s", board.err.message);
        return 1;
    }
    return 0;
}

/* Solve the loaded board. 0 or the error in c->error (clash, budget). */
int search_board(call_t *c, const options_t *o) {
    if (sudoku_solve(board.solver, board.text.cells, o->limit, o->max_nodes, board.solution, &board.result,
                     &board.err)) {
        fmt_snprintf(c->error, sizeof c->error, "%s", board.err.message);
        return 1;
    }
    if (board.result.status == SUDOKU_STOPPED) {
        fmt_snprintf(c->error, sizeof c->error,
                     "gave up after %llu search nodes with %llu solutions found; allow more with max-nodes=N (0: no budget)",
                     (unsigned long long)board.result.nodes, (unsigned long long)board.result.count);
        return 1;
    }
    return 0;
}

static int symbols_known(void) { return (int32_t)strlen(board.text.alphabet) >= board.text.size; }

/* The solution in one line: the puzzle's symbols (printed by the core, as
 * dk_text_format does for the page), or numbers separated by blanks when the
 * puzzle was written in numbers (or has too many digits). */
static void put_solution_line(out_t *out) {
    int32_t n = board.text.size;
    if (board.text.style != SUDOKU_STYLE_NUMBERS && symbols_known()) {
        static char line[SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE + 1]; /* static: see board */
        int64_t len = sudoku_format(&board.text, n, board.solution, SUDOKU_STYLE_LINE, line, sizeof line);
        if (len > 0) put_n(out, line, (size_t)len);
        return;
    }
    for (int32_t i = 0; i < n * n; i++) {
        if (i) put(out, " ");
        put_u64(out, board.solution[i]);
    }
}

static int32_t do_solve(call_t *c) {
    options_t o;
    if (parse_options(c, &o, OPT_SHAPE | OPT_NODES, "solve", 1) || load_board(c, &o) || search_board(c, &o))
        return fail(c->error);
    if (board.result.status == SUDOKU_NONE) return fail("this puzzle has no solution");
    out_t out = {0};
    put_solution_line(&out);
    return answer(&out);
}

static int32_t do_count(call_t *c) {
    options_t o;
    if (parse_options(c, &o, OPT_SHAPE | OPT_LIMIT | OPT_NODES, "count", 2) || load_board(c, &o) ||
        search_board(c, &o))
        return fail(c->error);
    out_t out = {0};
    put_u64(&out, board.result.count);
    return answer(&out);
}


void put_values(out_t *out, const uint8_t *v, int32_t cells) {
    put(out, "[");
    for (int32_t i = 0; i < cells; i++) {
        if (i) put(out, ",");
        put_u64(out, v[i]);
    }
    put(out, "]");
}

/* The digits of a mask (bit d-1 for d) among 1..n as a JSON array. */
void put_digits(out_t *out, uint64_t mask, int32_t n) {
    put(out, "[");
    for (int32_t d = 0, first = 1; d < n; d++)
        if (mask >> d & 1) put(out, first ? "" : ","), put_u64(out, (uint64_t)d + 1), first = 0;
    put(out, "]");
}

/* The board's shape and givens as JSON members (no braces): what every
 * drawing needs. */
void put_board_json(out_t *out, const options_t *o) {
    int32_t n = board.text.size, br = 0, bc = 0;
    sudoku_box(board.solver, &br, &bc);
    put(out, "\"size\":"), put_u64(out, (uint64_t)n);
    put(out, ",\"box\":["), put_u64(out, (uint64_t)br), put(out, ","), put_u64(out, (uint64_t)bc);
    put(out, "],\"variants\":[");
    if (o->variants & SUDOKU_X) put(out, o->variants & SUDOKU_WINDOKU ? "\"x\"," : "\"x\"");
    if (o->variants & SUDOKU_WINDOKU) put(out, "\"windoku\"");
    put(out, "],\"symbols\":[");
    for (int32_t d = 1; d <= n; d++) {
        char num[4];
        if (d > 1) put(out, ",");
        if (board.text.style != SUDOKU_STYLE_NUMBERS && symbols_known())
            put_json_string(out, &board.text.alphabet[d - 1], 1);
        else
            fmt_snprintf(num, sizeof num, "%d", (int)d), put_json_string(out, num, strlen(num));
    }
    put(out, "],\"givens\":"), put_values(out, board.text.cells, n * n);
}

/* Everything a document needs to draw the puzzle and its solution. */
static int32_t do_sudoku_json(call_t *c) {
    options_t o;
    if (parse_options(c, &o, OPT_SHAPE | OPT_LIMIT | OPT_NODES | OPT_CANDIDATES, "sudoku_json", 2) ||
        load_board(c, &o) || search_board(c, &o))
        return fail(c->error);
    int32_t n = board.text.size, cells = n * n;
    uint64_t *masks = NULL;
    if (o.candidates) {
        masks = malloc((size_t)cells * sizeof *masks);
        if (!masks) return fail("out of memory");
        if (sudoku_candidates(board.solver, board.text.cells, masks, &board.err)) return fail(board.err.message);
    }
    static const char *const status[] = {"none", "unique", "multiple", "found"};
    out_t out = {0};
    put(&out, "{"), put_board_json(&out, &o);
    put(&out, ",\"status\":\""), put(&out, status[board.result.status]);
    put(&out, "\",\"count\":"), put_u64(&out, board.result.count);
    put(&out, ",\"nodes\":"), put_u64(&out, board.result.nodes);
    put(&out, ",\"solution\":");
    if (board.result.status == SUDOKU_NONE) put(&out, "null");
    else put_values(&out, board.solution, cells);
    if (masks) {
        put(&out, ",\"candidates\":[");
        for (int32_t i = 0; i < cells; i++) put(&out, i ? "," : ""), put_digits(&out, masks[i], n);
        put(&out, "]");
    }
    put(&out, "}");
    return answer(&out);
}

/* ---- exact cover in Knuth's format ------------------------------------------ */
static dlx_text_t *problem;

static int load_problem(call_t *c) {
    static dlx_text_error_t e; /* static: see board */
    problem = dlx_text_parse(c->arg[0], c->len[0], &e);
    if (problem) return 0;
    if (e.line > 0)
        fmt_snprintf(c->error, sizeof c->error, "DLX text line %d, column %d: %s", (int)e.line, (int)e.column,
                     e.message);
    else
        fmt_snprintf(c->error, sizeof c->error, "DLX text: %s", e.message);
    return 1;
}

/* The first exact cover into *options (its length in *n), or the error. A
 * problem without one is not an error for cover_json, which says so. */
static int first_cover(call_t *c, const options_t *o, int none_ok, int32_t **options, int32_t *n) {
    dlx_t *d = dlx_text_engine(problem);
    int rc = dlx_search(d, o->max_nodes);
    *options = NULL, *n = 0;
    if (rc == DLX_BUDGET) {
        fmt_snprintf(c->error, sizeof c->error,
                     "no exact cover found within %llu search nodes; allow more with max-nodes=N (0: no budget)",
                     (unsigned long long)o->max_nodes);
        return 1;
    }
    if (rc != DLX_SOLUTION) {
        fmt_snprintf(c->error, sizeof c->error, "this problem has no exact cover");
        return !none_ok;
    }
    int32_t cap = dlx_solution(d, NULL, 0) + 1; /* its length (with multiplicities, maybe more than the items) */
    *options = malloc((size_t)cap * sizeof **options);
    if (!*options) return fmt_snprintf(c->error, sizeof c->error, "out of memory"), 1;
    *n = dlx_solution(d, *options, cap);
    return 0;
}

/* Option k as a line of Knuth's format (its length in *len; the heap starts
 * over at the next call), or NULL when memory runs out. */
static char *option_line(int32_t k, size_t *len) {
    int64_t n = dlx_text_format_option(problem, k, NULL, 0);
    char *line = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (line) dlx_text_format_option(problem, k, line, (size_t)n + 1), *len = (size_t)n;
    return line;
}

static int32_t do_cover(call_t *c) {
    options_t o;
    int32_t *chosen, n;
    if (parse_options(c, &o, OPT_NODES, "cover", 0) || load_problem(c) || first_cover(c, &o, 0, &chosen, &n))
        return fail(c->error);
    out_t out = {0};
    for (int32_t j = 0; j < n; j++) {
        size_t len;
        char *line = option_line(chosen[j], &len);
        if (!line) return fail("out of memory");
        if (j) put(&out, "\n");
        put_n(&out, line, len);
    }
    return answer(&out);
}

static int32_t do_cover_count(call_t *c) {
    options_t o;
    dlx_wide_t count = {0, 0};
    char digits[DLX_WIDE_DIGITS];
    if (parse_options(c, &o, OPT_LIMIT | OPT_NODES, "cover_count", 0) || load_problem(c)) return fail(c->error);
    int rc = dlx_count_wide(dlx_text_engine(problem), o.limit, o.max_nodes, &count);
    dlx_wide_format(count, digits);
    if (rc == DLX_BUDGET)
        return failf(c, "gave up after %llu search nodes with %s exact covers found; allow more with max-nodes=N (0: no budget)",
                     (unsigned long long)o.max_nodes, digits);
    out_t out = {0};
    put(&out, digits);
    return answer(&out);
}

/* Option k as a line of Knuth's format, a JSON string. 0 or out of memory. */
static int put_option_line(out_t *out, int32_t k) {
    size_t len;
    char *line = option_line(k, &len);
    if (!line) return 1;
    put_json_string(out, line, len);
    return 0;
}

/* The k cheapest covers (Knuth's DLX5 costs), cheapest first, as JSON:
 * [{"cost":N,"options":["line",...]},...]; [] when there is no cover. */
static int32_t do_cover_best(call_t *c) {
    options_t o;
    if (parse_options(c, &o, OPT_K | OPT_NODES, "cover_best", 0) || load_problem(c)) return fail(c->error);
    dlx_t *d = dlx_text_engine(problem);
    if (dlx_set_best(d, (int32_t)o.k) != DLX_OK) return fail("out of memory");
    int rc;
    while ((rc = dlx_search_until(d, o.max_nodes)) == DLX_SOLUTION) continue;
    if (rc == DLX_BUDGET) {
        int64_t cost = 0;
        int32_t kept = dlx_best_count(d);
        if (kept > 0) dlx_best_solution(d, 0, NULL, 0, &cost);
        return failf(c, "gave up after %llu search nodes (%s%lld); allow more with max-nodes=N (0: no budget)",
                     (unsigned long long)o.max_nodes, kept > 0 ? "the cheapest cover so far costs " : "no cover found",
                     kept > 0 ? (long long)cost : 0LL);
    }
    if (rc < 0) return failf(c, "the search failed (code %d)", rc);
    int32_t cap = dlx_option_count(d) + 1, *chosen = malloc((size_t)cap * sizeof *chosen);
    if (!chosen) return fail("out of memory");
    out_t out = {0};
    put(&out, "[");
    for (int32_t j = 0, kept = dlx_best_count(d); j < kept; j++) {
        int64_t cost = 0;
        int32_t n = dlx_best_solution(d, j, chosen, cap, &cost);
        put(&out, j ? ",{\"cost\":" : "{\"cost\":"), put_u64(&out, (uint64_t)cost), put(&out, ",\"options\":[");
        for (int32_t i = 0; i < n && i < cap; i++) {
            if (i) put(&out, ",");
            if (put_option_line(&out, chosen[i])) return fail("out of memory");
        }
        put(&out, "]}");
    }
    put(&out, "]");
    return answer(&out);
}

/* The problem as a matrix (items, and each option's items with colors) and
 * its first exact cover, for drawing. */
static int32_t do_cover_json(call_t *c) {
    options_t o;
    int32_t *chosen, n;
    if (parse_options(c, &o, OPT_NODES, "cover_json", 0) || load_problem(c) || first_cover(c, &o, 1, &chosen, &n))
        return fail(c->error);
    dlx_t *d = dlx_text_engine(problem);
    int32_t items = dlx_item_count(d), options = dlx_option_count(d);
    int32_t *item = malloc((size_t)items * sizeof *item), *color = malloc((size_t)items * sizeof *color);
    if (!item || !color) return fail("out of memory");
    out_t out = {0};
    put(&out, "{\"items\":[");
    for (int32_t i = 0; i < items; i++) {
        const char *name = dlx_text_item_name(problem, i);
        if (i) put(&out, ",");
        put_json_string(&out, name, strlen(name));
    }
    put(&out, "],\"primary\":"), put_u64(&out, (uint64_t)dlx_primary_count(d));
    put(&out, ",\"options\":[");
    for (int32_t k = 0; k < options; k++) {
        int32_t len = dlx_option_items(d, k, item, color, items);
        put(&out, k ? ",[" : "[");
        for (int32_t j = 0; j < len; j++) {
            put(&out, j ? ",[" : "["), put_u64(&out, (uint64_t)item[j]), put(&out, ",");
            const char *name = color[j] > 0 ? dlx_text_color_name(problem, color[j]) : NULL;
            if (name) put_json_string(&out, name, strlen(name));
            else put(&out, "null");
            put(&out, "]");
        }
        put(&out, "]");
    }
    put(&out, "],\"solution\":");
    if (!chosen) {
        put(&out, "null");
    } else {
        put(&out, "[");
        for (int32_t j = 0; j < n; j++) put(&out, j ? "," : ""), put_u64(&out, (uint64_t)chosen[j]);
        put(&out, "]");
    }
    put(&out, "}");
    return answer(&out);
}

/* ---- the exports ------------------------------------------------------------ */
call_t typst_call; /* one call at a time: the instance is single-threaded */

EXPORT1(solve, do_solve)
EXPORT2(solve_with, do_solve)
EXPORT1(count, do_count)
EXPORT2(count_with, do_count)
EXPORT2(sudoku_json, do_sudoku_json)
EXPORT1(cover, do_cover)
EXPORT2(cover_with, do_cover)
EXPORT2(cover_count, do_cover_count)
EXPORT2(cover_json, do_cover_json)
EXPORT2(cover_best, do_cover_best)
