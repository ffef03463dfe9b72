/* sudoku_logic_table.c: the one table of the explainer's techniques, in
 * the order of preference (include/sudoku.h's enum), each with its name,
 * its finder and its rating in tenths on Sudoku Explainer's scale. Where
 * the scale has no such technique, or splits one, docs/sudoku-logic.md
 * says what is taken. */
#include "sudoku_logic.h"

static const struct {
    const char *name;
    int rating;
    logic_find_fn *find; /* NULL: the guess, the driver's own */
    int k;
} techniques[SUDOKU_TECHNIQUES] = {
    [SUDOKU_FULL_HOUSE] = {"Full house", 10, logic_full_house, 0},
    [SUDOKU_HIDDEN_SINGLE] = {"Hidden single", 15, logic_hidden_single, 0},
    [SUDOKU_NAKED_SINGLE] = {"Naked single", 23, logic_naked_single, 0},
    [SUDOKU_POINTING] = {"Pointing", 26, logic_locked, 0},
    [SUDOKU_CLAIMING] = {"Claiming", 28, logic_locked, 1},
    [SUDOKU_NAKED_PAIR] = {"Naked pair", 30, logic_naked_subset, 2},
    [SUDOKU_X_WING] = {"X-wing", 32, logic_fish, 2},
    [SUDOKU_HIDDEN_PAIR] = {"Hidden pair", 34, logic_hidden_subset, 2},
    [SUDOKU_NAKED_TRIPLE] = {"Naked triple", 36, logic_naked_subset, 3},
    [SUDOKU_SWORDFISH] = {"Swordfish", 38, logic_fish, 3},
    [SUDOKU_HIDDEN_TRIPLE] = {"Hidden triple", 40, logic_hidden_subset, 3},
    [SUDOKU_XY_WING] = {"XY-wing", 42, logic_wing, 0},
    [SUDOKU_XYZ_WING] = {"XYZ-wing", 44, logic_wing, 1},
    [SUDOKU_NAKED_QUAD] = {"Naked quad", 50, logic_naked_subset, 4},
    [SUDOKU_JELLYFISH] = {"Jellyfish", 52, logic_fish, 4},
    [SUDOKU_HIDDEN_QUAD] = {"Hidden quad", 54, logic_hidden_subset, 4},
    [SUDOKU_COLOURING] = {"Simple colouring", 65, logic_colouring, 0},
    [SUDOKU_X_CHAIN] = {"X-chain", 66, logic_x_chain, 0},
    [SUDOKU_XY_CHAIN] = {"XY-chain", 68, logic_xy_chain, 0},
    [SUDOKU_CONTRADICTION] = {"Forcing contradiction", 76, logic_contradiction, 0},
    [SUDOKU_GUESS] = {"Guess", 110, NULL, 0},
};

const char *sudoku_technique_name(int technique) {
    return technique >= 0 && technique < SUDOKU_TECHNIQUES ? techniques[technique].name : NULL;
}

int sudoku_technique_rating(int technique) {
    return technique >= 0 && technique < SUDOKU_TECHNIQUES ? techniques[technique].rating : -1;
}

int logic_find(logic_t *e, int technique) {
    e->technique = technique, e->name = techniques[technique].name;
    return techniques[technique].find ? techniques[technique].find(e, techniques[technique].k) : 0;
}

/* The levels of difficulty by technique: each the ratings above the
 * previous level's top up to its own (tenths), so that every level holds
 * techniques of the table above (docs/sudoku-logic.md says how they sit on
 * Sudoku Explainer's scale). */
static const struct {
    const char *name;
    int top;
} levels[SUDOKU_DIFFICULTIES] = {
    [SUDOKU_DIFFICULTY_EASY] = {"easy", 28},             /* singles, pointing, claiming */
    [SUDOKU_DIFFICULTY_MEDIUM] = {"medium", 40},         /* pairs, triples, X-wing, swordfish */
    [SUDOKU_DIFFICULTY_HARD] = {"hard", 60},             /* wings, quads, jellyfish */
    [SUDOKU_DIFFICULTY_FIENDISH] = {"fiendish", 75},     /* colouring, X- and XY-chains */
    [SUDOKU_DIFFICULTY_DIABOLICAL] = {"diabolical", 109}, /* the forcing step */
    [SUDOKU_DIFFICULTY_BEYOND] = {"beyond", 110},        /* a guess: past every technique */
};

const char *sudoku_difficulty_name(int difficulty) {
    return difficulty >= SUDOKU_DIFFICULTY_EASY && difficulty < SUDOKU_DIFFICULTIES ? levels[difficulty].name : NULL;
}

int sudoku_difficulty_top(int difficulty) {
    return difficulty >= SUDOKU_DIFFICULTY_EASY && difficulty < SUDOKU_DIFFICULTIES ? levels[difficulty].top : -1;
}

int sudoku_difficulty_of(int rating) {
    if (rating < techniques[0].rating) return 0;
    int d = SUDOKU_DIFFICULTY_EASY;
    while (d < SUDOKU_DIFFICULTY_BEYOND && rating > levels[d].top) d++;
    return d;
}
