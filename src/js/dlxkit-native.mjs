// The one binding of dlxkit.wasm's dk_* exports: every call into the module,
// the copies in and out of its memory, the C error record as a DlxError (one
// decoder), and the records the calls fill (results, stats, counts) read by
// their slot names from dlxkit-abi.mjs. No other module names a dk_ export or
// reads the memory's layout (tests/native-boundary.test.mjs): they hold pointers
// this module gave them and call its methods.
import { ERR, ERROR_NAMES, RESULT, SLOT } from './dlxkit-abi.mjs'
import { DlxError, INT32_MAX, countValue } from './dlxkit-errors.mjs'
import { installSudokuCalls } from './dlxkit-native-sudoku.mjs'

const utf8 = new TextEncoder()
const utf8Decoder = new TextDecoder()

/**
 * The exports that return a pointer. wasm32 pointers are unsigned, but an
 * i32 result reaches JS signed: past 2 GiB of memory it would be negative
 * (and every view at it out of bounds). The rest return counts or codes,
 * negative for an error.
 */
export const POINTER_EXPORTS = ['dk_error', 'dk_strerror', 'dk_alloc', 'dk_sudoku_new', 'dk_sudoku_level_name',
  'dk_text_parse', 'dk_text_cells', 'dk_problem_new', 'dk_problem_parse', 'dk_problem_item_name', 'dk_problem_color_name',
  'dk_explain_begin', 'dk_technique_name', 'dk_difficulty_name', 'dk_zdd_begin']

/** The exports, with pointers read as unsigned (`>>> 0`). */
export function unsignedPointers (exports) {
  const x = { ...exports }
  for (const name of POINTER_EXPORTS) {
    const f = exports[name]
    x[name] = (...args) => f(...args) >>> 0
  }
  return x
}

/** A LOAD_FAILED unless the instance's exports are dlxkit.wasm's (`where`: its URL, if any). */
export function checkExports (exports, where) {
  if (typeof exports._initialize !== 'function' || typeof exports.dk_alloc !== 'function') {
    throw new DlxError('LOAD_FAILED', `this WebAssembly module${where ? ` (${where})` : ''} is not dlxkit.wasm (it lacks the dk_* exports)`)
  }
}

/** The module's exports bound once; `released` is told after every free (Dlxkit gives memory back). */
export class Native {
  constructor (exports, released = () => {}) {
    this._released = released
    this.bind(exports)
  }

  /** Bind to an instance (a fresh one when Dlxkit.releaseMemory replaces the old). */
  bind (exports) {
    this._x = unsignedPointers(exports)
    this._x._initialize()
    this._memory = exports.memory
    this._buffer = null // the views below are of this buffer, renewed when the memory grows
    this._u8 = this._i32 = this._u32 = this._f64 = null
    this._scratch = null // the kept one-puzzle block (scratchBlock), of this instance
    this._linesAt = this._linesBytes = 0 // the kept block of sudokuLines (its table and answers), of this instance
    this._linesTable = null
    this._prefix = null // writeAsciiPrefix's last view
    this._answer = null // sudokuSolveLine's last view
  }

  // ---- memory -----------------------------------------------------------------

  memoryBytes () { return this._memory.buffer.byteLength }

  /** Cap the memory at `bytes` (0: wasm32's 4 GiB); exhausting it is OUT_OF_MEMORY. */
  setMemoryCap (bytes) { this._x.dk_set_memory_cap(bytes) }

  _views () {
    const buffer = this._memory.buffer
    this._buffer = buffer
    this._u8 = new Uint8Array(buffer)
    this._i32 = new Int32Array(buffer)
    this._u32 = new Uint32Array(buffer)
    this._f64 = new Float64Array(buffer)
  }

  /** A byte view of the memory (valid until the next call that may grow it). */
  u8 () {
    if (this._memory.buffer !== this._buffer) this._views()
    return this._u8
  }

  _int32 () {
    if (this._memory.buffer !== this._buffer) this._views()
    return this._i32
  }

  _float64 () {
    if (this._memory.buffer !== this._buffer) this._views()
    return this._f64
  }

  alloc (bytes) {
    // dk_alloc takes an int32_t: a larger request would wrap into a small block.
    if (!(bytes <= INT32_MAX)) throw new DlxError('OUT_OF_MEMORY', `out of memory (asked for ${bytes} bytes, more than the module can address)`)
    const p = this._x.dk_alloc(Math.max(bytes, 1))
    if (!p) throw new DlxError('OUT_OF_MEMORY', `out of memory (asked for ${bytes} bytes; raise maxMemory)`)
    return p
  }

  free (p) {
    if (!p) return
    this._x.dk_free(p)
    this._released()
  }

  /** Run fn with blocks of the given sizes in bytes, freed afterwards. */
  withBuffers (sizes, fn) {
    const ptrs = []
    try {
      for (const s of sizes) ptrs.push(this.alloc(s))
      return fn(...ptrs)
    } finally {
      for (const p of ptrs) this.free(p)
    }
  }

  /** Copy a string in as UTF-8 and a NUL; returns [pointer, byte length] (free it). */
  putString (s) {
    const bytes = utf8.encode(s)
    const p = this.alloc(bytes.length + 1)
    const u8 = this.u8()
    u8.set(bytes, p)
    u8[p + bytes.length] = 0
    return [p, bytes.length]
  }

  /** Run fn(pointer, byte length) over a copy of the string, freed afterwards. */
  withString (text, fn) {
    const [s, len] = this.putString(text)
    try { return fn(s, len) } finally { this.free(s) }
  }

  /** An ASCII text and its NUL written at p (no copy made: not putString). */
  writeAscii (p, text) {
    const u8 = this.u8()
    for (let i = 0; i < text.length; i++) u8[p + i] = text.charCodeAt(i)
    u8[p + text.length] = 0
  }

  writeBytes (p, bytes) { this.u8().set(bytes, p) }
  fillBytes (p, n, byte) { this.u8().fill(byte, p, p + n) }
  /** A copy of n bytes at p. */
  readBytes (p, n) { return this.u8().slice(p, p + n) }
  /** n bytes at p as UTF-8 text. */
  readText (p, n) { return utf8Decoder.decode(this.u8().slice(p, p + n)) }

  /** The NUL-terminated UTF-8 string at p (null for a null pointer). */
  string (p) {
    if (!p) return null
    const u8 = this.u8()
    let end = p
    while (u8[end] !== 0) end++
    return utf8Decoder.decode(u8.subarray(p, end))
  }

  _int32s (p, n) { return Array.from(this._int32().subarray(p >>> 2, (p >>> 2) + n)) }

  // ---- errors ---------------------------------------------------------------------

  /** The C error record, for the call that returned `code`, as a DlxError. */
  error (code) {
    const e = this._x.dk_error() >>> 2
    const i32 = this._int32()
    const message = this.string((e + SLOT.error.message) * 4) || this.string(this._x.dk_strerror(code))
    const details = { errno: code }
    for (const [name, k] of Object.entries(SLOT.error)) {
      if (name !== 'code' && name !== 'message' && i32[e + k]) details[name] = i32[e + k]
    }
    return new DlxError(ERROR_NAMES[code] ?? 'UNKNOWN', message, details)
  }

  /** The error recorded by the last call that failed (one that returned a null pointer). */
  lastError () { return this.error(this._int32()[(this._x.dk_error() >>> 2) + SLOT.error.code]) }

  /** rc, or its error thrown when negative. */
  check (rc) {
    if (rc < 0) throw this.error(rc)
    return rc
  }

  // ---- exact cover ----------------------------------------------------------------

  problemNew (nPrimary, nSecondary) {
    const p = this._x.dk_problem_new(nPrimary, nSecondary)
    if (!p) throw this.lastError()
    return p
  }

  /** A problem from Knuth's DLX text; errors carry line and column in details. */
  problemParse (text) {
    const p = this.withString(text, (s, len) => this._x.dk_problem_parse(s, len))
    if (!p) throw this.lastError()
    return p
  }

  problemFree (p) { this._x.dk_problem_free(p) }

  /**
   * `count` options, flat (dlxkit-options.mjs), into problem p: null, or the
   * C error (details.index: which of them) for the caller to say where.
   */
  problemAddOptions (p, flat, count) {
    return this.withBuffers([flat.length * 4], (buf) => {
      this._int32().set(flat, buf >>> 2)
      const rc = this._x.dk_problem_add_options(p, buf, count)
      return rc < 0 ? this.error(rc) : null
    })
  }

  /** { primary, items, options, forced } */
  problemShape (p) {
    return this.withBuffers([4 * SLOT.shape.length], (out) => {
      this._x.dk_problem_shape(p, out)
      const i = this._int32()
      const o = out >>> 2
      const at = SLOT.shape
      return { primary: i[o + at.primary], items: i[o + at.items], options: i[o + at.options], forced: i[o + at.forced] }
    })
  }

  problemItemName (p, i) { return this.string(this._x.dk_problem_item_name(p, i)) }
  problemColorName (p, c) { return this.string(this._x.dk_problem_color_name(p, c)) }

  /** Option k's items and their colors (0: none), as two arrays. */
  problemOptionItems (p, k) {
    const n = this.check(this._x.dk_problem_option_items(p, k, 0, 0, 0))
    return this.withBuffers([n * 4, n * 4], (items, colors) => {
      this._x.dk_problem_option_items(p, k, items, colors, n)
      return { items: this._int32s(items, n), colors: this._int32s(colors, n) }
    })
  }

  /** One step of the search (a RESULT code). */
  problemSearch (p, maxNodes) { return this.check(this._x.dk_problem_search(p, maxNodes)) }
  problemSearchUntil (p, nodeLimit) { return this.check(this._x.dk_problem_search_until(p, nodeLimit)) }

  /** The solution the search is at (at most cap option indices). */
  /** The options of the solution; cap is a first guess of their number (with multiplicities it may be more). */
  problemSolution (p, cap) {
    const got = this.withBuffers([cap * 4], (buf) => {
      const n = this.check(this._x.dk_problem_solution(p, buf, cap))
      return n <= cap ? this._int32s(buf, n) : n
    })
    return typeof got === 'number' ? this.problemSolution(p, got) : got
  }

  /** { result: a RESULT code, count: a bigint (its two 64-bit words: exact at any size) } */
  problemCount (p, limit, maxNodes) { return this._counted((out) => this._x.dk_problem_count(p, limit, maxNodes, out)) }

  /** A memoized count stopped by its budget, on for maxNodes more nodes: as problemCount. */
  problemCountResume (p, maxNodes) { return this._counted((out) => this._x.dk_problem_count_resume(p, maxNodes, out)) }

  _counted (call) {
    return this.withBuffers([8 * SLOT.count.length], (out) => {
      const rc = call(out)
      if (rc === ERR.COUNT_OVERFLOW) { // the C text names dlx_count's 2^64; here every count is 128 bits
        throw new DlxError('COUNT_OVERFLOW', 'the problem has more than 2^128 - 1 solutions, more than a count holds', { errno: rc })
      }
      const result = this.check(rc)
      const words = new DataView(this._memory.buffer, out, 8 * SLOT.count.length)
      const word = (slot) => words.getBigUint64(8 * slot, true)
      return { result, count: word(SLOT.count.lo) + (word(SLOT.count.hi) << 64n) }
    })
  }

  /** How counts without a limit search: mode 0 auto, 1 never memoized, 2 memoized; the cache's bytes (0: the default; at most a quarter of maxMemory). */
  problemSetMemo (p, mode, bytes) { this.check(this._x.dk_problem_set_memo(p, mode, bytes)) }

  /** For tests only: the problem's counts start at `from` (a bigint below 2^128), not 0. */
  problemDebugCountFrom (p, from) {
    this.withBuffers([8 * SLOT.count.length], (buf) => {
      const words = new DataView(this._memory.buffer, buf, 8 * SLOT.count.length)
      words.setBigUint64(8 * SLOT.count.lo, BigInt.asUintN(64, from), true)
      words.setBigUint64(8 * SLOT.count.hi, BigInt.asUintN(64, from >> 64n), true)
      this._x.dk_problem_debug_count_from(p, buf)
    })
  }

  /** { nodes, updates, solutions, progress, level, maxLevel, guesses, restarts }; solutions exact (a bigint past 2^53 - 1) */
  problemStats (p) {
    return this.withBuffers([8 * SLOT.stats.length], (out) => {
      this._x.dk_problem_stats(p, out)
      const f = this._float64()
      const o = out >>> 3
      const at = SLOT.stats
      const words = new DataView(this._memory.buffer, out, 8 * SLOT.stats.length)
      const found = words.getBigUint64(8 * at.solutionsLo, true) + (words.getBigUint64(8 * at.solutionsHi, true) << 64n)
      return { nodes: f[o + at.nodes], updates: f[o + at.updates], solutions: countValue(found), progress: f[o + at.progress], level: f[o + at.level], maxLevel: f[o + at.maxLevel], guesses: f[o + at.guesses], restarts: f[o + at.restarts] }
    })
  }

  problemRestart (p) { this._x.dk_problem_restart(p) }
  problemSetSeed (p, seed) { this.check(this._x.dk_problem_set_seed(p, seed)) }
  problemSetRestarts (p, on) { this._x.dk_problem_set_restarts(p, on ? 1 : 0) }
  /** Force option k (a clash: CONFLICT, details.index the other option, details.value the item). */
  problemForce (p, k) { this.check(this._x.dk_problem_force(p, k)) }
  problemUnforce (p) { this.check(this._x.dk_problem_unforce(p)) }
  /** Leave option k out (problems with bounds only: BAD_BOUND otherwise), and take the last back. */
  problemExclude (p, k) { this.check(this._x.dk_problem_exclude(p, k)) }
  problemUnexclude (p) { this.check(this._x.dk_problem_unexclude(p)) }
  /** How many more options item i needs: its lower bound less the forced options holding it. */
  problemItemNeed (p, i) { return this.check(this._x.dk_problem_item_need(p, i)) }
  /** Whether some primary item has bounds other than 1:1. */
  problemBounded (p) { return this._x.dk_problem_bounded(p) === 1 }
  /** Primary item i covered lo to hi times (BAD_BOUND otherwise). */
  problemSetBounds (p, i, lo, hi) { this.check(this._x.dk_problem_set_bounds(p, i, lo, hi)) }
  problemSetPreferred (p, i) { this.check(this._x.dk_problem_set_preferred(p, i)) }
  /** Option k costs `cost` (a whole number below 2^53; BAD_COST past the engine's total). */
  problemSetCost (p, k, cost) { this.check(this._x.dk_problem_set_cost(p, k, cost)) }
  /** Option k's cost, a bigint (a DLX text's may pass 2^53). */
  problemOptionCost (p, k) { return this._word((out) => this._x.dk_problem_option_cost(p, k, out)) }
  /** The search for the k cheapest solutions (0: for every solution). */
  problemSetBest (p, k) { this.check(this._x.dk_problem_set_best(p, k)) }
  /** The cost of the solution the search is at, a bigint. */
  problemSolutionCost (p) { return this._word((out) => this._x.dk_problem_solution_cost(p, out)) }

  /** The kept cheapest solutions, cheapest first: [{ cost (a bigint), options }]; cap: a first guess of their length. */
  problemBest (p, cap) {
    const kept = []
    const n = this._x.dk_problem_best_count(p)
    for (let j = 0; j < n; j++) {
      let room = cap
      let got = null
      while (!got) {
        got = this.withBuffers([room * 4, 8], (buf, out) => {
          const len = this.check(this._x.dk_problem_best_solution(p, j, buf, room, out))
          if (len > room) { // with bounds a solution may hold more: again, with room
            room = len
            return null
          }
          return { cost: new DataView(this._memory.buffer, out, 8).getBigUint64(0, true), options: this._int32s(buf, len) }
        })
      }
      kept.push(got)
    }
    return kept
  }

  /** fn(pointer to a uint64) checked, and the word it wrote, a bigint. */
  _word (fn) {
    return this.withBuffers([8], (out) => {
      this.check(fn(out))
      return new DataView(this._memory.buffer, out, 8).getBigUint64(0, true)
    })
  }

  /** Options holding item i that agree with the forced ones (it restarts the search). */
  problemItemOptions (p, i) {
    const n = this.check(this._x.dk_problem_item_options(p, i, 0, 0))
    return this.withBuffers([n * 4], (buf) => {
      this._x.dk_problem_item_options(p, i, buf, n)
      return this._int32s(buf, n)
    })
  }

  /** The item the search would branch on first, or -1 (it restarts the search). */
  /** The item a search branches on first; -1 when none is left (other negatives are errors). */
  problemBranchItem (p) {
    const item = this._x.dk_problem_branch_item(p)
    if (item < -1) throw this.error(item)
    return item
  }

  /** The memo nodes the engine's automatic rule gives a count of p (0: the search counts). */
  problemMemoShare (p, maxNodes) { return this._x.dk_problem_memo_share(p, maxNodes) }

  /** { nodes, steps } of Knuth's estimate. */
  problemEstimate (p, seed, probes) {
    return this.withBuffers([16], (out) => {
      this.check(this._x.dk_problem_estimate(p, seed, probes, out))
      const f = this._float64()
      return { nodes: f[out >>> 3], steps: f[(out >>> 3) + 1] }
    })
  }

  // ---- the ZDD of all solutions -----------------------------------------------------

  /** The build of problem p's ZDD within maxBytes (0: 1 GiB), in steps (zddStep): its handle (it outlives p). */
  zddBegin (p, maxBytes) {
    const z = this._x.dk_zdd_begin(p, maxBytes)
    if (!z) throw this.lastError()
    return z
  }

  /** Up to maxNodes more nodes of z's build (0: to the end): whether it is built. */
  zddStep (p, z, maxNodes) {
    return this.check(this._x.dk_zdd_step(p, z, maxNodes)) === RESULT.OK
  }

  zddFree (z) {
    this._x.dk_zdd_free(z)
    this._released()
  }

  /** { size (nodes), count (a bigint, exact), bytes, nodes and states (the build's, so far while it runs) } */
  zddInfo (z) {
    return this.withBuffers([8 * SLOT.zdd.length], (out) => {
      this._x.dk_zdd_info(z, out)
      const words = new DataView(this._memory.buffer, out, 8 * SLOT.zdd.length)
      const word = (slot) => words.getBigUint64(8 * slot, true)
      const n = (slot) => Number(word(slot))
      return { size: n(SLOT.zdd.size), count: word(SLOT.zdd.countLo) + (word(SLOT.zdd.countHi) << 64n), bytes: n(SLOT.zdd.bytes), nodes: n(SLOT.zdd.nodes), states: n(SLOT.zdd.states) }
    })
  }

  /** Solution k (a bigint; NO_SOLUTION from the count on): its options from the root down; cap a first guess of their number. */
  zddNth (z, k, cap) {
    return this._zddSolution(cap, 8 * SLOT.count.length, (words, buf, room) => {
      words.setBigUint64(8 * SLOT.count.lo, BigInt.asUintN(64, k), true)
      words.setBigUint64(8 * SLOT.count.hi, BigInt.asUintN(64, k >> 64n), true)
      return this._x.dk_zdd_nth(z, words.byteOffset, buf, room)
    }).options
  }

  /** A uniformly random solution drawn with the generator at `state` (a bigint): { options, state (the next one) }. */
  zddRandom (z, state, cap) {
    return this._zddSolution(cap, 8, (words, buf, room) => {
      words.setBigUint64(0, state, true) // the same state again when a draw is retried with room
      return this._x.dk_zdd_random(z, words.byteOffset, buf, room)
    })
  }

  /** call(words, buffer, room) fills a solution: { options, state (the word call left) }, again with room if it needs more. */
  _zddSolution (cap, wordBytes, call) {
    const got = this.withBuffers([wordBytes, cap * 4], (w, buf) => {
      const n = this.check(call(new DataView(this._memory.buffer, w, wordBytes), buf, cap))
      return n <= cap ? { options: this._int32s(buf, n), state: new DataView(this._memory.buffer, w, 8).getBigUint64(0, true) } : n
    })
    return typeof got === 'number' ? this._zddSolution(got, wordBytes, call) : got
  }

  /** The ZDD in DLX6's text format. */
  zddText (z) {
    const n = this.check(this._x.dk_zdd_text(z, 0, 0))
    return this.withBuffers([n], (buf) => {
      this.check(this._x.dk_zdd_text(z, buf, n))
      return this.readText(buf, n)
    })
  }
}

// The Sudoku and puzzle-text calls, in a file of their own (dlxkit-native-sudoku.mjs).
installSudokuCalls(Native)
