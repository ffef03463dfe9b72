// The one search-with-budget run loop: a problem searched whole or one shard
// of it (Problem.shardPrefixes), with a solution limit, a node budget for the
// whole run, solutions handed out as found, progress, and a stop check.
// Problem.solutions() and countShard() run on it, the worker runs it in
// slices (dlxkit-worker-core.mjs), and runSearch() is the call for the rest.
import { DlxError, checkCount, checkFlag, checkMemo, countValue, safeCount } from './dlxkit-errors.mjs'
import { takeStep, undoStep } from './dlxkit-split.mjs'
import { checkOptions } from './dlxkit-option-names.mjs'

/** Nodes between two onProgress calls of run(). */
const PROGRESS_NODES = 100000

/**
 * A search in progress. next() goes on to the next solution; run() goes on
 * to the end (or a node mark, or until stop() says so), and can be called
 * again to go on. Node counts are for the whole run, over all its prefixes.
 */
export class Search {
  /**
   * Options: shard, parts (search shard 0..parts-1 only), balanced and
   * splitSeed (shards of about equal size: Problem.shardPrefixes), limit,
   * maxNodes (0: none), restarts (true or false for this run; the problem's
   * own setting is back once it is closed), memo and memoBytes (how
   * countAll counts each prefix: Problem.count's).
   */
  constructor (problem, { shard = 0, parts = 1, balanced = false, splitSeed = 1, limit = 0, maxNodes = 0, restarts, memo, memoBytes = 0 } = {}) {
    this.limit = checkCount(limit, 'limit')
    this.maxNodes = checkCount(maxNodes, 'maxNodes')
    checkMemo(memo, memoBytes)
    this.memo = { memo, memoBytes }
    const flag = checkFlag(restarts, 'restarts')
    this.problem = problem
    this.count = 0 // solutions found one by one (next), a number while exact
    this._counted = 0n // solutions counted whole (countAll), and those of `count` past 2^52
    this.status = null // then 'done', 'limit' or 'stopped'
    this._prefixes = shard === 0 && parts === 1 ? [[]] : problem.shardPrefixes(shard, parts, { balanced, splitSeed })
    this._at = -1 // the prefix being searched
    this._searching = false // a prefix's search is under way
    this._held = [] // the steps the run has taken (forced or left out), in order
    this._spent = 0 // nodes of the prefixes done
    this._restore = flag === undefined ? null : problem._withRestarts(flag)
    // Now, not later: while a solutions() loop runs, a restart is refused.
    if (!this._enter()) this.status = 'done' // a shard with no prefix
  }

  /** The solutions so far, exactly: a bigint. */
  get found () { return this._counted + BigInt(this.count) }

  /** Nodes spent so far. */
  get nodes () { return this._spent + (this._searching ? this.problem.stats().nodes : 0) }

  /** The fraction of the run done, 0..1 (the engine's estimate within a prefix). */
  get progress () {
    if (this.status) return 1
    return (this._at + this.problem.stats().progress) / this._prefixes.length
  }

  /** The solution just found: sorted option indices. */
  solution () { return this.problem.solution().sort((a, b) => a - b) }

  /**
   * Go on to the next solution, or until the run's node count reaches `until`
   * (0: no mark). Returns 'solution' (count counts it), 'mark', or once the
   * run has ended its status: 'done', 'limit' (limit solutions found) or
   * 'stopped' (maxNodes spent).
   */
  next (until = 0) {
    for (;;) {
      if (this.status) return this.status
      if (this.limit && (this._counted ? this.found : this.count) >= this.limit) return this._end('limit')
      const end = this.maxNodes && (!until || this.maxNodes <= until) ? this.maxNodes : until
      const left = end - this._spent // the engine counts nodes from the prefix's start
      if (end && left <= 0) return end === this.maxNodes ? this._end('stopped') : 'mark'
      const r = this.problem._searchUntil(end ? left : 0)
      if (r === 'solution') {
        // carried into the bigint long before a number would stop counting exactly
        if (++this.count === 2 ** 52) {
          this._counted += BigInt(this.count)
          this.count = 0
        }
        return 'solution'
      }
      if (r === 'budget') return end === this.maxNodes ? this._end('stopped') : 'mark'
      this._leave()
      if (!this._enter()) return this._end('done')
    }
  }

  /**
   * Go on until the run ends, its node count reaches `until` (0: no mark) or
   * stop() says to (it is asked before each step), handing each solution to
   * onSolution and the progress to onProgress every 100,000 nodes. Returns
   * the status, or 'mark' or 'held' (call again to go on).
   */
  run ({ until = 0, onSolution = null, onProgress = null, stop = null } = {}) {
    let report = onProgress ? this.nodes + PROGRESS_NODES : 0
    for (;;) {
      if (this.status) return this.status
      if (stop?.()) return 'held'
      const mark = report && (!until || report < until) ? report : until
      const r = this.next(mark)
      if (r === 'solution') onSolution?.(this.solution())
      else if (r !== 'mark') return r
      else if (mark === until) return 'mark'
      else {
        onProgress(this.progress)
        report = this.nodes + PROGRESS_NODES
      }
    }
  }

  /** To the end in one call into the module per prefix (no solution is handed out). */
  countAll () {
    while (!this.status) {
      if (this.limit && this.found >= this.limit) return this._end('limit')
      if (this.maxNodes && this._spent >= this.maxNodes) return this._end('stopped')
      const r = this.problem._countDetailed({
        limit: this.limit && Number(BigInt(this.limit) - this.found),
        maxNodes: this.maxNodes && this.maxNodes - this._spent,
        ...this.memo
      })
      this._counted += r.count
      if (r.status !== 'done') return this._end(r.status)
      this._leave()
      if (!this._enter()) return this._end('done')
    }
    return this.status
  }

  /** { count (a bigint), nodes, status } */
  result () { return { count: this.found, nodes: this.nodes, status: this.status } }

  /** Leave the problem as it was (nothing forced by the run); call it when done with the run. */
  close () {
    if (this._searching) this._leave()
    this._release(0)
    const restore = this._restore
    this._restore = null
    restore?.()
  }

  /**
   * Force the next prefix and start its search; false when none is left.
   * What it shares with the last one stays forced: a balanced shard's
   * prefixes, in search order, often begin alike, and forcing near the
   * root costs the most.
   */
  _enter () {
    if (++this._at >= this._prefixes.length) return false
    const next = this._prefixes[this._at]
    const held = this._held
    let same = 0
    while (same < held.length && same < next.length && held[same] === next[same]) same++
    this._release(same)
    for (let j = same; j < next.length; j++) {
      takeStep(this.problem, next[j])
      held.push(next[j])
    }
    this.problem.restart()
    this._searching = true
    return true
  }

  /** Count the prefix's nodes (its options stay forced until _enter or _release). */
  _leave () {
    this._spent += this.problem.stats().nodes
    this._searching = false
  }

  /** Unforce the run's options down to the first `keep`. */
  _release (keep) {
    for (; this._held.length > keep; this._held.pop()) undoStep(this.problem, this._held[this._held.length - 1])
  }

  _end (status) {
    if (this._searching) this._leave()
    this._release(0)
    this.status = status
    return status
  }
}

/**
 * Search `problem` as it stands (with any forced options), whole or one
 * shard, to the end: { count, nodes, status: 'done' | 'limit' | 'stopped' }, the
 * count a number (UNSAFE_COUNT past 2^53 - 1), or a bigint with bigint: true.
 * Options: shard, parts, balanced, splitSeed, limit, maxNodes (for the whole run), memo and memoBytes (as count's), onSolution
 * (sorted option indices), onProgress (a fraction, every 100,000 nodes),
 * stop (asked before each step: true ends the run as 'stopped'). Counting
 * alone (no callback) takes one call into the module per prefix.
 */
export function runSearch (problem, options = {}) {
  if (typeof problem?._searchUntil !== 'function') {
    throw new DlxError('BAD_ARGUMENT', 'runSearch needs a Problem of this instance (from exactCover or parseDlx)')
  }
  const { onSolution = null, onProgress = null, stop = null, bigint, ...rest } = checkOptions('runSearch', options)
  const big = checkFlag(bigint, 'bigint', false)
  for (const [name, f] of Object.entries({ onSolution, onProgress, stop })) {
    if (f !== null && typeof f !== 'function') throw new DlxError('BAD_ARGUMENT', `${name} must be a function`)
  }
  const search = new Search(problem, rest)
  try {
    if (!onSolution && !onProgress && !stop) search.countAll()
    else if (search.run({ onSolution, onProgress, stop }) === 'held') search._end('stopped')
    const r = search.result()
    return big ? r : { ...r, count: safeCount(r.count) }
  } finally {
    search.close()
  }
}

/** The error of a count that spent its node budget. */
export function countStopped ({ count, status, nodes }) {
  return new DlxError('STOPPED', `counting stopped after ${nodes} nodes with ${count} solutions so far`, { count: countValue(BigInt(count)), status, nodes })
}

/** The error of a solutions() loop that spent its node budget. */
export function solutionsStopped (maxNodes, found) {
  return new DlxError('STOPPED', `stopped after ${maxNodes} nodes`, { found })
}
