// The units of a Sudoku shape as lists of cells, written independently of
// the library (src/core/sudoku.c) so that a test or a bench script can check
// a grid it was given: rows, columns, boxes (or jigsaw pieces), windoku
// windows and diagonals; the disjoint groups as extra regions. Used by
// tests/generate-big.test.mjs, bench/generate-windoku.mjs and
// bench/generate-variants.mjs.

/**
 * n: the side. boxRows x boxCols boxes (default: square), or `jigsaw` (a
 * piece number per cell); `windoku`: the boxRows x boxCols windows one cell
 * in from the edges and one apart; `x`: both diagonals.
 */
export function unitsOf (n, { boxRows = Math.round(Math.sqrt(n)), boxCols = n / boxRows, jigsaw = null, windoku = false, x = false } = {}) {
  const line = (f) => Array.from({ length: n }, (_, k) => f(k))
  const units = []
  for (let u = 0; u < n; u++) {
    units.push(line((k) => u * n + k), line((k) => k * n + u))
    const r0 = Math.floor(u / boxRows) * boxRows, c0 = (u % boxRows) * boxCols
    units.push(jigsaw ? jigsaw.flatMap((piece, c) => piece === u ? [c] : []) : line((k) => (r0 + Math.floor(k / boxCols)) * n + c0 + (k % boxCols)))
  }
  if (windoku) {
    for (let r0 = 1; r0 + boxRows <= n; r0 += boxRows + 1) {
      for (let c0 = 1; c0 + boxCols <= n; c0 += boxCols + 1) units.push(line((k) => (r0 + Math.floor(k / boxCols)) * n + c0 + (k % boxCols)))
    }
  }
  if (x) units.push(line((k) => k * n + k), line((k) => k * n + n - 1 - k))
  return units
}

/** A jigsaw map: the b x b boxes with cells swapped between neighbours (each piece keeps its n cells), the same every time. */
export function jigsawMap (n = 25, b = 5, swaps = 400) {
  const map = Array.from({ length: n * n }, (_, c) => Math.floor(c / n / b) * b + Math.floor((c % n) / b))
  let s = 42
  const random = () => { s = (s * 1103515245 + 12345) % 2147483648; return s }
  for (let k = 0; k < swaps; k++) {
    const a = random() % (n * n)
    const other = random() % 2 ? a + 1 : a + n
    if (other >= n * n || (other === a + 1 && other % n === 0)) continue
    ;[map[a], map[other]] = [map[other], map[a]]
  }
  return map
}

/** The disjoint groups (extra regions): for each position inside a box, the cells at that position in every box. */
export function disjointGroups (n, boxRows = Math.round(Math.sqrt(n)), boxCols = n / boxRows) {
  return Array.from({ length: n }, (_, k) => Array.from({ length: n }, (_, b) =>
    (Math.floor(b / boxRows) * boxRows + Math.floor(k / boxCols)) * n + (b % boxRows) * boxCols + (k % boxCols)))
}
