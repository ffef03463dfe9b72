// dlxkit/sheets: the cells of a host's ranges read safely, and the error
// values the sheet functions return instead of throwing (dlxkit-sheets.mjs
// and dlxkit-sheets-cover.mjs share them).

/** A host-neutral error value: `code` is the spreadsheet error it stands for. */
export class SheetError {
  constructor (code, message) {
    this.code = code // '#VALUE!' (bad argument), '#N/A' (no answer), '#NUM!' (number out of range)
    this.message = message
  }

  toString () { return `${this.code} ${this.message}` }
}

export function isSheetError (v) { return v instanceof SheetError }

export const bad = (message) => new SheetError('#VALUE!', message)
export const none = (message) => new SheetError('#N/A', message)
export const outOfRange = (message) => new SheetError('#NUM!', message)

// The largest range read: Excel's sheet (1,048,576 rows by 16,384 columns),
// and no more cells than a call can go through in well under a second.
const MAX_ROWS = 1 << 20
const MAX_COLS = 1 << 14
const MAX_CELLS = 1 << 24

/** A thrown value's message as text, or a stand-in when even that throws. */
export function text (e) {
  try {
    const m = e?.message ?? e
    return typeof m === 'string' ? m : show(m)
  } catch {
    return 'an unreadable error'
  }
}

/** A value for a message, short, whatever it is (never throws). */
export function show (v) {
  try {
    if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}...` : v)
    if (typeof v === 'number' || typeof v === 'boolean' || v == null) return String(v)
    if (typeof v === 'bigint') return `${v}n`
    if (typeof v === 'symbol') return 'a symbol'
    if (typeof v === 'function') return 'a function'
    return Array.isArray(v) ? 'a list' : 'an object'
  } catch {
    return 'an unreadable value'
  }
}

// ---- reading ranges ------------------------------------------------------------

/**
 * A range as rows of cells; a single value (a one-cell range in some hosts)
 * becomes [[v]]. Each cell is read once, into a plain copy (a getter or a
 * Proxy cannot answer twice differently; holes become blanks), after the
 * size is known to be sane (a sparse array may claim 2^32 - 1 rows).
 */
export function rowsOf (range, what, checkShape = () => {}) {
  if (!Array.isArray(range)) {
    if (range === null || range === undefined || range === '') throw bad(`${what} needs a range of cells (got nothing)`)
    return [[range]]
  }
  const n = range.length // (a Proxy may claim any length: checked like the rest)
  if (!Number.isInteger(n) || n < 0) throw bad(`${what} needs a range: rows of cells (its length is ${show(n)})`)
  if (!n) throw bad(`${what} needs a range: rows of cells (got an empty list)`)
  if (n > MAX_ROWS) throw bad(`${what} has ${n} rows; a range has at most ${MAX_ROWS}`)
  const rows = new Array(n)
  for (let r = 0; r < n; r++) {
    const row = range[r]
    if (!Array.isArray(row)) throw bad(`${what} needs a range: rows of cells (row ${r + 1} is ${show(row)})`)
    rows[r] = row
  }
  const width = rows[0].length
  if (!Number.isInteger(width) || width < 0) throw bad(`${what} needs a range: rows of cells (row 1's length is ${show(width)})`)
  if (width > MAX_COLS) throw bad(`${what} has ${width} columns; a range has at most ${MAX_COLS}`)
  for (let r = 1; r < n; r++) {
    if (rows[r].length !== width) throw bad(`${what} needs a rectangular range (rows of equal length; row ${r + 1} differs from row 1)`)
  }
  if (n * width > MAX_CELLS) throw bad(`${what} has ${n * width} cells; at most ${MAX_CELLS}`)
  checkShape(n, width) // before any cell is read: a 4096 x 4096 range is no Sudoku, whatever it holds
  for (let r = 0; r < n; r++) {
    const row = rows[r]
    const copy = new Array(width)
    for (let c = 0; c < width; c++) copy[c] = row[c]
    rows[r] = copy
  }
  return rows
}

export const isBlank = (v) => v === null || v === undefined || (typeof v === 'string' && (v.trim() === '' || v.trim() === '.'))

/** A number from a cell: numbers, or text holding a whole number ("5", " 5 "). */
export function cellNumber (v) {
  if (typeof v === 'number') return v
  if (typeof v === 'string' && /^\s*\d+\s*$/.test(v)) return Number(v)
  return NaN
}

export function gaveUp (budget) {
  return none(`gave up after ${budget.maxNodes.toLocaleString('en-US')} search nodes`)
}
