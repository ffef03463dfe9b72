// dlxkit-worker-core.mjs: runs inside a worker (a browser Worker or a Node worker
// thread) and serves createWorker()'s requests (dlxkit-operations.mjs). Long
// searches (the library's run loop, and Sudoku solves above 16x16) run in
// slices of nodes with a pause between them, so an abort message is seen
// within one slice (about 20 ms) and progress can be reported.
// This is the body, shared by the two workers (dlxkit-worker.mjs for Node and
// unbundled pages, dlxkit-worker-browser.mjs for bundles): each gives serve()
// its channel and its load().
import { DlxError, checkFlag, errorText } from './dlxkit-errors.mjs'
import { OPERATIONS } from './dlxkit-operations.mjs'
import { Search, countStopped, solutionsStopped } from './dlxkit-run.mjs'
import { solveInSteps } from './dlxkit-sudoku-steps.mjs'

const SLICE_MS = 20 // aim for slices this long

/** The node budget of the next slice, from how long the last one took. */
const nextBudget = (budget, ms) => Math.max(1000, Math.min(5e6, Math.round(budget * (ms > 0 ? SLICE_MS / ms : 2))))
let channel = null
let load = null
let kit = null
const problems = new Map() // id -> Problem
let nextProblem = 1
const aborted = new Set() // request ids asked to stop
const lastOf = new Map() // problem id -> settles when its latest request has ended
const waiting = new Map() // request id -> rejects it while it waits for its turn
const credits = new Map() // request id -> { left, wake, fail }: solutions the client will take

const pause = () => new Promise((resolve) => setTimeout(resolve, 0))

function stopIfAborted (id) {
  if (aborted.has(id)) throw new DlxError('ABORTED', 'the operation was aborted')
}

function problem (pid) {
  const p = problems.get(pid)
  if (!p) throw new DlxError('FREED', 'this problem was freed (or its worker restarted)')
  return p
}

/**
 * Requests that move a problem's search run one at a time (a search has one
 * state; two sliced counts would take turns with it). One that waits for its
 * turn can be aborted while it waits.
 */
function inTurn (id, pid, run) {
  const before = lastOf.get(pid)
  const mine = (async () => {
    if (before) {
      await new Promise((resolve, reject) => {
        waiting.set(id, reject)
        before.then(resolve)
      }).finally(() => waiting.delete(id))
    }
    stopIfAborted(id)
    return run()
  })()
  const done = Promise.allSettled([before, mine]).then(() => {
    if (lastOf.get(pid) === done) lastOf.delete(pid)
  })
  lastOf.set(pid, done)
  return mine
}

/**
 * Run a search (dlxkit-run.mjs) in slices of nodes, reporting progress after
 * each; the budget of a slice adapts so that it takes about SLICE_MS. `gate`
 * may hold the run between slices, `stop` within one (see Search.run).
 */
async function inSlices (id, search, { onSolution = null, stop = null, gate = null } = {}) {
  let budget = 20000
  try {
    for (;;) {
      if (gate) await gate()
      stopIfAborted(id)
      const t0 = Date.now()
      const r = search.run({ until: search.nodes + budget, onSolution, stop })
      channel.send({ id, progress: { nodes: search.nodes, progress: search.progress, solutions: search.count } })
      if (search.status) return search.status
      // A slice cut short to wait for the client says nothing about its speed.
      if (r !== 'held') {
        budget = nextBudget(budget, Date.now() - t0)
      }
      await pause()
      stopIfAborted(id)
    }
  } finally {
    search.close()
  }
}

/** Count, whole or one shard, with progress: { count, nodes, status }. */
async function countDetailed (id, p, { shard = 0, parts = 1, balanced = false, splitSeed = 1, limit = 0, maxNodes = 0, restarts } = {}) {
  const search = new Search(p, { shard, parts, balanced, splitSeed, limit, maxNodes, restarts })
  await inSlices(id, search)
  return search.result()
}

/** The number alone, STOPPED when maxNodes ends it early (as Problem.count). */
async function count (id, p, opts) {
  const r = await countDetailed(id, p, opts)
  if (r.status === 'stopped') throw countStopped(r)
  return r.count
}


/**
 * Stream solutions: each one is posted as it is found, but only as many as
 * the client has room for (`window`, then what it grants with { more }), so
 * a slow or gone consumer never lets the search run ahead of it.
 */
async function solutions (id, p, window, { shard = 0, parts = 1, balanced = false, splitSeed = 1, limit = 0, maxNodes = 0, restarts, withData } = {}) {
  withData = checkFlag(withData, 'withData', false)
  const search = new Search(p, { shard, parts, balanced, splitSeed, limit, maxNodes, restarts })
  const credit = { left: window, wake: null, fail: null }
  credits.set(id, credit)
  const gate = async () => {
    while (credit.left <= 0) {
      await new Promise((resolve, reject) => { credit.wake = resolve; credit.fail = reject })
    }
  }
  const onSolution = (s) => {
    channel.send({ id, item: withData ? p.chosen(s) : s })
    credit.left--
  }
  try {
    await inSlices(id, search, { onSolution, stop: () => credit.left <= 0, gate })
  } finally {
    credits.delete(id)
  }
  if (search.status === 'stopped') throw solutionsStopped(maxNodes, search.count)
  return search.count
}

/**
 * sudoku.solve: above 16x16 in slices of nodes (dlxkit-sudoku-steps.mjs),
 * with progress { nodes }, so that an abort is seen within a slice; the
 * rest (and options that are no object: their error) by `direct`.
 */
async function sudokuSolve (id, puzzle, opts, direct) {
  const run = opts !== null && typeof opts === 'object' && solveInSteps(kit.sudoku, puzzle, opts)
  if (!run) return direct()
  let budget = 20000
  try {
    for (;;) {
      const t0 = Date.now()
      const r = run.step(budget)
      if (r) return r
      channel.send({ id, progress: { nodes: run.nodes } })
      budget = nextBudget(budget, Date.now() - t0)
      await pause()
      stopIfAborted(id)
    }
  } finally {
    run.close()
  }
}

/** A batch in chunks, so that it can report progress and be stopped. */
async function solveMany (id, puzzles, opts) {
  const results = []
  for (let i = 0; i < puzzles.length; i += 256) {
    results.push(...kit.sudoku.solveMany(puzzles.slice(i, i + 256), opts))
    channel.send({ id, progress: { done: results.length, total: puzzles.length } })
    await pause()
    stopIfAborted(id)
  }
  return results.map((r) => r.error ? { ...r, error: errorRecord(r.error) } : r)
}

/**
 * How the worker serves each operation of OPERATIONS (and only those):
 * (id, args) -> result. An operation marked `turn` there waits its turn on
 * the problem args[0] first (see receive).
 */
export const handlers = {
  async init (id, [{ wasm, maxMemory }]) {
    kit = await load({ wasm, maxMemory })
    return true
  },
  'sudoku.solve': (id, [puzzle, opts = {}]) => sudokuSolve(id, puzzle, opts, () => kit.sudoku.solve(puzzle, opts)),
  'sudoku.count': async (id, [puzzle, opts = {}]) => {
    const r = await sudokuSolve(id, puzzle, opts && { ...opts, limit: opts.limit ?? 2 }, () => kit.sudoku.count(puzzle, opts))
    return typeof r === 'number' ? r : r.count
  },
  'sudoku.solveMany': (id, [puzzles, opts]) => solveMany(id, puzzles, opts),
  'sudoku.candidates': (id, [puzzle, opts]) => kit.sudoku.candidates(puzzle, opts),
  'sudoku.split': (id, [text, opts]) => kit.sudoku.split(text, opts),
  'sudoku.read': (id, [text, opts]) => kit.sudoku.read(text, opts),
  'sudoku.generate': (id, [opts]) => kit.sudoku.generate(opts),
  'sudoku.rate': (id, [puzzle, opts]) => kit.sudoku.rate(puzzle, opts),
  'problem.exactCover': (id, [spec]) => keep(kit.exactCover(spec)),
  'problem.parseDlx': (id, [text]) => keep(kit.parseDlx(text)),
  'problem.shape': (id, [pid]) => problem(pid).shape,
  'problem.option': (id, [pid, k]) => problem(pid).option(k),
  'problem.formatOption': (id, [pid, k]) => problem(pid).formatOption(k),
  'problem.data': (id, [pid, k]) => problem(pid).data(k),
  'problem.solve': (id, [pid, opts]) => problem(pid).solve(opts),
  'problem.count': (id, [pid, opts]) => count(id, problem(pid), opts),
  'problem.countDetailed': (id, [pid, opts]) => countDetailed(id, problem(pid), opts),
  'problem.countShard': (id, [pid, shard, parts, { maxNodes } = {}]) => count(id, problem(pid), { shard, parts, maxNodes }), // the older name
  'problem.solutions': (id, [pid, window, opts]) => solutions(id, problem(pid), window, opts),
  'problem.free': (id, [pid]) => {
    problems.get(pid)?.free()
    return problems.delete(pid)
  }
}

function keep (p) {
  const pid = nextProblem++
  problems.set(pid, p)
  return pid
}

function errorRecord (e) {
  return e instanceof DlxError
    ? { code: e.code, message: e.message, details: e.details }
    : { code: 'INTERNAL', message: errorText(e), details: {} }
}

/** Serve requests on channel ({ send, listen }), loading the module with loadFn. */
export function serve (channelIn, loadFn) {
  channel = channelIn
  load = loadFn
  channel.listen(receive)
  channel.send({ ready: true })
}

async function receive (m) {
  if (m.more !== undefined) {
    const credit = credits.get(m.more)
    if (credit) {
      credit.left += m.n
      credit.wake?.()
    }
    return
  }
  if (m.abort !== undefined) {
    aborted.add(m.abort)
    waiting.get(m.abort)?.(new DlxError('ABORTED', 'the operation was aborted'))
    credits.get(m.abort)?.fail?.(new DlxError('ABORTED', 'the operation was aborted'))
    return
  }
  const { id, op, args } = m
  try {
    if (!Object.hasOwn(OPERATIONS, op)) throw new DlxError('BAD_ARGUMENT', `unknown operation ${op}`)
    if (op !== 'init' && !kit) throw new DlxError('LOAD_FAILED', 'the worker has not loaded dlxkit')
    const serveIt = () => handlers[op](id, args)
    const result = await (OPERATIONS[op].turn ? inTurn(id, args[0], serveIt) : serveIt())
    channel.send({ id, ok: true, result })
  } catch (e) {
    channel.send({ id, ok: false, error: errorRecord(e) })
  } finally {
    aborted.delete(id)
  }
}
