// Cost instances (Knuth's DLX5 format: `|n` after an option's items): the
// family that bench/costs-run.mjs runs beside Knuth's DLX5 (make bench).
// The families, each over sizes and seeds: n x n assignment problems with
// random costs (worker i does job j at cost c[i][j]); a box packed with the
// 12 pentominoes, each placement costing its piece's weight (a seeded
// order of 1..12) times its top row (heavy pieces low); a 9x9 Sudoku from a
// few givens, each digit placed costing a random amount.
import { writeRowFiles } from './row-files.mjs'
import { pentominoPlacements } from './multiplicity.mjs'

/** A reproducible generator of whole numbers below n. */
function rng (seed) {
  let s = seed >>> 0
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return Math.floor((s / 2 ** 32) * n)
  }
}

/** n workers, n jobs, random costs below `spread`. */
export function assignment (n, spread, seed) {
  const rand = rng(seed)
  const items = []
  for (let i = 0; i < n; i++) items.push(`w${i}`)
  for (let j = 0; j < n; j++) items.push(`j${j}`)
  const lines = [items.join(' ')]
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) lines.push(`w${i} j${j} |${rand(spread)}`)
  return lines.join('\n') + '\n'
}

/** The pieces' weights: 1..12 in order for seed 0, else shuffled by the seed. */
export function pieceWeights (seed) {
  const w = Array.from({ length: 12 }, (_, i) => i + 1)
  if (!seed) return w
  const rand = rng(seed)
  for (let i = w.length - 1; i > 0; i--) {
    const j = rand(i + 1)
    ;[w[i], w[j]] = [w[j], w[i]]
  }
  return w
}

/** A w x h box of the 12 pentominoes, a piece placed with top row y costing its weight * y. */
export function costedPentominoes (w, h, seed = 0) {
  const weight = pieceWeights(seed)
  const lines = []
  const names = new Set()
  for (const { piece, index, cells } of pentominoPlacements(w, h)) {
    names.add(piece)
    const top = Math.min(...cells.map(([, y]) => y))
    lines.push(`${[piece, ...cells.map(([x, y]) => `${x}.${y}`)].join(' ')} |${weight[index] * top}`)
  }
  const items = [...names]
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) items.push(`${x}.${y}`)
  return [items.join(' '), ...lines].join('\n') + '\n'
}

/** A 9x9 Sudoku with `givens` random givens of a fixed grid; digit d in a cell costs a random amount below `spread`. */
export function costedSudoku (givens, spread, seed) {
  const rand = rng(seed)
  const grid = (r, c) => ((r * 3 + Math.floor(r / 3) + c) % 9) + 1 // a valid grid
  const given = new Map()
  while (given.size < givens) {
    const cell = rand(81)
    given.set(cell, grid(Math.floor(cell / 9), cell % 9))
  }
  const items = []
  for (let r = 0; r < 9; r++) for (let c = 0; c < 9; c++) items.push(`p${r}${c}`)
  for (let u = 0; u < 9; u++) for (let d = 1; d <= 9; d++) items.push(`r${u}${d}`, `c${u}${d}`, `b${u}${d}`)
  const lines = [items.join(' ')]
  for (let r = 0; r < 9; r++) {
    for (let c = 0; c < 9; c++) {
      for (let d = 1; d <= 9; d++) {
        const cost = rand(spread)
        const g = given.get(r * 9 + c)
        if (g !== undefined && g !== d) continue
        lines.push(`p${r}${c} r${r}${d} c${c}${d} b${3 * Math.floor(r / 3) + Math.floor(c / 3)}${d} |${cost}`)
      }
    }
  }
  return lines.join('\n') + '\n'
}

const assign = (n, seed, k = 1) => ({
  id: `assign-${n}-s${seed}${k > 1 ? `-k${k}` : ''}`, k, what: `${n} x ${n} assignment, costs below 1000`, make: () => assignment(n, 1000, seed)
})
const pento = (w, h, seed, k = 1) => ({
  id: `pento-${h}x${w}-s${seed}${k > 1 ? `-k${k}` : ''}`, k, what: `${h} x ${w} box, weights ${pieceWeights(seed).join(',')}`, make: () => costedPentominoes(w, h, seed)
})
const sudoku = (givens, seed, k = 1) => ({
  id: `sudoku-${givens}-s${seed}${k > 1 ? `-k${k}` : ''}`, k, what: `${givens} givens, digit costs below 10`, make: () => costedSudoku(givens, 10, seed)
})

/** The family of make bench (bench/costs-run.mjs): sizes, seeds and k varied. */
export const ROWS = [
  assign(40, 7), assign(48, 1), assign(52, 3), assign(56, 1), assign(58, 6), assign(50, 8, 10),
  pento(10, 6, 0), pento(10, 6, 1), pento(12, 5, 0), pento(12, 5, 2), pento(15, 4, 3), pento(10, 6, 4, 10),
  sudoku(18, 18), sudoku(17, 5), sudoku(16, 16), sudoku(17, 9), sudoku(20, 3, 10)
]

/** Writes every row's DLX file into dir; the rows with their file and option count. */
export const writeRows = (dir = 'build/bench/costs') => writeRowFiles(ROWS, dir)
