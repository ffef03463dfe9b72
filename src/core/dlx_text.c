/* dlx_text.c: read Knuth's DLX format into an engine, print options back.
 *
 * Names (of items and of colors) are interned in one string pool each and
 * looked up through open-addressing hash tables, so a file with millions of
 * options is read in one linear pass.
 */
#include "dlx_text.h"
#include "dlx_internal.h" /* dlx_add_sound_option */
#include "format.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define NOINLINE __attribute__((noinline))

/* A pool of NUL-terminated names with a hash index: id -> name, name -> id. */
typedef struct {
    char *bytes;
    int64_t used, cap;
    int64_t *off;   /* per id: offset of its name in bytes */
    uint32_t *hash; /* per id: its name's hash (a probe compares it before the bytes) */
    int32_t count, cap_ids;
    int32_t *slot; /* hash table of id+1, 0 = empty */
    int32_t slots; /* a power of two */
} name_pool;

struct dlx_text {
    dlx_t *engine;
    name_pool items;
    name_pool colors; /* color c is id c-1 */
};

/* The reader's hot helpers are forced inline: the module is built at -Oz,
 * where each would stay a call, and V8 inlines no WebAssembly call. */
#define INLINE static inline __attribute__((always_inline))

#define FNV_BASIS 2166136261u
#define FNV_STEP(h, c) (((h) ^ (unsigned char)(c)) * 16777619u) /* FNV-1a */

INLINE uint32_t hash_bytes(const char *s, size_t n) {
    uint32_t h = FNV_BASIS;
    for (size_t i = 0; i < n; i++) h = FNV_STEP(h, s[i]);
    return h;
}

/* The id of the name s[0..n) whose hash is h, or -1. */
INLINE int32_t pool_find_hashed(const name_pool *p, const char *s, size_t n, uint32_t h) {
    if (!p->slots) return -1;
    for (uint32_t mask = (uint32_t)(p->slots - 1), i = h & mask;; i = (i + 1) & mask) {
        int32_t id = p->slot[i] - 1;
        if (id < 0) return -1;
        if (p->hash[id] != h) continue;
        const char *name = p->bytes + p->off[id];
        size_t k = 0;
        while (k < n && name[k] && name[k] == s[k]) k++; /* a NUL in s matches no name */
        if (k == n && name[n] == '\0') return id;
    }
}

static int32_t pool_find(const name_pool *p, const char *s, size_t n) {
    return pool_find_hashed(p, s, n, hash_bytes(s, n));
}

/* The same out of line, for the reader's loop over an option's tokens. */
static NOINLINE int32_t pool_lookup(const name_pool *p, const char *s, size_t n, uint32_t h) {
    return pool_find_hashed(p, s, n, h);
}

static int pool_rehash(name_pool *p, int32_t slots) {
    int32_t *t = calloc((size_t)slots, sizeof *t);
    if (!t) return DLX_ENOMEM;
    for (int32_t id = 0; id < p->count; id++) {
        uint32_t h = p->hash[id] & (uint32_t)(slots - 1);
        while (t[h]) h = (h + 1) & (uint32_t)(slots - 1);
        t[h] = id + 1;
    }
    free(p->slot);
    p->slot = t;
    p->slots = slots;
    return DLX_OK;
}

/* Add a name known to be absent; returns its id or an error. */
static int32_t pool_add(name_pool *p, const char *s, size_t n) {
    if (p->count >= INT32_MAX / 4) return DLX_ETOOBIG;
    if (p->used + (int64_t)n + 1 > p->cap) {
        int64_t cap = p->cap ? p->cap : 256;
        while (cap < p->used + (int64_t)n + 1) cap *= 2;
        char *b = realloc(p->bytes, (size_t)cap);
        if (!b) return DLX_ENOMEM;
        p->bytes = b, p->cap = cap;
    }
    if (p->count == p->cap_ids) {
        int32_t cap = p->cap_ids ? p->cap_ids * 2 : 64;
        int64_t *o = realloc(p->off, (size_t)cap * sizeof *o);
        if (!o) return DLX_ENOMEM;
        p->off = o;
        uint32_t *hs = realloc(p->hash, (size_t)cap * sizeof *hs);
        if (!hs) return DLX_ENOMEM;
        p->hash = hs, p->cap_ids = cap;
    }
    if ((int64_t)(p->count + 1) * 2 > p->slots) {
        int rc = pool_rehash(p, p->slots ? p->slots * 2 : 128);
        if (rc) return rc;
    }
    memcpy(p->bytes + p->used, s, n);
    p->bytes[p->used + (int64_t)n] = '\0';
    p->off[p->count] = p->used;
    p->used += (int64_t)n + 1;
    uint32_t hash = hash_bytes(s, n), h = hash & (uint32_t)(p->slots - 1);
    p->hash[p->count] = hash;
    while (p->slot[h]) h = (h + 1) & (uint32_t)(p->slots - 1);
    p->slot[h] = p->count + 1;
    return p->count++;
}

static void pool_free(name_pool *p) {
    free(p->bytes);
    free(p->off);
    free(p->hash);
    free(p->slot);
}

/* ---- the reader ----------------------------------------------------------- */

typedef struct {
    const char *text;
    size_t len, pos;        /* the whole input and the start of the next line */
    const char *line;       /* the current line and its length (without '\n') */
    size_t line_len;
    int32_t line_no;
    dlx_text_error_t *err;
} reader;

static int fail(reader *r, int code, size_t col, const char *fmt, ...) {
    if (r->err) {
        r->err->code = code;
        r->err->line = r->line_no;
        r->err->column = (int32_t)col + 1;
        va_list ap;
        va_start(ap, fmt);
        fmt_vsnprintf(r->err->message, sizeof r->err->message, fmt, ap);
        va_end(ap);
    }
    return code;
}

/* A name for messages: at most 40 bytes, control bytes shown as '?'. */
static const char *quote(char *buf, const char *s, size_t n) {
    size_t k = 0;
    for (; k < n && k < 40; k++) buf[k] = (unsigned char)s[k] < 0x20 || s[k] == 0x7f ? '?' : s[k];
    if (k < n) buf[k++] = '.', buf[k++] = '.', buf[k++] = '.';
    buf[k] = '\0';
    return buf;
}

/* Bytes by class: 0 in a name, BL blank (space, \t, \r, \f, \v), SP one
 * that ends or breaks a plain name (':', '|', a control byte, DEL). */
enum { BL = 1, SP = 2 };
static const unsigned char char_class[256] = {
    [0] = SP, [1] = SP, [2] = SP, [3] = SP, [4] = SP, [5] = SP, [6] = SP, [7] = SP, [8] = SP,
    [9] = BL, [10] = SP, [11] = BL, [12] = BL, [13] = BL, [14] = SP, [15] = SP, [16] = SP,
    [17] = SP, [18] = SP, [19] = SP, [20] = SP, [21] = SP, [22] = SP, [23] = SP, [24] = SP,
    [25] = SP, [26] = SP, [27] = SP, [28] = SP, [29] = SP, [30] = SP, [31] = SP, [' '] = BL,
    [':'] = SP, ['|'] = SP, [0x7f] = SP,
};

INLINE int is_blank(char c) { return char_class[(unsigned char)c] == BL; }
INLINE int is_bad(char c) { return char_class[(unsigned char)c] == SP && c != ':' && c != '|'; }

/* Next line that is not blank and not a comment; 0 at the end of the text. */
static int next_line(reader *r) {
    while (r->pos < r->len) {
        const char *s = r->text + r->pos;
        /* A line ends at LF, CRLF or a lone CR (old Mac files). */
        size_t left = r->len - r->pos, n = 0;
        while (n < left && s[n] != '\n' && s[n] != '\r') n++;
        r->pos += n + (n < left) + (n + 1 < left && s[n] == '\r' && s[n + 1] == '\n');
        r->line_no++;
        size_t i = 0;
        while (i < n && is_blank(s[i])) i++;
        if (i == n || s[i] == '|') continue;
        r->line = s, r->line_len = n;
        return 1;
    }
    return 0;
}

/* The next token of the current line from *at: [*start, *end). 0 at the end. */
static int next_token(reader *r, size_t *at, size_t *start, size_t *end) {
    size_t i = *at;
    while (i < r->line_len && is_blank(r->line[i])) i++;
    if (i == r->line_len) return 0;
    *start = i;
    while (i < r->line_len && !is_blank(r->line[i])) i++;
    *end = *at = i;
    return 1;
}

/* The first byte in [a, b) that may not be in a name, or b. */
static size_t bad_in_name(const char *s, size_t a, size_t b) {
    for (; a < b; a++)
        if (is_bad(s[a]) || s[a] == ':' || s[a] == '|') return a;
    return b;
}

/* The bounds read from the item line (DLX3's `lo:hi|name`, `hi|name`),
 * for the items that have them. */
typedef struct {
    int32_t *item, *lo, *hi;
    int32_t n, cap;
} bounds_list;

/* A number of the bound prefix: the digits in [a, b); its value or -1 after fail(). */
static int32_t read_bound(reader *r, size_t a, size_t b, const char *which) {
    if (a == b) return fail(r, DLX_EBOUND, a, "an empty %s bound (write lo:hi|name or hi|name)", which), -1;
    int64_t v = 0;
    for (size_t k = a; k < b; k++) {
        char c = r->line[k];
        if (c < '0' || c > '9')
            return fail(r, DLX_EBOUND, k, "the %s bound is not a number (character 0x%02x)", which,
                        (unsigned char)c), -1;
        if ((v = v * 10 + (c - '0')) > INT32_MAX / 2)
            return fail(r, DLX_EBOUND, a, "the %s bound is too big", which), -1;
    }
    return (int32_t)v;
}

/* The bound prefix of the item token [a, b) ending at the '|' at bar:
 * `hi|` or `lo:hi|`. Moves *a to the name; DLX_OK or an error. */
static int read_bounds(reader *r, size_t *a, size_t bar, int secondary, bounds_list *bl, int32_t item) {
    size_t colon = *a;
    while (colon < bar && r->line[colon] != ':') colon++;
    if (secondary)
        return fail(r, DLX_EBOUND, *a, "a bound on a secondary item (bounds are for primary items only)");
    int32_t lo, hi;
    if (colon < bar) {
        if ((lo = read_bound(r, *a, colon, "lower")) < 0) return DLX_EBOUND;
        if ((hi = read_bound(r, colon + 1, bar, "upper")) < 0) return DLX_EBOUND;
    } else {
        if ((hi = read_bound(r, *a, bar, "upper")) < 0) return DLX_EBOUND;
        lo = hi;
    }
    if (hi == 0) return fail(r, DLX_EBOUND, colon < bar ? colon + 1 : *a, "the upper bound is 0");
    if (lo > hi)
        return fail(r, DLX_EBOUND, *a, "the lower bound %d is above the upper bound %d", (int)lo, (int)hi);
    if (bl->n == bl->cap) {
        int32_t cap = bl->cap ? bl->cap * 2 : 16;
        int32_t *i2 = realloc(bl->item, (size_t)cap * sizeof *i2);
        if (i2) bl->item = i2;
        int32_t *l2 = realloc(bl->lo, (size_t)cap * sizeof *l2);
        if (l2) bl->lo = l2;
        int32_t *h2 = realloc(bl->hi, (size_t)cap * sizeof *h2);
        if (h2) bl->hi = h2;
        if (!i2 || !l2 || !h2) return fail(r, DLX_ENOMEM, *a, "%s", dlx_strerror(DLX_ENOMEM));
        bl->cap = cap;
    }
    bl->item[bl->n] = item, bl->lo[bl->n] = lo, bl->hi[bl->n] = hi;
    bl->n++;
    *a = bar + 1;
    return DLX_OK;
}

static int read_items(reader *r, dlx_text_t *t, int32_t *primary, bounds_list *bl) {
    size_t at = 0, a, b;
    int32_t count = 0;
    *primary = -1;
    while (next_token(r, &at, &a, &b)) {
        char q[48];
        if (b - a == 1 && r->line[a] == '|') {
            if (*primary >= 0) return fail(r, DLX_ESYNTAX, a, "a second '|' on the item line");
            *primary = count;
            continue;
        }
        const char *bar = memchr(r->line + a, '|', b - a);
        if (bar && bar > r->line + a) {
            int rc = read_bounds(r, &a, (size_t)(bar - r->line), *primary >= 0, bl, count);
            if (rc) return rc;
            if (a == b) return fail(r, DLX_ESYNTAX, a - 1, "no item name after the bounds");
        }
        const char *s = r->line + a;
        size_t bad = bad_in_name(r->line, a, b);
        if (bad < b)
            return fail(r, DLX_ECHAR, bad, "character 0x%02x may not be part of an item name",
                        (unsigned char)r->line[bad]);
        if (pool_find(&t->items, s, b - a) >= 0)
            return fail(r, DLX_EDUPNAME, a, "item \"%s\" is declared twice", quote(q, s, b - a));
        int32_t id = pool_add(&t->items, s, b - a);
        if (id < 0) return fail(r, id, a, "%s", dlx_strerror(id));
        count++;
    }
    if (*primary < 0) *primary = count;
    if (*primary == 0) return fail(r, DLX_ENOITEMS, 0, "the item line names no primary item");
    return DLX_OK;
}

/* The option being read; seen[i] == stamp when item i is in it already, so
 * a repeated item is found in constant time (a scan of the option so far
 * made a long option quadratic). */
typedef struct {
    int32_t *items, *colors;
    int32_t cap;
    int32_t *seen; /* per item: the stamp of the last option that named it */
    int32_t stamp;
} option_buf;

/* An option's cost (DLX5's `|n`, summed) from the token [a, b) after its '|';
 * DLX_OK or an error after fail(). */
static int read_cost(reader *r, size_t a, size_t b, int64_t *sum) {
    if (a + 1 < b && r->line[a + 1] == '-')
        return fail(r, DLX_ECOST, a + 1, "a negative cost (costs are 0 or more)");
    if (a + 1 == b) return fail(r, DLX_ECOST, a, "no cost after '|' (write |7 after the items)");
    int64_t v = 0;
    for (size_t k = a + 1; k < b; k++) {
        char c = r->line[k];
        if (c < '0' || c > '9')
            return fail(r, DLX_ECOST, k, "the cost is not a number (character 0x%02x)", (unsigned char)c);
        if (v > (INT64_MAX - (c - '0')) / 10) return fail(r, DLX_ECOST, a + 1, "the cost passes 2^63 - 1");
        v = v * 10 + (c - '0');
    }
    if (v > INT64_MAX - *sum) return fail(r, DLX_ECOST, a + 1, "the option's costs add up past 2^63 - 1");
    *sum += v;
    return DLX_OK;
}

/* The state of the option being read, for option_token. */
typedef struct {
    int32_t n;
    int64_t cost;
    size_t cost_at;
} option_state;

/* The end of the name bytes (class 0) from s[i], their hash in *h. */
static NOINLINE size_t scan_name(const unsigned char *s, size_t i, size_t len, uint32_t *h) {
    uint32_t x = FNV_BASIS;
    for (; i < len && char_class[s[i]] == 0; i++) x = FNV_STEP(x, s[i]);
    *h = x;
    return i;
}

/* One token [a, b) of an option, in full: a cost, an item with or without a
 * color; DLX_OK or an error after fail(). */
static NOINLINE int option_token(reader *r, dlx_text_t *t, int32_t primary, option_buf *o, size_t a, size_t b,
                                 option_state *st) {
    const char *s = r->line;
    char q[48];
    if (s[a] == '|') {
        int rc = read_cost(r, a, b, &st->cost);
        if (rc) return rc;
        if (!st->cost_at) st->cost_at = a; /* > 0: a line starting with '|' is a comment */
        return DLX_OK;
    }
    size_t colon = a;
    while (colon < b && s[colon] != ':') colon++;
    size_t bad = bad_in_name(s, a, colon);
    if (bad < colon)
        return fail(r, DLX_ECHAR, bad, "character 0x%02x may not be part of an item name", (unsigned char)s[bad]);
    if (colon == a) return fail(r, DLX_ESYNTAX, a, "an empty item name before ':'");
    uint32_t h; /* [a, colon) is all name bytes: scan_name hashes them all */
    scan_name((const unsigned char *)s, a, colon, &h);
    int32_t item = pool_lookup(&t->items, s + a, colon - a, h);
    if (item < 0)
        return fail(r, DLX_EUNKNOWN, a, "unknown item \"%s\" (not on the item line)", quote(q, s + a, colon - a));
    int32_t color = 0;
    if (colon < b) {
        if (item < primary)
            return fail(r, DLX_ECOLOR, colon, "primary item \"%s\" cannot have a color", quote(q, s + a, colon - a));
        size_t c0 = colon + 1;
        if (c0 == b) return fail(r, DLX_ESYNTAX, colon, "an empty color after ':'");
        size_t badc = bad_in_name(s, c0, b);
        if (badc < b)
            return fail(r, DLX_ECHAR, badc, "character 0x%02x may not be part of a color", (unsigned char)s[badc]);
        color = pool_find(&t->colors, s + c0, b - c0);
        if (color < 0) color = pool_add(&t->colors, s + c0, b - c0);
        if (color < 0) return fail(r, color, c0, "%s", dlx_strerror(color));
        color++;
    }
    if (o->seen[item] == o->stamp)
        return fail(r, DLX_EDUPITEM, a, "item \"%s\" appears twice in this option", quote(q, s + a, colon - a));
    o->seen[item] = o->stamp;
    if (st->n == o->cap) {
        int32_t cap = o->cap ? o->cap * 2 : 16;
        int32_t *i2 = realloc(o->items, (size_t)cap * sizeof *i2);
        if (!i2) return fail(r, DLX_ENOMEM, a, "%s", dlx_strerror(DLX_ENOMEM));
        o->items = i2;
        int32_t *c2 = realloc(o->colors, (size_t)cap * sizeof *c2);
        if (!c2) return fail(r, DLX_ENOMEM, a, "%s", dlx_strerror(DLX_ENOMEM));
        o->colors = c2, o->cap = cap;
    }
    o->items[st->n] = item, o->colors[st->n] = color;
    st->n++;
    return DLX_OK;
}

/* An option's line. A plain item name (no color, known, not seen yet, room
 * in the buffer) is taken here, hashed as it is scanned; every other token
 * goes to option_token. V8 compiles a function that runs often with its
 * optimizing compiler, on CPU time the caller pays, and a one-time read
 * gains little from it: the loop that runs for every token is kept small,
 * and the loops over a name's bytes (scan_name, pool_lookup) are functions
 * of their own, so that a text of a few KB is read in baseline code and a
 * longer one compiles only small functions (tests/start-wasm.test.mjs). */
static int read_option(reader *r, dlx_text_t *t, int32_t primary, option_buf *o) {
    const unsigned char *s = (const unsigned char *)r->line;
    size_t len = r->line_len, i = 0;
    option_state st = {0, 0, 0};
    int has_primary = 0;
    if (++o->stamp == INT32_MAX) {
        memset(o->seen, 0, (size_t)t->items.count * sizeof *o->seen);
        o->stamp = 1;
    }
    for (;;) {
        while (i < len && char_class[s[i]] == BL) i++;
        if (i == len) break;
        size_t a = i;
        uint32_t h;
        i = scan_name(s, i, len, &h);
        if ((i == len || char_class[s[i]] == BL) && st.n < o->cap) { /* a plain name, [a, i) */
            int32_t item = pool_lookup(&t->items, (const char *)s + a, i - a, h);
            if (item >= 0 && o->seen[item] != o->stamp) {
                o->seen[item] = o->stamp;
                o->items[st.n] = item, o->colors[st.n] = 0;
                st.n++;
                has_primary |= item < primary;
                continue;
            }
        }
        while (i < len && char_class[s[i]] != BL) i++;
        int32_t n0 = st.n;
        int rc = option_token(r, t, primary, o, a, i, &st);
        if (rc) return rc;
        if (st.n > n0) has_primary |= o->items[n0] < primary;
    }
    int32_t n = st.n;
    int64_t cost = st.cost;
    size_t cost_at = st.cost_at;
    if (!has_primary) /* as dlx_add_option would say, checked here (the items are checked) */
        return fail(r, DLX_ENOPRIMARY, 0, "the option has no primary item, so it could never be chosen");
    int32_t k = dlx_add_sound_option(t->engine, o->items, o->colors, n);
    if (k < 0) return fail(r, k, 0, "%s", dlx_strerror(k));
    if (cost && (k = dlx_set_cost(t->engine, k, cost))) {
        if (k == DLX_ECOST) return fail(r, k, cost_at, "the costs of all options add up past 2^63 - 1");
        return fail(r, k, cost_at, "%s", dlx_strerror(k));
    }
    return DLX_OK;
}

/* After the first SAMPLE options, room for the rest as they go on: the
 * matrix grew by doubling, each step a copy in WebAssembly (the heap grows
 * a block in place only at its end). A guess: a failed reservation leaves
 * the doubling to do the work. */
enum { SAMPLE = 256 };
static void reserve_rest(const reader *r, dlx_t *d, size_t from, int64_t nodes0) {
    double per_byte = 1.0 / (double)(r->pos - from), rest = (double)(r->len - r->pos) * 1.0625;
    double options = rest * (SAMPLE + 1) * per_byte;
    double nodes = rest * (double)(d->n_nodes - nodes0 - SAMPLE - 1) * per_byte; /* spacers apart */
    if (options < INT32_MAX / 2 && nodes < INT32_MAX / 2) dlx_reserve(d, (int32_t)options, (int64_t)nodes);
}

dlx_text_t *dlx_text_parse(const char *text, size_t len, dlx_text_error_t *err) {
    reader r = {text, len, 0, NULL, 0, 0, err};
    if (err) memset(err, 0, sizeof *err);
    if (!text && len) {
        fail(&r, DLX_EARG, 0, "no text given");
        return NULL;
    }
    dlx_text_t *t = calloc(1, sizeof *t);
    if (!t) {
        fail(&r, DLX_ENOMEM, 0, "%s", dlx_strerror(DLX_ENOMEM));
        return NULL;
    }
    int rc = DLX_OK;
    int32_t primary = 0;
    bounds_list bl = {0};
    if (len >= 3 && text[0] == '\xef' && text[1] == '\xbb' && text[2] == '\xbf') r.pos = 3; /* a UTF-8 BOM is no item name */
    if (!next_line(&r)) {
        r.line_no = 0;
        rc = fail(&r, DLX_ENOITEMS, 0, "the text has no item line");
    } else {
        rc = read_items(&r, t, &primary, &bl);
    }
    if (!rc) {
        t->engine = dlx_new(primary, t->items.count - primary);
        if (!t->engine) rc = fail(&r, DLX_ENOMEM, 0, "%s", dlx_strerror(DLX_ENOMEM));
    }
    for (int32_t k = 0; !rc && k < bl.n; k++) {
        rc = dlx_set_bounds(t->engine, bl.item[k], bl.lo[k], bl.hi[k]);
        if (rc) rc = fail(&r, rc, 0, "%s", dlx_strerror(rc));
    }
    free(bl.item), free(bl.lo), free(bl.hi);
    /* DLX2-sharp: primary items named `#...` are preferred for branching. */
    for (int32_t k = 0; !rc && k < primary; k++)
        if (t->items.bytes[t->items.off[k]] == '#') {
            rc = dlx_set_preferred(t->engine, k, 1);
            if (rc) rc = fail(&r, rc, 0, "%s", dlx_strerror(rc));
        }
    option_buf o = {0};
    if (!rc) {
        o.seen = calloc((size_t)t->items.count, sizeof *o.seen);
        if (!o.seen) rc = fail(&r, DLX_ENOMEM, 0, "%s", dlx_strerror(DLX_ENOMEM));
    }
    size_t from = r.pos;
    int64_t nodes0 = rc ? 0 : t->engine->n_nodes;
    for (int32_t read = 0; !rc && next_line(&r); read++) {
        rc = read_option(&r, t, primary, &o);
        if (read == SAMPLE && !rc) reserve_rest(&r, t->engine, from, nodes0);
    }
    free(o.items);
    free(o.colors);
    free(o.seen);
    if (rc) {
        dlx_text_free(t);
        return NULL;
    }
    return t;
}

void dlx_text_free(dlx_text_t *t) {
    if (!t) return;
    dlx_free(t->engine);
    pool_free(&t->items);
    pool_free(&t->colors);
    free(t);
}

dlx_t *dlx_text_engine(const dlx_text_t *t) { return t ? t->engine : NULL; }

const char *dlx_text_item_name(const dlx_text_t *t, int32_t item) {
    if (!t || item < 0 || item >= t->items.count) return NULL;
    return t->items.bytes + t->items.off[item];
}

const char *dlx_text_color_name(const dlx_text_t *t, int32_t color) {
    if (!t || color < 1 || color > t->colors.count) return NULL;
    return t->colors.bytes + t->colors.off[color - 1];
}

int32_t dlx_text_color_count(const dlx_text_t *t) { return t ? t->colors.count : DLX_EARG; }

int32_t dlx_text_find_item(const dlx_text_t *t, const char *name, size_t len) {
    if (!t || (!name && len)) return DLX_EARG;
    int32_t id = pool_find(&t->items, name, len);
    return id < 0 ? DLX_EUNKNOWN : id;
}

/* Append s to buf as far as it fits; n counts the full length. */
static void put(char *buf, size_t cap, int64_t *n, const char *s) {
    for (; *s; s++, (*n)++)
        if ((size_t)*n + 1 < cap) buf[*n] = *s;
}

int64_t dlx_text_format_option(const dlx_text_t *t, int32_t k, char *buf, size_t cap) {
    if (!t || (cap && !buf)) return DLX_EARG;
    int32_t len = dlx_option_items(t->engine, k, NULL, NULL, 0);
    if (len < 0) return len;
    int32_t stack_items[64], stack_colors[64];
    int32_t *items = stack_items, *colors = stack_colors;
    if (len > 64) {
        items = malloc((size_t)len * sizeof *items);
        colors = malloc((size_t)len * sizeof *colors);
        if (!items || !colors) {
            free(items), free(colors);
            return DLX_ENOMEM;
        }
    }
    dlx_option_items(t->engine, k, items, colors, len);
    int64_t n = 0;
    for (int32_t j = 0; j < len; j++) {
        if (j) put(buf, cap, &n, " ");
        put(buf, cap, &n, dlx_text_item_name(t, items[j]));
        if (colors[j]) {
            put(buf, cap, &n, ":");
            put(buf, cap, &n, dlx_text_color_name(t, colors[j]));
        }
    }
    int64_t cost = dlx_option_cost(t->engine, k);
    if (cost > 0) {
        char digits[24];
        fmt_snprintf(digits, sizeof digits, " |%lld", (long long)cost);
        put(buf, cap, &n, digits);
    }
    if (cap) buf[(size_t)n < cap ? (size_t)n : cap - 1] = '\0';
    if (items != stack_items) free(items), free(colors);
    return n;
}
