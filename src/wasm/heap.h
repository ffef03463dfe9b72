/* wasm/heap.h: what the boundary's exports need from heap.c, the C library
 * of both WebAssembly modules (malloc and the rest keep their standard
 * declarations). */
#ifndef DLXKIT_WASM_HEAP_H
#define DLXKIT_WASM_HEAP_H

#include <stdint.h>

/* Let the heap grow the linear memory up to `bytes` (0: as far as wasm32
 * goes); memory already in use stays. */
void heap_set_cap(uintptr_t bytes);
uintptr_t heap_cap(void); /* the cap set (0: none) */

/* Forget every block: the heap starts over empty. For the Typst plugin,
 * whose calls must share nothing; the memory it grew to stays. */
void heap_reset(void);

#endif
