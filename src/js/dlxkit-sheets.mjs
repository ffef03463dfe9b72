// dlxkit/sheets: spreadsheet functions over the JS API. Ranges come in as
// hosts pass them (2D arrays of numbers, strings, '' or null); every function
// returns a value or a SheetError, never throws, so one bad range cannot
// break a sheet. Adapters turn a SheetError into the host's error value.
import { load, DlxError } from './dlxkit.mjs'
import { SheetError, bad, cellNumber, gaveUp, isBlank, none, outOfRange, show, text } from './dlxkit-sheets-cells.mjs'
import { coverBest, coverCount, coverCost, coverSolve } from './dlxkit-sheets-cover.mjs'
import { readBox, readGrid } from './dlxkit-sheets-grid.mjs'
import { sudokuHint, sudokuRating, sudokuSteps } from './dlxkit-sheets-explain.mjs'
import { SIGNATURES } from './dlxkit-sheets-signatures.mjs'

export { SheetError, isSheetError } from './dlxkit-sheets-cells.mjs'

export { SIGNATURES }

/** Search nodes one call may spend (a few seconds): a sheet must not hang. */
export const DEFAULT_MAX_NODES = 5_000_000

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
    SUDOKU_HINT: (range, depth, box) => sudokuHint(kit, range, depth, box, budget),
    SUDOKU_STEPS: (range, box) => sudokuSteps(kit, range, box, budget),
    SUDOKU_RATING: (range, box) => sudokuRating(kit, range, box, budget),
    EXACTCOVER_COUNT: (matrix, times) => coverCount(kit, matrix, times, budget),
    EXACTCOVER_SOLVE: (matrix, times) => coverSolve(kit, matrix, times, budget),
    EXACTCOVER_BEST: (matrix, costs, times) => coverBest(kit, matrix, costs, times, budget),
    EXACTCOVER_COST: (matrix, costs, times) => coverCost(kit, matrix, costs, times, budget)
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

function fromDlxError (e) {
  if (e.code === 'CLASH') return none(clashText(e.details))
  if (e.code === 'STOPPED') return none(`gave up: ${e.message}`)
  // the explainer's: a puzzle without exactly one solution has no steps to lead to it
  if (e.code === 'AMBIGUOUS' || e.code === 'UNSOLVABLE') return none(e.message)
  return bad(e.message)
}

/** "R1C1 and R1C5 both 5": the earlier cell first, positions within the range. */
function clashText (d) {
  return `clash: R${d.row2}C${d.col2} and R${d.row}C${d.col} both ${d.value}`
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
