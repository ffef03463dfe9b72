// Exact-cover problems in the module: building one (from items and options,
// or from Knuth's DLX text) and the Problem over its handle.
import { RESULT } from './dlxkit-abi.mjs'
import { DlxError, INT32_MAX, checkCount, checkFlag, checkIndex, checkMemo, checkWhole, countValue, safeCount } from './dlxkit-errors.mjs'
import { bestSolutions } from './dlxkit-best.mjs'
import { readSpec, streamOptions } from './dlxkit-options.mjs'
import { Search, countStopped, runSearch, solutionsStopped } from './dlxkit-run.mjs'
import { balancedSplit, checkShard, plainShard } from './dlxkit-split.mjs'
import { buildZdd } from './dlxkit-zdd.mjs'
import { checkOptions } from './dlxkit-option-names.mjs'

const SEARCH = { [RESULT.SOLUTION]: 'solution', [RESULT.DONE]: 'done', [RESULT.BUDGET]: 'budget', [RESULT.LIMIT]: 'limit' }
const counted = (p, { result, count }) => ({ count, status: result === RESULT.DONE ? 'done' : result === RESULT.LIMIT ? 'limit' : 'stopped', nodes: p.stats().nodes })

/** A problem from { primary, secondary, options } (see Dlxkit.exactCover and dlxkit-options.mjs). */
export function exactCover (kit, spec) {
  const read = readSpec(spec, kit._cap)
  const { nPrimary, nSecondary, pNames, sNames } = read
  const p = kit._native.problemNew(nPrimary, nSecondary)
  const problem = new Problem(kit, p, { names: pNames || sNames?.length ? { primary: pNames, secondary: sNames, nPrimary } : null })
  try {
    for (const [i, lo, hi] of read.bounds) kit._native.problemSetBounds(p, i, lo, hi)
    for (const i of read.preferred) kit._native.problemSetPreferred(p, i)
    const { colors, data, costs } = streamOptions(read, (flat, first, count) => addOptions(kit, p, flat, first, count))
    problem._colors = colors
    problem._data = data
    for (const [k, cost] of costs) {
      try {
        kit._native.problemSetCost(p, k, cost)
      } catch (err) { // the costs of all options together past 2^63 - 1
        err.details.index = k
        err.message = `option ${k}: ${err.message}`
        throw err
      }
    }
  } catch (e) {
    problem.free()
    throw e
  }
  return problem
}

/** Options first .. first + count - 1, flat (dlxkit-options.mjs), into problem p. */
function addOptions (kit, p, flat, first, count) {
  const err = kit._native.problemAddOptions(p, flat, count)
  if (err) {
    err.details.index = first + (err.details.index ?? 0) // the decoder drops zeros, but option 0 is an option
    err.message = `option ${err.details.index}: ${err.message}`
    throw err
  }
}

/** A problem in Knuth's DLX format; errors carry line and column. */
export function parseDlx (kit, text) {
  if (typeof text !== 'string') throw new DlxError('BAD_INPUT', 'parseDlx needs the text of a DLX file (a string)')
  let p
  try {
    p = kit._native.problemParse(text)
  } catch (err) {
    if (err.details?.line) err.message = `line ${err.details.line}, column ${err.details.column}: ${err.message}`
    throw err
  }
  return new Problem(kit, p, { fromText: true })
}

/** An exact-cover problem in the module. Free it when done (or let GC). */
export class Problem {
  constructor (kit, handle, { names = null, colors = [], data = null, fromText = false } = {}) {
    this._kit = kit
    this._native = kit._native // the module's calls (dlxkit-native.mjs)
    this._h = handle
    this._names = names
    this._colors = colors
    this._fromText = fromText
    this._data = data // the user's value per option (null: none was given)
    this._items = -1 // the item count, once asked (it never changes)
    this._options = -1 // the same for options
    this._iterating = false // a solutions() loop is under way
    this._restarts = false // setRestarts (the engine's default: Knuth's tree)
    this._hasBounds = null // some bounds other than 1:1 (_bounded), once asked
    kit._live++
    kit._track(this, () => { kit._live--; kit._native.problemFree(handle) })
  }

  _handle () {
    if (!this._h) throw new DlxError('FREED', 'this problem was freed')
    return this._h
  }

  /**
   * The handle, for calls that move or reset the search: a solutions() loop
   * under way owns the search, and such a call would derail it (restart it
   * forever, end it, or mix two loops' places), so it is refused.
   */
  _idle () {
    const h = this._handle()
    if (this._iterating) {
      throw new DlxError('BUSY', 'a solutions() loop over this problem is under way; finish or break it first (or call its return())')
    }
    return h
  }

  /** Counts: primary items, items, options, forced options. */
  get shape () { return this._native.problemShape(this._handle()) }

  /** Item i's name (its index as a string when the problem has no names). */
  itemName (i) {
    checkIndex(i, 'item index')
    if (this._items < 0) this._items = this.shape.items
    if (i < 0 || i >= this._items) throw new DlxError('BAD_ITEM', `item ${i} does not exist: items are 0..${this._items - 1}`, { index: i })
    return this._itemName(i)
  }

  _itemName (i) {
    const names = this._names
    if (names) {
      const list = i < names.nPrimary ? names.primary : names.secondary
      return list ? list[i < names.nPrimary ? i : i - names.nPrimary] : String(i)
    }
    if (this._fromText) return this._native.problemItemName(this._handle(), i)
    return String(i)
  }

  /** Option k as item names (with ':color' where it has one). */
  option (k) {
    k = checkIndex(k, 'option index')
    const { items, colors } = this._native.problemOptionItems(this._handle(), k)
    return items.map((item, j) => {
      const name = this._itemName(item)
      return colors[j] ? `${name}:${this._colorName(colors[j])}` : name
    })
  }

  /** The value given with option k ({ items | row, data }); undefined when none was. */
  data (k) {
    k = checkIndex(k, 'option index')
    this._handle()
    if (this._options < 0) this._options = this.shape.options // it never changes
    if (k < 0 || k >= this._options) throw new DlxError('BAD_OPTION', `option ${k} does not exist: options are 0..${this._options - 1}`, { index: k })
    return this._data?.[k]
  }

  /** A solution's option indices as [{ index, data }], in the same order. */
  chosen (solution) {
    if (!Array.isArray(solution)) throw new DlxError('BAD_ARGUMENT', 'chosen needs a solution: an array of option indices')
    return solution.map((index) => ({ index, data: this.data(index) }))
  }

  _colorName (c) {
    if (this._fromText) return this._native.problemColorName(this._h, c)
    return this._colors[c - 1] ?? String(c)
  }

  /** One step of the resumable search: 'solution', 'done' or 'budget'. */
  search (maxNodes = 0) {
    return SEARCH[this._native.problemSearch(this._idle(), checkCount(maxNodes, 'maxNodes'))]
  }

  /** The same with an absolute limit on the node counter (0: none). */
  searchUntil (nodeLimit = 0) {
    this._idle()
    return this._searchUntil(checkCount(nodeLimit, 'nodeLimit'))
  }

  /** searchUntil for the run loop (dlxkit-run.mjs), which may own the search. */
  _searchUntil (nodeLimit) {
    return SEARCH[this._native.problemSearchUntil(this._handle(), nodeLimit)]
  }

  /** The solution the search is at: option indices (forced ones first). */
  solution () {
    return this._native.problemSolution(this._handle(), this.shape.primary + 1)
  }

  /**
   * The first solution (sorted option indices; with withData [{ index, data }]),
   * or null. Restarts as `restarts` says for this call, else as the problem
   * is set (setRestarts; off at first, so the first solution is Knuth's).
   */
  solve (opts) {
    const { maxNodes = 0, restarts, withData: data } = checkOptions('problem.solve', opts) ?? {}
    checkCount(maxNodes, 'maxNodes')
    const withData = checkFlag(data, 'withData', false)
    this._idle()
    const undo = this._withRestarts(checkFlag(restarts, 'restarts'))
    let s
    try {
      const r = this.search(maxNodes)
      if (r === 'budget') throw new DlxError('STOPPED', `no solution found within ${maxNodes} nodes`, { nodes: this.stats().nodes })
      s = r === 'solution' ? this.solution().sort((a, b) => a - b) : null
    } finally {
      undo()
    }
    return s && withData ? this.chosen(s) : s
  }

  /**
   * Restarts on or off for the searches that follow (off at first): on, a
   * search that finds nothing within its budget starts over in another
   * order, on a Luby schedule, until its first solution; from there it goes
   * on without them, so counts stay exact. Restarts the search.
   */
  setRestarts (on) {
    this._idle()
    this._setRestarts(checkFlag(on ?? null, 'restarts'))
  }

  _setRestarts (on) {
    this._native.problemSetRestarts(this._handle(), on)
    this._restarts = on
  }

  /**
   * Restarts as `on` says for one run (undefined: as they are); returns what
   * puts the problem's setting back. Both restart the search.
   */
  _withRestarts (on) {
    const before = this._restarts
    if (on === undefined) {
      this.restart()
      return () => this.restart()
    }
    this._setRestarts(on)
    return () => this._setRestarts(before)
  }

  /**
   * How many solutions, up to `limit` (0: all), of the whole problem or of
   * shard `shard` of `parts` (see shardPrefixes). Throws STOPPED at maxNodes,
   * UNSAFE_COUNT past 2^53 - 1 (countBig() is exact).
   */
  count (opts = {}) { return safeCount(this._countBig(checkOptions('problem.count', opts))) }

  /** The same as a bigint: exact at any size. */
  countBig (opts = {}) { return this._countBig(checkOptions('problem.countBig', opts)) }

  _countBig (opts) {
    const r = this.countDetailed({ ...opts, bigint: true })
    if (r.status === 'stopped') throw countStopped(r)
    return r.count
  }

  /**
   * { count, status: 'done' | 'limit' | 'stopped', nodes }; options as
   * count's, and bigint: true for the count as a bigint (else a number, or
   * UNSAFE_COUNT past 2^53 - 1).
   */
  countDetailed (opts) {
    const { shard = 0, parts = 1, balanced = false, splitSeed = 1, limit = 0, maxNodes = 0, restarts, memo, memoBytes, bigint: big } = checkOptions('problem.countDetailed', opts) ?? {}
    const bigint = checkFlag(big, 'bigint', false)
    const r = this._countDetailed({ shard, parts, balanced, splitSeed, limit, maxNodes, restarts, memo, memoBytes })
    return bigint ? r : { ...r, count: safeCount(r.count) }
  }

  /** countDetailed with the count a bigint. */
  _countDetailed ({ shard = 0, parts = 1, balanced = false, splitSeed = 1, limit = 0, maxNodes = 0, restarts, memo, memoBytes = 0 } = {}) {
    // A shard is a run of prefixes (runSearch); the whole problem, one call.
    if (shard !== 0 || parts !== 1) return runSearch(this, { shard, parts, balanced, splitSeed, limit, maxNodes, restarts, memo, memoBytes, bigint: true })
    checkCount(limit, 'limit')
    checkCount(maxNodes, 'maxNodes')
    const mode = checkMemo(memo, memoBytes)
    this._idle()
    const flag = checkFlag(restarts, 'restarts')
    const undo = flag === undefined ? () => {} : this._withRestarts(flag)
    try {
      this._native.problemSetMemo(this._handle(), mode, memoBytes)
      return counted(this, this._native.problemCount(this._idle(), limit, maxNodes))
    } finally {
      undo()
    }
  }

  /** A memoized count maxNodes stopped (_countDetailed, memo: true) on for maxNodes more nodes, as it (a worker's slices). */
  _countResume (maxNodes) { return counted(this, this._native.problemCountResume(this._idle(), maxNodes)) }

  /**
   * Every solution in turn (sorted option indices; with withData
   * [{ index, data }]), up to `limit`; of one shard with shard and parts (and balanced).
   */
  * solutions (opts) {
    const { shard = 0, parts = 1, balanced = false, splitSeed = 1, limit = 0, maxNodes = 0, restarts, withData: data } = checkOptions('problem.solutions', opts) ?? {}
    const withData = checkFlag(data, 'withData', false)
    const search = new Search(this, { shard, parts, balanced, splitSeed, limit, maxNodes, restarts })
    // While the loop runs, calls that move the search are refused (BUSY);
    // the loop ending in any way (done, break, throw, return()) frees it.
    // The run itself forces and unforces a shard's prefixes: it steps out
    // of the loop's guard for each step (nothing else runs meanwhile).
    try {
      for (;;) {
        this._iterating = false
        const r = search.next()
        this._iterating = true
        if (r !== 'solution') break
        yield withData ? this.chosen(search.solution()) : search.solution()
      }
      if (search.status === 'stopped') throw solutionsStopped(maxNodes, countValue(search.found))
    } finally {
      this._iterating = false
      search.close() // a loop left early leaves no prefix forced
    }
  }

  /** The ZDD of all its solutions (dlxkit-zdd.mjs), within maxMemory bytes (0: 1 GiB); it restarts the search. */
  zdd (opts) { return buildZdd(this, checkOptions('problem.zdd', opts)) }

  /** Option k's cost (0 unless given): a number, a bigint past 2^53 - 1 (from DLX text). */
  optionCost (k) {
    k = checkIndex(k, 'option index')
    return countValue(this._native.problemOptionCost(this._handle(), k))
  }

  /**
   * The k cheapest solutions, cheapest first, as [{ cost, options }]
   * (dlxkit-best.mjs has the rules).
   */
  best (opts = {}) { return bestSolutions(this, checkOptions('problem.best', opts)) }

  /** { nodes, updates, solutions, progress, level, maxLevel, guesses, restarts } */
  stats () {
    return this._native.problemStats(this._handle())
  }

  restart () { this._native.problemRestart(this._idle()) }

  /** Try options in a reproducible random order (seed 0: natural order). */
  setSeed (seed) { this._native.problemSetSeed(this._idle(), checkCount(seed, 'seed')) }

  /** Put option k in every solution; a clash throws CONFLICT naming the other. */
  force (k) {
    k = checkIndex(k, 'option index')
    const h = this._idle()
    try {
      this._native.problemForce(h, k)
    } catch (err) {
      if (err.code === 'CONFLICT') {
        err.details = { option: k, other: err.details.index ?? 0, item: this._itemName(err.details.value ?? 0) }
        err.message = `option ${k} clashes with forced option ${err.details.other} on item ${err.details.item}`
      }
      throw err
    }
  }

  unforce () { this._native.problemUnforce(this._idle()) }

  /** Leave option k out of every solution (a split's part; problems with bounds only, else BAD_BOUND). */
  exclude (k) { this._native.problemExclude(this._idle(), checkIndex(k, 'option index')) }

  /** Take back the option left out last. */
  unexclude () { this._native.problemUnexclude(this._idle()) }

  /** How many more options item i needs: its lower bound less the forced options holding it, or 0. */
  itemNeed (i) { return this._native.problemItemNeed(this._handle(), checkIndex(i, 'item index')) }

  /** Whether some primary item has bounds other than 1:1 (they never change). */
  _bounded () {
    this._hasBounds ??= this._native.problemBounded(this._handle())
    return this._hasBounds
  }

  /** Options holding item i that agree with the forced ones. */
  itemOptions (i) {
    i = checkIndex(i, 'item index')
    return this._native.problemItemOptions(this._idle(), i) // it restarts the search
  }

  /** The item the search would branch on first, or -1. */
  branchItem () { return this._native.problemBranchItem(this._idle()) } // it restarts the search

  /**
   * Knuth's estimate of the search below the forced options: the mean of
   * `probes` random paths down the tree, reproducible from `seed`.
   * { nodes (the estimated node count), steps (the nodes the probes met) }
   */
  estimate (opts) {
    const { probes = 1000, seed = 1 } = checkOptions('problem.estimate', opts) ?? {}
    checkWhole(probes, 'probes', INT32_MAX, 'BAD_ARGUMENT', 1)
    return this._native.problemEstimate(this._idle(), checkCount(seed, 'seed'), probes)
  }

  /** The memo nodes the engine's automatic rule gives a count within maxNodes (0: none): the worker's memo rounds. */
  _memoShare (maxNodes = 0) { return this._native.problemMemoShare(this._idle(), maxNodes) }

  /**
   * Split the search into `parts` independent pieces: lists of steps, k >= 0
   * forcing option k, ~k leaving option k out (with bounds only). Plainly, taken from the first levels of the tree and dealt
   * round-robin; `balanced`, cut where the estimate says a subtree is big
   * and dealt so that every part's estimated size is near the mean, a pure
   * function of the problem, parts and splitSeed (dlxkit-split.mjs). The
   * counts of all shards add up to the whole count either way.
   */
  shardPrefixes (shard, parts, opts) {
    const { balanced = false, splitSeed = 1 } = checkOptions('problem.shardPrefixes', opts) ?? {}
    this._idle()
    checkShard(shard, parts)
    if (balanced) return this.balancedShards(parts, { splitSeed }).parts[shard]
    return plainShard(this, shard, parts)
  }

  /**
   * The balanced split whole, for a caller that hands the parts out itself:
   * { parts: for each part the options to force for each of its subtrees,
   * in search order; estimates: each part's estimated node count }.
   */
  balancedShards (parts, opts) {
    const { splitSeed = 1 } = checkOptions('problem.balancedShards', opts) ?? {}
    this._idle()
    checkShard(0, parts)
    return balancedSplit(this, parts, splitSeed)
  }

  /** count({ shard, parts, maxNodes }), kept for callers of the older name. */
  countShard (shard, parts, opts) {
    const { maxNodes = 0 } = checkOptions('problem.countShard', opts) ?? {}
    return this.count({ shard, parts, maxNodes })
  }

  /** Option k as a line of Knuth's format (with its cost as `|n` when it has one). */
  formatOption (k) {
    const cost = this.optionCost(k)
    return this.option(k).join(' ') + (cost ? ` |${cost}` : '')
  }

  free () {
    if (!this._h) return
    this._kit._untrack(this)
    this._native.problemFree(this._h)
    this._h = 0
    this._kit._live--
    this._kit._released()
  }

  [Symbol.dispose] () { this.free() }
}
