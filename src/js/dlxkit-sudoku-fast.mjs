// solve()'s lean path: a one-line puzzle with plain options, its bytes copied
// through the line table straight into a buffer kept in module memory, the
// answer read there with one decode (one call costs a puzzle of solveMany
// and 0.3-1 us more: docs/notes/SUDOKU9.md, session 43).
import { checkPuzzleLength, checkTextSize } from './dlxkit-sudoku-args.mjs'
import { copyLine, lineSide, writeLines } from './dlxkit-sudoku-line.mjs'

/** The solver cache's key for a shape (_solver files each solver under it; the fast path remembers the plain shape's). */
export const shapeKey = (size, box, flags, regions, jigsaw) => JSON.stringify([size, box, flags, regions, jigsaw])

/** Options that leave a one-line puzzle to the fast path: none that shape, spell or format it. */
export const plainOptions = (o) => o.alphabet == null && o.boxRows == null && o.boxCols == null && o.variant == null &&
  o.regions == null && o.jigsaw == null && o.format == null

export class LineSolver {
  constructor (api) {
    this._api = api
    this._plainKeys = [] // size -> the key of the plain shape
    this.recent = null // the solver cache's most recent key (only this class orders it)
  }

  /**
   * solve() of a one-line puzzle with plain options, without a copy: its
   * bytes go into a block kept in module memory (Native.scratchBlock), and
   * one call into the module turns them into values through the line
   * table, solves them and writes the answer there in its symbols
   * (Native.sudokuSolveLine). null leaves it to the full path (which reads
   * it again and says what is wrong).
   */
  solve (puzzle, size, limit, maxNodes, restarts) {
    checkTextSize(size)
    checkPuzzleLength(puzzle)
    const n = lineSide(puzzle, size)
    const table = n && this._api._lines.get(n, size ?? 0, null)
    if (!table) return null
    const native = this._api._native
    const n2 = n * n
    let h = this._plainSolver(n, false)
    if (!h) { // the full path reads before it builds: the line is checked before the solver is made
      if (copyLine(native, table, puzzle, n2, native.scratchBlock(n2).grids) < 0) return null
      h = this._plainSolver(n)
    }
    return native.sudokuSolveLine(h, table, puzzle, n2, restarts, limit, maxNodes)
  }

  /**
   * solveMany() of one-line puzzles of one side with plain options: their
   * bytes copied through the line table into one block of module memory,
   * one call into the module, each answer turned into its symbols there and
   * read with one decode. null leaves the whole batch to the full path (a
   * puzzle that is not such a line); a puzzle the module rejects gets
   * invalid(puzzle) (invalidResult(): its error asked about alone when read).
   */
  solveMany (puzzles, size, limit, maxNodes, invalid) {
    checkTextSize(size)
    const count = puzzles.length
    const first = puzzles[0]
    const n = typeof first === 'string' && lineSide(first, size)
    const table = n && n <= 64 && this._api._lines.get(n, size ?? 0, null) // larger: the full path refuses it
    if (!table) return null
    const n2 = n * n
    const native = this._api._native
    for (let j = 0; j < count; j++) {
      const p = puzzles[j]
      if (typeof p !== 'string' || lineSide(p, size) !== n) return null
    }
    const h = this._plainSolver(n)
    return native.withSolveBlock(count, n2, (block) => {
      if (!writeLines(native, puzzles, n2, block.grids)) return null
      return native.sudokuSolveLines(h, table, block, limit, maxNodes) ? native.lineResults(block, puzzles, invalid) : null
    })
  }

  /** The solver of the plain n x n shape, from the cache (most recent last) or built (0 if not `build`). */
  _plainSolver (n, build = true) {
    const key = this._plainKeys[n]
    const cache = this._api._kit._solvers
    const h = key && cache.get(key)
    if (!h) {
      if (!build) return 0
      const built = this._api._solver(n, {})
      this._plainKeys[n] = this.recent // the key _solver filed it under (its box written out)
      return built
    }
    if (key !== this.recent) { // a run of one shape leaves the order as it is
      cache.delete(key)
      cache.set(key, h)
      this.recent = key
    }
    return h
  }
}
