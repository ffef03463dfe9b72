/* wasm/scratch.c: memory at a fixed address for the core, in both modules.
 * Algorithm M's one-word search (src/core/dlx_multi_bits.c) runs there on a
 * copy of its problem's block: an entry's address is then its index scaled
 * plus a constant, with no base for V8 to keep in a register and no add
 * for a table's offset (queens rows 1.07x in WebAssembly). The core keeps
 * nothing in it between calls (each copies in what it reads and back out
 * what it changed), and a module runs one call at a time; so dlx.h's "no
 * global state" holds, and the core itself has no mutable static. */
#include "../core/dlx_multi.h"

struct one_block dlx_wasm_one_scratch;
