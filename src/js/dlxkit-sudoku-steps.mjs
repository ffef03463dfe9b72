// Sudoku solve() in steps of nodes, for the worker (dlxkit-worker-core.mjs):
// above 16x16 one search can take minutes, so it goes on in slices, between
// which the worker reports progress and sees an abort.
import { checkCount, checkFlag } from './dlxkit-errors.mjs'

/**
 * solve() in steps, for the worker: above 16x16 one search can take
 * minutes, so it goes on in slices of nodes, between which the worker
 * reports progress and sees an abort. Returns { step(nodes), nodes,
 * close() }: step goes on for about `nodes` more nodes and returns
 * solve()'s result once the search has ended, else null; close() must
 * follow. null for the grids solve() answers in one short call. The
 * solver is out of the cache meanwhile, so no other call can move its search,
 * and the run holds the instance as a live problem does, so that it is not
 * replaced under it (releaseMemory waits for close()).
 */
export function solveInSteps (api, puzzle, opts = {}) {
  const limit = checkCount(opts.limit ?? 2, 'limit')
  const maxNodes = checkCount(opts.maxNodes ?? 0, 'maxNodes')
  checkFlag(opts.restarts, 'restarts', true)
  const input = api._read(puzzle, opts)
  const kit = api._kit
  const native = api._native
  const n2 = input.size * input.size
  let h = 0
  let block = null // the grid, its answer and the record (zeroed: the count goes from step to step)
  let key
  try {
    if (input.size <= 16) return null
    kit._live++
    h = api._solverFor(input.size, opts)
    key = api._fast.recent
    kit._solvers.delete(key)
    block = native.newSolveBlock(1, n2)
    native.writeBytes(block.grid(0), input.cells)
    native.sudokuBegin(h, block)
  } catch (e) {
    endSteps(api, input, h, key, block)
    throw e
  } finally {
    if (!h) api._release(input)
  }
  let ended = false
  const run = {
    nodes: 0,
    step: (nodes) => {
      const until = maxNodes ? Math.min(maxNodes, run.nodes + nodes) : run.nodes + nodes
      const done = native.sudokuStep(h, block, limit, until)
      const r = native.solveResult(block, 0)
      run.nodes = r.nodes
      const stopped = !done && maxNodes && run.nodes >= maxNodes
      if (!done && !stopped) return null
      if (stopped) r.status = 'stopped'
      if (r.count > 0) r.solution = api._write(input, native.readBytes(block.answer(0), n2), opts)
      return r
    },
    close: () => {
      if (ended) return
      ended = true
      endSteps(api, input, h, key, block)
    }
  }
  return run
}

/**
 * solveInSteps's end: the givens released, the solver back in the cache (or
 * freed), the instance let go (a replacement that waited for it may follow).
 */
function endSteps (api, input, h, key, block) {
  const kit = api._kit
  try {
    api._native.freeSolveBlock(block)
    if (!h) return
    api._release(input)
    api._native.sudokuEnd(h)
    if (kit._solvers.has(key)) api._native.sudokuFree(h) // built again meanwhile
    else api._cache(key, h)
  } finally {
    kit._live--
    kit._released()
  }
}
