// A picture of an exact-cover solution when its item names say what they
// are: cells "x.y" (polyomino packings), rows rN and columns cN (queens), or
// values vK at positions sN (Langford pairs). Other problems get none.

const CELL = /^(\d+)\.(\d+)$/

function numbered (items, prefix) {
  for (const item of items) {
    const m = new RegExp(`^${prefix}(\\d+)$`).exec(item)
    if (m) return Number(m[1])
  }
  return -1
}

function box (className, text = '') {
  const el = document.createElement('div')
  el.className = className
  el.textContent = text
  return el
}

/** Pieces in a box: each option's cells, coloured and labelled by its other item. */
function drawCells (container, options) {
  const placed = []
  let width = 0
  let height = 0
  for (const items of options) {
    const cells = items.map((i) => CELL.exec(i)).filter(Boolean).map((m) => [Number(m[1]), Number(m[2])])
    if (!cells.length) return false
    const label = items.find((i) => !CELL.test(i)) ?? ''
    for (const [x, y] of cells) { width = Math.max(width, x + 1); height = Math.max(height, y + 1) }
    placed.push({ cells, label })
  }
  // A tall box lies on its side: pictures read better wide.
  const turn = height > width
  const [w, h] = turn ? [height, width] : [width, height]
  const grid = box('cover-grid')
  grid.style.setProperty('--cols', w)
  const squares = Array.from({ length: w * h }, () => box('square'))
  const labels = [...new Set(placed.map((p) => p.label))].sort()
  for (const { cells, label } of placed) {
    const hue = Math.round((labels.indexOf(label) * 360) / Math.max(labels.length, 1))
    for (const [x, y] of cells) {
      const [col, row] = turn ? [y, x] : [x, y]
      const square = squares[row * w + col]
      square.textContent = label
      square.style.setProperty('--hue', hue)
      square.classList.add('filled')
    }
  }
  grid.append(...squares)
  grid.setAttribute('role', 'img')
  grid.setAttribute('aria-label', `${placed.length} pieces in a ${width} by ${height} box`)
  container.replaceChildren(grid)
  return true
}

/** Queens on a chessboard. */
function drawQueens (container, options) {
  const n = options.length
  const queens = options.map((items) => [numbered(items, 'r'), numbered(items, 'c')])
  if (queens.some(([r, c]) => r < 0 || c < 0 || r >= n || c >= n)) return false
  const grid = box('cover-grid chess')
  grid.style.setProperty('--cols', n)
  const squares = Array.from({ length: n * n }, (_, i) => box((Math.floor(i / n) + i) % 2 ? 'square dark' : 'square'))
  for (const [r, c] of queens) squares[r * n + c].textContent = '♛'
  grid.append(...squares)
  grid.setAttribute('role', 'img')
  grid.setAttribute('aria-label', `${n} queens at ${queens.map(([r, c]) => `row ${r + 1} column ${c + 1}`).join(', ')}`)
  container.replaceChildren(grid)
  return true
}

/** Langford pairs as the sequence they make. */
function drawSequence (container, options) {
  const sequence = []
  for (const items of options) {
    const value = numbered(items, 'v')
    const places = items.map((i) => /^s(\d+)$/.exec(i)).filter(Boolean).map((m) => Number(m[1]))
    if (value < 0 || places.length !== 2) return false
    for (const p of places) sequence[p - 1] = value
  }
  const row = box('cover-grid sequence')
  row.style.setProperty('--cols', sequence.length)
  row.append(...Array.from(sequence, (v) => box('square filled', String(v ?? ''))))
  for (const square of row.children) square.style.setProperty('--hue', (Number(square.textContent) * 47) % 360)
  row.setAttribute('role', 'img')
  row.setAttribute('aria-label', `the sequence ${sequence.join(' ')}`)
  container.replaceChildren(row)
  return true
}

/**
 * Draw a solution given as its options' item names (colors already
 * stripped). Returns whether a picture was drawn; the container is emptied if not.
 */
export function drawSolution (container, options) {
  if (!options.length) { container.replaceChildren(); return false }
  const all = options.flat()
  let drawn = false
  if (all.some((i) => CELL.test(i))) drawn = drawCells(container, options)
  else if (options.every((items) => numbered(items, 'r') >= 0 && numbered(items, 'c') >= 0)) drawn = drawQueens(container, options)
  else if (options.every((items) => numbered(items, 'v') >= 0)) drawn = drawSequence(container, options)
  if (!drawn) container.replaceChildren()
  return drawn
}
