/* sudoku.h: Sudoku of any box shape as exact cover, on the dlx engine.
 *
 * A solver (sudoku_t) is built once for a shape: side N = box_rows x box_cols
 * up to 64, plus variant regions (X diagonals, windoku boxes, a jigsaw map
 * replacing the boxes, any list of extra regions). Up to 16x16 each puzzle
 * is solved by forcing its givens into the shape's bit masks
 * (src/core/xc_array.c) and searching: a batch allocates nothing per
 * puzzle. Beyond, a solve searches on dancing links (src/core/dlx.c) a
 * matrix of that puzzle's blanks alone (src/core/sudoku_blanks.c); both
 * walk the tree of the full matrix with the givens forced.
 *
 * Grids are arrays of N*N bytes, row by row: 0 for an empty cell, 1..N for a
 * digit. Rows and columns in errors are 1-based, as a person counts them.
 * Reading and writing puzzle text is in the second half of this header.
 */
#ifndef SUDOKU_H
#define SUDOKU_H

#include <stddef.h>
#include <stdint.h>

#include "dlx.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SUDOKU_MAX_SIZE 64
#define SUDOKU_MAX_REGIONS (4 * SUDOKU_MAX_SIZE) /* extra regions of a shape */

/* Errors (negative; they continue the dlx.h numbering). */
enum {
    SUDOKU_ESIZE = -20,    /* BAD_SIZE: side out of 1..64, or box_rows x box_cols != side */
    SUDOKU_EREGION = -21,  /* BAD_REGION: a jigsaw map or extra region that is not N distinct cells,
                            * an extra region repeated, or over SUDOKU_MAX_REGIONS of them */
    SUDOKU_EVALUE = -22,   /* BAD_VALUE: a grid value above N */
    SUDOKU_ECLASH = -23,   /* CLASH: two givens clash in a row, column, box or region */
    SUDOKU_ELENGTH = -24,  /* BAD_LENGTH: puzzle text with a number of cells that fits no side */
    SUDOKU_ESYMBOL = -25,  /* BAD_SYMBOL: puzzle text with a symbol outside the alphabet */
    SUDOKU_EALPHABET = -26, /* BAD_ALPHABET: an alphabet with repeated symbols or too few for N */
    SUDOKU_ESTOPPED = -27,  /* STOPPED: sudoku_generate: its node budget ran out */
    SUDOKU_EBOX = -28,      /* BAD_BOX: box text that is neither ROWSxCOLUMNS nor ROWS */
    SUDOKU_EUNSOLVABLE = -29, /* UNSOLVABLE: sudoku_explain_begin: the givens leave no solution */
    SUDOKU_EAMBIGUOUS = -30,  /* AMBIGUOUS: sudoku_explain_begin: more than one solution */
    SUDOKU_ENOTFOUND = -31    /* NOT_FOUND: sudoku_generate_at: no puzzle of the difficulty within its attempts */
};

/* Variants as extra constraints. */
enum {
    SUDOKU_X = 1,      /* both main diagonals hold every digit once */
    SUDOKU_WINDOKU = 2 /* the windoku boxes: (box_rows x box_cols) blocks offset by one */
};
/* Their names, flag 1 << k for name k: what every entry point calls them
 * (Typst's variant=, the CLI's --variant, the JS API's variant option,
 * which has them as VARIANT from tools/abi.mjs). */
#define SUDOKU_VARIANT_NAMES {"x", "windoku"}

/* Result of a search. */
enum {
    SUDOKU_NONE = 0,     /* no solution */
    SUDOKU_UNIQUE = 1,   /* exactly one */
    SUDOKU_MULTIPLE = 2, /* more than one (at least `limit` when a limit stopped it) */
    SUDOKU_FOUND = 3,    /* one found, uniqueness not checked (limit 1) */
    SUDOKU_STOPPED = 4   /* the node budget ran out first */
};

typedef struct sudoku_shape {
    int32_t size;              /* N; 0 to take box_rows * box_cols */
    int32_t box_rows, box_cols; /* 0, 0: the default box for N (SUDOKU_DEFAULT_BOX_ROWS);
                                 * one of them 0: the other from N */
    uint32_t variants;         /* SUDOKU_X | SUDOKU_WINDOKU */
    const int32_t *jigsaw;     /* N*N region numbers 0..N-1 replacing the boxes, or NULL */
    const int32_t *regions;    /* n_regions * N cell indices (row * N + col), or NULL */
    int32_t n_regions;
} sudoku_shape_t;

/* What went wrong and where. Unused fields are 0. */
typedef struct sudoku_error {
    int code;
    int32_t row, col;   /* 1-based cell of the problem (the later given of a clash) */
    int32_t row2, col2; /* the other cell of a clash */
    int32_t value;      /* the digit involved (for SUDOKU_ESYMBOL: the too-big value) */
    int32_t line, column, offset; /* in puzzle text: 1-based line and column, 0-based byte offset */
    char message[200];  /* a sentence a person can act on */
} sudoku_error_t;

typedef struct sudoku_result {
    int status;         /* SUDOKU_NONE .. SUDOKU_STOPPED */
    uint64_t count;     /* solutions found (up to the limit) */
    uint64_t nodes;     /* search nodes */
    uint64_t guesses;   /* nodes with more than one option to try */
} sudoku_result_t;

typedef struct sudoku sudoku_t;

const char *sudoku_strerror(int code); /* also names dlx.h codes */

/* The default box of each side N = 0..64, as its rows (columns = N / rows):
 * the largest divisor of N up to sqrt(N), so the boxes are as square as N
 * allows (9: 3x3, 12: 3x4, 7: 1x7). Data rather than code so that
 * tools/abi.mjs can hand the same table to JS (DEFAULT_BOX_ROWS), which a
 * page needs before the module has loaded; tests/c/test_sudoku.c checks it
 * against the rule. Nothing else may compute a default box. */
#define SUDOKU_DEFAULT_BOX_ROWS                                                                  \
    {0, 1, 1, 1, 2, 1, 2, 1, 2, 3, 2, 1, 3, 1, 2, 3, 4, 1, 3, 1, 4, 3, 2, 1, 4, 5, 2, 3, 4, 1, 5, 1, 4, \
     3, 2, 5, 6, 1, 2, 3, 5, 1, 6, 1, 4, 5, 2, 1, 6, 7, 5, 3, 4, 1, 6, 5, 7, 3, 2, 1, 6, 1, 2, 7, 8}

/* The default box for side N (1..64) into *box_rows, *box_cols (either may
 * be NULL); SUDOKU_ESIZE for another N. */
int sudoku_default_box(int32_t size, int32_t *box_rows, int32_t *box_cols);

/* The box of side n (1..64) as a shape gives it, in place: 0, 0 for the
 * default box, one side for the other; 0, or SUDOKU_ESIZE when it does not
 * tile n. sudoku_new reads a shape's box so. */
int sudoku_box_of(int32_t n, int32_t *box_rows, int32_t *box_cols, sudoku_error_t *err);

/* The one spelling of a box as text, for every entry point (CLI --box,
 * sheets, Typst box=, the JS API's parseBox): blanks around it and around
 * the sign are ignored; "RxC" with x, X, * or U+00D7 (the multiplication
 * sign, in UTF-8) between the rows and columns of one box ("3x3", "2 X 3",
 * "2*3", "2\u00d73"), or "R" alone: the rows, the columns following from the
 * side. Numbers are decimal digits, 1..64, and R x C at most 64; the text
 * is at most SUDOKU_BOX_TEXT_MAX bytes (a caller may cut a longer one
 * there plus one, and get the same answer). Returns 0
 * with *box_cols 0 for "R" alone; SUDOKU_EBOX when the text is spelled
 * otherwise, SUDOKU_ESIZE when a number is out of range (message in *err).
 * Whether the box tiles the side is sudoku_new's check. */
#define SUDOKU_BOX_TEXT_MAX 256
int sudoku_parse_box(const char *text, size_t len, int32_t *box_rows, int32_t *box_cols,
                     sudoku_error_t *err);

sudoku_t *sudoku_new(const sudoku_shape_t *shape, sudoku_error_t *err);
void sudoku_free(sudoku_t *s);
int32_t sudoku_size(const sudoku_t *s);
void sudoku_box(const sudoku_t *s, int32_t *box_rows, int32_t *box_cols);

/* Solve `grid`: up to `limit` solutions (0: no limit; 2 proves uniqueness),
 * at most max_nodes search nodes (0: no budget). The first solution found is
 * written to `solution` (N*N bytes, may be NULL). Returns 0 or an error
 * (SUDOKU_EVALUE, SUDOKU_ECLASH with both cells in *err; err may be NULL:
 * a clash is then not scanned for its cells). */
int sudoku_solve(sudoku_t *s, const uint8_t *grid, uint64_t limit, uint64_t max_nodes,
                 uint8_t *solution, sudoku_result_t *res, sudoku_error_t *err);

/* The same solve on the linked engine, in steps, for a caller that must stay
 * responsive between them: sudoku_begin checks and forces the givens
 * (errors as sudoku_solve's); each sudoku_step goes on until the search's
 * node count reaches `until` (0: no mark) and returns 0 there, or 1 once
 * the search has ended (limit solutions found, or no more), *res then as
 * sudoku_solve's. *res carries the count from one step to the next (zero
 * it first) and `solution` gets the first one found. sudoku_end releases
 * the givens; until then nothing else may use s. */
int sudoku_begin(sudoku_t *s, const uint8_t *grid, sudoku_error_t *err);
int sudoku_step(sudoku_t *s, uint64_t limit, uint64_t until, uint8_t *solution,
                sudoku_result_t *res);
void sudoku_end(sudoku_t *s);

/* Restarts (dlx_set_restarts) for the grids that search on the linked
 * engine (above 16x16, or with extra regions); up to 16x16 (not the plain
 * 9x9) a first solution the bit masks have not found within 100 nodes a
 * cell is searched for there with them. On by default; counts and
 * uniqueness stay exact either way. */
void sudoku_set_restarts(sudoku_t *s, int on);

/* Candidates of every cell after the givens: N*N 64-bit masks, bit d-1 set
 * when digit d may go there (a given's mask has just its own bit). */
int sudoku_candidates(sudoku_t *s, const uint8_t *grid, uint64_t *masks, sudoku_error_t *err);

/* Every given of `grid` that clashes with another is reported by
 * sudoku_solve; this checks only, filling *err for the first clash. */
int sudoku_check_givens(sudoku_t *s, const uint8_t *grid, sudoku_error_t *err);

typedef struct sudoku_generate_opts {
    uint64_t seed;       /* any value; the same seed gives the same puzzle */
    int minimal;         /* remove clues until none can go */
    int symmetric;       /* keep the clues symmetric under a half turn */
    int32_t target_clues; /* stop removing at this many clues (0: as few as possible) */
    uint64_t max_nodes;  /* nodes for all its searches together, the fill and every
                          * uniqueness proof (0: none for the fill with restarts,
                          * a default budget for each other search) */
} sudoku_generate_opts_t;

/* A random full grid for the shape, then clues taken away while the
 * solution stays unique. puzzle and solution are N*N bytes. With restarts
 * (sudoku_set_restarts, on by default) the fill never gives up on a shape
 * that has grids, and a shape without any (a jigsaw map can have none) ends
 * once that is proved. Returns 0, SUDOKU_ESTOPPED when opts->max_nodes ran
 * out, or DLX_ENOSOLUTION when the shape has no complete grid (or, without
 * restarts, none was found within the fill's budget). */
int sudoku_generate(sudoku_t *s, const sudoku_generate_opts_t *opts, uint8_t *puzzle,
                    uint8_t *solution, sudoku_error_t *err);

/* Clues taken from `solution`, a full grid of the shape (N*N bytes; a
 * blank or a clash is DLX_EARG or SUDOKU_ECLASH), into `puzzle` as
 * sudoku_generate takes them from its own fill (opts->seed orders them). */
int sudoku_generate_from(sudoku_t *s, const sudoku_generate_opts_t *opts, const uint8_t *solution,
                         uint8_t *puzzle, sudoku_error_t *err);

/* A jigsaw map made for s's shape (boxes, not a map; its variants and extra
 * regions kept) with a grid that fits it: a full grid of s drawn by the
 * seed (within max_nodes where it is searched; 0: no budget), its boxes
 * then reshaped by moves that keep every piece holding every digit and in
 * one edge-connected piece. map: N*N piece numbers 0..N-1, grid: N*N
 * bytes. For sudoku_generate_from on the shape with the map: the map never
 * lacks a grid. Returns 0, DLX_EARG, DLX_ENOMEM, or the fill's errors
 * (sudoku_generate's: SUDOKU_ESTOPPED, DLX_ENOSOLUTION). */
int sudoku_make_jigsaw(sudoku_t *s, uint64_t seed, uint64_t max_nodes, int32_t *map, uint8_t *grid,
                       sudoku_error_t *err);

/* The pattern-grid shortcut: the classic complete grid of a plain shape
 * (cell (r, c) holds the digit ((r mod R) C + r div R + c) mod N for boxes
 * R x C; 0, 0 for the default box, one of them 0 for the other from N), its
 * digits renamed to keep the givens of `grid` (N*N bytes, 0 empty). At once,
 * at any size, where a search above 16x16 can get lost. Returns 1 with the
 * grid in `solution` and in *free_digits how many digits no given named
 * (their free! renamings are all solutions), 0 when the givens do not fit
 * the pattern (they may still have solutions), or SUDOKU_ESIZE,
 * SUDOKU_EVALUE, DLX_EARG. */
int sudoku_pattern_fill(int32_t size, int32_t box_rows, int32_t box_cols, const uint8_t *grid,
                        uint8_t *solution, int32_t *free_digits, sudoku_error_t *err);

/* Difficulty from the work needed to solve and prove unique. */
enum { SUDOKU_EASY = 1, SUDOKU_MEDIUM = 2, SUDOKU_HARD = 3, SUDOKU_EXPERT = 4 };
typedef struct sudoku_rating {
    int level;          /* SUDOKU_EASY .. SUDOKU_EXPERT */
    double score;       /* continuous: log2 of the guesses-weighted work */
    uint64_t nodes, guesses;
    int status;         /* as in sudoku_result_t: a rating is only meaningful for UNIQUE */
} sudoku_rating_t;
int sudoku_rate(sudoku_t *s, const uint8_t *grid, sudoku_rating_t *rating, sudoku_error_t *err);
const char *sudoku_level_name(int level);

/* ---- explaining: steps a person can follow ---------------------------------
 * A logical solver on the shape's houses (rows, columns, boxes or jigsaw
 * pieces, the X diagonals, the windoku windows, extra regions): each step is
 * one technique from the table (sudoku_technique_name; docs/sudoku-logic.md),
 * the easiest that applies, or, when none does, a guess that says so (the
 * solution's digit in a cell with the fewest candidates). Rows and columns
 * are 0-based in the data, 1-based in the text ("r3c5"); digits are 1..N. */
enum {
    SUDOKU_FULL_HOUSE, SUDOKU_HIDDEN_SINGLE, SUDOKU_NAKED_SINGLE, SUDOKU_POINTING,
    SUDOKU_CLAIMING, SUDOKU_NAKED_PAIR, SUDOKU_X_WING, SUDOKU_HIDDEN_PAIR, SUDOKU_NAKED_TRIPLE,
    SUDOKU_SWORDFISH, SUDOKU_HIDDEN_TRIPLE, SUDOKU_XY_WING, SUDOKU_XYZ_WING, SUDOKU_NAKED_QUAD,
    SUDOKU_JELLYFISH, SUDOKU_HIDDEN_QUAD, SUDOKU_COLOURING, SUDOKU_X_CHAIN, SUDOKU_XY_CHAIN,
    SUDOKU_CONTRADICTION, SUDOKU_GUESS, SUDOKU_TECHNIQUES /* how many */
};
/* The technique's name ("Hidden single"), NULL for another number. */
const char *sudoku_technique_name(int technique);
/* Its rating in tenths on Sudoku Explainer's 1-to-11 style scale (23 for
 * 2.3); -1 for another number. The order of the enum is the order of
 * preference, and the ratings rise with it. */
int sudoku_technique_rating(int technique);

typedef struct sudoku_move {
    int32_t cell;  /* row * N + column, 0-based */
    int32_t digit; /* 1..N */
} sudoku_move_t;

/* One step; its arrays belong to the explainer and stay valid until the
 * next sudoku_explain_next or sudoku_explain_free. */
typedef struct sudoku_step {
    int technique;                       /* SUDOKU_FULL_HOUSE .. SUDOKU_GUESS */
    const sudoku_move_t *placements;     /* digits placed (at most one a step) */
    int32_t n_placements;
    const sudoku_move_t *eliminations;   /* candidates removed */
    int32_t n_eliminations;
    const int32_t *cells;                /* the cells the pattern uses */
    int32_t n_cells;
    const int32_t *houses;               /* the houses it uses: region numbers, rows 0..N-1,
                                          * columns N..2N-1, boxes 2N..3N-1, then the others */
    int32_t n_houses;
    const char *text;                    /* one sentence */
} sudoku_step_t;

typedef struct sudoku_explain_opts {
    uint64_t max_nodes; /* the solve that finds and proves the solution (0: 10^7 nodes) */
    uint64_t max_work;  /* one technique's search in one step, in basic operations
                         * (0: 4 * 10^6); a search that runs out finds nothing there */
    int32_t max_chain;  /* links in an X- or XY-chain at most (0: 16) */
} sudoku_explain_opts_t;

typedef struct sudoku_explain sudoku_explain_t;

/* Solve `grid` (proving it unique) and set up the candidates. NULL on an
 * error, *err saying it: SUDOKU_EVALUE, SUDOKU_ECLASH as sudoku_solve,
 * SUDOKU_EUNSOLVABLE, SUDOKU_EAMBIGUOUS (a person's steps need one
 * solution to lead to; use sudoku_solve for such a grid), SUDOKU_ESTOPPED
 * (the node budget ran out), DLX_ENOMEM. The explainer copies what it needs
 * of s, which stays usable. opts may be NULL. */
sudoku_explain_t *sudoku_explain_begin(sudoku_t *s, const uint8_t *grid,
                                       const sudoku_explain_opts_t *opts, sudoku_error_t *err);
/* The next step into *step, applied to the explainer's grid: 1, or 0 once
 * the grid is full; DLX_EARG for NULL. */
int sudoku_explain_next(sudoku_explain_t *e, sudoku_step_t *step);
/* The grid so far (N*N digits, 0 empty) and the candidates of each cell
 * (N*N masks, bit d-1 for digit d; a placed cell's mask is its digit); either
 * may be NULL. */
void sudoku_explain_grid(const sudoku_explain_t *e, uint8_t *grid, uint64_t *masks);
void sudoku_explain_free(sudoku_explain_t *e);

/* ---- difficulty by technique -----------------------------------------------
 * A puzzle's difficulty is the hardest technique its explanation needs (the
 * explainer takes the easiest that applies at each step), on the 1-to-11
 * scale; the levels are ranges of that scale, one table
 * (sudoku_logic_table.c; docs/sudoku-logic.md says which points of Sudoku
 * Explainer's scale they follow). */
enum {
    SUDOKU_DIFFICULTY_EASY = 1, SUDOKU_DIFFICULTY_MEDIUM, SUDOKU_DIFFICULTY_HARD,
    SUDOKU_DIFFICULTY_FIENDISH, SUDOKU_DIFFICULTY_DIABOLICAL, SUDOKU_DIFFICULTY_BEYOND,
    SUDOKU_DIFFICULTIES /* one past the last */
};
/* The level's name ("easy" .. "beyond"), NULL for another number. */
const char *sudoku_difficulty_name(int difficulty);
/* The highest rating (tenths) of the level's range, -1 for another number;
 * its range starts just above the previous level's. */
int sudoku_difficulty_top(int difficulty);
/* The level whose range holds a rating in tenths (0 below the scale). */
int sudoku_difficulty_of(int rating);

typedef struct sudoku_logic_rating {
    int technique;   /* the hardest technique the explanation needs (-1 for a full grid) */
    int rating;      /* its rating, tenths (0 for a full grid) */
    int difficulty;  /* SUDOKU_DIFFICULTY_EASY .. SUDOKU_DIFFICULTY_BEYOND */
    int32_t steps;   /* the explanation's steps */
    int32_t guesses; /* of which guesses */
} sudoku_logic_rating_t;

/* Explain `grid` to the end (opts as for sudoku_explain_begin, may be NULL)
 * and rate it by technique. 0, or sudoku_explain_begin's errors. A full grid
 * is easy, with no steps and no technique. */
int sudoku_rate_logic(sudoku_t *s, const uint8_t *grid, const sudoku_explain_opts_t *opts,
                      sudoku_logic_rating_t *rating, sudoku_error_t *err);

/* A puzzle of one difficulty: sudoku_generate with opts, on seeds drawn from
 * opts->seed (the same seed, the same puzzle), until one's explanation
 * needs a technique of that level and no harder one. A puzzle that needs a
 * harder one gets the solution's digit in the cell of its first step past
 * the level as a clue (both cells of the pair with opts->symmetric), until
 * it falls within the level or below it; not with opts->minimal, which
 * would then not hold. Up to 12x12 without target_clues each attempt proves
 * uniqueness as opts->minimal does (a proof cut short keeps its clue, and the
 * hardest puzzles have the longest proofs). max_attempts puzzles at most
 * (0: 200 up to 9x9, 200 * 81 / N^2 above, at least 4). Returns the
 * attempts taken (1 or more) with *rating filled,
 * SUDOKU_ENOTFOUND past max_attempts, DLX_EARG for a difficulty outside the
 * levels, or sudoku_generate's and sudoku_rate_logic's errors. */
int sudoku_generate_at(sudoku_t *s, const sudoku_generate_opts_t *opts, int difficulty,
                       int32_t max_attempts, uint8_t *puzzle, uint8_t *solution,
                       sudoku_logic_rating_t *rating, sudoku_error_t *err);

/* ---- puzzle text ----------------------------------------------------------
 * Accepted: one line of N*N symbols ('.', '0', '_' or '-' for empty; digits
 * 1-9 then A-Z then a-z); grids over several lines with decorations ('|', '+',
 * '-' rows, spaces); numbers separated by spaces or commas (any N, 0 or empty
 * for a blank); an explicit alphabet (e.g. "0123456789ABCDEF" for hex Sudoku).
 * A one-line puzzle may carry trailing fields after ':', ',' or whitespace
 * ("puzzle:count:solution", CSV "puzzle,solution"), which are ignored.
 * Conventions for ambiguous text are listed at the top of src/core/sudoku_read.c.
 */
typedef enum {
    SUDOKU_STYLE_LINE = 0,   /* 81 symbols in one line */
    SUDOKU_STYLE_GRID = 1,   /* several lines, symbols, maybe decorations */
    SUDOKU_STYLE_NUMBERS = 2 /* numbers separated by spaces or commas */
} sudoku_style;

typedef struct sudoku_text_opts {
    int32_t size;          /* expected N, or 0 to infer it from the number of cells */
    const char *alphabet;  /* N symbols for digits 1..N, or NULL for 1-9A-Za-z */
} sudoku_text_opts_t;

/* A parsed puzzle, with what is needed to print a solution in the same style. */
typedef struct sudoku_text {
    int32_t size;
    sudoku_style style;
    uint8_t cells[SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE];
    char blank;            /* the empty-cell symbol the input used ('.' if none) */
    char alphabet[SUDOKU_MAX_SIZE + 1]; /* the symbols in use, NUL-terminated */
    char separator;        /* numbers style: ',' or ' ' */
    /* Grid and numbers styles: the input's layout, kept to print a solution
     * the same way: template bytes, and the byte offset of each cell in it. */
    char *layout;
    size_t layout_len;
    int32_t *cell_at;
    size_t consumed;       /* bytes of the input used (the rest is the next puzzle) */
    size_t start;          /* where the puzzle itself begins, after blank, comment and
                            * title lines (also after an error, once a puzzle was found) */
} sudoku_text_t;

/* Parse one puzzle from the start of text. Returns 0 or an error with its
 * place in *err (DLX_EARG for a NULL out, or NULL text with len > 0;
 * DLX_ENOMEM). opts and err may be NULL. *out is overwritten whatever it
 * held: release a parsed text before parsing into it again, with
 * sudoku_text_release(). No puzzle left (only blank, comment, title or
 * border lines): returns 0 with out->size == 0 and out->consumed == len.
 * After an error about the text, out->consumed still moves past the problem
 * (to the end of its line or grid), so a reader of many puzzles can go on. */
int sudoku_parse(const char *text, size_t len, const sudoku_text_opts_t *opts,
                 sudoku_text_t *out, sudoku_error_t *err);
void sudoku_text_release(sudoku_text_t *t);

/* Print the N*N values (0 blank) in a style; `like` (may be NULL) supplies the
 * input's symbols and layout. snprintf-like: returns the full length; on an
 * error (SUDOKU_ESIZE, SUDOKU_EVALUE, SUDOKU_EALPHABET, DLX_EARG for NULL
 * values or buf, or an unknown style) a negative code, with buf set to "". */
int64_t sudoku_format(const sudoku_text_t *like, int32_t size, const uint8_t *values,
                      sudoku_style style, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
