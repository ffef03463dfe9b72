// dlxkit/sheets: spreadsheet functions over the JS API. Ranges come in as
// hosts pass them (2D arrays of numbers, strings, '' or null); every function
// returns a value or a SheetError, never throws, so one bad range cannot
// break a sheet. Adapters turn a SheetError into the host's error value.
import { load, DlxError } from './dlxkit.mjs'

/** A host-neutral error value: `code` is the spreadsheet error it stands for. */
export class SheetError {
  constructor (code, message) {
    this.code = code // '#VALUE!' (bad argument), '#N/A' (no answer), '#NUM!' (number out of range)
    this.message = message
  }

  toString () { return `${this.code} ${this.message}` }
}

export function isSheetError (v) { return v instanceof SheetError }

const bad = (message) => new SheetError('#VALUE!', message)
const none = (message) => new SheetError('#N/A', message)
const outOfRange = (message) => new SheetError('#NUM!', message)

/**
 * The functions, their parameters (in order) and what they return. `id` is
 * the Excel metadata id (letters, digits and periods only).
 */
export const SIGNATURES = {
  SUDOKU: { id: 'SUDOKU', params: ['range', 'box'], optional: 1, result: 'matrix' },
  SUDOKU_COUNT: { id: 'SUDOKU.COUNT', params: ['range', 'limit', 'box'], optional: 2, result: 'scalar' },
  SUDOKU_CHECK: { id: 'SUDOKU.CHECK', params: ['range', 'box'], optional: 1, result: 'scalar' },
  EXACTCOVER_COUNT: { id: 'EXACTCOVER.COUNT', params: ['matrix', 'times'], optional: 1, result: 'scalar' },
  EXACTCOVER_SOLVE: { id: 'EXACTCOVER.SOLVE', params: ['matrix', 'times'], optional: 1, result: 'matrix' }
}

/** Search nodes one call may spend (a few seconds): a sheet must not hang. */
export const DEFAULT_MAX_NODES = 5_000_000
const MAX_SIDE = 64
// The largest range read: Excel's sheet (1,048,576 rows by 16,384 columns),
// and no more cells than a call can go through in well under a second.
const MAX_ROWS = 1 << 20
const MAX_COLS = 1 << 14
const MAX_CELLS = 1 << 24

/**
 * The sheet functions over a loaded module (`load()` of dlxkit.mjs or
 * dlxkit-inline.mjs). Options: maxNodes (search budget per call).
 */
export function createSheetFunctions (kit, { maxNodes = DEFAULT_MAX_NODES } = {}) {
  const budget = { maxNodes }
  const fns = {
    SUDOKU: (range, box) => solveGrid(kit, range, box, budget),
    SUDOKU_COUNT: (range, limit, box) => countGrid(kit, range, limit, box, budget),
    SUDOKU_CHECK: (range, box) => checkGrid(kit, range, box, budget),
    EXACTCOVER_COUNT: (matrix, times) => coverCount(kit, matrix, times, budget),
    EXACTCOVER_SOLVE: (matrix, times) => coverSolve(kit, matrix, times, budget)
  }
  for (const name of Object.keys(fns)) fns[name] = guarded(name, fns[name])
  return fns
}

/** load() and createSheetFunctions() in one step. */
export async function loadSheetFunctions (options = {}) {
  return createSheetFunctions(await load(options), options)
}

/**
 * Turn anything thrown inside into an error value (a bug or a hostile value
 * must not break the sheet): whatever was thrown (a Proxy, a Symbol, an
 * error whose message getter throws) is looked at only inside a try.
 */
function guarded (name, fn) {
  return (...args) => {
    try {
      return fn(...args)
    } catch (e) {
      try {
        if (e instanceof SheetError) return e
        if (e instanceof DlxError) return fromDlxError(e)
        return bad(`${name}: could not read its arguments: ${text(e)}`)
      } catch {
        return bad(`${name}: could not read its arguments`)
      }
    }
  }
}

/** A thrown value's message as text, or a stand-in when even that throws. */
function text (e) {
  try {
    const m = e?.message ?? e
    return typeof m === 'string' ? m : show(m)
  } catch {
    return 'an unreadable error'
  }
}

/** A value for a message, short, whatever it is (never throws). */
function show (v) {
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

function fromDlxError (e) {
  if (e.code === 'CLASH') return none(clashText(e.details))
  if (e.code === 'STOPPED') return none(`gave up: ${e.message}`)
  return bad(e.message)
}

/** "R1C1 and R1C5 both 5": the earlier cell first, positions within the range. */
function clashText (d) {
  return `clash: R${d.row2}C${d.col2} and R${d.row}C${d.col} both ${d.value}`
}

// ---- reading ranges ------------------------------------------------------------

/**
 * A range as rows of cells; a single value (a one-cell range in some hosts)
 * becomes [[v]]. Each cell is read once, into a plain copy (a getter or a
 * Proxy cannot answer twice differently; holes become blanks), after the
 * size is known to be sane (a sparse array may claim 2^32 - 1 rows).
 */
function rowsOf (range, what, checkShape = () => {}) {
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

const isBlank = (v) => v === null || v === undefined || (typeof v === 'string' && (v.trim() === '' || v.trim() === '.'))

/** A number from a cell: numbers, or text holding a whole number ("5", " 5 "). */
function cellNumber (v) {
  if (typeof v === 'number') return v
  if (typeof v === 'string' && /^\s*\d+\s*$/.test(v)) return Number(v)
  return NaN
}

/** A Sudoku range: N x N cells holding 1..N, 0 or blanks. Returns number rows (0 = blank). */
function readGrid (range) {
  const rows = rowsOf(range, 'a Sudoku', (n, w) => {
    if (n !== w) throw bad(`the range is ${n} rows by ${w} columns; a Sudoku range is square (4x4, 9x9, 16x16, ...)`)
    if (n > MAX_SIDE) throw bad(`the range is ${n}x${n}; the largest Sudoku is ${MAX_SIDE}x${MAX_SIDE}`)
  })
  const n = rows.length
  return rows.map((row, r) => row.map((v, c) => {
    if (isBlank(v)) return 0
    const d = cellNumber(v)
    if (!(Number.isInteger(d) && d >= 0 && d <= n)) {
      throw bad(`R${r + 1}C${c + 1} holds ${show(v)}; cells of a ${n}x${n} Sudoku hold 1..${n} or stay empty`)
    }
    return d
  }))
}

/**
 * The box: empty (the default for N), or as the one C parser reads it
 * (dlx.sudoku.parseBox): "RxC" (rows x columns of one box, e.g. "2x3"), or
 * the rows of a box alone (a number or "3"; columns = N / rows). Whether it
 * tiles the grid is the solver's check (BAD_SIZE).
 */
function readBox (kit, box) {
  if (isBlank(box) || box === 0) return {}
  try {
    return kit.sudoku.parseBox(box)
  } catch (e) {
    if (e instanceof DlxError) throw bad(`${e.code}: ${e.message}`)
    throw e
  }
}

/** limit: empty for the default, else a whole number (0 = count all). */
function readLimit (limit, fallback) {
  if (isBlank(limit)) return fallback
  const v = cellNumber(limit)
  if (Number.isNaN(v)) throw bad(`limit must be a number (got ${show(limit)})`)
  if (!(Number.isSafeInteger(v) && v >= 0)) throw outOfRange(`limit must be a whole number, 0 or more (got ${show(limit)})`)
  return v
}

// ---- Sudoku ----------------------------------------------------------------------

function runSudoku (kit, range, box, limit, budget) {
  const grid = readGrid(range)
  const shape = readBox(kit, box)
  return kit.sudoku.solve(grid, { ...shape, limit, maxNodes: budget.maxNodes })
}

/** free! (the renamings of free digits), as far as it matters for `limit`. */
function atLeast (free, limit) {
  let f = 1
  for (let k = 2; k <= free && f < limit; k++) f *= k
  return f
}

/**
 * Above 16x16 a blank grid (or one with few givens) can lose the search in
 * a huge tree, as the generator knows: there, try the API's pattern grid
 * first (dlx.sudoku.pattern; null when the givens do not fit it).
 */
function patternOf (kit, range, box) {
  const grid = readGrid(range)
  if (grid.length <= 16) return null
  return kit.sudoku.pattern(grid, readBox(kit, box))
}

function gaveUp (budget) {
  return none(`gave up after ${budget.maxNodes.toLocaleString('en-US')} search nodes`)
}

/** The solved grid, the same shape as the range. More than one solution: the first found. */
function solveGrid (kit, range, box, budget) {
  const fast = patternOf(kit, range, box)
  if (fast) return fast.solution
  const r = runSudoku(kit, range, box, 1, budget)
  if (r.status === 'stopped') return gaveUp(budget)
  if (!r.solution) return none('this Sudoku has no solution')
  return r.solution
}

function countGrid (kit, range, limit, box, budget) {
  const n = readLimit(limit, 2)
  const fast = patternOf(kit, range, box)
  if (fast && n > 0 && atLeast(fast.free, n) >= n) return n
  // 19! is past 2^53: such a count could not even be written exactly.
  if (fast && n === 0 && fast.free >= 19) {
    return outOfRange(`this Sudoku has at least ${fast.free}! solutions, too many to count: give a limit`)
  }
  const r = runSudoku(kit, range, box, n, budget)
  if (r.status === 'stopped') return gaveUp(budget)
  return r.count
}

/** "unique", "multiple", "none" or the clash found. */
function checkGrid (kit, range, box, budget) {
  try {
    const fast = patternOf(kit, range, box)
    if (fast && fast.free >= 2) return 'multiple'
    const r = runSudoku(kit, range, box, 2, budget)
    if (r.status === 'stopped') return gaveUp(budget)
    return r.status === 'unique' ? 'unique' : r.status === 'multiple' ? 'multiple' : 'none'
  } catch (e) {
    if (e instanceof DlxError && e.code === 'CLASH') return clashText(e.details)
    throw e
  }
}

// ---- exact cover -----------------------------------------------------------------

/**
 * A 0/1 matrix: rows are options, columns are items; a cell holds 1 (TRUE)
 * when the option covers the item, 0, FALSE or nothing when not. A row
 * without a 1 is no option at all (it could join any cover and count it twice).
 */
function readMatrix (range) {
  const rows = rowsOf(range, 'an exact-cover matrix')
  const width = rows[0].length
  if (!width) throw bad('an exact-cover matrix needs at least one column (an item to cover); the range has none')
  const options = []
  const covered = new Array(width).fill(false)
  rows.forEach((row, r) => {
    const items = []
    row.forEach((v, c) => {
      if (v === true || cellNumber(v) === 1) {
        items.push(c)
        covered[c] = true
      } else if (!(v === false || isBlank(v) || cellNumber(v) === 0)) {
        throw bad(`R${r + 1}C${c + 1} holds ${show(v)}; the matrix holds 1 where an option (row) covers an item (column), else 0 or nothing`)
      }
    })
    if (items.length) options.push({ row: r + 1, items })
  })
  return { width, options, covered }
}

/**
 * How many times each column is to be covered (Knuth's multiplicities): a
 * range as wide as the matrix, one row (or a column as tall as the matrix
 * is wide); each cell blank (once), a whole number n (exactly n times) or
 * "a:b" (a to b times, as DLX3 writes it). Omitted: every column once.
 */
function readTimes (range, width) {
  if (range === null || range === undefined || range === '') return null
  let cells = rowsOf(range, 'the times range')
  if (cells.length > 1 && cells.every((row) => row.length === 1)) cells = [cells.map((row) => row[0])]
  if (cells.length !== 1 || cells[0].length !== width) {
    throw bad(`the times range is ${cells.length} x ${cells[0].length}; it needs one row of ${width} cells, one per column of the matrix`)
  }
  return cells[0].map((v, c) => {
    const where = `times, cell ${c + 1} (column ${c + 1} of the matrix)`
    if (isBlank(v)) return { min: 1, max: 1 }
    const n = cellNumber(v)
    const m = typeof v === 'string' && /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(v)
    const [min, max] = m ? [Number(m[1]), Number(m[2])] : [n, n]
    if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min < 0) {
      throw bad(`${where} holds ${show(v)}; write a whole number of times (2) or a range "a:b" (0:2)`)
    }
    if (max < 1 || min > max) throw bad(`${where} holds ${show(v)}: the most times must be at least 1 and at least the fewest`)
    return { min, max }
  })
}

function withProblem (kit, matrix, times, fn) {
  const m = readMatrix(matrix)
  const bounds = readTimes(times, m.width)
  const uncovered = bounds ? m.covered.findIndex((hit, c) => !hit && bounds[c].min > 0) : m.covered.indexOf(false)
  if (uncovered >= 0) return { uncovered: uncovered + 1 }
  const primary = bounds ? bounds.map((b, c) => ({ name: `c${c + 1}`, ...b })) : m.width
  const p = kit.exactCover({ primary, options: m.options.map((o) => o.items) })
  try {
    return fn(p, m)
  } finally {
    p.free()
  }
}

function coverCount (kit, matrix, times, budget) {
  const r = withProblem(kit, matrix, times, (p) => p.countDetailed({ limit: 0, maxNodes: budget.maxNodes, bigint: true }))
  if (r.uncovered) return 0
  if (r.status === 'stopped') return gaveUp(budget)
  // a cell's number is a double: past 2^53 - 1 it would show another count
  if (r.count > BigInt(Number.MAX_SAFE_INTEGER)) return outOfRange(`${r.count} exact covers, more than a cell's number holds exactly (2^53 - 1)`)
  return Number(r.count)
}

/** One cover as a column of 1-based row numbers of the matrix. */
function coverSolve (kit, matrix, times, budget) {
  const r = withProblem(kit, matrix, times, (p, m) => {
    const s = p.solve({ maxNodes: budget.maxNodes })
    return { rows: s && s.map((k) => m.options[k].row) }
  })
  if (r.uncovered) return none(`no exact cover: column ${r.uncovered} has a 1 in no row`)
  if (!r.rows) return none(`no exact cover: no set of rows has ${times == null || times === '' ? 'exactly one 1' : 'as many 1s as times says'} in every column`)
  return r.rows.map((row) => [row])
}

// ---- Excel -----------------------------------------------------------------------

/** Our codes to Excel's CustomFunctions.ErrorCode names; only some keep a message. */
const EXCEL_ERRORS = {
  '#VALUE!': { name: 'invalidValue', message: true },
  '#N/A': { name: 'notAvailable', message: true },
  '#NUM!': { name: 'invalidNumber', message: false }
}

/** A SheetError as a CustomFunctions.Error of the runtime given (other values pass). */
export function toExcelError (value, CustomFunctions) {
  if (!(value instanceof SheetError)) return value
  const kind = EXCEL_ERRORS[value.code] ?? EXCEL_ERRORS['#VALUE!']
  const code = CustomFunctions.ErrorCode[kind.name]
  return kind.message ? new CustomFunctions.Error(code, value.message) : new CustomFunctions.Error(code)
}

/**
 * Register every function with CustomFunctions.associate under its id
 * (the ids of web/excel/functions.json). `functions` may be a promise: calls made
 * while the module loads wait for it. Excel passes an invocation object
 * after the declared arguments, and null for omitted optional ones.
 */
export function registerExcelFunctions (CustomFunctions, functions) {
  const ready = Promise.resolve(functions)
  for (const [name, sig] of Object.entries(SIGNATURES)) {
    CustomFunctions.associate(sig.id, async (...args) => {
      let fns
      try {
        fns = await ready
      } catch (e) {
        throw toExcelError(none(`dlxkit did not load: ${text(e)}`), CustomFunctions)
      }
      const result = fns[name](...args.slice(0, sig.params.length))
      // Excel shows a thrown CustomFunctions.Error as the cell's error value.
      if (result instanceof SheetError) throw toExcelError(result, CustomFunctions)
      return result
    })
  }
  return Object.values(SIGNATURES).map((sig) => sig.id)
}
