// Sudoku solve() in steps of nodes, for the worker (dlxkit-worker-core.mjs):
// above 16x16 one search can take minutes, so it goes on in slices, between
// which the worker reports progress and sees an abort.
import { SLOT, SUDOKU_STATUS as STATUS } from './dlxkit-abi.mjs'
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
  const n2 = input.size * input.size
  const at = SLOT.solve
  let h = 0
  let buf = 0
  let key
  try {
    if (input.size <= 16) return null
    kit._live++
    h = api._solverFor(input.size, opts)
    key = api._fast.recent
    kit._solvers.delete(key)
    buf = kit._alloc(8 * at.length + 2 * n2)
    kit._f64().fill(0, buf >>> 3, (buf >>> 3) + at.length)
    const grid = buf + 8 * at.length
    kit._u8().set(input.cells, grid)
    kit._check(api._x.dk_sudoku_begin(h, grid))
  } catch (e) {
    endSteps(api, input, h, key, buf)
    throw e
  } finally {
    if (!h) api._release(input)
  }
  const sol = buf + 8 * at.length + n2
  let ended = false
  const run = {
    nodes: 0,
    step: (nodes) => {
      const until = maxNodes ? Math.min(maxNodes, run.nodes + nodes) : run.nodes + nodes
      const done = kit._check(api._x.dk_sudoku_step(h, limit, until, sol, buf))
      const f = kit._f64().slice(buf >>> 3, (buf >>> 3) + at.length)
      run.nodes = f[at.nodes]
      const stopped = !done && maxNodes && run.nodes >= maxNodes
      if (!done && !stopped) return null
      const found = f[at.count] > 0
      return {
        status: stopped ? 'stopped' : STATUS[f[at.status]],
        solution: found ? api._write(input, kit._u8().slice(sol, sol + n2), opts) : null,
        count: f[at.count],
        nodes: f[at.nodes],
        guesses: f[at.guesses]
      }
    },
    close: () => {
      if (ended) return
      ended = true
      endSteps(api, input, h, key, buf)
    }
  }
  return run
}

/**
 * solveInSteps's end: the givens released, the solver back in the cache (or
 * freed), the instance let go (a replacement that waited for it may follow).
 */
function endSteps (api, input, h, key, buf) {
  const kit = api._kit
  try {
    kit._free(buf)
    if (!h) return
    api._release(input)
    api._x.dk_sudoku_end(h)
    if (kit._solvers.has(key)) api._x.dk_sudoku_free(h) // built again meanwhile
    else api._cache(key, h)
  } finally {
    kit._live--
    kit._released()
  }
}
