/* wasm/typst.h: what the Typst plugin's files share (typst.c: the protocol,
 * options, the puzzle, and solve/count/sudoku_json/cover*; typst_steps.c: the
 * explainer's steps). Not a public header: the plugin's own. */
#ifndef DLXKIT_TYPST_H
#define DLXKIT_TYPST_H

#include <stddef.h>
#include <stdint.h>

#include "sudoku.h"

#define TYPST_IMPORT(name) __attribute__((import_module("typst_env"), import_name(name)))

TYPST_IMPORT("wasm_minimal_protocol_write_args_to_buffer") void typst_read_args(uint8_t *buf);
TYPST_IMPORT("wasm_minimal_protocol_send_result_to_host") void typst_send(const uint8_t *p, size_t n);

/* ---- the result: a growing byte string ----------------------------------- */
typedef struct {
    char *p;
    size_t len, cap;
    int failed; /* memory ran out on the way */
} out_t;

void put_n(out_t *o, const char *s, size_t n);
void put(out_t *o, const char *s);
void put_u64(out_t *o, uint64_t v);
void put_json_string(out_t *o, const char *s, size_t n); /* quotes, backslashes, control bytes escaped */
void put_values(out_t *out, const uint8_t *v, int32_t cells); /* [v0,v1,...] */
void put_digits(out_t *out, uint64_t mask, int32_t n);       /* the digits of a mask (bit d-1: d) */

/* ---- one call: its arguments, its answer or its error -------------------- */
typedef struct {
    const char *arg[2]; /* NUL-terminated copies */
    size_t len[2];
    char error[320];
} call_t;

int begin(call_t *c, int n, size_t len0, size_t len1); /* fetch the arguments; 0 if memory ran out */
int32_t fail(const char *message);  /* sends the message as the error: returns 1 */
int32_t failf(call_t *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int32_t answer(out_t *o);            /* sends the result (or "out of memory"): returns 0 or 1 */

/* ---- options: "key=value" words ------------------------------------------ */
enum { OPT_SHAPE = 1, OPT_LIMIT = 2, OPT_NODES = 4, OPT_CANDIDATES = 8, OPT_K = 16, OPT_FROM = 32 };

typedef struct {
    int32_t size, box_rows, box_cols;
    uint32_t variants;
    char alphabet[SUDOKU_MAX_SIZE + 1]; /* "" for the default */
    uint64_t limit, max_nodes, k, from;
    int candidates;
} options_t;

/* Read c->arg[1] as options (those in `allowed`); defaults first. 0 or the error in c->error. */
int parse_options(call_t *c, options_t *o, unsigned allowed, const char *fn, uint64_t limit);

/* ---- the puzzle ------------------------------------------------------------ */
typedef struct {
    sudoku_text_t text;
    sudoku_t *solver;
    uint8_t solution[SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE];
    sudoku_result_t result;
    sudoku_error_t err;
} board_t;

extern board_t board;
int load_board(call_t *c, const options_t *o);   /* read c->arg[0], build the solver */
int search_board(call_t *c, const options_t *o); /* solve it (limit, max-nodes) */
/* "size", "box", "variants", "symbols" and "givens" of the loaded board as JSON members. */
void put_board_json(out_t *out, const options_t *o);

/* ---- the exports ------------------------------------------------------------ */
extern call_t typst_call;

/* Exported under their own names (and nothing else is: see mk/typst.mk). */
#define EXPORT1(name, run)                                                \
    __attribute__((export_name(#name))) int32_t name(size_t a) {         \
        return begin(&typst_call, 1, a, 0) ? run(&typst_call) : fail("out of memory"); \
    }
#define EXPORT2(name, run)                                                \
    __attribute__((export_name(#name))) int32_t name(size_t a, size_t b) { \
        return begin(&typst_call, 2, a, b) ? run(&typst_call) : fail("out of memory"); \
    }

#endif
