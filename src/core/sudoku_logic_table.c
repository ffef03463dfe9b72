/* sudoku_logic_table.c: the one table of the explainer's techniques, in
 * the order of preference (include/sudoku.h's enum), each with its name and
 * its rating in tenths on Sudoku Explainer's scale. Where the scale has no
 * such technique, or splits one, docs/sudoku-logic.md says what is taken. */
#include "sudoku.h"

static const struct {
    const char *name;
    int rating;
} techniques[SUDOKU_TECHNIQUES] = {
    [SUDOKU_FULL_HOUSE] = {"Full house", 10},
    [SUDOKU_HIDDEN_SINGLE] = {"Hidden single", 15},
    [SUDOKU_NAKED_SINGLE] = {"Naked single", 23},
    [SUDOKU_POINTING] = {"Pointing", 26},
    [SUDOKU_CLAIMING] = {"Claiming", 28},
    [SUDOKU_NAKED_PAIR] = {"Naked pair", 30},
    [SUDOKU_X_WING] = {"X-wing", 32},
    [SUDOKU_HIDDEN_PAIR] = {"Hidden pair", 34},
    [SUDOKU_NAKED_TRIPLE] = {"Naked triple", 36},
    [SUDOKU_SWORDFISH] = {"Swordfish", 38},
    [SUDOKU_HIDDEN_TRIPLE] = {"Hidden triple", 40},
    [SUDOKU_XY_WING] = {"XY-wing", 42},
    [SUDOKU_XYZ_WING] = {"XYZ-wing", 44},
    [SUDOKU_NAKED_QUAD] = {"Naked quad", 50},
    [SUDOKU_JELLYFISH] = {"Jellyfish", 52},
    [SUDOKU_HIDDEN_QUAD] = {"Hidden quad", 54},
    [SUDOKU_COLOURING] = {"Simple colouring", 65},
    [SUDOKU_X_CHAIN] = {"X-chain", 66},
    [SUDOKU_XY_CHAIN] = {"XY-chain", 68},
    [SUDOKU_CONTRADICTION] = {"Forcing contradiction", 76},
    [SUDOKU_GUESS] = {"Guess", 110},
};

const char *sudoku_technique_name(int technique) {
    return technique >= 0 && technique < SUDOKU_TECHNIQUES ? techniques[technique].name : NULL;
}

int sudoku_technique_rating(int technique) {
    return technique >= 0 && technique < SUDOKU_TECHNIQUES ? techniques[technique].rating : -1;
}
