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

/** The cells next to cell c (edge to edge). */
function neighbours (n, c) {
  return [c - n, c + n, c % n ? c - 1 : -1, (c + 1) % n ? c + 1 : -1].filter((d) => d >= 0 && d < n * n)
}

/** Whether the piece of cell `start` has `size` cells reachable from it edge to edge. */
function connected (map, n, start, size) {
  const seen = new Set([start])
  for (const stack = [start]; stack.length;) {
    for (const d of neighbours(n, stack.pop())) if (map[d] === map[start] && !seen.has(d)) seen.add(d), stack.push(d)
  }
  return seen.size === size
}

/**
 * A jigsaw map: the b x b boxes reshaped by trades between neighbouring
 * pieces (a cell goes from A to its neighbour B, then a cell of B next to
 * A comes back; each piece keeps its n cells in one piece), the same every
 * time. xorshift32 is exact in doubles (an LCG here overflowed 2^53 and
 * lost its low bits, so most trades repeated a few cells).
 */
export function jigsawMap (n = 25, b = 5, trades = 50) {
  const map = Array.from({ length: n * n }, (_, c) => Math.floor(c / n / b) * b + Math.floor((c % n) / b))
  let s = 42
  const random = () => { s ^= s << 13; s ^= s >>> 17; s ^= s << 5; return s >>> 0 }
  for (let k = 0; k < trades; k++) {
    const a = random() % (n * n)
    const around = neighbours(n, a).filter((d) => map[d] !== map[a])
    if (!around.length) continue
    const pa = map[a], pb = map[around[random() % around.length]]
    map[a] = pb
    const rest = neighbours(n, a).find((d) => map[d] === pa)
    let traded = false
    if (rest !== undefined && connected(map, n, rest, n - 1)) {
      const back = []
      for (let c = 0; c < n * n; c++) if (map[c] === pb && c !== a && neighbours(n, c).some((d) => map[d] === pa)) back.push(c)
      while (back.length && !traded) {
        const c = back.splice(random() % back.length, 1)[0]
        map[c] = pa
        traded = connected(map, n, a, n)
        if (!traded) map[c] = pb
      }
    }
    if (!traded) map[a] = pa
  }
  return map
}

/** The disjoint groups (extra regions): for each position inside a box, the cells at that position in every box. */
export function disjointGroups (n, boxRows = Math.round(Math.sqrt(n)), boxCols = n / boxRows) {
  return Array.from({ length: n }, (_, k) => Array.from({ length: n }, (_, b) =>
    (Math.floor(b / boxRows) * boxRows + Math.floor(k / boxCols)) * n + (b % boxRows) * boxCols + (k % boxCols)))
}
