// dlxkit/sheets: the explainer in a sheet (sudoku.hint and sudoku.steps,
// dlxkit-sudoku-explain.mjs): the next hint as one cell of text, every step
// as a column of sentences, and the rating by technique as one row.
import { bad, cellNumber, gaveUp, isBlank, show } from './dlxkit-sheets-cells.mjs'
import { readBox, readGrid } from './dlxkit-sheets-grid.mjs'

/** What a full grid answers: there is nothing left to explain. */
export const FULL = 'The grid is full.'

/** The explainer's options for a range and box; a STOPPED solve becomes #N/A "gave up". */
function explain (kit, range, box, budget, run) {
  const grid = readGrid(range)
  const opts = { ...readBox(kit, box), maxNodes: budget.maxNodes }
  try {
    return run(grid, opts)
  } catch (e) {
    if (e?.code === 'STOPPED') throw gaveUp(budget)
    throw e
  }
}

/** depth: empty for the library's default, else 1, 2 or 3 (the library says why another is wrong). */
function readDepth (depth) {
  if (isBlank(depth)) return undefined
  const v = cellNumber(depth)
  if (Number.isNaN(v)) throw bad(`depth must be 1, 2 or 3 (got ${show(depth)})`)
  return v
}

/** The next hint's sentence at depth 1 (the house), 2 (the technique and where) or 3 (the move). */
export function sudokuHint (kit, range, depth, box, budget) {
  const d = readDepth(depth)
  return explain(kit, range, box, budget, (grid, opts) => kit.sudoku.hint(grid, { ...opts, depth: d })?.text ?? FULL)
}

/** Every step's sentence, one a row. */
export function sudokuSteps (kit, range, box, budget) {
  const { steps } = explain(kit, range, box, budget, (grid, opts) => kit.sudoku.steps(grid, opts))
  return steps.length ? steps.map((s) => [s.text]) : [[FULL]]
}

/** One row: the rating of the hardest technique needed (Sudoku Explainer's scale), its name, the number of steps. */
export function sudokuRating (kit, range, box, budget) {
  const { rating } = explain(kit, range, box, budget, (grid, opts) => kit.sudoku.steps(grid, opts))
  return [[rating.rating, rating.technique ?? '', rating.steps]]
}
