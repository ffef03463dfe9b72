// Multiplicity instances (Knuth's DLX3 format: `lo:hi|item`, `hi|item` on
// primary items): the family that bench/multiplicity-run.mjs runs beside
// Knuth's DLX3 and SSMCC (make bench). The families: k queens on every row
// and column of an n x n board with at most k on each diagonal; a box
// packed with pentominoes of which each may be used up to k times; 0/1
// matrices with a quota of marks on each row and a range on each column.
import { writeRowFiles } from './row-files.mjs'

/** k queens per row and column of an n x n board, at most k per diagonal. */
export function kQueens (n, k) {
  const items = []
  for (let i = 0; i < n; i++) items.push(`${k}|r${i}`, `${k}|c${i}`)
  for (let s = 0; s < 2 * n - 1; s++) items.push(`0:${k}|a${s}`, `0:${k}|b${s}`)
  const lines = [items.join(' ')]
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) lines.push(`r${i} c${j} a${i + j} b${i - j + n - 1}`)
  return lines.join('\n') + '\n'
}

const PENTOMINOES = {
  F: ['.##', '##.', '.#.'], I: ['#####'], L: ['####', '#...'], N: ['###.', '..##'],
  P: ['###', '##.'], T: ['###', '.#.', '.#.'], U: ['#.#', '###'], V: ['#..', '#..', '###'],
  W: ['#..', '##.', '.##'], X: ['.#.', '###', '.#.'], Y: ['####', '.#..'], Z: ['##.', '.#.', '.##']
}

function shapes (rows) {
  let cells = []
  rows.forEach((row, y) => [...row].forEach((c, x) => { if (c === '#') cells.push([x, y]) }))
  const seen = new Map()
  for (let t = 0; t < 8; t++) {
    const norm = (cs) => {
      const mx = Math.min(...cs.map((c) => c[0])); const my = Math.min(...cs.map((c) => c[1]))
      return cs.map(([x, y]) => [x - mx, y - my]).sort((a, b) => a[1] - b[1] || a[0] - b[0])
    }
    const s = norm(cells)
    seen.set(JSON.stringify(s), s)
    cells = cells.map(([x, y]) => [y, -x]) // rotate
    if (t === 3) cells = cells.map(([x, y]) => [-x, y]) // then mirror
  }
  return [...seen.values()]
}

/** Every placement of the 12 pentominoes in a w x h box: { piece, index (0..11), cells ([x, y]) }. */
export function * pentominoPlacements (w, h) {
  const names = Object.keys(PENTOMINOES)
  for (const [index, piece] of names.entries()) {
    for (const s of shapes(PENTOMINOES[piece])) {
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const cells = s.map(([dx, dy]) => [x + dx, y + dy])
          if (cells.every(([a, b]) => a < w && b < h)) yield { piece, index, cells }
        }
      }
    }
  }
}

/** A w x h box packed with pentominoes, each used 0 to k times. */
export function pentominoCopies (w, h, k) {
  const items = Object.keys(PENTOMINOES).map((p) => `0:${k}|${p}`)
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) items.push(`${x}.${y}`)
  const lines = [items.join(' ')]
  for (const { piece, cells } of pentominoPlacements(w, h)) lines.push([piece, ...cells.map(([a, b]) => `${a}.${b}`)].join(' '))
  return lines.join('\n') + '\n'
}

/** r x c 0/1 matrices with `a` marks on each row and lo to hi on each column. */
export function quotas (r, c, a, lo, hi) {
  const items = []
  for (let i = 0; i < r; i++) items.push(`${a}|R${i}`)
  for (let j = 0; j < c; j++) items.push(`${lo}:${hi}|C${j}`)
  const lines = [items.join(' ')]
  for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) lines.push(`R${i} C${j}`)
  return lines.join('\n') + '\n'
}

/** C(n, k) as a bigint. */
function binom (n, k) {
  let b = 1n
  for (let j = 0; j < k; j++) b = b * BigInt(n - j) / BigInt(j + 1)
  return b
}

/**
 * The number of quotas(r, c, a, lo, hi) matrices, counted column by column
 * without the engine: rows are alike, so a state is how many rows hold
 * 0 .. a marks; a column takes x[v] rows holding v (v < a) in
 * prod C(h[v], x[v]) ways. A bigint.
 */
export function quotaCount (r, c, a, lo, hi) {
  let states = new Map([[JSON.stringify([r, ...Array(a).fill(0)]), 1n]])
  for (let j = 0; j < c; j++) {
    const next = new Map()
    for (const [key, ways] of states) {
      const h = JSON.parse(key)
      const pick = (v, x, taken, n) => {
        if (v === a) {
          if (taken < lo) return
          const k = JSON.stringify(h.map((m, u) => m - (u < a ? x[u] : 0) + (u > 0 ? x[u - 1] : 0)))
          next.set(k, (next.get(k) ?? 0n) + n)
          return
        }
        for (let t = 0; t <= h[v] && taken + t <= hi; t++) pick(v + 1, [...x, t], taken + t, n * binom(h[v], t))
      }
      pick(0, [], 0, ways)
    }
    states = next
  }
  return states.get(JSON.stringify([...Array(a).fill(0), r])) ?? 0n
}

/** The family of make bench (bench/multiplicity-run.mjs): sizes and k varied. */
export const ROWS = [
  { id: 'queens-7-k3', what: '3 queens per row and column of 7x7, at most 3 per diagonal', make: () => kQueens(7, 3) },
  { id: 'queens-8-k2', what: '2 queens per row and column of 8x8, at most 2 per diagonal', make: () => kQueens(8, 2) },
  { id: 'pento-4x10-k1', what: '4x10 box, each pentomino at most once', make: () => pentominoCopies(10, 4, 1) },
  { id: 'pento-5x6-k2', what: '5x6 box, each pentomino at most twice', make: () => pentominoCopies(6, 5, 2) },
  { id: 'pento-5x6-k3', what: '5x6 box, each pentomino at most 3 times', make: () => pentominoCopies(6, 5, 3) },
  { id: 'pento-5x7-k2', what: '5x7 box, each pentomino at most twice', make: () => pentominoCopies(7, 5, 2) },
  { id: 'pento-6x6-k2', what: '6x6 box, each pentomino at most twice (no solution)', make: () => pentominoCopies(6, 6, 2) },
  { id: 'pento-5x8-k2', what: '5x8 box, each pentomino at most twice (a pentomino row over a second natively)', make: () => pentominoCopies(8, 5, 2) },
  { id: 'quota-6x6-2-1:3', what: '6x6 0/1 matrices, 2 marks a row, 1 to 3 a column', make: () => quotas(6, 6, 2, 1, 3) },
  { id: 'quota-5x8-3-1:2', what: '5x8, 3 marks a row, 1 to 2 a column', make: () => quotas(5, 8, 3, 1, 2) },
  { id: 'quota-8x5-2-3:4', what: '8x5, 2 marks a row, 3 to 4 a column', make: () => quotas(8, 5, 2, 3, 4) },
  { id: 'quota-6x6-3-2:4', what: '6x6, 3 marks a row, 2 to 4 a column', make: () => quotas(6, 6, 3, 2, 4) },
  { id: 'quota-7x6-3-3:4', what: '7x6, 3 marks a row, 3 to 4 a column', make: () => quotas(7, 6, 3, 3, 4) }
]

/** Writes every row's DLX file into dir; the rows with their file and option count. */
export const writeRows = (dir = 'build/bench/multiplicity') => writeRowFiles(ROWS, dir)
