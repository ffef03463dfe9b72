// The Sudoku functions (dlx.sudoku): solvers cached by shape, puzzles read by
// the C reader (or taken as 2D arrays) and answered in the form they came in.
import { SLOT, SUDOKU_STATUS as STATUS } from './dlxkit-abi.mjs'
import { DlxError, checkCount, checkFlag, describe } from './dlxkit-errors.mjs'
import {
  STYLE, candidateLists, checkAlphabet, checkPuzzleLength, checkSide, checkTextSize, defaultBox, readArray, styleOf, variantFlags
} from './dlxkit-sudoku-args.mjs'
import { boxOf, parseBox, pattern } from './dlxkit-sudoku-shape.mjs'
import { LineSolver, plainOptions, shapeKey } from './dlxkit-sudoku-fast.mjs'
import { generate } from './dlxkit-sudoku-generate.mjs'
import { LineTables, readLine, writeLine } from './dlxkit-sudoku-line.mjs'

const SOLVER_CACHE_SIZE = 4
const utf8Decoder = new TextDecoder()

export class SudokuApi {
  constructor (kit) {
    this._kit = kit
    this._lines = new LineTables(kit)
    this._fast = new LineSolver(this)
  }

  get _x () { return this._kit._x } // the instance may be replaced (releaseMemory)

  /** A solver for the shape (cached: building the matrix is the costly part). */
  _solver (size, opts) {
    const box = boxOf(this, size, checkSide(opts.boxRows, 'boxRows'), checkSide(opts.boxCols, 'boxCols'))
    const flags = variantFlags(opts.variant, opts.jigsaw != null)
    const given = opts.regions ?? []
    if (!Array.isArray(given) || given.length > 4 * 64) {
      throw new DlxError('BAD_REGION', 'regions must be an array of at most 256 regions, each an array of cells')
    }
    const regions = given.map((region, k) => {
      if (!Array.isArray(region)) throw new DlxError('BAD_REGION', `region ${k + 1} must be an array of cells`)
      return region.map((cell) => {
        const c = Array.isArray(cell) && Number.isInteger(cell[0]) && Number.isInteger(cell[1]) && cell[1] >= 0 && cell[1] < size ? cell[0] * size + cell[1] : cell
        if (!Number.isInteger(c) || c < 0 || c >= size * size) {
          throw new DlxError('BAD_REGION', `region ${k + 1}: ${describe(cell)} is not a cell of the ${size}x${size} grid`)
        }
        return c
      })
    })
    let jigsaw = opts.jigsaw ?? null
    if (jigsaw) {
      jigsaw = Array.isArray(jigsaw[0]) ? jigsaw.flat() : Array.from(jigsaw)
      const bad = jigsaw.findIndex((piece) => !(Number.isInteger(piece) && piece >= 0 && piece < size))
      if (bad >= 0) throw new DlxError('BAD_REGION', `the jigsaw map's cell ${bad + 1} holds ${describe(jigsaw[bad])}; pieces are numbered 0..${size - 1}`)
      if (jigsaw.length !== size * size) throw new DlxError('BAD_REGION', `the jigsaw map needs ${size * size} cells (${size} rows of ${size}), got ${jigsaw.length}`)
    }
    const key = shapeKey(size, box, flags, regions, jigsaw)
    const cache = this._kit._solvers
    let h = cache.get(key)
    this._fast.recent = key // the cache's last key, after this call
    if (h) {
      cache.delete(key)
      cache.set(key, h)
      return h
    }
    const flatRegions = regions.flat()
    if (flatRegions.some((c) => !Number.isInteger(c))) throw new DlxError('BAD_REGION', 'region cells must be [row, col] pairs or cell numbers')
    h = this._kit._with([(jigsaw?.length ?? 0) * 4 + 4, flatRegions.length * 4 + 4], (jp, rp) => {
      const i32 = this._kit._i32()
      if (jigsaw) i32.set(jigsaw, jp >>> 2)
      i32.set(flatRegions, rp >>> 2)
      const ok = regions.every((r) => r.length === size)
      if (!ok) throw new DlxError('BAD_REGION', `every extra region needs ${size} cells`)
      return this._x.dk_sudoku_new(size, box[0], box[1], flags, jigsaw ? jp : 0, rp, regions.length)
    })
    if (!h) throw this._kit._error(this._kit._i32()[this._x.dk_error() >>> 2])
    this._cache(key, h)
    return h
  }

  /** Keep solver h for its shape's key, the oldest going past the cache's size. */
  _cache (key, h) {
    const cache = this._kit._solvers
    cache.set(key, h)
    while (cache.size > SOLVER_CACHE_SIZE) {
      const [oldKey, old] = cache.entries().next().value
      cache.delete(oldKey)
      this._x.dk_sudoku_free(old)
    }
  }

  /**
   * A puzzle in: a string in any format the C reader knows, or a 2D array
   * (numbers, digit strings, '' / null / 0 for blanks). Returns the cells and
   * what is needed to give an answer back in the same form.
   */
  _read (puzzle, opts) {
    checkTextSize(opts.size)
    // A box of side 2 or 3 fixes the side: one line of 4 or 9 cells is then
    // that puzzle, not the first row of a 4x4 or 9x9 grid. (Larger boxes
    // leave the reader alone, so a mismatch is still reported as BAD_SIZE.)
    const { boxRows: br, boxCols: bc } = opts
    if (opts.size == null && Number.isInteger(br) && Number.isInteger(bc) && br > 0 && bc > 0 && br * bc <= 3) {
      opts = { ...opts, size: br * bc }
    }
    const alphabet = checkAlphabet(opts.alphabet, opts.size)
    if (Array.isArray(puzzle)) return readArray(puzzle, opts)
    if (typeof puzzle !== 'string') throw new DlxError('BAD_INPUT', 'a puzzle is a string or a 2D array of cells')
    checkPuzzleLength(puzzle)
    const fast = readLine(this._lines, puzzle, opts.size, alphabet)
    if (fast) return fast
    const kit = this._kit
    const [s, len] = kit._putString(puzzle)
    let a = 0
    try {
      if (alphabet) [a] = kit._putString(alphabet) // inside: s is freed if this fails
      const t = this._x.dk_text_parse(s, len, opts.size ?? 0, a)
      if (!t) throw kit._error(kit._i32()[this._x.dk_error() >>> 2])
      const size = this._x.dk_text_size(t)
      if (!size) {
        this._x.dk_text_free(t)
        throw new DlxError('BAD_LENGTH', 'the text holds no puzzle')
      }
      const cells = kit._u8().slice(this._x.dk_text_cells(t), this._x.dk_text_cells(t) + size * size)
      try {
        this._checkNothingAfter(s, len, this._x.dk_text_consumed(t), opts, a)
      } catch (e) {
        this._x.dk_text_free(t)
        throw e
      }
      return { size, cells, kind: 'text', text: t, style: this._x.dk_text_style(t) }
    } finally {
      kit._free(s)
      kit._free(a)
    }
  }

  /** One puzzle means one: text after it (but blanks and comments) is an error. */
  _checkNothingAfter (s, len, consumed, opts, alphabet) {
    if (consumed >= len) return
    const kit = this._kit
    const rest = this._x.dk_text_parse(s + consumed, len - consumed, opts.size ?? 0, alphabet)
    if (!rest) {
      const err = kit._error(kit._i32()[this._x.dk_error() >>> 2])
      err.message = `after the puzzle: ${err.message}`
      throw err
    }
    const more = this._x.dk_text_size(rest) > 0
    this._x.dk_text_free(rest)
    if (more) throw new DlxError('BAD_INPUT', 'the text holds more than one puzzle; pass them to solveMany one by one')
  }

  /** The answer in the form the puzzle came in. */
  _write (input, values, opts = {}) {
    const { size } = input
    if (input.kind === 'array') {
      const rows = []
      for (let r = 0; r < size; r++) rows.push(Array.from(values.subarray(r * size, r * size + size)))
      return rows
    }
    const style = opts.format ? styleOf(opts.format) : input.kind === 'line' ? 0 : input.style
    if (input.kind === 'line' && style === 0) return writeLine(values, input.symbols, input.blank)
    const kit = this._kit
    const cap = size * size * 8 + 4096
    return kit._with([size * size, cap], (v, buf) => {
      kit._u8().set(values, v)
      const n = kit._check(this._x.dk_text_format(input.text ?? 0, size, v, style, buf, cap))
      return utf8Decoder.decode(kit._u8().slice(buf, buf + Math.min(n, cap - 1)))
    })
  }

  _release (input) {
    if (input.text) this._x.dk_text_free(input.text)
  }

  /**
   * The solver for the shape with restarts as opts.restarts says (on unless
   * false): solvers are shared by every call of their shape.
   */
  _solverFor (size, opts) {
    const restarts = checkFlag(opts.restarts, 'restarts', true)
    const h = this._solver(size, opts)
    this._x.dk_sudoku_set_restarts(h, restarts ? 1 : 0)
    return h
  }

  _withPuzzle (puzzle, opts, fn) {
    checkFlag(opts.restarts, 'restarts', true) // before the puzzle is read
    const input = this._read(puzzle, opts)
    try {
      return fn(input, this._solverFor(input.size, opts))
    } finally {
      this._release(input)
    }
  }

  /** Solve: { status, solution, count, nodes, guesses }. limit 2 proves uniqueness. */
  solve (puzzle, opts = {}) {
    const limit = checkCount(opts.limit ?? 2, 'limit')
    const maxNodes = checkCount(opts.maxNodes ?? 0, 'maxNodes')
    const restarts = checkFlag(opts.restarts, 'restarts', true)
    const fast = typeof puzzle === 'string' && plainOptions(opts) && this._fast.solve(puzzle, opts.size, limit, maxNodes, restarts)
    if (fast) return fast // else the full path reads it (again) and says what is wrong
    return this._withPuzzle(puzzle, opts, (input, h) => {
      const n2 = input.size * input.size
      const kit = this._kit
      const at = SLOT.solve
      return kit._with([n2, n2, 8 * at.length], (grid, sol, out) => {
        kit._u8().set(input.cells, grid)
        kit._check(this._x.dk_sudoku_solve(h, grid, limit, maxNodes, sol, out))
        const f = kit._f64().slice(out >>> 3, (out >>> 3) + at.length)
        const found = f[at.count] > 0
        const values = kit._u8().slice(sol, sol + n2)
        return {
          status: STATUS[f[at.status]],
          solution: found ? this._write(input, values, opts) : null,
          count: f[at.count],
          nodes: f[at.nodes],
          guesses: f[at.guesses]
        }
      })
    })
  }

  /** The number of solutions, up to `limit` (default 2). */
  count (puzzle, opts = {}) {
    return this.solve(puzzle, { ...opts, limit: opts.limit ?? 2 }).count
  }

  /** Many puzzles of one shape in one call into the module. */
  solveMany (puzzles, opts = {}) {
    if (!Array.isArray(puzzles)) throw new DlxError('BAD_INPUT', 'solveMany needs an array of puzzles')
    const limit = checkCount(opts.limit ?? 2, 'limit')
    const maxNodes = checkCount(opts.maxNodes ?? 0, 'maxNodes')
    checkFlag(opts.restarts, 'restarts', true)
    checkTextSize(opts.size)
    checkAlphabet(opts.alphabet, opts.size) // an error of the call, not of each puzzle
    const invalid = (cells, size) => ({ status: 'invalid', error: this._errorOf({ size, cells }, opts), solution: null, count: 0, nodes: 0 })
    const fast = puzzles.length && plainOptions(opts) && this._fast.solveMany(puzzles, opts.size, limit, maxNodes, invalid)
    if (fast) return fast // else the full path reads each puzzle and groups them by size
    const inputs = []
    const results = new Array(puzzles.length)
    try {
      puzzles.forEach((p, k) => {
        try {
          inputs.push({ k, input: this._read(p, opts) })
        } catch (e) {
          if (!(e instanceof DlxError)) throw e
          results[k] = { status: 'invalid', error: e, solution: null, count: 0, nodes: 0 }
        }
      })
      // Puzzles of one size go together; a batch of mixed sizes makes groups.
      const groups = new Map()
      for (const it of inputs) {
        if (!groups.has(it.input.size)) groups.set(it.input.size, [])
        groups.get(it.input.size).push(it)
      }
      for (const [size, group] of groups) this._solveGroup(size, group, limit, maxNodes, opts, results)
    } finally {
      for (const it of inputs) this._release(it.input)
    }
    return results
  }

  _solveGroup (size, group, limit, maxNodes, opts, results) {
    const kit = this._kit
    const h = this._solverFor(size, opts)
    const n2 = size * size
    const at = SLOT.solve
    kit._with([n2 * group.length, n2 * group.length, 8 * at.length * group.length], (grids, sols, out) => {
      const u8 = kit._u8()
      group.forEach((it, j) => u8.set(it.input.cells, grids + j * n2))
      kit._check(this._x.dk_sudoku_solve_many(h, grids, group.length, limit, maxNodes, sols, out))
      // Copies: writing answers and asking about errors allocate, which can
      // grow the memory and detach any view of it.
      const f = kit._f64().slice(out >>> 3, (out >>> 3) + at.length * group.length)
      const all = kit._u8().slice(sols, sols + n2 * group.length)
      group.forEach((it, j) => {
        const o = at.length * j
        if (f[o + at.status] < 0) { // rare: ask again alone for the full message and details
          results[it.k] = { status: 'invalid', error: this._errorOf(it.input, opts), solution: null, count: 0, nodes: 0 }
          return
        }
        const values = all.subarray(j * n2, (j + 1) * n2)
        results[it.k] = {
          status: STATUS[f[o + at.status]],
          solution: f[o + at.count] > 0 ? this._write(it.input, values, opts) : null,
          count: f[o + at.count],
          nodes: f[o + at.nodes],
          guesses: f[o + at.guesses]
        }
      })
    })
  }

  /** The error solving this (already read) puzzle alone raises. */
  _errorOf (input, opts) {
    const kit = this._kit
    const n2 = input.size * input.size
    return kit._with([n2, n2, 32], (grid, sol, out) => {
      kit._u8().set(input.cells, grid)
      const rc = this._x.dk_sudoku_solve(this._solverFor(input.size, opts), grid, 1, 1, sol, out)
      return rc < 0 ? kit._error(rc) : new DlxError('UNKNOWN', 'the puzzle could not be solved')
    })
  }

  /**
   * A text of many puzzles cut into one text per puzzle, by the same reader
   * that solve() uses: [{ text, line }], line being where the puzzle starts
   * (1-based). A piece the reader rejects is still a piece (solving it says
   * what is wrong); it ends where the reader would go on, which for a bad
   * first row of a grid is after the rows the grid would have. Blank,
   * comment and title lines before a puzzle are left out. Options: size,
   * alphabet (as for solve).
   */
  split (text, opts = {}) {
    if (typeof text !== 'string') throw new DlxError('BAD_INPUT', `split needs a string (got ${describe(text)})`)
    checkTextSize(opts.size)
    const alphabet = checkAlphabet(opts.alphabet, opts.size)
    const kit = this._kit
    const [s, len] = kit._putString(text)
    let a = 0
    try {
      if (alphabet) [a] = kit._putString(alphabet)
      const pieces = []
      let at = 0
      let line = 1
      while (at < len) {
        const t = this._x.dk_text_parse(s + at, len - at, opts.size ?? 0, a)
        let used, start // the reader's place after the puzzle, and where the puzzle itself began
        if (t) {
          const size = this._x.dk_text_size(t)
          used = this._x.dk_text_consumed(t)
          start = this._x.dk_text_start(t)
          this._x.dk_text_free(t)
          if (!size) break // only blank, comment or title lines are left
        } else {
          const record = kit._i32().subarray(this._x.dk_error() >>> 2)
          used = record[SLOT.error.index]
          start = record[SLOT.error.start]
          if (!(used > 0)) throw kit._error(record[0]) // about the options
        }
        // Blank, comment and title lines before the puzzle are left out.
        const before = utf8Decoder.decode(kit._u8().slice(s + at, s + at + start))
        const piece = utf8Decoder.decode(kit._u8().slice(s + at + start, s + at + used))
        const lines = piece.split('\n')
        const first = Math.max(0, lines.findIndex((l) => l.trim() && !l.trimStart().startsWith('#')))
        const skipped = before.split('\n').length - 1 + first
        pieces.push({ text: lines.slice(first).join('\n'), line: line + skipped })
        line += skipped + lines.length - 1 - first
        at += used
      }
      return pieces
    } finally {
      kit._free(s)
      kit._free(a)
    }
  }

  /**
   * One puzzle read from the start of a text by the C reader (the one solve()
   * uses): { size, boxRows, boxCols, cells (rows of numbers, 0 empty), style
   * ('line' | 'grid' | 'numbers'), offset, line }. offset is where the reader
   * stopped (text.slice(offset) is the rest, to read the next puzzle) and line
   * the 1-based line there. null when the text holds no puzzle (only blank,
   * comment or title lines). A bad text throws the reader's DlxError, its
   * details holding line and column. Options: size, alphabet, boxRows, boxCols.
   */
  read (text, opts = {}) {
    if (typeof text !== 'string') throw new DlxError('BAD_INPUT', `read needs a string (got ${describe(text)})`)
    checkTextSize(opts.size)
    const br = checkSide(opts.boxRows, 'boxRows')
    const bc = checkSide(opts.boxCols, 'boxCols')
    const alphabet = checkAlphabet(opts.alphabet, opts.size)
    checkPuzzleLength(text)
    const kit = this._kit
    const [s, len] = kit._putString(text)
    let a = 0
    try {
      if (alphabet) [a] = kit._putString(alphabet)
      const t = this._x.dk_text_parse(s, len, opts.size ?? 0, a)
      if (!t) throw kit._error(kit._i32()[this._x.dk_error() >>> 2])
      try {
        const size = this._x.dk_text_size(t)
        if (!size) return null
        const flat = kit._u8().slice(this._x.dk_text_cells(t), this._x.dk_text_cells(t) + size * size)
        const used = utf8Decoder.decode(kit._u8().slice(s, s + this._x.dk_text_consumed(t)))
        const style = Object.keys(STYLE).find((k) => STYLE[k] === this._x.dk_text_style(t)) ?? 'grid'
        const cells = []
        for (let r = 0; r < size; r++) cells.push(Array.from(flat.subarray(r * size, r * size + size)))
        const [boxRows, boxCols] = boxOf(this, size, br, bc)
        const bom = used && text.charCodeAt(0) === 0xfeff ? 1 : 0 // the decoder drops a leading BOM
        return { size, boxRows, boxCols, cells, style, offset: used.length + bom, line: used.split('\n').length }
      } finally {
        this._x.dk_text_free(t)
      }
    } finally {
      kit._free(s)
      kit._free(a)
    }
  }

  /** Pencil marks: for every cell, the digits still possible after the givens. */
  candidates (puzzle, opts = {}) {
    return this._withPuzzle(puzzle, opts, (input, h) => {
      const { size } = input
      const kit = this._kit
      return kit._with([size * size, size * size * 8], (grid, out) => {
        kit._u8().set(input.cells, grid)
        kit._check(this._x.dk_sudoku_candidates(h, grid, out))
        return candidateLists(new Uint32Array(kit._x.memory.buffer, out, size * size * 2), size)
      })
    })
  }

  /** The default box of side n: { boxRows, boxCols } (the C header's table). */
  defaultBox (n) { return defaultBox(n) }

  /** A box as text, by the one C parser: { boxRows, boxCols } or { boxRows } (dlxkit-sudoku-shape.mjs). */
  parseBox (text) { return parseBox(this, text) }

  /** The pattern-grid shortcut: { solution, free } or null (dlxkit-sudoku-shape.mjs). */
  pattern (puzzle, opts = {}) { return pattern(this, puzzle, opts) }

  /** A new puzzle with a unique solution (dlxkit-sudoku-generate.mjs). */
  generate (opts = {}) { return generate(this, opts) }

  /** Difficulty: { level, score, nodes, guesses, status }. */
  rate (puzzle, opts = {}) {
    return this._withPuzzle(puzzle, opts, (input, h) => {
      const kit = this._kit
      const n2 = input.size * input.size
      const at = SLOT.rate
      return kit._with([n2, 8 * at.length], (grid, out) => {
        kit._u8().set(input.cells, grid)
        kit._check(this._x.dk_sudoku_rate(h, grid, out))
        const f = kit._f64().slice(out >>> 3, (out >>> 3) + at.length)
        return { level: kit._string(this._x.dk_sudoku_level_name(f[at.level])), score: Math.round(f[at.score] * 100) / 100, nodes: f[at.nodes], guesses: f[at.guesses], status: STATUS[f[at.status]] }
      })
    })
  }
}
