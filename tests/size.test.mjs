// The WebAssembly module's budget, and no imports (it must instantiate with
// an empty import object, anywhere). The budget is a guard, raised only for a
// feature that pays for its bytes; what each raise bought is in
// docs/notes/WASM.md ("Module size"). `make build/wasm/names.wasm` builds a
// copy with function names to see where the bytes go.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

const WASM = new URL('../dist/dlxkit.wasm', import.meta.url)
// 131 KiB after the word rectangles' strike_run (session 37, +1 KiB); the
// explainer (session 37): 18,186 bytes, 8,048 gzipped; the memoized count
// with its bit-set choice (session 37): 5,919 bytes, 2,619 gzipped; the
// ZDD as a result (session 38): 4,942 bytes, 2,133 gzipped; difficulty by
// technique (session 38): 1,427 bytes, 575 gzipped; the memoized count at
// -O2 in slices, its choice over the open items, its kill sets by words
// (session 38, 1.85-2.06x faster): 446, 169, and with the ZDD's code in
// it (merged, one walk for count and ZDD) 1,213 and 433 more; Algorithm
// M's choice keys (session 38): 155, 113; where the estimate's probes
// meet, for the memo's rule, and end early there (session 38): 403 bytes;
// the sparse sets' solo runs (session 38): 253 bytes; 112 gzipped with both;
// those two as merged with the rest, 503 and 477 more; dlx_memo_share's
// export, so that the worker asks the engine's rule (session 38): 174, 92;
// the memo's rule under a node budget (session 39): 131, 73; jigsaw maps
// made by generate around a grid, and clues taken from a grid given
// (session 39: jigsaw + windoku generated, 64x64 jigsaw in 1-4 s):
// 3,393, 1,523; the 9x9 triads without tables (session 39): 275, 63; its
// board of the givens built at once (a quarter of an easy puzzle's time):
// 263, 247.
// the learning search's Luby unit of 200 from 49x49 on (session 39): 87, 48.
// colors in the memoized count and the ZDD (session 39): 3,644, 1,632.
// the memoized count with multiplicities, at -O2 (session 40: quota
// matrices 100x-1000x Algorithm M, pentominoes up to k times 3-6x): 7,919, 3,698.
// the sparse sets' color masks (session 40: word rectangles 1.3-1.7x faster
// natively and in WebAssembly): 1,622 bytes and 678 gzipped, of which the
// budget had room for all but 396 and 328; their counts without a return at
// each solution (session 40: words-3x4-8300 1.05x in WebAssembly): 69, 35.
// session 40, every branch merged: what each had room for on its own, now
// together: the ZDD in steps and the memo count's resume (502 bytes), Algorithm
// M's column spans (462), the 9x9 batch's clash answer (155), the sparse sets'
// color masks beyond their own room (156): 1,275 bytes, 533 gzipped; the memo
// with bounds building its tables a loop a function, so that V8 compiles none of
// it whole for its one call (tests/start-wasm.test.mjs): 139; one cache for both
// memos (memo_cache.h: the one with bounds now tests for a ZDD's room too) and
// one count of the options' entries (dlx_entry_count): 161, 30 gzipped.
// the ZDD of problems with bounds (session 41: the memo with bounds' walk
// keeps chains; random, nth and DLX6's text of quota matrices): 719, 434;
// its count resumed after a budget (a worker's slices, not rounds): 72, 5.
// the 9x9 givens' owners by SIMD compares (session 41: a clashing puzzle
// 1.28x, easy and minimal 1.12-1.14x natively): 6 bytes fewer, 51 gzipped.
// one-line puzzles' bytes turned into values by the module, not a JS loop
// (src/wasm/lines.c; the WASM batch of clashes 1.2-1.3x, invalid 1.08-1.1x): 245, 116.
// the memos' walks without the paths a row never takes (session 41, memowasm:
// V8 compiles smaller walks, memo rows 1.06-1.2x faster in WebAssembly), less
// the bounded memo's popcount loop kept scalar (185 bytes), and its primary
// items' tables as one (struct prim: 1.02-1.1x on its rows in WebAssembly): 65, 149.
// Session 41 (mwasm): Algorithm M's one-word tables in one block, run on a
// copy at a fixed address in WebAssembly, its counters kept there (queens
// rows 1.11-1.13x in WebAssembly, quota-6x6-3-2:4 on Algorithm M 1.20x;
// natively 1.14-1.20x): 1,232 bytes, 568 gzipped.
// Session 41 (cells2): the heap's calloc clears only memory handed out before
// (a jigsaw's sparse-set tables built in 42 ms, not 57: 6,300 page faults
// fewer): 12 bytes, 15 gzipped; the memo rule's search on the sparse sets
// going on after the estimate instead of starting over (jigsaw-20x20-small
// 1.17x faster; its two steps out of line): 170 bytes, 89 gzipped.
// Session 42: the bounded memo past 8,192 options (its kill read off the
// items' lists, its sets packed over their spans; the paths apart): 1,965
// bytes, 801 gzipped.
// Session 42 (oneline): solve()'s one crossing (dk_sudoku_solve_line: the
// line's values, the solve, the answer in its symbols; a clash's cells
// without its sentence, sudoku_find_clash): 632 bytes, 274 gzipped.
// Session 42 (band9): the 9x9 solver's triads, choice and placement with
// the nine digits as SIMD128 lanes (the WASM batch 1.14-1.54x on many, the
// hard sets and 17-clue): 851 bytes, 118 fewer gzipped.
// Session 42 (wasmload): the bit sets' tables built an option a function, and
// the probes' and a forced option's strike one function apart, so that V8 no
// longer compiles dlx_bits_ready (2,577 bytes), start_state and the probes whole
// for their one call: 259 bytes, 49 gzipped (on main with the rest of session 42).
// Session 42: the bounded memo's choice made twice, for its tables and its
// lists (a test a column cost the module's walk 5% on pento-5x8-k2): 460
// bytes, 61 gzipped.
// Session 43: the sparse memo's bytes count where each item's set starts: 3, 1;
// the clue removal's stop rule (a second solution no longer resets its count): 0, 15;
// the linked Sudoku matrix built without dlx_add_option's checks and restarts: 105, 71.
// Session 43 (batch): one-line puzzles' bytes turned into values and the
// answers into symbols 16 at a time (SIMD128 swizzles), the batch's lines
// solved in one crossing (dk_sudoku_solve_lines), the values checked 8 at a
// time (WASM batch of clashes 1.3-1.5x, easy 1.1-1.2x): 1,736 bytes, 784 gzipped.
// Session 44 (cands): a solve on the links searches a matrix of the puzzle's
// blanks alone (sudoku_blanks.c), candidates() by a scan: 1,303 bytes, 587 gzipped.
// Session 44 (parse): the DLX reader hashing a plain name as it scans it
// (a byte-class table, the hash kept per name), options linked without
// dlx_add_option's checks, room reserved after 256 options, and the sparse
// sets' build an option a function in WebAssembly (parse 1.8x, build 1.4x
// on jigsaw-20x20-small): 951 bytes, 270 gzipped.
// Session 46 (jigfill): a caller's jigsaw map filled from a pattern grid
// fitted to it, the pieces left wrong completed by the search
// (sudoku_jigfill.c; 64x64 fill 8-40 s native became 0.3-3 s): 2,419 bytes, 1,137 gzipped.
const BUDGET = 131 * 1024 + 18186 + 5919 + 4942 + 1427 + 446 + 1213 + 155 + 403 + 253 + 503 + 174 + 131 + 3393 + 275 + 263 + 87 + 3644 + 7919 + 396 + 69 + 1275 + 139 + 161 + 719 + 72 + 245 + 65 + 1232 + 182 + 1965 + 633 + 851 + 259 + 460 + 3 + 105 + 1736 + 1303 + 951 + 2419
const GZIP_BUDGET = 59 * 1024 + 8048 + 2619 + 2133 + 575 + 169 + 433 + 113 + 112 + 477 + 92 + 73 + 1523 + 63 + 247 + 48 + 1632 + 3698 + 328 + 35 + 533 + 30 + 434 + 5 + 51 + 116 + 149 + 568 + 104 + 801 + 274 + 49 + 61 + 1 + 15 + 71 + 784 + 587 + 270 + 1137

test(`dist/dlxkit.wasm is at most ${BUDGET.toLocaleString('en')} bytes`, () => {
  const size = readFileSync(WASM).length
  assert.ok(size <= BUDGET, `dist/dlxkit.wasm is ${size} bytes, ${size - BUDGET} over the budget of ${BUDGET}`)
})

test(`dist/dlxkit.wasm is at most ${GZIP_BUDGET.toLocaleString('en')} bytes gzipped`, () => {
  const size = gzipSync(readFileSync(WASM), { level: 9 }).length
  assert.ok(size <= GZIP_BUDGET, `gzipped it is ${size} bytes, ${size - GZIP_BUDGET} over the budget of ${GZIP_BUDGET}`)
})

test('dist/dlxkit.wasm has no imports', () => {
  const module = new WebAssembly.Module(readFileSync(WASM))
  assert.deepEqual(WebAssembly.Module.imports(module), [])
})
