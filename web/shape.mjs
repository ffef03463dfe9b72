// The geometry of a Sudoku: side, boxes (or jigsaw pieces), X diagonals and
// windoku windows. The board draws from it, clash detection checks its units,
// and apiOptions() says the same thing to dlxkit.
import { defaultBox } from 'dlxkit' // the page's import map; the extension's build points it at its copy

/** The library's default symbols: 1-9, then letters (a 16x16 uses 1-9A-G). */
export const SYMBOLS = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** Sides offered in the size menu (a pasted puzzle may bring another). */
export const SIZES = [4, 6, 8, 9, 10, 12, 15, 16, 20, 25]
export const MIN_SIZE = 4
export const MAX_SIZE = 25

/** The cells as one line of symbols ('.' for empty), the most portable form. */
export function formatPuzzleLine (cells) {
  return Array.from(cells, (v) => v ? SYMBOLS[v - 1] : '.').join('')
}

/** The library's default box for side n (needs no module: the C header's table). */
export { defaultBox }

export class Shape {
  /**
   * size: the side; boxRows x boxCols: the boxes (default: defaultBox);
   * x, windoku: the variants; jigsaw: n*n piece numbers 0..n-1 replacing the boxes.
   */
  constructor ({ size = 9, boxRows, boxCols, x = false, windoku = false, jigsaw = null } = {}) {
    const box = boxRows && boxCols ? { boxRows, boxCols } : defaultBox(size)
    this.size = size
    this.boxRows = box.boxRows
    this.boxCols = box.boxCols
    this.x = x
    this.windoku = windoku
    this.jigsaw = jigsaw && jigsaw.length === size * size ? Array.from(jigsaw) : null
    this.cellCount = size * size
    this._units = null
  }

  /** A copy with some fields changed. */
  with (changes) {
    return new Shape({
      size: this.size, boxRows: this.boxRows, boxCols: this.boxCols,
      x: this.x, windoku: this.windoku, jigsaw: this.jigsaw, ...changes
    })
  }

  symbol (value) { return value ? SYMBOLS[value - 1] : '' }

  /** The digit a typed key means (case-insensitive letters when they are unambiguous), or 0. */
  valueOfKey (key) {
    if (key.length !== 1) return 0
    let v = SYMBOLS.indexOf(key) + 1
    if ((!v || v > this.size) && this.size <= 35) v = SYMBOLS.indexOf(key.toUpperCase()) + 1
    return v >= 1 && v <= this.size ? v : 0
  }

  /** The box or jigsaw piece of a cell. */
  piece (cell) {
    if (this.jigsaw) return this.jigsaw[cell]
    const row = Math.floor(cell / this.size)
    const col = cell % this.size
    const boxesPerRow = this.size / this.boxCols
    return Math.floor(row / this.boxRows) * boxesPerRow + Math.floor(col / this.boxCols)
  }

  onDiagonal (cell) {
    const row = Math.floor(cell / this.size)
    const col = cell % this.size
    return row === col || row + col === this.size - 1
  }

  /** The windoku windows as the library builds them: boxes one cell in from each box corner. */
  windows () {
    const n = this.size
    const out = []
    for (let r0 = 1; r0 + this.boxRows <= n; r0 += this.boxRows + 1) {
      for (let c0 = 1; c0 + this.boxCols <= n; c0 += this.boxCols + 1) {
        const cells = []
        for (let r = r0; r < r0 + this.boxRows; r++) for (let c = c0; c < c0 + this.boxCols; c++) cells.push(r * n + c)
        out.push(cells)
      }
    }
    return out
  }

  /** Every group of cells that must hold each digit once. */
  units () {
    if (this._units) return this._units
    const n = this.size
    const units = []
    const pieces = Array.from({ length: n }, () => [])
    for (let i = 0; i < n; i++) {
      units.push(Array.from({ length: n }, (_, k) => i * n + k))
      units.push(Array.from({ length: n }, (_, k) => k * n + i))
    }
    for (let cell = 0; cell < n * n; cell++) pieces[this.piece(cell)]?.push(cell)
    units.push(...pieces)
    if (this.x) {
      units.push(Array.from({ length: n }, (_, k) => k * n + k))
      units.push(Array.from({ length: n }, (_, k) => k * n + (n - 1 - k)))
    }
    if (this.windoku) units.push(...this.windows())
    this._units = units
    return units
  }

  /**
   * The cells of a house as dlxkit's explainer names it ({ kind, index },
   * docs/sudoku-logic.md): its boxes, pieces and windows are numbered as here.
   * Extra regions ('region') are not drawn by the page: none.
   */
  houseCells ({ kind, index }) {
    const n = this.size
    const line = (at) => Array.from({ length: n }, (_, k) => at(k))
    if (kind === 'row') return line((k) => index * n + k)
    if (kind === 'column') return line((k) => k * n + index)
    if (kind === 'box' || kind === 'piece') return line((k) => k).flatMap((r) => line((c) => r * n + c)).filter((cell) => this.piece(cell) === index)
    if (kind === 'diagonal') return line((k) => k * n + (index ? n - 1 - k : k))
    if (kind === 'window') return this.windows()[index] ?? []
    return []
  }

  /** Cells whose value repeats in one of their units. */
  clashes (values) {
    const bad = new Set()
    for (const unit of this.units()) {
      const seen = new Map()
      for (const cell of unit) {
        const v = values[cell]
        if (!v) continue
        if (seen.has(v)) { bad.add(cell); bad.add(seen.get(v)) } else seen.set(v, cell)
      }
    }
    return bad
  }

  /** The shape as dlxkit's options. */
  apiOptions () {
    const variant = []
    if (this.x) variant.push('x')
    if (this.windoku) variant.push('windoku')
    const opts = { size: this.size, boxRows: this.boxRows, boxCols: this.boxCols, variant }
    if (this.jigsaw) opts.jigsaw = this.jigsaw
    return opts
  }

  /** "9×9", "9×9 X", "9×9 jigsaw"... */
  describe () {
    const parts = [`${this.size}×${this.size}`]
    if (this.jigsaw) parts.push('jigsaw')
    if (this.x) parts.push('X')
    if (this.windoku) parts.push('windoku')
    return parts.join(' ')
  }
}

/** Flat cells to the rows dlxkit takes as a puzzle (0 for empty). */
export function toRows (values, size) {
  const rows = []
  for (let r = 0; r < size; r++) rows.push(Array.from(values.slice(r * size, r * size + size)))
  return rows
}
