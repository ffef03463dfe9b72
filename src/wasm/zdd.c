/* wasm/zdd.c: the dk_zdd_* exports, the ZDD of all solutions (dlx_zdd_*,
 * include/dlx.h) for JavaScript: built from a problem in steps (so that a
 * worker reports progress and reads an abort between them), then read (its
 * size and count, solution k, a random one, DLX6's text). A handle holds nothing
 * of the problem: it outlives it. Errors go into exports.c's last-error
 * record. */
#include <stddef.h>

#include "dlx.h"
#include "boundary.h"
#include "records.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define EXPORT
#endif

/* The build of p's ZDD within max_bytes (0: DLX_MEMO_DEFAULT_BYTES; a
 * whole number from JS), in steps: its unfinished handle, or 0 with the
 * error recorded (OUT_OF_MEMORY, TOO_BIG: bounds and too many options). */
EXPORT dlx_zdd_t *dk_zdd_begin(dk_problem_t *p, double max_bytes) {
    dlx_zdd_t *z = NULL;
    if (!p || !(max_bytes >= 0 && max_bytes <= 18446744073709549568.0)) return boundary_error(DLX_EARG), NULL;
    int rc = dlx_zdd_begin(p->dlx, (uint64_t)max_bytes, &z);
    return rc < 0 ? boundary_error(rc), NULL : z;
}

/* Up to max_nodes more nodes of z's build (0: to the end): DLX_BUDGET
 * (unfinished), DLX_OK (built), or the error recorded (OUT_OF_MEMORY past
 * the bound or the memory cap, COUNT_OVERFLOW; BAD_ARGUMENT: a build p no
 * longer holds). */
EXPORT int32_t dk_zdd_step(dk_problem_t *p, dlx_zdd_t *z, double max_nodes) {
    if (!p || !(max_nodes >= 0 && max_nodes <= 18446744073709549568.0)) return boundary_error(DLX_EARG);
    return boundary_error(dlx_zdd_step(p->dlx, z, (uint64_t)max_nodes));
}

EXPORT void dk_zdd_free(dlx_zdd_t *z) { dlx_zdd_free(z); }

/* out: a dk_zdd_slot record. */
EXPORT void dk_zdd_info(const dlx_zdd_t *z, uint64_t *out) {
    dlx_wide_t c = dlx_zdd_count(z);
    dlx_zdd_progress_t pr = { 0 };
    dlx_zdd_progress(z, &pr);
    out[DK_ZDD_SIZE] = pr.size, out[DK_ZDD_BYTES] = pr.bytes;
    out[DK_ZDD_COUNT_LO] = c.lo, out[DK_ZDD_COUNT_HI] = c.hi;
    out[DK_ZDD_NODES] = pr.nodes, out[DK_ZDD_STATES] = pr.states;
}

/* Solution k (a dk_count_slot record) into out, at most cap options: their
 * number, or the error (NO_SOLUTION for k not below the count). */
EXPORT int32_t dk_zdd_nth(const dlx_zdd_t *z, const uint64_t *k, int32_t *out, int32_t cap) {
    dlx_wide_t kk = { .lo = k[DK_COUNT_LO], .hi = k[DK_COUNT_HI] };
    return boundary_error(dlx_zdd_nth(z, kk, out, cap));
}

/* A uniformly random solution from the generator *state (each draw
 * advances it), as dk_zdd_nth. */
EXPORT int32_t dk_zdd_random(const dlx_zdd_t *z, uint64_t *state, int32_t *out, int32_t cap) {
    return boundary_error(dlx_zdd_random(z, state, out, cap));
}

/* DLX6's text: its first cap bytes into out; the whole length, or TOO_BIG
 * past 2^31 - 1 bytes (JS could not hold it in one block). */
EXPORT int32_t dk_zdd_text(const dlx_zdd_t *z, char *out, int32_t cap) {
    int64_t n = dlx_zdd_text(z, out, cap > 0 ? (size_t)cap : 0);
    return n > INT32_MAX ? boundary_error(DLX_ETOOBIG) : boundary_error((int32_t)n);
}
