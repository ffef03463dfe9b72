// Puzzles laid out on a worksheet: blocks of N x N cells holding whole
// numbers and blanks, set apart from other numbers by empty cells or the
// sheet's edge. Numbers that touch (also diagonally) make an island; islands
// at most one empty row or column apart join (a sparse puzzle's clues),
// except that a full square (a puzzle, or two side by side) only joins what
// keeps it square. Row numbers or column numbers beside a grid are labels,
// not part of it. Each group is then a puzzle frame, or a block skipped with
// the reason.
import { key, address, columnNumber } from './cells.mjs'
import { defaultBox } from '../library.mjs'

const MAX_SIDE = 64

/** Sides found without --box: those whose default box is at least 2 x 2. */
export function autoSides () {
  const sides = []
  for (let n = 4; n <= MAX_SIDE; n++) if (defaultBox(n).boxRows >= 2) sides.push(n)
  return sides
}

/**
 * cells: from sheetCells(). sides: the allowed N. Returns
 * { frames: [{ top, left, n, grid }], skipped: [{ top, left, rows, cols, reason }] }.
 */
export function findBlocks (cells, sides) {
  const allowed = new Set(sides)
  let groups = islands(cells)
  groups = joinNear(groups, allowed)
  const frames = []
  const skipped = []
  for (const found of groups) {
    const g = withoutLabels(found, cells, allowed)
    const rows = g.bottom - g.top + 1
    const cols = g.right - g.left + 1
    if (rows < 2 || cols < 2) continue // a lone number or a line of them: not a puzzle, not worth a word
    const where = { top: g.top, left: g.left, rows, cols }
    const frame = frameFor(g, rows, cols, cells, allowed)
    if (frame.reason) { skipped.push({ ...where, reason: frame.reason }); continue }
    const read = readFrame(cells, frame)
    if (read.reason) skipped.push({ ...where, reason: read.reason })
    else frames.push({ ...frame, grid: read.grid })
  }
  return { frames, skipped }
}

/** Numbers and blank markers that touch, as groups with a bounding box. */
function islands (cells) {
  const numeric = [...cells.values()].filter((c) => c.kind === 'number' || c.kind === 'marker')
  const seen = new Set()
  const groups = []
  for (const start of numeric) {
    const k0 = key(start.row, start.col)
    if (seen.has(k0)) continue
    seen.add(k0)
    const g = { top: start.row, bottom: start.row, left: start.col, right: start.col }
    const stack = [start]
    while (stack.length) {
      const c = stack.pop()
      grow(g, c.row, c.col)
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          const k = key(c.row + dr, c.col + dc)
          const n = cells.get(k)
          if (n && !seen.has(k) && (n.kind === 'number' || n.kind === 'marker')) { seen.add(k); stack.push(n) }
        }
      }
    }
    groups.push(g)
  }
  return groups
}

function grow (g, row, col) {
  g.top = Math.min(g.top, row)
  g.bottom = Math.max(g.bottom, row)
  g.left = Math.min(g.left, col)
  g.right = Math.max(g.right, col)
}

const isFullSquare = (g, allowed) => g.bottom - g.top === g.right - g.left && allowed.has(g.bottom - g.top + 1)

/**
 * The group without its labels: a column of 1..N down its left or right
 * side, a row of 1..N along its top or bottom (both, meeting at a corner
 * that holds no number), around an N x N square of an allowed side. A grid
 * whose own edge reads 1..N is never cut: what remains must still be
 * square, with labels that count its rows or columns exactly.
 */
function withoutLabels (g, cells, allowed) {
  for (const [dl, dr, dt, db] of LABEL_CUTS) {
    const inner = { top: g.top + dt, bottom: g.bottom - db, left: g.left + dl, right: g.right - dr }
    const n = inner.bottom - inner.top + 1
    if (n !== inner.right - inner.left + 1 || !allowed.has(n)) continue
    const col = dl ? g.left : dr ? g.right : 0
    const row = dt ? g.top : db ? g.bottom : 0
    if (col && !countsUp(cells, n, (k) => [inner.top + k, col])) continue
    if (row && !countsUp(cells, n, (k) => [row, inner.left + k])) continue
    if (col && row && isNumeric(cells.get(key(row, col)))) continue
    return inner
  }
  return g
}

// Which edges to cut (left, right, top, bottom): one label line, then two.
const LABEL_CUTS = [[1, 0, 0, 0], [0, 0, 1, 0], [0, 1, 0, 0], [0, 0, 0, 1],
  [1, 0, 1, 0], [1, 0, 0, 1], [0, 1, 1, 0], [0, 1, 0, 1]]

const isNumeric = (cell) => cell !== undefined && (cell.kind === 'number' || cell.kind === 'marker')

/** The n cells at(0..n-1) hold 1, 2, ..., n. */
function countsUp (cells, n, at) {
  for (let k = 0; k < n; k++) {
    const cell = cells.get(key(...at(k)))
    if (!cell || cell.kind !== 'number' || cell.value !== k + 1) return false
  }
  return true
}

/**
 * Join groups at most one empty row or column apart (a sparse puzzle's
 * clues): again and again the first pair that may join (in the order the
 * groups were found), until none may. Done without trying every pair: only
 * groups under MAX_SIDE across can join, so each is filed under the small
 * tiles it touches and meets only the groups filed near it; the pairs that
 * may join wait in a queue, first pair first, and a pair is checked again
 * when it comes up (a group that grew meanwhile is looked at anew).
 */
export function joinNear (groups, allowed) {
  const alive = groups.map(() => true)
  const tiles = new Map()
  // Under every tile its box touches (a box only grows, so these hold the
  // earlier ones); `remove` takes a group that was joined into another out.
  const file = (i, remove = false) => {
    const g = groups[i]
    if (g.bottom - g.top >= MAX_SIDE || g.right - g.left >= MAX_SIDE) return // never joins
    for (let r = tileOf(g.top); r <= tileOf(g.bottom); r++) {
      for (let c = tileOf(g.left); c <= tileOf(g.right); c++) {
        const k = r * TILES + c
        if (remove) { tiles.get(k)?.delete(i); continue }
        if (!tiles.has(k)) tiles.set(k, new Set())
        tiles.get(k).add(i)
      }
    }
  }
  const queue = new PairQueue(groups.length)
  const offer = (i) => {
    const g = groups[i]
    if (g.bottom - g.top >= MAX_SIDE || g.right - g.left >= MAX_SIDE) return
    const seen = new Set()
    for (let r = tileOf(g.top - 2); r <= tileOf(g.bottom + 2); r++) {
      for (let c = tileOf(g.left - 2); c <= tileOf(g.right + 2); c++) {
        for (const j of tiles.get(r * TILES + c) ?? []) {
          if (j === i || !alive[j] || seen.has(j)) continue
          seen.add(j)
          if (joined(groups[i], groups[j], allowed)) queue.push(Math.min(i, j), Math.max(i, j))
        }
      }
    }
  }
  groups.forEach((_, i) => file(i))
  groups.forEach((_, i) => offer(i))
  for (let pair = queue.pop(); pair; pair = queue.pop()) {
    const [i, j] = pair
    if (!alive[i] || !alive[j]) continue
    const u = joined(groups[i], groups[j], allowed)
    if (!u) continue // one of them grew since: no longer a pair
    file(j, true)
    groups[i] = u
    alive[j] = false
    file(i)
    offer(i)
  }
  return groups.filter((_, i) => alive[i])
}

// Tiles of 8 x 8 cells: a group meets the few groups around it, not the
// hundreds a 64 x 64 tile of scattered numbers holds.
const TILE = 8
const TILES = 1 << 20
const tileOf = (x) => Math.floor(Math.max(x, 0) / TILE)

/** The union of two groups when they may join, else null. */
function joined (a, b, allowed) {
  const gapRows = Math.max(a.top, b.top) - Math.min(a.bottom, b.bottom) - 1
  const gapCols = Math.max(a.left, b.left) - Math.min(a.right, b.right) - 1
  if (gapRows > 1 || gapCols > 1) return null
  const u = { top: Math.min(a.top, b.top), bottom: Math.max(a.bottom, b.bottom), left: Math.min(a.left, b.left), right: Math.max(a.right, b.right) }
  if (u.bottom - u.top >= MAX_SIDE || u.right - u.left >= MAX_SIDE) return null
  // Overlapping boxes always join; a full square (a puzzle, or an
  // answer beside it) takes a neighbour only when they make a square.
  const overlap = gapRows < 0 && gapCols < 0
  if (!overlap && (isFullSquare(a, allowed) || isFullSquare(b, allowed)) && !isFullSquare(u, allowed)) return null
  return u
}

/** Pairs (i < j), smallest i first, then smallest j: a binary heap. */
class PairQueue {
  constructor (n) {
    this.n = n
    this.heap = []
  }

  push (i, j) {
    const h = this.heap
    h.push(i * this.n + j)
    for (let k = h.length - 1; k > 0;) {
      const up = (k - 1) >> 1
      if (h[up] <= h[k]) break
      ;[h[up], h[k]] = [h[k], h[up]]
      k = up
    }
  }

  pop () {
    const h = this.heap
    if (!h.length) return null
    const top = h[0]
    const last = h.pop()
    if (h.length) {
      h[0] = last
      for (let k = 0; ;) {
        const l = 2 * k + 1
        const r = l + 1
        let m = k
        if (l < h.length && h[l] < h[m]) m = l
        if (r < h.length && h[r] < h[m]) m = r
        if (m === k) break
        ;[h[m], h[k]] = [h[k], h[m]]
        k = m
      }
    }
    return [Math.floor(top / this.n), top % this.n]
  }
}

/**
 * The N x N frame of a group: its box when square, else the one frame that
 * completes it with empty cells (a puzzle with an empty first or last row
 * or column). { top, left, n } or { reason }.
 */
function frameFor (g, rows, cols, cells, allowed) {
  const n = Math.max(rows, cols)
  if (n > MAX_SIDE) return { reason: `a ${rows}x${cols} block of numbers is larger than a Sudoku (${MAX_SIDE}x${MAX_SIDE} at most)` }
  if (!allowed.has(n)) {
    if (rows === cols) return { reason: `a ${n}x${n} block: no Sudoku of side ${n} is looked for (--box RxC sets the shape)` }
    return { reason: `a ${rows}x${cols} block of numbers is not square` }
  }
  if (rows === cols) return { top: g.top, left: g.left, n }
  // Completing the square is for puzzles with an empty edge, not for tables.
  if (Math.min(rows, cols) < n - 2 || !holdsDigits(cells, g, n)) return { reason: `a ${rows}x${cols} block of numbers is not square` }
  const fits = []
  for (let top = g.bottom - n + 1; top <= g.top; top++) {
    for (let left = g.right - n + 1; left <= g.left; left++) {
      if (top >= 1 && left >= 1 && completes(cells, top, left, n, g)) fits.push({ top, left, n })
    }
  }
  if (fits.length === 1) return fits[0]
  if (!fits.length) return { reason: `a ${rows}x${cols} block of numbers is not square` }
  return { reason: `a ${rows}x${cols} block fits ${fits.length} frames of ${n}x${n} (${fits.map((f) => address(f.top, f.left)).join(', ')}...); name the range to say which` }
}

/** Every number of the group is a whole number 1..n (or a blank marker). */
function holdsDigits (cells, g, n) {
  for (let r = g.top; r <= g.bottom; r++) {
    for (let c = g.left; c <= g.right; c++) {
      const cell = cells.get(key(r, c))
      if (cell && cell.kind === 'number' && !(Number.isInteger(cell.value) && cell.value >= 1 && cell.value <= n)) return false
    }
  }
  return true
}

/** The frame's cells beyond the group are empty, and no number touches the frame. */
function completes (cells, top, left, n, g) {
  for (let r = top - 1; r <= top + n; r++) {
    for (let c = left - 1; c <= left + n; c++) {
      const inGroup = r >= g.top && r <= g.bottom && c >= g.left && c <= g.right
      if (inGroup) continue
      const cell = cells.get(key(r, c))
      const inside = r >= top && r < top + n && c >= left && c < left + n
      if (inside && cell) return false
      if (!inside && cell && cell.kind !== 'other') return false
    }
  }
  return true
}

/**
 * The frame's values: whole numbers 1..N and blanks (0), at least one
 * blank. { grid } or { reason }.
 */
export function readFrame (cells, { top, left, n }) {
  const grid = []
  let blanks = 0
  for (let r = 0; r < n; r++) {
    const row = []
    for (let c = 0; c < n; c++) {
      const cell = cells.get(key(top + r, left + c))
      const at = address(top + r, left + c)
      if (!cell || cell.kind === 'marker') { row.push(0); blanks++; continue }
      if (cell.kind === 'other') return { reason: `${at} holds something other than a number` }
      if (!(Number.isInteger(cell.value) && cell.value >= 1 && cell.value <= n)) {
        return { reason: `${at} holds ${cell.value}; a ${n}x${n} Sudoku takes whole numbers 1..${n}` }
      }
      row.push(cell.value)
    }
    grid.push(row)
  }
  if (!blanks) return { reason: `no empty cell: a filled ${n}x${n} grid, not a puzzle` }
  return { grid }
}

// ---- defined names (named ranges) that point at an N x N range: puzzles the
// workbook names itself, whatever the layout around them.

const REF = /^(?:'((?:[^']|'')+)'|([^'!]+))!\$?([A-Za-z]{1,3})\$?(\d+):\$?([A-Za-z]{1,3})\$?(\d+)$/

/**
 * [{ name, sheet, top, left, rows, cols }] for the defined names (from
 * xlsx-parts.mjs: { name, text }) that are one rectangular range. Only the
 * corners are read: a name over a whole sheet costs no more than any other.
 */
export function namedRanges (names) {
  const out = []
  for (const { name, text } of names) {
    if (!name || name.startsWith('_xlnm.')) continue // print areas, filters: Excel's own
    const m = REF.exec(text)
    if (!m) continue
    const sheet = m[1] !== undefined ? m[1].replace(/''/g, "'") : m[2]
    const [c1, r1, c2, r2] = [columnNumber(m[3]), +m[4], columnNumber(m[5]), +m[6]]
    out.push({ name, sheet, top: Math.min(r1, r2), left: Math.min(c1, c2), rows: Math.abs(r2 - r1) + 1, cols: Math.abs(c2 - c1) + 1 })
  }
  return out
}
