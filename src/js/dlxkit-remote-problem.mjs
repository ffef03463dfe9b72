// RemoteProblem: an exact-cover problem held by a worker (dlxkit-client.mjs
// makes them), the direct Problem's methods as promises. A problem dropped
// without free() is freed in its worker once it is garbage collected.
import { DlxError, checkCount, safeCount } from './dlxkit-errors.mjs'
import { OPERATIONS, operationsOf } from './dlxkit-operations.mjs'
import { checkCallArgs, checkOptions } from './dlxkit-option-names.mjs'

// Solutions a worker may send ahead of the consumer of solutions(); it gets
// more as they are taken, so memory stays bounded however slow the loop.
const SOLUTION_WINDOW = 256

// Problems collected without free(): their worker frees its side. (The held
// value names the problem without holding it.)
const collected = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry(({ worker, pid, generation }) => worker._forget(pid, generation))
  : null

export const isOptions = (v) => v !== null && typeof v === 'object' && !Array.isArray(v)

/**
 * The options of a remote search, checked by the direct API's own checks
 * before they are posted (the worker's sliced count and solutions take them
 * apart themselves), so both give the same error.
 */
function checkSearchOptions (opts, names) {
  if (!isOptions(opts)) return
  for (const name of names) if (opts[name] !== undefined) checkCount(opts[name], name)
}

/** fn's promise, or its thrown error as a rejection. */
export function rejecting (fn) {
  try {
    return fn()
  } catch (e) {
    return Promise.reject(e)
  }
}

/** An exact-cover problem held by a worker. */
export class RemoteProblem {
  constructor (worker, pid) {
    this._w = worker
    this._pid = pid
    this._generation = worker._generation
    this._loops = 0 // solutions() loops open (begun, not left)
    this._freed = false
    collected?.register(this, { worker, pid, generation: this._generation }, this)
  }

  /**
   * A request about this problem. While a solutions() loop over it is open,
   * one that would move its search is refused at once (BUSY), as the direct
   * API does: it would wait for a loop that may be waiting for it.
   */
  _call (op, args, stream) {
    if (this._loops && !this._freed && OPERATIONS[op].turn && op !== 'problem.free') {
      return Promise.reject(new DlxError('BUSY', 'a solutions() loop over this problem is under way; finish or break it first (or call its return())'))
    }
    return this._w._problemCall(this, op, args, stream)
  }

  /**
   * The number of solutions, of the whole problem or of shard `shard` of
   * `parts`; rejects with STOPPED when maxNodes ends it early (as Problem.count).
   */
  count (opts = {}) { return this._count('problem.count', opts) }

  /** The same as a bigint, exact at any size (as Problem.countBig). */
  countBig (opts = {}) { return this._count('problem.countBig', opts) }

  /** { count, status: 'done' | 'limit' | 'stopped', nodes } (as Problem.countDetailed). */
  countDetailed (opts = {}) { return this._count('problem.countDetailed', opts) }

  _count (op, opts) {
    return rejecting(() => {
      checkCallArgs(op, [opts]) // the same error as the direct call's, before anything is posted
      checkSearchOptions(opts, ['limit', 'maxNodes'])
      return this._call(op, [opts])
    })
  }

  /**
   * The k cheapest solutions (as Problem.best), searched in slices:
   * onImprovement hears each improvement as the worker finds it, onProgress
   * { nodes, progress, solutions (improvements so far) }.
   */
  best (opts = {}) {
    return rejecting(() => {
      checkCallArgs('problem.best', [opts])
      if (!isOptions(opts)) return this._call('problem.best', [opts]) // the worker's checks say what is wrong
      const { onImprovement, onProgress, ...rest } = opts
      if (onImprovement !== undefined && typeof onImprovement !== 'function') throw new DlxError('BAD_ARGUMENT', 'onImprovement must be a function')
      checkSearchOptions(rest, ['maxNodes'])
      const hear = onImprovement || onProgress
        ? (p) => { if (p.improvement) onImprovement?.(p.improvement); else onProgress?.(p) }
        : undefined
      return this._call('problem.best', [{ ...rest, onProgress: hear }])
    })
  }

  /** The ZDD of its solutions (as Problem.zdd), held by the worker: a RemoteZdd. */
  async zdd (opts) {
    checkCallArgs('problem.zdd', [opts])
    const { zid, size, bytes, count } = await this._call('problem.zdd', [opts])
    return new RemoteZdd(this._w, zid, { size, bytes, count })
  }

  /** Free the problem in its worker; a solutions() loop over it ends (FREED). */
  free () {
    this._freed = true
    collected?.unregister(this)
    return this._call('problem.free', [])
  }

  /**
   * Solutions as they are found (an async iterator). The worker sends at
   * most SOLUTION_WINDOW ahead of the loop; leaving the loop (break, throw,
   * return) stops its search, and the problem takes other calls again.
   */
  async * solutions (opts = {}) {
    checkCallArgs('problem.solutions', [opts])
    checkSearchOptions(opts, ['limit', 'maxNodes'])
    const queue = []
    let wake = null
    let finished = false
    let failure = null
    let taken = 0
    const stream = { onItem: (s) => { queue.push(s); wake?.() } }
    const answer = this._call('problem.solutions', [SOLUTION_WINDOW, opts], stream)
    this._loops++
    answer.then(() => { finished = true; wake?.() }, (e) => { failure = e; wake?.() })
    try {
      for (;;) {
        if (this._freed) throw new DlxError('FREED', 'this problem was freed')
        if (queue.length) {
          // Grant room again once half the window has been taken.
          if (++taken >= SOLUTION_WINDOW / 2) {
            this._w._grant(stream.id, taken)
            taken = 0
          }
          yield queue.shift()
          continue
        }
        if (failure) throw failure
        if (finished) return
        await new Promise((resolve) => { wake = resolve })
        wake = null
      }
    } finally {
      this._loops--
      // (free() has ended the worker's search already)
      if (!finished && !failure && !this._freed) this._w._abort(stream.id)
    }
  }
}

// ZDDs collected without free(): their worker frees its side.
const collectedZdds = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry(({ worker, zid, generation }) => {
    if (!worker._closed && generation === worker._generation) worker._call('zdd.free', [zid]).catch(() => {})
  })
  : null

/**
 * A ZDD held by a worker (RemoteProblem.zdd): the direct Zdd's methods as
 * promises (its size and bytes as they are); a restarted worker has lost it
 * (FREED).
 */
export class RemoteZdd {
  constructor (worker, zid, { size, bytes, count }) {
    this._w = worker
    this._pid = zid // the worker's calls name what they are about by _pid and _generation
    this._generation = worker._generation
    this._what = 'ZDD' // what a FREED error names
    this.size = size
    this.bytes = bytes
    this._count = count
    collectedZdds?.register(this, { worker, zid, generation: this._generation }, this)
  }

  _call (op, args) { return this._w._problemCall(this, op, args) }

  /** How many solutions, a bigint (as Zdd.countBig). */
  async countBig () { return this._count }
  /** The same as a number; UNSAFE_COUNT past 2^53 - 1. */
  async count () { return safeCount(this._count) }
  /** A solution drawn uniformly with `seed` (as Zdd.random). */
  async random (opts = {}) {
    checkOptions('zdd.random', opts, true)
    return (await this.sample(1, opts))[0]
  }

  free () {
    collectedZdds?.unregister(this)
    return this._call('zdd.free', [])
  }
}

// nth, sample and toText pass their arguments as they are (options checked as the direct call checks them).
for (const [op, name] of operationsOf('zdd')) {
  if (!Object.hasOwn(RemoteZdd.prototype, name)) {
    Object.defineProperty(RemoteZdd.prototype, name, {
      value: function (...args) { return rejecting(() => { checkCallArgs(op, args); return this._call(op, args) }) }, writable: true, configurable: true
    })
  }
}

// The other operations on a problem (shape, solve, countShard, option,
// formatOption) pass their arguments as they are (options checked as the direct call checks them).
for (const [op, name] of operationsOf('problem')) {
  if (OPERATIONS[op].problem && !Object.hasOwn(RemoteProblem.prototype, name)) {
    Object.defineProperty(RemoteProblem.prototype, name, {
      value: function (...args) { return rejecting(() => { checkCallArgs(op, args); return this._call(op, args) }) }, writable: true, configurable: true
    })
  }
}
