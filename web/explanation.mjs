// What the Hint button and the Show steps panel share: the grid dlxkit's
// explainer started from (its base), the steps applied since, and a step as
// the board shows it. Applying a step that only removes candidates leaves the
// grid as it was, so hints ask for the step after the applied ones
// (sudoku.hint's `after`) rather than for the first step of the board.

export class Explanation {
  constructor () {
    this.epoch = 0 // counts resets: an answer for an older base is dropped
    this.reset(null)
  }

  /** Start again from the board's grid and shape (null: no board yet). */
  reset (board) {
    this.base = board ? board.values.slice() : null
    this.shape = board ? board.shape : null
    this.key = board ? JSON.stringify(board.shape.apiOptions()) : ''
    this.epoch++
    this.applied = []
    this.steps = null // the whole explanation of base, once the steps panel asked for it
  }

  /** How many steps are applied: the next hint is the explanation's step `next`. */
  get next () { return this.applied.length }

  /** The base as rows for dlxkit, and the shape's options. */
  puzzle () {
    const n = this.shape.size
    return Array.from({ length: n }, (_, r) => this.base.slice(r * n, r * n + n))
  }

  options () { return this.shape.apiOptions() }

  /** The grid the applied steps lead to. */
  expected () {
    const grid = this.base.slice()
    for (const step of this.applied) for (const { row, col, digit } of step.placements) grid[row * this.shape.size + col] = digit
    return grid
  }

  /** Whether the board shows where this explanation leads (same shape, base and the applied moves). */
  follows (board) {
    if (!this.base || JSON.stringify(board.shape.apiOptions()) !== this.key) return false
    const grid = this.expected()
    return board.values.length === grid.length && board.values.every((v, i) => v === grid[i])
  }

  /** Reset unless the board follows; true when it reset. */
  sync (board) {
    if (this.follows(board)) return false
    this.reset(board)
    return true
  }

  apply (step) { this.applied.push(step) }

  /** Candidates (rows of digit lists, as sudoku.candidates gives them) without those the applied steps removed. */
  prune (candidates) {
    if (!candidates) return candidates
    const out = candidates.map((row) => row.map((digits) => digits.slice()))
    for (const step of this.applied) {
      for (const { row, col, digit } of step.eliminations) out[row][col] = out[row][col].filter((d) => d !== digit)
    }
    return out
  }
}

/**
 * A hint or a step as the board's overlay (Board.setOverlay): its houses
 * lit, its cells marked, its placements and struck candidates; `earlier`
 * steps' placements (not on the board yet) shown faintly.
 */
export function stepOverlay (step, shape, earlier = []) {
  const at = ({ row, col }) => row * shape.size + col
  const moves = (list) => new Map(list.map((m) => [at(m), m.digit]))
  const struck = new Map()
  for (const m of step.eliminations ?? []) struck.set(at(m), [...(struck.get(at(m)) ?? []), m.digit])
  return {
    house: new Set(step.houses.flatMap((h) => shape.houseCells(h))),
    cells: new Set(step.cells.map(at)),
    place: moves(step.placements ?? []),
    earlier: moves(earlier.flatMap((s) => s.placements)),
    struck
  }
}

/**
 * The explainer writes digits as numbers ("14 can go only in r3c1"); boards
 * above 9x9 show letters from 10 on: say which (" (on this board 14 is E)").
 */
export function digitNote (step, shape) {
  const moves = [...(step.placements ?? []), ...(step.eliminations ?? [])]
  const digits = [...new Set(moves.map((m) => m.digit))].filter((d) => d > 9 && shape.symbol(d) !== String(d)).sort((a, b) => a - b)
  return digits.length ? ` (on this board ${digits.map((d) => `${d} is ${shape.symbol(d)}`).join(', ')})` : ''
}

/** An error from dlxkit as a person reads it: its message, then its code. */
export function errorText (e) {
  if (e?.name !== 'DlxError') return `Something went wrong: ${e?.message ?? e}`
  return `${e.message.charAt(0).toUpperCase()}${e.message.slice(1)} (${e.code})`
}
