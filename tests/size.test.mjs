// The WebAssembly module's budget: at most 96 KiB, 44 KiB gzipped, and no
// imports (it must instantiate with an empty import object, anywhere). It
// was 56 and 24 KiB until the bit-set search (2-4x faster exact cover) and
// the 9x9 solver (2.5x faster 9x9) came in, then 64 and 28 KiB until the 9x9
// solver was unrolled at -O3 (23% faster on hardest1106 in WASM), Knuth's
// estimate came in for balanced shards and restarts for hard grids; 32 KiB
// gzipped until the windoku construction (25x25 to 64x64 windoku generated)
// and pairs in the restarts' inference (36x36 solved twice as fast), 33 KiB
// until the X and X + windoku constructions (25x25 to 64x64 generated in
// seconds; the search found no X + windoku above 16x16), 72 and 34 KiB
// until the bit-set search's SIMD strike (edge-matching in WASM 0.87 -> 0.91x
// native) and the restarts' SIMD item choice (49x49 20% faster), 76 and 35
// KiB until the bit-set search's copy of its own for the unrolled rows
// (pentomino-6x10 WASM 24% faster, while queens-13 and langford-12 keep
// their speed: with the rows in one copy they ran 3-5% slower), 78 and 36
// KiB until clause learning came in for Sudoku's hard tails (49x49
// random-hole: 11 -> 24 of 24 solved in 10 s natively, 36x36 median 6x
// faster) and for the generator's fill of jigsaw shapes (a 25x25 jigsaw the
// linked search did not fill in 10 s: 0.1 to 1.5 s); docs/notes/CDCL.md: 10.8
// KiB, 4.8 gzipped; 89 and 41 KiB until multiplicities (Knuth's DLX3:
// Algorithm M and the `lo:hi|item` syntax, 5.8 KiB, 2.4 gzipped; its search
// at -O2, 1.4 KiB more, runs at 0.96x native instead of 0.75x). tdoku's
// module alone, 9x9 only, is 45,816 bytes; 41 KiB is still less than one
// photo on a page. `make dist` rebuilds
// it; `make build/wasm/names.wasm` builds a copy with function names to see
// where the bytes go.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

const WASM = new URL('../dist/dlxkit.wasm', import.meta.url)
const BUDGET = 96 * 1024
const GZIP_BUDGET = 44 * 1024

test('dist/dlxkit.wasm is at most 96 KiB (98,304 bytes)', () => {
  const size = readFileSync(WASM).length
  assert.ok(size <= BUDGET, `dist/dlxkit.wasm is ${size} bytes, ${size - BUDGET} over the budget of ${BUDGET}`)
})

test('dist/dlxkit.wasm is at most 44 KiB (45,056 bytes) gzipped', () => {
  const size = gzipSync(readFileSync(WASM), { level: 9 }).length
  assert.ok(size <= GZIP_BUDGET, `gzipped it is ${size} bytes, ${size - GZIP_BUDGET} over the budget of ${GZIP_BUDGET}`)
})

test('dist/dlxkit.wasm has no imports', () => {
  const module = new WebAssembly.Module(readFileSync(WASM))
  assert.deepEqual(WebAssembly.Module.imports(module), [])
})
