/* sudoku_logic_text.c: the explainer's sentences. Cells as "r3c5" and
 * houses as "row 3", "column 5", "box 2" (or "piece 2" of a jigsaw), "the
 * main diagonal", "the anti-diagonal", "window 1", "region 1" (the
 * caller's extra regions), all counted from 1 as a person counts them. A
 * sentence longer than the buffer is cut with "...". */
#include <stdarg.h>
#include <string.h>

#include "format.h"
#include "sudoku_logic.h"

void logic_say(logic_t *e, const char *fmt, ...) {
    size_t left = LOGIC_TEXT_CAP - e->text_len;
    if (left <= 4) return;
    va_list ap;
    va_start(ap, fmt);
    int k = fmt_vsnprintf(e->text + e->text_len, left - 4, fmt, ap);
    va_end(ap);
    if (k < 0) return;
    if ((size_t)k >= left - 4) { /* cut: end it visibly */
        e->text_len = LOGIC_TEXT_CAP - 4;
        memcpy(e->text + e->text_len, "...", 4);
        e->text_len = LOGIC_TEXT_CAP - 1;
        return;
    }
    e->text_len += (size_t)k;
}

void logic_say_cell(logic_t *e, int32_t c) { logic_say(e, "r%dc%d", c / e->n + 1, c % e->n + 1); }

void logic_say_cells(logic_t *e, const int32_t *c, int32_t k) {
    for (int32_t i = 0; i < k; i++) {
        if (i) logic_say(e, ", ");
        logic_say_cell(e, c[i]);
    }
}

void logic_say_house(logic_t *e, int32_t h) {
    int32_t n = e->n;
    if (h < n) {
        logic_say(e, "row %d", h + 1);
        return;
    }
    if (h < 2 * n) { logic_say(e, "column %d", h - n + 1); return; }
    if (h < 3 * n) { logic_say(e, "%s %d", e->boxes_jigsaw ? "piece" : "box", h - 2 * n + 1); return; }
    h -= 3 * n;
    if (h < e->x_diagonals) { logic_say(e, "the %s", h ? "anti-diagonal" : "main diagonal"); return; }
    h -= e->x_diagonals;
    if (h < e->windows) { logic_say(e, "window %d", h + 1); return; }
    logic_say(e, "region %d", h - e->windows + 1);
}

void logic_say_digits(logic_t *e, uint64_t mask) {
    logic_say(e, "{");
    for (int first = 1; mask; mask &= mask - 1, first = 0)
        logic_say(e, first ? "%d" : ",%d", logic_low_digit(mask));
    logic_say(e, "}");
}

/* ": removes 3 from r1c5, r1c6 and 8 from r1c9." grouped by digit, in the
 * order the technique found them. */
void logic_say_effect(logic_t *e) {
    uint64_t said = 0;
    logic_say(e, ": removes ");
    for (int32_t i = 0; i < e->n_removed; i++) {
        int32_t d = e->removed[i].digit;
        if (said >> (d - 1) & 1) continue;
        if (said) logic_say(e, " and ");
        said |= 1ull << (d - 1);
        logic_say(e, "%d from ", d);
        int first = 1;
        for (int32_t j = i; j < e->n_removed; j++)
            if (e->removed[j].digit == d) {
                if (!first) logic_say(e, ", ");
                logic_say_cell(e, e->removed[j].cell);
                first = 0;
            }
    }
    logic_say(e, ".");
}
