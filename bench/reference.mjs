// What the benchmark runs on and compares with: the shared sets and instances,
// and the reference figures of ../shared/data/README.md for the peers that
// cannot run here (native C, clang -O3 -march=native, measured on this
// project's machine kind). Data only; nothing here measures.

export const SUDOKU_SETS = ['17-clue', 'top1465', 'hardest1106']

export const INSTANCES = ['queens-12', 'queens-13', 'langford-11', 'langford-12', 'pentomino-5x12', 'pentomino-6x10']

/** Sudoku puzzles per second, solve and prove unique (limit 2). */
export const SUDOKU_PEERS = [
  { name: 'kudoku', kind: 'exact-cover matrix', rates: { '17-clue': 36400, top1465: 9730, hardest1106: 1130 } },
  { name: 'fast_solv_9r2', kind: 'exact-cover matrix', rates: { '17-clue': 33100, top1465: 7060, hardest1106: 950 } },
  { name: 'jsolve', kind: 'cell/bitset', rates: { '17-clue': 170000, top1465: 46500, hardest1106: 3950 } },
  { name: 'tdoku', kind: 'SIMD', rates: { '17-clue': 236000, top1465: 86600, hardest1106: 9740 } }
]

/** Knuth's DLX1, seconds for all solutions (only these four are given). */
export const DLX1_SECONDS = { 'queens-13': 0.33, 'langford-12': 0.57, 'pentomino-5x12': 4.8, 'pentomino-6x10': 7.8 }

/** The goals, as numbers the report checks rows against. */
export const GOALS = {
  nativeOverKudoku: 1.5,
  wasmOverNative: 0.7,
  overDancingLinks: 5,
  pentomino6x10Seconds: 10,
  pentomino6x10OverDancingLinks: 2
}
