// solve()'s lean path: a one-line puzzle with plain options, its bytes copied
// through the line table straight into a buffer kept in module memory, the
// answer read there with one decode (one call costs about what a puzzle of
// solveMany does).
import { SLOT, SUDOKU_STATUS as STATUS } from './dlxkit-abi.mjs'
import { checkPuzzleLength, checkTextSize } from './dlxkit-sudoku-args.mjs'
import { copyLine, lineIn, lineSide } from './dlxkit-sudoku-line.mjs'

/** The solver cache's key for a shape: one fact, for _solver and the fast path. */
export const shapeKey = (size, box, flags, regions, jigsaw) => JSON.stringify([size, box, flags, regions, jigsaw])

/** Options that leave a one-line puzzle to the fast path: none that shape, spell or format it. */
export const plainOptions = (o) => o.alphabet == null && o.boxRows == null && o.boxCols == null && o.variant == null &&
  o.regions == null && o.jigsaw == null && o.format == null

export class LineSolver {
  constructor (api) {
    this._api = api
    this._plainKeys = [] // size -> the key of the plain shape
    this.recent = null // the solver cache's most recent key (only this class orders it)
    // solve()'s buffer in module memory, kept between calls: the record, the grid, the answer
    this._scratchX = null // the instance it lives in (releaseMemory replaces it)
    this._scratch = 0
    this._scratchCells = 0
    this._buffer = null // views of the memory, renewed when it grows
    this._u8 = null
    this._f64 = null
  }

  /**
   * solve() of a one-line puzzle with plain options, without a copy: its
   * bytes go through the line table straight into a buffer kept in module
   * memory, and the answer is read from there. null leaves it to the full
   * path (which reads it again and says what is wrong).
   */
  solve (puzzle, size, limit, maxNodes, restarts) {
    checkTextSize(size)
    checkPuzzleLength(puzzle)
    const n = lineSide(puzzle, size)
    const table = n && this._api._lines.get(n, size ?? 0, null)
    if (!table) return null
    const n2 = n * n
    const at = SLOT.solve
    const out = this._scratchFor(n2)
    const grid = out + 8 * at.length
    const blank = copyLine(table, puzzle, n2, this._view(), grid)
    if (blank < 0) return null
    const h = this._plainSolver(n) // after the copy, as the full path reads before it builds
    this._api._x.dk_sudoku_set_restarts(h, restarts ? 1 : 0)
    const rc = this._api._x.dk_sudoku_solve(h, grid, limit, maxNodes, grid + n2, out)
    if (rc < 0) throw this._api._kit._error(rc)
    const u8 = this._view() // the search may have grown the memory
    const f = this._f64
    const o = out >>> 3
    const count = f[o + at.count]
    table.codes[0] = blank || 0x2e // this puzzle's mark ('.' if none), as the C printer would
    return {
      status: STATUS[f[o + at.status]],
      solution: count > 0 ? lineIn(u8, grid + n2, n2, table.codes) : null,
      count,
      nodes: f[o + at.nodes],
      guesses: f[o + at.guesses]
    }
  }

  /**
   * solveMany() of one-line puzzles of one side with plain options: their
   * bytes copied through the line table into one block of module memory,
   * one call into the module, each answer turned into its symbols there and
   * read with one decode. null leaves the whole batch to the full path (a
   * puzzle that is not such a line); a puzzle the module rejects is asked
   * about alone (invalid(cells, n) gives its result), as the full path does.
   */
  solveMany (puzzles, size, limit, maxNodes, invalid) {
    checkTextSize(size)
    const count = puzzles.length
    const first = puzzles[0]
    const n = typeof first === 'string' && lineSide(first, size)
    const table = n && n <= 64 && this._api._lines.get(n, size ?? 0, null) // larger: the full path refuses it
    if (!table) return null
    const n2 = n * n
    const at = SLOT.solve
    const kit = this._api._kit
    return kit._with([8 * at.length * count + 2 * n2 * count], (out) => {
      const grids = out + 8 * at.length * count
      const sols = grids + n2 * count
      const blanks = new Uint8Array(count)
      let u8 = this._view()
      for (let j = 0; j < count; j++) {
        const p = puzzles[j]
        if (typeof p !== 'string' || lineSide(p, size) !== n) return null
        const blank = copyLine(table, p, n2, u8, grids + j * n2)
        if (blank < 0) return null
        blanks[j] = blank || 0x2e // '.' if none, as the C printer would
      }
      const h = this._plainSolver(n)
      kit._check(this._api._x.dk_sudoku_solve_many(h, grids, count, limit, maxNodes, sols, out))
      u8 = this._view() // the search may have grown the memory
      const f = this._f64
      const results = new Array(count)
      for (let j = 0, o = out >>> 3; j < count; j++, o += at.length) {
        if (f[o + at.status] < 0) { // rare: asked again alone for the full message
          results[j] = invalid(u8.slice(grids + j * n2, grids + (j + 1) * n2), n)
          u8 = this._view()
          continue
        }
        const c = f[o + at.count]
        table.codes[0] = blanks[j]
        results[j] = {
          status: STATUS[f[o + at.status]],
          solution: c > 0 ? lineIn(u8, sols + j * n2, n2, table.codes) : null,
          count: c,
          nodes: f[o + at.nodes],
          guesses: f[o + at.guesses]
        }
      }
      return results
    })
  }

  /** The solver of the plain n x n shape, from the cache (most recent last) or built. */
  _plainSolver (n) {
    const key = this._plainKeys[n] ??= shapeKey(n, [0, 0], 0, [], null)
    const cache = this._api._kit._solvers
    const h = cache.get(key)
    if (!h) return this._api._solver(n, {})
    if (key !== this.recent) { // a run of one shape leaves the order as it is
      cache.delete(key)
      cache.set(key, h)
      this.recent = key
    }
    return h
  }

  /** Let go of the buffer and views of an instance that was replaced (releaseMemory). */
  forget () {
    this._scratchX = null
    this._scratch = 0
    this._scratchCells = 0
    this._buffer = this._u8 = this._f64 = null
  }

  /** solve()'s buffer for n2 cells: the record (8-byte aligned), the grid, the answer. */
  _scratchFor (n2) {
    if (this._scratchX === this._api._x && this._scratchCells >= n2) return this._scratch
    const kit = this._api._kit
    const p = kit._alloc(8 * SLOT.solve.length + 2 * n2)
    if (this._scratchX === this._api._x) kit._free(this._scratch)
    this._scratchX = this._api._x
    this._scratch = p
    this._scratchCells = n2
    return p
  }

  /** A byte view of the module's memory (and its float view), renewed only when the memory grew. */
  _view () {
    const buffer = this._api._x.memory.buffer
    if (buffer !== this._buffer) {
      this._buffer = buffer
      this._u8 = new Uint8Array(buffer)
      this._f64 = new Float64Array(buffer)
    }
    return this._u8
  }
}
