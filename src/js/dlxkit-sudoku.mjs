// The Sudoku functions (dlx.sudoku): solvers cached by shape, puzzles read by
// the C reader (or taken as 2D arrays) and answered in the form they came in.
import { DlxError, checkCount, checkFlag, describe, invalidResult, invalidWith } from './dlxkit-errors.mjs'
import {
  STYLE, candidateLists, checkAlphabet, checkPuzzleLength, checkSide, checkTextSize, defaultBox, readArray, styleOf, variantFlags
} from './dlxkit-sudoku-args.mjs'
import { boxOf, parseBox, pattern } from './dlxkit-sudoku-shape.mjs'
import { LineSolver, plainOptions, shapeKey } from './dlxkit-sudoku-fast.mjs'
import { generate } from './dlxkit-sudoku-generate.mjs'
import { difficulties, rateByTechnique } from './dlxkit-sudoku-difficulty.mjs'
import { hint, steps } from './dlxkit-sudoku-explain.mjs'
import { LineTables, readLine, writeLine } from './dlxkit-sudoku-line.mjs'
import { checkOptions } from './dlxkit-option-names.mjs'

const SOLVER_CACHE_SIZE = 4

/** solve()'s options when none are given: nothing to check, nothing made per call. */
const NO_OPTIONS = Object.freeze({})

export class SudokuApi {
  constructor (kit) {
    this._kit = kit
    this._native = kit._native // the module's calls (dlxkit-native.mjs), rebound when the instance is replaced
    this._lines = new LineTables(kit)
    this._fast = new LineSolver(this)
  }

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
    if (!regions.every((r) => r.length === size)) throw new DlxError('BAD_REGION', `every extra region needs ${size} cells`)
    h = this._native.sudokuNew(size, box[0], box[1], flags, jigsaw, flatRegions, regions.length)
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
      this._native.sudokuFree(old)
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
    const native = this._native
    const [s, len] = native.putString(puzzle)
    let a = 0
    try {
      if (alphabet) [a] = native.putString(alphabet) // inside: s is freed if this fails
      const t = native.textParse(s, len, opts.size ?? 0, a)
      if (!t) throw native.lastError()
      const size = native.textSize(t)
      if (!size) {
        native.textFree(t)
        throw new DlxError('BAD_LENGTH', 'the text holds no puzzle')
      }
      const cells = native.textCells(t, size * size)
      try {
        this._checkNothingAfter(s, len, native.textConsumed(t), opts, a)
      } catch (e) {
        native.textFree(t)
        throw e
      }
      return { size, cells, kind: 'text', text: t, style: native.textStyle(t) }
    } finally {
      native.free(s)
      native.free(a)
    }
  }

  /** One puzzle means one: text after it (but blanks and comments) is an error. */
  _checkNothingAfter (s, len, consumed, opts, alphabet) {
    if (consumed >= len) return
    const native = this._native
    const rest = native.textParse(s + consumed, len - consumed, opts.size ?? 0, alphabet)
    if (!rest) {
      const err = native.lastError()
      err.message = `after the puzzle: ${err.message}`
      throw err
    }
    const more = native.textSize(rest) > 0
    native.textFree(rest)
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
    return this._native.textFormat(input.text ?? 0, size, values, style, size * size * 8 + 4096)
  }

  _release (input) {
    if (input.text) this._native.textFree(input.text)
  }

  /**
   * The solver for the shape with restarts as opts.restarts says (on unless
   * false): solvers are shared by every call of their shape.
   */
  _solverFor (size, opts) {
    const restarts = checkFlag(opts.restarts, 'restarts', true)
    const h = this._solver(size, opts)
    this._native.sudokuSetRestarts(h, restarts)
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
  solve (puzzle, opts = NO_OPTIONS) {
    if (opts !== NO_OPTIONS) checkOptions('sudoku.solve', opts)
    const limit = checkCount(opts.limit ?? 2, 'limit')
    const maxNodes = checkCount(opts.maxNodes ?? 0, 'maxNodes')
    const restarts = checkFlag(opts.restarts, 'restarts', true)
    const fast = typeof puzzle === 'string' && plainOptions(opts) && this._fast.solve(puzzle, opts.size, limit, maxNodes, restarts)
    if (fast) return fast // else the full path reads it (again) and says what is wrong
    return this._withPuzzle(puzzle, opts, (input, h) => {
      const native = this._native
      const n2 = input.size * input.size
      return native.withSolveBlock(1, n2, (block) => {
        native.writeBytes(block.grid(0), input.cells)
        native.sudokuSolve(h, block, limit, maxNodes)
        const r = native.solveResult(block, 0)
        if (r.count > 0) r.solution = this._write(input, native.readBytes(block.answer(0), n2), opts)
        return r
      })
    })
  }

  /** The number of solutions, up to `limit` (default 2). */
  count (puzzle, opts = {}) {
    checkOptions('sudoku.count', opts)
    return this.solve(puzzle, { ...opts, limit: opts.limit ?? 2 }).count
  }

  /** Many puzzles of one shape in one call into the module. */
  solveMany (puzzles, opts = {}) {
    checkOptions('sudoku.solveMany', opts)
    if (!Array.isArray(puzzles)) throw new DlxError('BAD_INPUT', 'solveMany needs an array of puzzles')
    const limit = checkCount(opts.limit ?? 2, 'limit')
    const maxNodes = checkCount(opts.maxNodes ?? 0, 'maxNodes')
    checkFlag(opts.restarts, 'restarts', true)
    checkTextSize(opts.size)
    checkAlphabet(opts.alphabet, opts.size) // an error of the call, not of each puzzle
    const size = opts.size // read later, opts might have changed
    const errorOf = (line) => this._errorOfLine(line, size)
    const invalid = (line) => invalidResult(errorOf, line)
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
          results[k] = invalidWith(e)
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
    const native = this._native
    const h = this._solverFor(size, opts)
    const n2 = size * size
    native.withSolveBlock(group.length, n2, (block) => {
      group.forEach((it, j) => native.writeBytes(block.grid(j), it.input.cells))
      native.sudokuSolveMany(h, block, limit, maxNodes)
      group.forEach((it, j) => {
        if (native.solveFailed(block, j)) { // rare: ask again alone for the full message and details
          results[it.k] = invalidWith(this._errorOf(it.input, opts))
          return
        }
        const r = native.solveResult(block, j)
        if (r.count > 0) r.solution = this._write(it.input, native.readBytes(block.answer(j), n2), opts)
        results[it.k] = r
      })
    })
  }

  /** The error solve() raises for a one-line puzzle of plain options. */
  _errorOfLine (line, size) {
    try {
      this.solve(line, { size })
    } catch (e) {
      if (e instanceof DlxError) return e
      throw e
    }
    return new DlxError('UNKNOWN', 'the puzzle could not be solved')
  }

  /** The error solving this (already read) puzzle alone raises. */
  _errorOf (input, opts) {
    const native = this._native
    return native.withSolveBlock(1, input.size * input.size, (block) => {
      native.writeBytes(block.grid(0), input.cells)
      const h = this._solverFor(input.size, opts)
      try {
        native.sudokuSolve(h, block, 1, 1)
      } catch (e) {
        if (e instanceof DlxError) return e
        throw e
      }
      return new DlxError('UNKNOWN', 'the puzzle could not be solved')
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
    checkOptions('sudoku.split', opts)
    if (typeof text !== 'string') throw new DlxError('BAD_INPUT', `split needs a string (got ${describe(text)})`)
    checkTextSize(opts.size)
    const alphabet = checkAlphabet(opts.alphabet, opts.size)
    const native = this._native
    const [s, len] = native.putString(text)
    let a = 0
    try {
      if (alphabet) [a] = native.putString(alphabet)
      const pieces = []
      let at = 0
      let line = 1
      while (at < len) {
        const t = native.textParse(s + at, len - at, opts.size ?? 0, a)
        let used, start // the reader's place after the puzzle, and where the puzzle itself began
        if (t) {
          const size = native.textSize(t)
          used = native.textConsumed(t)
          start = native.textStart(t)
          native.textFree(t)
          if (!size) break // only blank, comment or title lines are left
        } else {
          const err = native.lastError() // its index: where the next puzzle may start; start: where this one began
          used = err.details.index ?? 0
          start = err.details.start ?? 0
          if (!(used > 0)) throw err // about the options
        }
        // Blank, comment and title lines before the puzzle are left out.
        const before = native.readText(s + at, start)
        const piece = native.readText(s + at + start, used - start)
        const lines = piece.split('\n')
        const first = Math.max(0, lines.findIndex((l) => l.trim() && !l.trimStart().startsWith('#')))
        const skipped = before.split('\n').length - 1 + first
        pieces.push({ text: lines.slice(first).join('\n'), line: line + skipped })
        line += skipped + lines.length - 1 - first
        at += used
      }
      return pieces
    } finally {
      native.free(s)
      native.free(a)
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
    checkOptions('sudoku.read', opts)
    if (typeof text !== 'string') throw new DlxError('BAD_INPUT', `read needs a string (got ${describe(text)})`)
    checkTextSize(opts.size)
    const br = checkSide(opts.boxRows, 'boxRows')
    const bc = checkSide(opts.boxCols, 'boxCols')
    const alphabet = checkAlphabet(opts.alphabet, opts.size)
    checkPuzzleLength(text)
    const native = this._native
    const [s, len] = native.putString(text)
    let a = 0
    try {
      if (alphabet) [a] = native.putString(alphabet)
      const t = native.textParse(s, len, opts.size ?? 0, a)
      if (!t) throw native.lastError()
      try {
        const size = native.textSize(t)
        if (!size) return null
        const flat = native.textCells(t, size * size)
        const used = native.readText(s, native.textConsumed(t))
        const style = Object.keys(STYLE).find((k) => STYLE[k] === native.textStyle(t)) ?? 'grid'
        const cells = []
        for (let r = 0; r < size; r++) cells.push(Array.from(flat.subarray(r * size, r * size + size)))
        const [boxRows, boxCols] = boxOf(this, size, br, bc)
        const bom = used && text.charCodeAt(0) === 0xfeff ? 1 : 0 // the decoder drops a leading BOM
        return { size, boxRows, boxCols, cells, style, offset: used.length + bom, line: used.split('\n').length }
      } finally {
        native.textFree(t)
      }
    } finally {
      native.free(s)
      native.free(a)
    }
  }

  /** Pencil marks: for every cell, the digits still possible after the givens. */
  candidates (puzzle, opts = {}) {
    checkOptions('sudoku.candidates', opts)
    return this._withPuzzle(puzzle, opts, (input, h) => candidateLists(this._native.sudokuCandidates(h, input.cells), input.size))
  }

  /** The default box of side n: { boxRows, boxCols } (the C header's table). */
  defaultBox (n) { return defaultBox(n) }

  /** A box as text, by the one C parser: { boxRows, boxCols } or { boxRows } (dlxkit-sudoku-shape.mjs). */
  parseBox (text) { return parseBox(this, text) }

  /** The pattern-grid shortcut: { solution, free } or null (dlxkit-sudoku-shape.mjs). */
  pattern (puzzle, opts = {}) { return pattern(this, puzzle, checkOptions('sudoku.pattern', opts)) }

  /** A new puzzle with a unique solution (dlxkit-sudoku-generate.mjs). */
  generate (opts = {}) { return generate(this, opts) }

  /** The steps a person can follow: { steps, solved, rating } (dlxkit-sudoku-explain.mjs). */
  steps (puzzle, opts = {}) { return steps(this, puzzle, checkOptions('sudoku.steps', opts)) }

  /** The next step at depth 1, 2 or 3, or null for a full grid (dlxkit-sudoku-explain.mjs). */
  hint (puzzle, opts = {}) { return hint(this, puzzle, checkOptions('sudoku.hint', opts)) }

  /**
   * Difficulty: { level, score, nodes, guesses, status } from the search, and
   * by technique { difficulty, technique, rating, steps } (dlxkit-sudoku-difficulty.mjs;
   * opts.techniques false leaves them null).
   */
  rate (puzzle, opts = {}) {
    checkOptions('sudoku.rate', opts)
    const techniques = checkFlag(opts.techniques, 'techniques', true)
    return this._withPuzzle(puzzle, opts, (input, h) => {
      const r = this._native.sudokuRate(h, input.cells)
      r.score = Math.round(r.score * 100) / 100
      return Object.assign(r, rateByTechnique(this._native, h, input.cells, techniques ? r.status : null, opts))
    })
  }

  /** The levels of difficulty by technique, easiest first: [{ name, from, to }] (SE ratings). */
  difficulties () { return difficulties(this._native) }
}
