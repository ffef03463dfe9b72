// What the benchmark runs and the goals it judges: data only, nothing here
// measures. Every figure in bench/RESULTS.md comes from one run of
// bench/run.mjs; no figure measured elsewhere belongs here.

/** The shared 9x9 sets (../shared/data/sudoku), solved and proved unique (limit 2). */
export const SUDOKU_SETS = ['17-clue', 'top1465', 'hardest1106']

/** Native 9x9 peers built by ../shared/peers/build.sh that share its harness driver. */
export const HARNESS_PEERS = ['tdoku', 'kudoku', 'jsolve', 'fast_solv_9r2']

/** Knuth's programs: DLX1 has no colors, DLX2 and SSXCC have. */
export const KNUTH_PEERS = [
  { id: 'dlx1', label: 'DLX1', colors: false },
  { id: 'dlx2', label: 'DLX2', colors: true },
  { id: 'ssxcc', label: 'SSXCC', colors: true }
]

/**
 * Exact cover, all solutions. A shared instance by its name, one in the
 * repository (`file`), or one that bench/colored.mjs writes (`generated`); `solutions` is the count known
 * independently of any solver, checked against every program's.
 */
export const INSTANCES = [
  { name: 'queens-13', solutions: 73712 },
  { name: 'langford-12', solutions: 216288 },
  { name: 'pentomino-5x12', solutions: 4040 },
  { name: 'pentomino-6x10', solutions: 9356 },
  { name: 'debruijn-2-5', solutions: 65536, generated: true, colored: true },
  // Over a second of CPU time (so the WASM goal applies to a colored row); its
  // count has no formula: the one the engine's tests check, which DLX2 and
  // SSXCC confirm in every bench run.
  { name: 'edge-matching-7x7', solutions: 8, file: 'tests/c/data/edge-matching-7x7.dlx', colored: true }
]

/** Hard random-hole Sudoku (issue 15): side, puzzles, blank fraction; 49 only when asked (HARD_SIZES). */
export const HARD = [
  { size: 16, puzzles: 10, blank: 0.6 },
  { size: 25, puzzles: 10, blank: 0.58 },
  { size: 36, puzzles: 6, blank: 0.6 },
  { size: 49, puzzles: 6, blank: 0.6, optional: true }
]

/** The issues' goals, as numbers the report judges rows against. */
export const GOALS = {
  overKnuth: 1.5, // issue 14: dlxkit native at least 1.5x SSXCC and 1.5x DLX2, every instance
  wasmOverNative: 0.9, // issue 14: WASM (load and parse included) / native, instances over one second
  wasmOverNativeFrom: 1, // seconds of native CPU time from which that goal applies
  wasmOverTdokuWasm: 0.8, // issue 16: WASM batch / tdoku.wasm
  callOverBatch: 0.9, // issue 16: one solve() call per puzzle / the batch
  nativeOverTdoku: 0.6, // issue 16: native / tdoku
  hardSeconds: 1, // issue 15: every hard puzzle up to 36x36 solved, each under 1 s, ahead of CaDiCaL
  hardSeconds49: 10 // issue 15: at 49x49, each under 10 s
}
