/* dlx_text.h: Knuth's DLX text format, read into a dlx_t and printed back.
 *
 * The format of his DLX1/DLX2 programs: lines whose first non-blank character
 * is '|' are comments, blank lines are skipped. The first other line names the
 * items: primary ones, then optionally '|' and secondary ones. Every further
 * line is one option: the names of its items, a secondary item optionally
 * followed by ':' and a color name. Names are runs of printable bytes without
 * ':' or '|'; bytes >= 0x80 are allowed (UTF-8 names). A primary item may
 * carry multiplicity bounds as in Knuth's DLX3: `lo:hi|name` (covered lo to
 * hi times) or `hi|name` (exactly hi times); see dlx_set_bounds. An option
 * may carry costs as in Knuth's DLX5: tokens `|n` after its first item, n a
 * decimal integer 0 .. 2^63 - 1, summed (see dlx_set_cost).
 *
 * Shared by the native CLI, the WASM module and the fuzzers. No I/O.
 */
#ifndef DLX_TEXT_H
#define DLX_TEXT_H

#include "dlx.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dlx_text dlx_text_t;

/* Where and why a text did not parse. */
typedef struct dlx_text_error {
    int code;            /* a DLX_E* code; DLX_OK when there was no error */
    int32_t line;        /* 1-based line of the problem, 0 when not about a place */
    int32_t column;      /* 1-based byte column in that line */
    char message[192];   /* a sentence without the position, e.g. unknown item "x9" */
} dlx_text_error_t;

/* Parse len bytes of text. Returns NULL on error and fills *err (which may be
 * NULL if the caller does not care). */
dlx_text_t *dlx_text_parse(const char *text, size_t len, dlx_text_error_t *err);
void dlx_text_free(dlx_text_t *t);

/* The engine holding the parsed problem; owned by t. */
dlx_t *dlx_text_engine(const dlx_text_t *t);

const char *dlx_text_item_name(const dlx_text_t *t, int32_t item);   /* NULL if out of range */
const char *dlx_text_color_name(const dlx_text_t *t, int32_t color); /* colors count from 1 */
int32_t dlx_text_color_count(const dlx_text_t *t);
/* The item with that name, or DLX_EUNKNOWN. */
int32_t dlx_text_find_item(const dlx_text_t *t, const char *name, size_t len);

/* Write option k as a line of the format ("a b c:red |7", no newline) into buf,
 * truncated to cap-1 bytes and NUL-terminated when cap > 0. Returns the full
 * length (as snprintf does) or a negative error. */
int64_t dlx_text_format_option(const dlx_text_t *t, int32_t k, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
