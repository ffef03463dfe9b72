/* wasm/records.h: the layouts of the records the dk_* exports fill for
 * JavaScript, one slot per field. JS reads them by these names only:
 * tools/abi.mjs turns each `enum dk_*_slot` into a table of slots in
 * src/js/dlxkit-abi.mjs (DK_STATS_MAX_LEVEL becomes stats.maxLevel), and the
 * last name of each enum is the record's length. */
#ifndef DK_RECORDS_H
#define DK_RECORDS_H

/* The last error (dk_error()): int32 slots, then the message text. */
enum dk_error_slot {
    DK_ERROR_CODE, DK_ERROR_ROW, DK_ERROR_COL, DK_ERROR_ROW2, DK_ERROR_COL2, DK_ERROR_VALUE,
    DK_ERROR_LINE, DK_ERROR_COLUMN, DK_ERROR_OFFSET, DK_ERROR_INDEX, DK_ERROR_START, DK_ERROR_MESSAGE
};

/* dk_sudoku_solve (doubles); dk_sudoku_solve_many writes one per puzzle,
 * where a negative status is an error code. */
enum dk_solve_slot { DK_SOLVE_STATUS, DK_SOLVE_COUNT, DK_SOLVE_NODES, DK_SOLVE_GUESSES, DK_SOLVE_LENGTH };

/* dk_sudoku_rate (doubles). */
enum dk_rate_slot { DK_RATE_LEVEL, DK_RATE_SCORE, DK_RATE_NODES, DK_RATE_GUESSES, DK_RATE_STATUS, DK_RATE_LENGTH };

/* dk_problem_shape (int32). */
enum dk_shape_slot {
    DK_SHAPE_PRIMARY, DK_SHAPE_ITEMS, DK_SHAPE_OPTIONS, DK_SHAPE_FORCED, DK_SHAPE_COLORS, DK_SHAPE_LENGTH
};

/* dk_problem_stats (doubles, but the solutions: two uint64 words, lo + hi * 2^64, exact). */
enum dk_stats_slot {
    DK_STATS_NODES, DK_STATS_UPDATES, DK_STATS_SOLUTIONS_LO, DK_STATS_SOLUTIONS_HI, DK_STATS_PROGRESS,
    DK_STATS_LEVEL, DK_STATS_MAX_LEVEL, DK_STATS_GUESSES, DK_STATS_RESTARTS, DK_STATS_LENGTH
};

/* dk_problem_count (uint64 words: the count is lo + hi * 2^64). */
enum dk_count_slot { DK_COUNT_LO, DK_COUNT_HI, DK_COUNT_LENGTH };

/* dk_zdd_info (uint64 words): nodes, the count's two words, bytes held;
 * the build's search nodes and states cached (its progress, as
 * dlx_zdd_progress: while it is under way, nodes and bytes so far). */
enum dk_zdd_slot { DK_ZDD_SIZE, DK_ZDD_COUNT_LO, DK_ZDD_COUNT_HI, DK_ZDD_BYTES, DK_ZDD_NODES, DK_ZDD_STATES, DK_ZDD_LENGTH };

/* dk_explain_next (int32): the technique, then each array's address and
 * length (moves are {cell, digit} int32 pairs), then the text's address. */
enum dk_step_slot {
    DK_STEP_TECHNIQUE, DK_STEP_PLACEMENTS, DK_STEP_PLACEMENT_COUNT, DK_STEP_ELIMINATIONS,
    DK_STEP_ELIMINATION_COUNT, DK_STEP_CELLS, DK_STEP_CELL_COUNT, DK_STEP_HOUSES, DK_STEP_HOUSE_COUNT,
    DK_STEP_TEXT, DK_STEP_LENGTH
};

/* dk_sudoku_rate_logic and dk_sudoku_generate_at (int32): the rating by
 * technique (sudoku_logic_rating_t), and the attempts a generation took. */
enum dk_logic_slot {
    DK_LOGIC_TECHNIQUE, DK_LOGIC_RATING, DK_LOGIC_DIFFICULTY, DK_LOGIC_STEPS, DK_LOGIC_GUESSES,
    DK_LOGIC_ATTEMPTS, DK_LOGIC_LENGTH
};

#endif
