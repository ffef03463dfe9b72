// Jigsaw maps: random layouts for Generate, and the text form people read
// and paste (N lines of N piece letters, as `dlxkit sudoku --jigsaw FILE` takes).
const PIECE_NAMES = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A small seeded generator (mulberry32): the same seed gives the same layout. */
export function seededRandom (seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6D2B79F5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function neighbours (cell, n) {
  const r = Math.floor(cell / n)
  const c = cell % n
  const out = []
  if (r > 0) out.push(cell - n)
  if (r < n - 1) out.push(cell + n)
  if (c > 0) out.push(cell - 1)
  if (c < n - 1) out.push(cell + 1)
  return out
}

/** Whether the cells of piece p form one orthogonally connected region. */
function connected (map, p, n) {
  const start = map.indexOf(p)
  const seen = new Set([start])
  const todo = [start]
  while (todo.length) {
    for (const next of neighbours(todo.pop(), n)) {
      if (map[next] === p && !seen.has(next)) { seen.add(next); todo.push(next) }
    }
  }
  return seen.size === n
}

/**
 * A random jigsaw layout: start from the boxes, then again and again move a
 * cell of piece A into a neighbouring piece B and a cell of B that touches A
 * back into A, keeping every piece connected and of n cells.
 */
export function randomJigsaw (n, boxRows, boxCols, seed) {
  const random = seededRandom(seed)
  const pick = (list) => list[Math.floor(random() * list.length)]
  const boxesPerRow = n / boxCols
  const map = Array.from({ length: n * n }, (_, cell) =>
    Math.floor(Math.floor(cell / n) / boxRows) * boxesPerRow + Math.floor((cell % n) / boxCols))
  const wanted = n * n // enough exchanges to lose the box look
  for (let done = 0, tries = 0; done < wanted && tries < wanted * 40; tries++) {
    const a = Math.floor(random() * n * n)
    const pa = map[a]
    const touching = neighbours(a, n).filter((c) => map[c] !== pa)
    if (!touching.length) continue
    const pb = map[pick(touching)]
    const backs = []
    for (let c = 0; c < n * n; c++) {
      if (map[c] === pb && neighbours(c, n).some((d) => d !== a && map[d] === pa)) backs.push(c)
    }
    if (!backs.length) continue
    const b = pick(backs)
    map[a] = pb
    map[b] = pa
    if (connected(map, pa, n) && connected(map, pb, n)) done++
    else { map[a] = pa; map[b] = pb }
  }
  return map
}

/** A map as N lines of piece letters. */
export function formatJigsaw (map, n) {
  const lines = []
  for (let r = 0; r < n; r++) lines.push(map.slice(r * n, r * n + n).map((p) => PIECE_NAMES[p]).join(''))
  return lines.join('\n')
}

/**
 * Read a map: N lines of N piece names, one character per cell ("AAABBBCCC")
 * or names separated by blanks or commas. Pieces are numbered in order of
 * appearance. Throws an Error with a sentence a person can act on.
 */
export function parseJigsaw (text) {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))
  const rows = lines.map((l) => /[\s,]/.test(l) ? l.split(/[\s,]+/).filter(Boolean) : [...l])
  const n = rows.length
  if (n === 0) throw new Error('The jigsaw map is empty.')
  const bad = rows.findIndex((r) => r.length !== n)
  if (bad >= 0) throw new Error(`A jigsaw map needs ${n} lines of ${n} pieces; line ${bad + 1} has ${rows[bad].length}.`)
  const number = new Map()
  for (const name of rows.flat()) if (!number.has(name)) number.set(name, number.size)
  if (number.size !== n) throw new Error(`A ${n}×${n} jigsaw map needs ${n} different pieces; this one has ${number.size}.`)
  const map = rows.flat().map((name) => number.get(name))
  for (let p = 0; p < n; p++) {
    const cells = map.filter((q) => q === p).length
    if (cells !== n) throw new Error(`Piece ${[...number.keys()][p]} has ${cells} cells; every piece needs ${n}.`)
  }
  return { size: n, map }
}
