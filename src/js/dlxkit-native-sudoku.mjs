// The Sudoku solver's and the puzzle text's calls of the one binding of
// dlxkit.wasm's exports (Native, dlxkit-native.mjs), kept in a file of their
// own: installed on Native's prototype, so callers see one object. Like the
// binding, this is the only place these exports and records are named.
import { ERR, SLOT, SUDOKU_STATUS } from './dlxkit-abi.mjs'
import { DlxError } from './dlxkit-errors.mjs'

const SOLVE = SLOT.solve
const ascii = new TextEncoder() // one-line puzzles: ASCII, one byte a character (writeAsciiPrefix)
const symbolsOf = new TextDecoder() // a solution of sudokuSolveLine, in its symbols: ASCII, which UTF-8's decoder reads fastest (173 ns a 9x9 against latin1's 295, Node 20)
// A line table in module memory (sudokuLines, sudokuSolveLine): value[128],
// kind[128], the mixes of marks (256), the symbols' bytes by value (65, and
// room to 80: the module reads them 16 at a time)
const TABLE = { value: 0, kind: 128, mixes: 256, codes: 512, bytes: 592 }
const answersOf = new TextDecoder('latin1') // one character a byte, whatever the bytes

/**
 * A block of module memory for `count` puzzles of n2 cells: their solve
 * records (8-byte aligned, first), then the grids, then the answers.
 */
export class SolveBlock {
  constructor (p, count, n2) {
    this.records = p
    this.grids = p + 8 * SOLVE.length * count
    this.answers = this.grids + n2 * count
    this.count = count
    this.n2 = n2
  }

  static bytes (count, n2) { return 8 * SOLVE.length * count + 2 * n2 * count }
  grid (j) { return this.grids + j * this.n2 }
  answer (j) { return this.answers + j * this.n2 }
}

/** Native's Sudoku and text methods (`this` is the Native). */
class SudokuCalls {
  // ---- Sudoku ---------------------------------------------------------------------

  /** A solver for the shape; jigsaw (pieces by cell) may be null, regions are flat cells. */
  sudokuNew (size, boxRows, boxCols, flags, jigsaw, regions, regionCount) {
    const h = this.withBuffers([(jigsaw?.length ?? 0) * 4 + 4, regions.length * 4 + 4], (jp, rp) => {
      const i32 = this._int32()
      if (jigsaw) i32.set(jigsaw, jp >>> 2)
      i32.set(regions, rp >>> 2)
      return this._x.dk_sudoku_new(size, boxRows, boxCols, flags, jigsaw ? jp : 0, rp, regionCount)
    })
    if (!h) throw this.lastError()
    return h
  }

  sudokuFree (h) { this._x.dk_sudoku_free(h) }

  /** The box of side n (0, 0: the default; one side: the other): [rows, cols], or BAD_SIZE. */
  sudokuBoxOf (n, boxRows, boxCols) {
    const v = this.check(this._x.dk_sudoku_box_of(n, boxRows, boxCols))
    return [v >> 8, v & 255]
  }

  /** sudoku_parse_box of a text: [rows, cols] (cols 0: the rows alone), or BAD_BOX / BAD_SIZE. */
  sudokuParseBox (text) {
    const v = this.withString(text, (s, len) => this.check(this._x.dk_sudoku_parse_box(s, len)))
    return [v >> 8, v & 255]
  }

  /** sudoku_pattern_fill: the pattern grid keeping the givens (cells, n*n bytes), or null when they do not fit; free: the digits no given named. */
  sudokuPattern (size, boxRows, boxCols, cells) {
    const n2 = size * size
    return this.withBuffers([n2, n2], (grid, out) => {
      this.writeBytes(grid, cells)
      const fit = this.check(this._x.dk_sudoku_pattern(size, boxRows, boxCols, grid, out))
      return fit ? { cells: this.readBytes(out, n2), free: fit - 1 } : null
    })
  }
  sudokuSize (h) { return this._x.dk_sudoku_size(h) }
  sudokuSetRestarts (h, on) { this._x.dk_sudoku_set_restarts(h, on ? 1 : 0) }

  /** A SolveBlock (records zeroed); free it with freeSolveBlock. */
  newSolveBlock (count, n2) {
    const block = new SolveBlock(this.alloc(SolveBlock.bytes(count, n2)), count, n2)
    this.fillBytes(block.records, 8 * SOLVE.length * count, 0)
    return block
  }

  freeSolveBlock (block) { if (block) this.free(block.records) }

  withSolveBlock (count, n2, fn) {
    const block = this.newSolveBlock(count, n2)
    try {
      return fn(block)
    } finally {
      this.freeSolveBlock(block)
    }
  }

  /** A block for one puzzle of n2 cells or fewer, kept between calls (solve()'s fast path). */
  scratchBlock (n2) {
    if (this._scratch?.n2 >= n2) return this._scratch
    const block = this.newSolveBlock(1, n2)
    this.freeSolveBlock(this._scratch)
    this._scratch = block
    return block
  }

  /** The string's first n bytes of UTF-8 at p: whether they are its first n characters, one byte each (ASCII). */
  writeAsciiPrefix (p, s, n) {
    // the last view made (solve()'s puzzles go to one place); one of a buffer
    // the memory outgrew (detached) has length 0, a cheaper check than its buffer
    const v = this._prefix
    const view = v && v.byteOffset === p && v.length === n ? v : (this._prefix = this.u8().subarray(p, p + n))
    if (!ascii.encodeInto) { // hosts before it (Safari 14.0): the bytes, then a copy
      const bytes = ascii.encode(s.slice(0, n))
      view.set(bytes.subarray(0, n))
      return bytes.length === n && s.length >= n
    }
    const { read, written } = ascii.encodeInto(s, view)
    return read === n && written === n
  }

  /**
   * count lines of n2 bytes at p turned in place into cell values by a line
   * table ({ value, kind }: 128 entries each, dlxkit-sudoku-line.mjs): per
   * line [blank, marks, givens] into info (an Int32Array of 3 * count), or
   * false when a line holds a byte the table leaves to the C reader.
   */
  sudokuLines (table, p, count, n2, info) {
    const t = this._lineTable(table, 12 * count)
    if (this._x.dk_sudoku_lines(t + TABLE.value, t + TABLE.kind, p, count, n2, t + TABLE.bytes) >= 0) return false
    const i32 = this._int32()
    for (let k = 0, at = (t + TABLE.bytes) >>> 2; k < 3 * count; k++) info[k] = i32[at + k]
    return true
  }

  /**
   * The line table in a block kept between calls (one solve() is a puzzle:
   * an allocation each was a tenth of its time), `more` bytes after it, the
   * table copied in when another one comes: its address.
   */
  _lineTable (table, more) {
    const need = TABLE.bytes + more
    if (this._linesBytes < need) {
      if (this._linesAt) this.free(this._linesAt)
      this._linesAt = 0
      this._linesAt = this.alloc(need)
      this._linesBytes = need
      this._linesTable = null
    }
    const t = this._linesAt
    if (this._linesTable !== table) {
      const u8 = this.u8()
      u8.set(table.value, t + TABLE.value) // -1 (none) as 255: C reads them as int8_t
      u8.set(table.kind, t + TABLE.kind)
      u8.fill(0, t + TABLE.mixes, t + TABLE.codes)
      u8.set(table.mixes, t + TABLE.mixes)
      u8.set(table.codes, t + TABLE.codes)
      this._linesTable = table
    }
    return t
  }

  /**
   * solve()'s one crossing: the one-line puzzle s (n2 cells, ASCII) copied
   * into the kept block (scratchBlock) and turned into values through the
   * line table, solved on h with restarts as `restarts` says, the answer
   * written there in the table's symbols: { status, solution, count, nodes,
   * guesses }, or null when the table leaves the line to the C reader.
   */
  sudokuSolveLine (h, table, s, n2, restarts, limit, maxNodes) {
    const block = this.scratchBlock(n2)
    if (!this.writeAsciiPrefix(block.grids, s, n2)) return null
    const t = this._lineTable(table, 0)
    const rc = this._x.dk_sudoku_solve_line(h, t, block.grids, restarts ? 1 : 0, limit, maxNodes, block.answers, block.records)
    if (rc) {
      if (rc > 0) return null // the C reader's
      throw rc === ERR.CLASH ? this._clashError() : this.error(rc)
    }
    if (this._u8.length === 0) this._views() // the search grew the memory: the old buffer is detached
    const f = this._f64
    const o = block.records >>> 3
    const count = f[o + SOLVE.count]
    let solution = null
    if (count > 0) {
      const v = this._answer // the last view made: solve()'s answers come to one place (length 0 once detached)
      const view = v && v.byteOffset === block.answers && v.length === n2 ? v : (this._answer = this._u8.subarray(block.answers, block.answers + n2))
      solution = symbolsOf.decode(view)
    }
    return { status: SUDOKU_STATUS[f[o + SOLVE.status]], solution, count, nodes: f[o + SOLVE.nodes], guesses: f[o + SOLVE.guesses] }
  }

  /**
   * The CLASH of sudokuSolveLine: its cells and digit in the error record,
   * worded here as the C solver words it for a plain shape (its regions
   * rows, columns, boxes, in that order: the first that holds both cells is
   * named). tests/sudoku-line.test.mjs checks the two agree.
   */
  _clashError () {
    const e = this._x.dk_error() >>> 2
    const i32 = this._int32()
    const at = SLOT.error
    const row = i32[e + at.row]
    const col = i32[e + at.col]
    const row2 = i32[e + at.row2]
    const col2 = i32[e + at.col2]
    const value = i32[e + at.value]
    const region = row === row2 ? 'row' : col === col2 ? 'column' : 'box'
    return new DlxError('CLASH', `the ${value} at row ${row}, column ${col} clashes with the ${value} at row ${row2}, column ${col2} (same ${region})`,
      { errno: ERR.CLASH, row, col, row2, col2, value })
  }

  /**
   * solveMany's one crossing for one-line puzzles: the block's grids (the
   * lines' bytes, written by writeAsciiPrefix) turned into values through
   * the line table, each solved on h, its answer written in its symbols
   * ('.'s where none). false when the table leaves a line to the C reader
   * (nothing solved).
   */
  sudokuSolveLines (h, table, block, limit, maxNodes) {
    const t = this._lineTable(table, 0)
    return this.check(this._x.dk_sudoku_solve_lines(h, t, block.grids, block.count, limit, maxNodes, block.answers, block.records)) === 0
  }

  /**
   * The block's records after sudokuSolveLines, as solveMany's results:
   * { status, solution, count, nodes, guesses }, the solutions cut from
   * the answers read as one text (one decode for the batch: 30 ns a 9x9
   * against 150-290 for a decode each; none if no puzzle has one), or
   * invalid(puzzles[j]) where the module refused the puzzle.
   */
  lineResults (block, puzzles, invalid) {
    const f = this._float64() // once: nothing grows the memory in this loop (invalid() makes its error when read)
    const n2 = block.n2
    const results = new Array(block.count)
    let text = null
    for (let j = 0, o = block.records >>> 3; j < block.count; j++, o += SOLVE.length) {
      const status = f[o + SOLVE.status]
      if (status < 0) {
        results[j] = invalid(puzzles[j])
        continue
      }
      const count = f[o + SOLVE.count]
      let solution = null
      if (count > 0) solution = (text ??= this._answersText(block)).slice(j * n2, j * n2 + n2)
      results[j] = { status: SUDOKU_STATUS[status], solution, count, nodes: f[o + SOLVE.nodes], guesses: f[o + SOLVE.guesses] }
    }
    return results
  }

  /** The block's answers as one text, one character a byte (they are ASCII: UTF-8's decoder reads them fastest). */
  _answersText (block) {
    const bytes = this._u8.subarray(block.answers, block.answers + block.count * block.n2)
    const text = symbolsOf.decode(bytes)
    return text.length === bytes.length ? text : answersOf.decode(bytes) // a byte past 127 (never written): one character each all the same
  }

  /** Solve the block's first grid into its first answer and record. */
  sudokuSolve (h, block, limit, maxNodes) {
    this.check(this._x.dk_sudoku_solve(h, block.grids, limit, maxNodes, block.answers, block.records))
  }

  /** Solve every grid of the block; a puzzle that fails has a negative status (solveFailed). */
  sudokuSolveMany (h, block, limit, maxNodes) {
    this.check(this._x.dk_sudoku_solve_many(h, block.grids, block.count, limit, maxNodes, block.answers, block.records))
  }

  /** Whether the module refused puzzle j of a solveMany (its error: solve it alone). */
  solveFailed (block, j) { return this._float64()[(block.records >>> 3) + SOLVE.length * j + SOLVE.status] < 0 }

  /** Record j as { status, solution: null, count, nodes, guesses }: the caller writes the solution. */
  solveResult (block, j) {
    const f = this._float64()
    const o = (block.records >>> 3) + SOLVE.length * j
    return { status: SUDOKU_STATUS[f[o + SOLVE.status]], solution: null, count: f[o + SOLVE.count], nodes: f[o + SOLVE.nodes], guesses: f[o + SOLVE.guesses] }
  }

  /** A solve in steps of the block's first grid: begin, step (1 once ended), end. */
  sudokuBegin (h, block) { this.check(this._x.dk_sudoku_begin(h, block.grids)) }
  sudokuStep (h, block, limit, until) { return this.check(this._x.dk_sudoku_step(h, limit, until, block.answers, block.records)) }
  sudokuEnd (h) { this._x.dk_sudoku_end(h) }

  /** Candidate masks of the grid `cells`: two 32-bit words a cell (low, high). */
  sudokuCandidates (h, cells) {
    const n2 = cells.length
    return this.withBuffers([n2, n2 * 8], (grid, out) => {
      this.writeBytes(grid, cells)
      this.check(this._x.dk_sudoku_candidates(h, grid, out))
      if (this._memory.buffer !== this._buffer) this._views()
      return this._u32.slice(out >>> 2, (out >>> 2) + 2 * n2)
    })
  }

  /** { puzzle, solution } as n2 values each. */
  sudokuGenerate (h, seed, minimal, symmetric, clues, maxNodes, n2) {
    return this.withBuffers([n2, n2], (puzzle, solution) => {
      this.check(this._x.dk_sudoku_generate(h, seed, minimal ? 1 : 0, symmetric ? 1 : 0, clues, maxNodes, puzzle, solution))
      return { puzzle: this.readBytes(puzzle, n2), solution: this.readBytes(solution, n2) }
    })
  }

  /** { map (n2 piece numbers), grid (n2 values) }: a jigsaw map made for the boxes of h, with a grid that fits it. */
  sudokuMakeJigsaw (h, seed, maxNodes, n2) {
    return this.withBuffers([n2 * 4, n2], (map, grid) => {
      this.check(this._x.dk_sudoku_make_jigsaw(h, seed, maxNodes, map, grid))
      return { map: Array.from(this._int32().subarray(map >>> 2, (map >>> 2) + n2)), grid: this.readBytes(grid, n2) }
    })
  }

  /** { puzzle, solution }: clues taken from the full grid `solution` (n2 values). */
  sudokuGenerateFrom (h, solution, seed, minimal, symmetric, clues, maxNodes) {
    const n2 = solution.length
    return this.withBuffers([n2, n2], (sol, puzzle) => {
      this.writeBytes(sol, solution)
      this.check(this._x.dk_sudoku_generate_from(h, seed, minimal ? 1 : 0, symmetric ? 1 : 0, clues, maxNodes, sol, puzzle))
      return { puzzle: this.readBytes(puzzle, n2), solution: Uint8Array.from(solution) }
    })
  }

  /** { level (its name), score, nodes, guesses, status } of the grid `cells`. */
  sudokuRate (h, cells) {
    const at = SLOT.rate
    return this.withBuffers([cells.length, 8 * at.length], (grid, out) => {
      this.writeBytes(grid, cells)
      this.check(this._x.dk_sudoku_rate(h, grid, out))
      const f = this._float64().slice(out >>> 3, (out >>> 3) + at.length)
      return { level: this.string(this._x.dk_sudoku_level_name(f[at.level])), score: f[at.score], nodes: f[at.nodes], guesses: f[at.guesses], status: SUDOKU_STATUS[f[at.status]] }
    })
  }

  // ---- the explainer (docs/sudoku-logic.md) --------------------------------------

  /** An explainer of the grid `cells` on solver h (explainFree it), or the error (UNSOLVABLE, AMBIGUOUS, CLASH...). */
  explainBegin (h, cells, maxNodes) {
    const e = this.withBuffers([cells.length], (grid) => {
      this.writeBytes(grid, cells)
      return this._x.dk_explain_begin(h, grid, maxNodes)
    })
    if (!e) throw this.lastError()
    return e
  }

  /** The next step as { technique (its number), placements and eliminations ([cell, digit] pairs), cells, houses, text }, or null once the grid is full. */
  explainNext (e) {
    const at = SLOT.step
    return this.withBuffers([4 * at.length], (out) => {
      if (!this.check(this._x.dk_explain_next(e, out))) return null
      const r = this._int32s(out, at.length)
      const pairs = (p, n) => { const v = this._int32s(p, 2 * n); return Array.from({ length: n }, (_, i) => [v[2 * i], v[2 * i + 1]]) }
      return {
        technique: r[at.technique],
        placements: pairs(r[at.placements], r[at.placementCount]),
        eliminations: pairs(r[at.eliminations], r[at.eliminationCount]),
        cells: this._int32s(r[at.cells], r[at.cellCount]),
        houses: this._int32s(r[at.houses], r[at.houseCount]),
        text: this.string(r[at.text] >>> 0)
      }
    })
  }

  /** The rating by technique of the grid `cells` (sudoku_rate_logic): a logic record (below). */
  rateLogic (h, cells, maxNodes) {
    return this.withBuffers([cells.length, 4 * SLOT.logic.length], (grid, out) => {
      this.writeBytes(grid, cells)
      this.check(this._x.dk_sudoku_rate_logic(h, grid, maxNodes, out))
      return this._logicRecord(out)
    })
  }

  /** A puzzle of one difficulty (sudoku_generate_at): { puzzle, solution, logic } (n2 values each; a logic record). */
  sudokuGenerateAt (h, { seed, minimal, symmetric, clues, maxNodes, difficulty, attempts }, n2) {
    return this.withBuffers([n2, n2, 4 * SLOT.logic.length], (puzzle, solution, out) => {
      this.check(this._x.dk_sudoku_generate_at(h, seed, minimal ? 1 : 0, symmetric ? 1 : 0, clues, maxNodes, difficulty, attempts, puzzle, solution, out))
      return { puzzle: this.readBytes(puzzle, n2), solution: this.readBytes(solution, n2), logic: this._logicRecord(out) }
    })
  }

  /** { technique, rating (tenths), difficulty (numbers), steps, guesses, attempts } from a dk_logic_slot record. */
  _logicRecord (out) {
    const at = SLOT.logic
    const r = this._int32s(out, at.length)
    return { technique: r[at.technique], rating: r[at.rating], difficulty: r[at.difficulty], steps: r[at.steps], guesses: r[at.guesses], attempts: r[at.attempts] }
  }

  /** A level of difficulty by technique: its name, or null past the table. */
  difficultyName (d) { return this.string(this._x.dk_difficulty_name(d)) }
  /** The top of its range in tenths (-1 past the table). */
  difficultyTop (d) { return this._x.dk_difficulty_top(d) }

  /** How many windoku windows follow the X diagonals in the house numbers. */
  explainWindows (e) { return this._x.dk_explain_windows(e) }
  explainFree (e) { this._x.dk_explain_free(e) }
  /** A technique's name, or null past the table. */
  techniqueName (t) { return this.string(this._x.dk_technique_name(t)) }
  /** Its rating on the 1-to-11 scale (-0.1 past the table). */
  techniqueRating (t) { return this._x.dk_technique_rating(t) / 10 }

  // ---- puzzle text ------------------------------------------------------------------

  /** The reader on len bytes at s: a handle (textFree it), or 0 with the error recorded (lastError). */
  textParse (s, len, size, alphabet) { return this._x.dk_text_parse(s, len, size, alphabet) }
  textFree (t) { this._x.dk_text_free(t) }
  textSize (t) { return this._x.dk_text_size(t) }
  textStyle (t) { return this._x.dk_text_style(t) }
  textConsumed (t) { return this._x.dk_text_consumed(t) }
  textStart (t) { return this._x.dk_text_start(t) }
  /** A copy of the n cells read. */
  textCells (t, n) { return this.readBytes(this._x.dk_text_cells(t), n) }

  /** values (n*n of them) printed like text t (0: none) in a style, cut at cap - 1 bytes. */
  textFormat (like, size, values, style, cap) {
    return this.withBuffers([values.length, cap], (v, buf) => {
      this.writeBytes(v, values)
      const n = this.check(this._x.dk_text_format(like, size, v, style, buf, cap))
      return this.readText(buf, Math.min(n, cap - 1))
    })
  }
}

/** Give Native the methods above. */
export function installSudokuCalls (Native) {
  for (const name of Object.getOwnPropertyNames(SudokuCalls.prototype)) {
    if (name !== 'constructor') Native.prototype[name] = SudokuCalls.prototype[name]
  }
}
