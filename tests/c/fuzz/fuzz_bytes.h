/* fuzz_bytes.h: reading choices off the front of a fuzz input.
 *
 * The fuzz targets decode their input as a stream of small decisions (which
 * option, which call, which budget). Past the end every read gives 0, so any
 * input, even an empty one, decodes to something.
 */
#ifndef FUZZ_BYTES_H
#define FUZZ_BYTES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    const uint8_t *data;
    size_t len, pos;
} fuzz_bytes;

static inline int fuzz_more(const fuzz_bytes *b) { return b->pos < b->len; }

static inline uint8_t fuzz_u8(fuzz_bytes *b) { return b->pos < b->len ? b->data[b->pos++] : 0; }

/* A value in 0 .. n-1 (n > 0). */
static inline uint32_t fuzz_below(fuzz_bytes *b, uint32_t n) { return fuzz_u8(b) % n; }

/* A broken invariant: say what, then abort so that libFuzzer saves the input. */
#define FUZZ_ASSERT(cond)                                                                  \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            fprintf(stderr, "%s:%d: invariant broken: %s\n", __FILE__, __LINE__, #cond);   \
            abort();                                                                       \
        }                                                                                  \
    } while (0)

#endif
