/* wasm/boundary.h: what the other boundary files (explain.c) need from
 * exports.c, which keeps the one last-error record. */
#ifndef DLXKIT_WASM_BOUNDARY_H
#define DLXKIT_WASM_BOUNDARY_H

#include <stdint.h>
#include "sudoku.h"

/* Record *e as the last error (dk_error()); its code. */
int32_t boundary_sudoku_error(const sudoku_error_t *e);

#endif
