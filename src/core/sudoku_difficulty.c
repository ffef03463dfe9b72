/* sudoku_difficulty.c: difficulty by technique. A puzzle is rated by the
 * hardest technique its explanation needs (sudoku_rate_logic), and a puzzle
 * of a chosen level is made by generating, rating and, when it needs a
 * harder technique, giving the cell of that step as a clue
 * (sudoku_generate_at). The levels: sudoku_logic_table.c. */
#include <string.h>

#include "sudoku_internal.h"
#include "random.h"

/* Explain to the end, or (stop above 0) until a step rated above `stop`:
 * then *over is that step's cell (its placement, else its first
 * elimination) and the rating covers the steps so far and that one. */
static int rate_until(sudoku_t *s, const uint8_t *grid, const sudoku_explain_opts_t *opts, int stop,
                      sudoku_logic_rating_t *r, int32_t *over, sudoku_error_t *err) {
    memset(r, 0, sizeof *r);
    *over = -1;
    sudoku_explain_t *e = sudoku_explain_begin(s, grid, opts, err);
    if (!e) return err->code;
    sudoku_step_t st;
    int rc;
    r->technique = -1; /* a full grid: no technique, easy */
    while ((rc = sudoku_explain_next(e, &st)) == 1) {
        r->steps++;
        r->guesses += st.technique == SUDOKU_GUESS;
        if (st.technique > r->technique) r->technique = st.technique, r->rating = sudoku_technique_rating(st.technique);
        if (stop && r->rating > stop) {
            *over = st.n_placements ? st.placements[0].cell : st.n_eliminations ? st.eliminations[0].cell : -2;
            break;
        }
    }
    sudoku_explain_free(e);
    if (rc < 0) return sudoku_fail(err, rc, "%s", sudoku_strerror(rc));
    r->difficulty = r->steps ? sudoku_difficulty_of(r->rating) : SUDOKU_DIFFICULTY_EASY;
    return 0;
}

int sudoku_rate_logic(sudoku_t *s, const uint8_t *grid, const sudoku_explain_opts_t *opts,
                      sudoku_logic_rating_t *rating, sudoku_error_t *err) {
    sudoku_error_t local;
    if (!err) err = &local; /* rate_until returns the code it holds */
    if (!rating) return sudoku_fail(err, DLX_EARG, "missing output");
    int32_t over;
    return rate_until(s, grid, opts, 0, rating, &over, err);
}

#define GENERATE_AT_ATTEMPTS 200

int sudoku_generate_at(sudoku_t *s, const sudoku_generate_opts_t *opts, int difficulty,
                       int32_t max_attempts, uint8_t *puzzle, uint8_t *solution,
                       sudoku_logic_rating_t *rating, sudoku_error_t *err) {
    sudoku_error_t local;
    if (!err) err = &local;
    if (!s || !opts || !puzzle || !solution || !rating)
        return sudoku_fail(err, DLX_EARG, "missing handle, options or output");
    if (!sudoku_difficulty_name(difficulty))
        return sudoku_fail(err, DLX_EARG, "difficulty must be %d..%d (easy..beyond), got %d",
                           SUDOKU_DIFFICULTY_EASY, SUDOKU_DIFFICULTIES - 1, difficulty);
    if (max_attempts < 0) return sudoku_fail(err, DLX_EARG, "attempts must be 0 (the default) or more");
    int32_t cells = sudoku_size(s) * sudoku_size(s), easier = 0, harder = 0;
    /* By default about the work of 200 9x9 attempts: fewer for big grids
     * (a 25x25 attempt takes a second), at least 4. */
    int32_t fair = cells <= 81 ? GENERATE_AT_ATTEMPTS : GENERATE_AT_ATTEMPTS * 81 / cells;
    int32_t attempts = max_attempts ? max_attempts : fair < 4 ? 4 : fair;
    int top = sudoku_difficulty_top(difficulty);
    uint64_t seeds = opts->seed;
    for (int32_t k = 1; k <= attempts; k++) {
        sudoku_generate_opts_t o = *opts;
        o.seed = k == 1 ? opts->seed : next_random(&seeds); /* attempt 1: generate's own puzzle */
        /* Every uniqueness proof to the end up to 12x12 (generate's "minimal"
         * work): a proof that runs out of its budget keeps its clue, and such
         * proofs are those of the hardest puzzles (a 9x9 jigsaw needed a
         * guess in 7 to 40 attempts so, in none of 200 without). From 16x16
         * the proofs to the end cost 10x the time. */
        if (!o.target_clues && sudoku_size(s) <= 12) o.minimal = 1;
        int rc = sudoku_generate(s, &o, puzzle, solution, err);
        if (rc) return rc;
        int32_t over;
        for (;;) {
            rc = rate_until(s, puzzle, NULL, top, rating, &over, err);
            if (rc) return rc;
            if (over < 0 || opts->minimal || puzzle[over]) break; /* (a step's cell is never a given) */
            puzzle[over] = solution[over]; /* the hard step's cell becomes a clue */
            if (opts->symmetric) puzzle[cells - 1 - over] = solution[cells - 1 - over];
        }
        if (over == -1 && rating->difficulty == difficulty) return k;
        if (over == -1) easier++;
        else harder++;
    }
    return sudoku_fail(err, SUDOKU_ENOTFOUND,
                       "no %s puzzle in %d attempts (seed %llu): %d came out easier, %d needed a harder technique",
                       sudoku_difficulty_name(difficulty), (int)attempts, (unsigned long long)opts->seed,
                       (int)easier, (int)harder);
}
