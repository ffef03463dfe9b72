/* sudoku_blanks.c: one puzzle's matrix of its blanks alone, for a solve on
 * the linked engine (sudoku_solve_linked: the one-shot 36x36 to 64x64
 * solves, the masks' heavy tails). Items: the empty cells, then the
 * (region, digit) pairs no given holds, each in the full matrix's order;
 * options: a blank's digits that no given in its regions holds, in the
 * full matrix's order. That is the full matrix after forcing the givens,
 * item for item and option for option, so the search walks the same tree
 * (nodes, guesses, restarts, learning); but building it touches a few
 * thousand options instead of N^3, and nothing is forced or given back
 * (docs/notes/CDCL.md, session 44).
 *
 * Who keeps the full matrix (s->dlx, built when first needed): the
 * generator (its clue stack forces and unforces clues by the full
 * option numbers, its fill starts from no givens) and the steps API
 * (sudoku_begin/step/end: its search outlives the call and the tests read
 * s->dlx). Candidates and the givens' check need no matrix: the scan here. */
#include <stdlib.h>
#include <string.h>

#include "sudoku_internal.h"
#include "dlx_internal.h" /* dlx_add_sound_option */

/* The digits the givens hold in each region (bit d-1), a clash named as the
 * links name it; 0, or an error with *err. */
static int region_digits(const sudoku_t *s, const uint8_t *grid, uint64_t *held, sudoku_error_t *err) {
    int rc = sudoku_check_values(s, grid, err);
    if (rc) return rc;
    int32_t cells = s->n * s->n;
    memset(held, 0, (size_t)s->n_regions * sizeof *held);
    for (int32_t c = 0; c < cells; c++) {
        if (!grid[c]) continue;
        uint64_t bit = 1ULL << (grid[c] - 1);
        for (int32_t j = s->region_first[c]; j < s->region_first[c + 1]; j++) {
            uint64_t *h = held + s->region_list[j];
            if (*h & bit) {
                rc = sudoku_name_clash(s, grid, err);
                return rc ? rc : sudoku_fail(err, SUDOKU_ECLASH, "%s", sudoku_strerror(SUDOKU_ECLASH));
            }
            *h |= bit;
        }
    }
    return 0;
}

/* The digits a blank may take: none that a given holds in its regions. */
static uint64_t open_digits(const sudoku_t *s, const uint64_t *held, int32_t c) {
    uint64_t taken = 0, all = s->n == 64 ? ~0ULL : (1ULL << s->n) - 1;
    for (int32_t j = s->region_first[c]; j < s->region_first[c + 1]; j++) taken |= held[s->region_list[j]];
    return all & ~taken;
}

int sudoku_blanks_build(const sudoku_t *s, const uint8_t *grid, sudoku_blanks *b, sudoku_error_t *err) {
    memset(b, 0, sizeof *b);
    int32_t n = s->n, cells = n * n, pairs = s->n_regions * n;
    uint64_t *held = malloc((size_t)s->n_regions * sizeof *held);
    int32_t *item = malloc(((size_t)cells + (size_t)pairs) * sizeof *item); /* full item -> this one's */
    if (!held || !item) {
        free(held), free(item);
        return sudoku_fail(err, DLX_ENOMEM, "%s", sudoku_strerror(DLX_ENOMEM));
    }
    int rc = region_digits(s, grid, held, err), named = rc != 0; /* *err says it already */
    int32_t items = 0, options = 0;
    int64_t nodes = 0;
    for (int32_t c = 0; c < cells && !rc; c++) {
        if (grid[c]) continue;
        item[c] = items++;
        int k = __builtin_popcountll(open_digits(s, held, c));
        options += k;
        nodes += (int64_t)k * (1 + s->region_first[c + 1] - s->region_first[c]);
    }
    for (int32_t p = 0; p < pairs && !rc; p++)
        if (!(held[p / n] >> (p % n) & 1)) item[cells + p] = items++;
    if (!rc) {
        b->d = dlx_new(items, 0);
        b->full = malloc(((size_t)options + 1) * sizeof *b->full);
        rc = !b->d || !b->full ? DLX_ENOMEM : dlx_reserve(b->d, options, nodes);
    }
    int32_t option[1 + 6 + SUDOKU_MAX_REGIONS];
    for (int32_t c = 0, k = 0; c < cells && !rc; c++) {
        if (grid[c]) continue;
        for (uint64_t open = open_digits(s, held, c); open && !rc; open &= open - 1) {
            int32_t d = __builtin_ctzll(open), m = 0;
            option[m++] = item[c];
            for (int32_t j = s->region_first[c]; j < s->region_first[c + 1]; j++)
                option[m++] = item[cells + s->region_list[j] * n + d];
            int32_t o = dlx_add_sound_option(b->d, option, NULL, m);
            if (o < 0) rc = o;
            else b->full[k++] = sudoku_option(s, c, d + 1);
        }
    }
    free(held);
    free(item);
    if (rc) {
        sudoku_blanks_free(b);
        return named ? rc : sudoku_fail(err, rc, "%s", sudoku_strerror(rc));
    }
    return 0;
}

void sudoku_blanks_free(sudoku_blanks *b) {
    dlx_free(b->d);
    free(b->full);
    b->d = NULL, b->full = NULL;
}

int sudoku_candidates(sudoku_t *s, const uint8_t *grid, uint64_t *masks, sudoku_error_t *err) {
    if (!s || !grid || !masks) return sudoku_fail(err, DLX_EARG, "missing handle, grid or output");
    uint64_t *held = malloc((size_t)s->n_regions * sizeof *held);
    if (!held) return sudoku_fail(err, DLX_ENOMEM, "%s", sudoku_strerror(DLX_ENOMEM));
    int rc = region_digits(s, grid, held, err);
    for (int32_t c = 0; c < s->n * s->n && !rc; c++)
        masks[c] = grid[c] ? 1ULL << (grid[c] - 1) : open_digits(s, held, c);
    free(held);
    return rc;
}

int sudoku_check_givens(sudoku_t *s, const uint8_t *grid, sudoku_error_t *err) {
    if (!s || !grid) return sudoku_fail(err, DLX_EARG, "missing handle or grid");
    int rc = sudoku_check_values(s, grid, err);
    return rc ? rc : sudoku_name_clash(s, grid, err);
}
