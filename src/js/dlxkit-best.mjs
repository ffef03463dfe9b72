// The k cheapest solutions of a Problem (costs: { items, cost } options or
// `|n` in DLX text; the engine's search is src/core/dlx_best.c): in one call
// (Problem.best) or in slices of nodes (the worker's problem.best).
import { RESULT } from './dlxkit-abi.mjs'
import { DlxError, INT32_MAX, checkCount, checkFlag, checkWhole, countValue } from './dlxkit-errors.mjs'

/**
 * The k cheapest solutions of `problem`, cheapest first, as [{ cost,
 * options }] (sorted option indices; with withData [{ index, data }]); a
 * cost is a number, a bigint past 2^53 - 1. Among equal costs the one the
 * search met first is kept and comes first. onImprovement(solution) hears
 * each solution as it enters the k cheapest found so far (it may not move
 * the search: BUSY). Throws STOPPED at maxNodes, with the k cheapest so far
 * in details.best.
 */
export function bestSolutions (problem, opts = {}) {
  const { onImprovement } = opts ?? {}
  if (onImprovement !== undefined && typeof onImprovement !== 'function') throw new DlxError('BAD_ARGUMENT', 'onImprovement must be a function')
  const run = new BestRun(problem, opts)
  try {
    run.step(Infinity, onImprovement)
    return run.result()
  } finally {
    run.close()
  }
}

/** A search for the k cheapest, run in steps; close() gives the problem back. */
export class BestRun {
  constructor (problem, { k = 1, maxNodes = 0, withData } = {}) {
    checkWhole(k, 'k', INT32_MAX, 'BAD_ARGUMENT', 1)
    this._maxNodes = checkCount(maxNodes, 'maxNodes')
    this._withData = checkFlag(withData, 'withData', false)
    this._p = problem
    this._h = problem._idle()
    this._k = k
    this._cap = problem.shape.primary + 1 // a first guess: with bounds a solution may hold more
    this.status = null // 'done' or 'stopped' once over
    this.improvements = 0
    problem._native.problemSetBest(this._h, k) // it restarts: maxNodes counts from 0
  }

  get nodes () { return this._p.stats().nodes }
  get progress () { return this._p.stats().progress }

  /** Search up to node count `until` (and maxNodes); returns the status, null while more is left. */
  step (until, onImprovement) {
    const native = this._p._native
    const limit = this._maxNodes && this._maxNodes < until ? this._maxNodes : until
    let r
    while ((r = native.problemSearchUntil(this._h, Number.isFinite(limit) ? limit : 0)) === RESULT.SOLUTION) {
      this.improvements++
      if (!onImprovement) continue
      this._p._iterating = true // the callback may not move the search
      try {
        onImprovement(this._costed(native.problemSolutionCost(this._h), native.problemSolution(this._h, this._cap)))
      } finally {
        this._p._iterating = false
      }
    }
    if (r === RESULT.DONE) this.status = 'done'
    else if (this._maxNodes && this.nodes >= this._maxNodes) this.status = 'stopped'
    return this.status
  }

  /** The k cheapest found, cheapest first; STOPPED (them in details.best) if maxNodes ended the search. */
  result () {
    const kept = this._p._native.problemBest(this._h, this._cap).map((s) => this._costed(s.cost, s.options))
    if (this.status === 'stopped') {
      throw new DlxError('STOPPED', `the search for the ${this._k} cheapest solutions stopped after ${this._maxNodes} nodes`, { nodes: this.nodes, best: kept })
    }
    return kept
  }

  close () { this._p._native.problemSetBest(this._h, 0) }

  _costed (cost, options) {
    options.sort((a, b) => a - b)
    return { cost: countValue(cost), options: this._withData ? this._p.chosen(options) : options }
  }
}
