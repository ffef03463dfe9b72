// The ZDD of all solutions as a result (Knuth's DLX6, Algorithm Z; issue
// 31): Problem.zdd() builds it in the module (src/core/dlx_zdd.c, by the
// memoized search) in steps (ZddBuild: progress, maxNodes, and a worker's
// abort between them), and a Zdd reads it: its size, its exact count, solution
// k in its order, uniformly random ones from a seed, and DLX6's text. It
// holds nothing of the problem, so it outlives changes to it and its free().
import { DlxError, INT32_MAX, checkCount, checkWhole, describe, safeCount } from './dlxkit-errors.mjs'
import { checkOptions } from './dlxkit-option-names.mjs'

const MAX_K = (1n << 128n) - 1n // the engine's counts are 128 bits: no solution has a larger number

const PROGRESS_NODES = 100000 // nodes between two onProgress calls (as runSearch's)

/**
 * problem.zdd(opts): the ZDD of its solutions within maxMemory bytes (0:
 * 1 GiB) and maxNodes nodes of the build (0: no bound); onProgress hears
 * the build's progress every PROGRESS_NODES nodes.
 */
export function buildZdd (problem, opts = {}) {
  const { onProgress = null } = opts ?? {}
  if (onProgress !== null && typeof onProgress !== 'function') throw new DlxError('BAD_ARGUMENT', `onProgress must be a function (got ${describe(onProgress)})`)
  const build = new ZddBuild(problem, opts)
  try {
    if (!onProgress) build.step(0)
    else while (!build.step(PROGRESS_NODES)) onProgress(build.progress())
    return build.result()
  } finally {
    build.close()
  }
}

/**
 * The build of a problem's ZDD in steps (problem.zdd, and the worker's in
 * slices: progress and an abort between them). step(n) runs up to n more
 * nodes (0: to the end) and says whether the ZDD is built; STOPPED past
 * maxNodes. Between steps the problem's search must not move (a count, a
 * search): the build would be abandoned (BUSY at its next step). close()
 * lets an unfinished build go (the problem restarts, usable as before).
 */
export class ZddBuild {
  constructor (problem, opts = {}) {
    if (opts === null || typeof opts !== 'object') throw new DlxError('BAD_ARGUMENT', `zdd takes { maxMemory, maxNodes, onProgress } (got ${describe(opts)})`)
    const { maxMemory = 0, maxNodes = 0 } = opts
    checkCount(maxMemory, 'maxMemory')
    checkCount(maxNodes, 'maxNodes')
    this._problem = problem
    this._native = problem._native
    this._maxMemory = maxMemory
    this._maxNodes = maxNodes
    this._h = problem._idle()
    this._cap = problem.shape.primary + 1 // a first guess (one option a primary item): with bounds a solution may hold more, read again with room
    try {
      this._z = this._native.zddBegin(this._h, maxMemory)
    } catch (err) {
      throw refused(err, maxMemory)
    }
    this._info = this._native.zddInfo(this._z)
  }

  step (n = 0) {
    const max = this._maxNodes
    const left = max && max - this._info.nodes
    let built
    try {
      built = this._native.zddStep(this._h, this._z, max && (!n || n > left) ? left : n)
      this._info = this._native.zddInfo(this._z)
    } catch (err) {
      this.close()
      if (err.code === 'BAD_ARGUMENT') throw new DlxError('BUSY', 'the ZDD\'s build was abandoned: the problem\'s search moved during it (a count or a search on it between two steps)')
      throw refused(err, this._maxMemory)
    }
    if (!built && max && this._info.nodes >= max) {
      const progress = this.progress()
      this.close()
      throw new DlxError('STOPPED', `the ZDD's build stopped after ${progress.nodes} nodes (maxNodes), unfinished: raise maxNodes`, progress)
    }
    return built
  }

  /** { nodes (the search's), states (subproblems cached), size (ZDD nodes made), bytes (held of maxMemory) } so far. */
  progress () {
    const { nodes, states, size, bytes } = this._info
    return { nodes, states, size, bytes }
  }

  /** The ZDD, once step() said it is built. */
  result () {
    const z = this._z
    this._z = 0
    try {
      return new Zdd(this._problem._kit, z, this._cap)
    } catch (err) { // its record could not be read (memory at the cap): the handle goes
      this._native.zddFree(z)
      throw err
    }
  }

  close () {
    if (this._z) this._native.zddFree(this._z) // unfinished: the problem restarts
    this._z = 0
  }
}

/** The build's error with what to do about it. */
function refused (err, maxMemory) {
  const why = {
    OUT_OF_MEMORY: `the ZDD does not fit in ${maxMemory ? `maxMemory (${maxMemory} bytes)` : 'its default bound (1 GiB)'} or in the module's memory: raise maxMemory (zdd's, or the instance's)`,
    COUNT_OVERFLOW: 'the problem has more than 2^128 - 1 solutions, more than a ZDD counts'
  }[err.code]
  if (why) {
    err.message = why
    if (err.code === 'OUT_OF_MEMORY') err.details.maxMemory = maxMemory
  }
  return err
}

/** The ZDD of a problem's solutions, in the module. Free it when done (or let GC). */
export class Zdd {
  constructor (kit, handle, cap) {
    this._kit = kit
    this._native = kit._native
    this._h = handle
    this._cap = cap
    const { size, count, bytes } = this._native.zddInfo(handle)
    this._size = size
    this._count = count
    this._bytes = bytes
    kit._live++ // its memory is the instance's: releaseMemory waits for it as for a problem
    kit._track(this, () => { kit._live--; kit._native.zddFree(handle) })
  }

  _handle () {
    if (!this._h) throw new DlxError('FREED', 'this ZDD was freed')
    return this._h
  }

  /** Its nodes, the two terminals not counted (DLX6's "ZDD nodes" counts them). */
  get size () {
    this._handle()
    return this._size
  }

  /** The bytes it holds in the module. */
  get bytes () {
    this._handle()
    return this._bytes
  }

  /** How many solutions, a bigint: exact at any size. */
  countBig () {
    this._handle()
    return this._count
  }

  /** The same as a number; UNSAFE_COUNT past 2^53 - 1. */
  count () { return safeCount(this.countBig()) }

  /**
   * Solution k, 0-based (0 .. count - 1, a number or a bigint), in the ZDD's
   * order (at each node the solutions holding its option first): sorted
   * option indices, as solve() gives. NO_SOLUTION from the count on.
   */
  nth (k) {
    const h = this._handle()
    if (typeof k === 'number' && Number.isInteger(k) && k > Number.MAX_SAFE_INTEGER) {
      throw new DlxError('BAD_ARGUMENT', `k is past 2^53 - 1, where a number may be rounded: give it as a bigint (got ${describe(k)})`)
    }
    const kk = typeof k === 'bigint' ? k : BigInt(checkWhole(k, 'k (a number or a bigint)', Number.MAX_SAFE_INTEGER))
    if (kk < 0n) throw new DlxError('BAD_ARGUMENT', `k must be 0 or more (got ${describe(k)})`)
    try {
      if (kk > MAX_K) throw new DlxError('NO_SOLUTION', '')
      return this._native.zddNth(h, kk, this._cap).sort((a, b) => a - b)
    } catch (err) {
      if (err.code !== 'NO_SOLUTION') throw err
      err.message = `there is no solution ${k}: the ZDD holds ${this._count} (k counts from 0 to ${this._count - 1n})`
      err.details = { k: kk, count: this._count }
      throw err
    }
  }

  /** A solution drawn uniformly from all of them with `seed` (default 0): the same seed, the same solution. */
  random (opts = {}) { return this._draw(1, checkOptions('zdd.random', opts)).solutions[0] }

  /**
   * n solutions drawn uniformly and independently, one generator seeded with
   * `seed` (default 0) going on from each to the next (the first is
   * random({ seed })'s; build/dlx --random n --seed s draws the same).
   * NO_SOLUTION when there is none.
   */
  sample (n, opts = {}) { return this._draw(n, checkOptions('zdd.sample', opts)).solutions }

  /**
   * sample(n, { seed })'s solutions, and the seed that draws on from them (a
   * bigint): draw(a, { seed }) then draw(b, { seed: its seed }) draw what
   * sample(a + b, { seed }) draws, a few at a time. A seed is a whole number
   * below 2^64, a number or a bigint.
   */
  draw (n, opts = {}) { return this._draw(n, checkOptions('zdd.draw', opts)) }

  _draw (n, { seed = 0 }) {
    checkWhole(n, 'n', INT32_MAX)
    let state = seedState(seed)
    const h = this._handle()
    if (!this._count && n) throw new DlxError('NO_SOLUTION', 'the problem has no solution to draw')
    const solutions = []
    for (let j = 0; j < n; j++) {
      const { options, state: next } = this._native.zddRandom(h, state, this._cap)
      state = next
      solutions.push(options.sort((a, b) => a - b))
    }
    return { solutions, seed: state }
  }

  /**
   * The ZDD in DLX6's text format, as build/dlx --zdd writes it: a line
   * "ID: (~V?LO:HI)" per node (hex but V, V = option + 1), children first,
   * then the root "ID: (~0?0:ROOT)".
   */
  toText () { return this._native.zddText(this._handle()) }

  free () {
    if (!this._h) return
    this._kit._untrack(this)
    this._kit._live--
    this._native.zddFree(this._h)
    this._h = 0
  }

  [Symbol.dispose] () { this.free() }
}

/** A seed: the generator's state, a bigint from a number or a bigint below 2^64. */
function seedState (seed) {
  if (typeof seed !== 'bigint') return BigInt(checkCount(seed, 'seed'))
  if (seed < 0n || seed >= 1n << 64n) throw new DlxError('BAD_ARGUMENT', `seed must be a whole number from 0 to 2^64 - 1 (got ${seed})`)
  return seed
}
