// dlxkit-worker-core.mjs: runs inside a worker (a browser Worker or a Node worker
// thread) and serves createWorker()'s requests (dlxkit-operations.mjs). Long
// searches (the library's run loop, Sudoku solves above 16x16, ZDD builds) and
// batches run in slices of nodes (or puzzles), reporting progress after each
// and pausing every 20 ms or so, so that an abort message is seen within one
// slice. A slice is bounded in time, not only in nodes: its size starts at
// one node (a node of a big problem can take milliseconds) and follows the
// time the last slice took.
// This is the body, shared by the two workers (dlxkit-worker.mjs for Node and
// unbundled pages, dlxkit-worker-browser.mjs for bundles): each gives serve()
// its channel and its load().
import { DlxError, checkFlag, checkMemo, countValue, errorText, safeCount } from './dlxkit-errors.mjs'
import { BestRun } from './dlxkit-best.mjs'
import { OPERATIONS } from './dlxkit-operations.mjs'
import { Search, countStopped, solutionsStopped } from './dlxkit-run.mjs'
import { solveInSteps } from './dlxkit-sudoku-steps.mjs'
import { memoCount } from './dlxkit-worker-memo.mjs'
import { ZddBuild } from './dlxkit-zdd.mjs'

const SLICE_MS = 20 // aim for slices this long, and pause this often
const GROWTH = 4 // a slice at most this many times the size of the last one
const now = () => globalThis.performance?.now() ?? Date.now()

/**
 * The size of each slice (nodes, or puzzles of a batch): it starts at one
 * and then aims at SLICE_MS from the time the last slice took, growing at
 * most GROWTH times a slice (so a search whose nodes get dearer stays near
 * the aim), up to `max`. A run pauses (lets messages in: an abort) once
 * SLICE_MS have passed since it last did, so a short run never waits.
 */
class Slices {
  constructor (max = 5e6) {
    this.size = 1
    this._max = max
    this._t0 = 0
    this._paused = now()
  }

  start () { this._t0 = now() }

  /** After a slice of the whole size: the next one's, from the time it took. */
  update () {
    const ms = now() - this._t0
    const fit = ms > 0 ? this.size * SLICE_MS / ms : Infinity
    this.size = Math.max(1, Math.round(Math.min(fit, this.size * GROWTH, this._max)))
  }

  /** Pause if SLICE_MS have passed since the last pause; then stop if id was aborted. */
  async pauseIfDue (id) {
    if (now() - this._paused < SLICE_MS) return
    await pause()
    this._paused = now()
    stopIfAborted(id)
  }
}
let channel = null
let load = null
let kit = null
const problems = new Map() // id -> Problem
let nextProblem = 1
const zdds = new Map() // id -> Zdd (problem.zdd); it outlives its problem
let nextZdd = 1
const aborted = new Map() // request id asked to stop -> the error it ends with
const streams = new Map() // problem id -> ids of its solutions() requests not ended
const lastOf = new Map() // problem id -> settles when its latest request has ended
const waiting = new Map() // request id -> rejects it while it waits for its turn
const credits = new Map() // request id -> { left, wake, fail }: solutions the client will take
const reporting = new Set() // request ids whose caller listens to progress

function report (id, progress) {
  if (reporting.has(id)) channel.send({ id, progress })
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 0))

function stopIfAborted (id) {
  if (aborted.has(id)) throw aborted.get(id)
}

/**
 * Stop request id with error: at once if it waits for its turn or for the
 * client to take solutions, else at the end of its slice.
 */
function stopRequest (id, error) {
  aborted.set(id, error)
  waiting.get(id)?.(error)
  credits.get(id)?.fail?.(error)
}

const freed = () => new DlxError('FREED', 'this problem was freed (or its worker restarted)')

function problem (pid) {
  const p = problems.get(pid)
  if (!p) throw freed()
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
 * Run a search (dlxkit-run.mjs) in slices of nodes (Slices), reporting
 * progress after each. `gate` may hold the run between slices, `stop`
 * within one (see Search.run).
 */
async function inSlices (id, search, { onSolution = null, stop = null, gate = null } = {}) {
  const slices = new Slices()
  let progress = 0 // the engine's estimate can dip as it goes deeper: the report does not
  try {
    for (;;) {
      if (gate) await gate()
      stopIfAborted(id)
      slices.start()
      const r = search.run({ until: search.nodes + slices.size, onSolution, stop })
      progress = Math.max(progress, search.progress)
      report(id, { nodes: search.nodes, progress, solutions: Number(search.found) })
      if (search.status) return search.status
      // A slice cut short to wait for the client says nothing about its speed.
      if (r !== 'held') slices.update()
      await slices.pauseIfDue(id)
    }
  } finally {
    search.close()
  }
}

/**
 * Count, whole or one shard, with progress: { count, nodes, status }, the
 * count a bigint with bigint: true (else a number, or UNSAFE_COUNT).
 */
async function countDetailed (id, p, { shard = 0, parts = 1, balanced = false, splitSeed = 1, limit = 0, maxNodes = 0, restarts, memo, memoBytes = 0, bigint } = {}) {
  bigint = checkFlag(bigint, 'bigint', false)
  let search = new Search(p, { shard, parts, balanced, splitSeed, limit, maxNodes, restarts, memo, memoBytes }) // checks every option
  // the memo counts any problem (with bounds: dlx_memo_multi.c); 'auto' as the engine's rule
  const memoFits = memo !== false && !limit
  if (memoFits) {
    search.close()
    const slices = new Slices()
    const run = { slices, report: (r) => report(id, r), pauseIfDue: () => slices.pauseIfDue(id), pause: () => pause().then(() => stopIfAborted(id)) }
    const memoized = await memoCount(p, { shard, parts, balanced, splitSeed, maxNodes, restarts, memo, memoBytes }, run)
    if (memoized) return bigint ? memoized : { ...memoized, count: safeCount(memoized.count) }
    search = new Search(p, { shard, parts, balanced, splitSeed, limit, maxNodes, restarts })
  }
  await inSlices(id, search)
  const r = search.result()
  return bigint ? r : { ...r, count: safeCount(r.count) }
}

/**
 * problem.zdd: the build in slices of nodes (ZddBuild), with progress
 * { nodes, states, size, bytes } after each and an abort read between
 * them; an aborted or failed build lets its problem go, usable as before.
 */
async function zddInSlices (id, p, opts) {
  const build = new ZddBuild(p, opts)
  const slices = new Slices()
  try {
    for (;;) {
      slices.start()
      if (build.step(slices.size)) return build.result()
      report(id, build.progress())
      slices.update()
      await slices.pauseIfDue(id)
    }
  } finally {
    build.close()
  }
}

/** The count alone as a bigint, STOPPED when maxNodes ends it early (as Problem.countBig). */
async function countBig (id, p, opts) {
  const r = await countDetailed(id, p, { ...opts, bigint: true })
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
  if (search.status === 'stopped') throw solutionsStopped(maxNodes, countValue(search.found))
  return countValue(search.found)
}

/**
 * The k cheapest solutions (dlxkit-best.mjs) in slices of nodes, with
 * progress { nodes, progress, solutions: improvements so far } and each
 * improvement as progress { improvement } (to a caller who listens).
 */
async function best (id, p, opts) {
  const run = new BestRun(p, opts ?? {})
  const slices = new Slices()
  let progress = 0
  try {
    for (;;) {
      slices.start()
      const status = run.step(run.nodes + slices.size, (s) => report(id, { improvement: s }))
      progress = Math.max(progress, status ? 1 : run.progress)
      report(id, { nodes: run.nodes, progress, solutions: run.improvements })
      if (status) return run.result()
      slices.update()
      await slices.pauseIfDue(id)
    }
  } finally {
    run.close()
  }
}

/**
 * sudoku.solve: above 16x16 in slices of nodes (dlxkit-sudoku-steps.mjs),
 * with progress { nodes }, so that an abort is seen within a slice; the
 * rest (and options that are no object: their error) by `direct`.
 */
async function sudokuSolve (id, puzzle, opts, direct) {
  const run = opts !== null && typeof opts === 'object' && solveInSteps(kit.sudoku, puzzle, opts)
  if (!run) return direct()
  const slices = new Slices()
  try {
    for (;;) {
      slices.start()
      const r = run.step(slices.size)
      if (r) return r
      report(id, { nodes: run.nodes })
      slices.update()
      await slices.pauseIfDue(id)
    }
  } finally {
    run.close()
  }
}

/** A batch in chunks (sized as slices are), so that it can report progress and be stopped. */
async function solveMany (id, puzzles, opts) {
  const results = []
  const slices = new Slices(4096)
  while (results.length < puzzles.length) {
    slices.start()
    const chunk = kit.sudoku.solveMany(puzzles.slice(results.length, results.length + slices.size), opts)
    for (const r of chunk) results.push(r)
    report(id, { done: results.length, total: puzzles.length })
    if (results.length === puzzles.length) break
    slices.update()
    await slices.pauseIfDue(id)
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
  'sudoku.steps': (id, [puzzle, opts]) => kit.sudoku.steps(puzzle, opts),
  'sudoku.hint': (id, [puzzle, opts]) => kit.sudoku.hint(puzzle, opts),
  'sudoku.parseBox': (id, [text]) => kit.sudoku.parseBox(text),
  'sudoku.pattern': (id, [puzzle, opts]) => kit.sudoku.pattern(puzzle, opts),
  'problem.exactCover': (id, [spec]) => keep(kit.exactCover(spec)),
  'problem.parseDlx': (id, [text]) => keep(kit.parseDlx(text)),
  'problem.shape': (id, [pid]) => problem(pid).shape,
  'problem.option': (id, [pid, k]) => problem(pid).option(k),
  'problem.formatOption': (id, [pid, k]) => problem(pid).formatOption(k),
  'problem.data': (id, [pid, k]) => problem(pid).data(k),
  'problem.solve': (id, [pid, opts]) => problem(pid).solve(opts),
  'problem.count': async (id, [pid, opts]) => safeCount(await countBig(id, problem(pid), opts)),
  'problem.countBig': (id, [pid, opts]) => countBig(id, problem(pid), opts),
  'problem.countDetailed': (id, [pid, opts]) => countDetailed(id, problem(pid), opts),
  'problem.countShard': async (id, [pid, shard, parts, { maxNodes } = {}]) => safeCount(await countBig(id, problem(pid), { shard, parts, maxNodes })), // the older name
  'problem.solutions': (id, [pid, window, opts]) => solutions(id, problem(pid), window, opts),
  'problem.best': (id, [pid, opts]) => best(id, problem(pid), opts),
  'problem.zdd': async (id, [pid, opts]) => {
    const z = await zddInSlices(id, problem(pid), opts)
    // An abort sent during a build shorter than a slice is read here: its
    // ZDD would be kept for a caller who has gone, so it is freed.
    await pause()
    if (aborted.has(id)) z.free()
    stopIfAborted(id)
    zdds.set(nextZdd, z)
    return { zid: nextZdd++, size: z.size, bytes: z.bytes, count: z.countBig() }
  },
  'zdd.nth': (id, [zid, k]) => zdd(zid).nth(k),
  'zdd.sample': (id, [zid, n, opts]) => zdd(zid).sample(n, opts),
  'zdd.draw': (id, [zid, n, opts]) => zdd(zid).draw(n, opts),
  'zdd.toText': (id, [zid]) => zdd(zid).toText(),
  'zdd.free': (id, [zid]) => {
    zdds.get(zid)?.free()
    return zdds.delete(zid)
  },
  'problem.free': (id, [pid]) => {
    problems.get(pid)?.free()
    return problems.delete(pid)
  },
  'worker.usage': () => ({ memory: kit.memorySize(), problems: problems.size, zdds: zdds.size })
}

function zdd (zid) {
  const z = zdds.get(zid)
  if (!z) throw new DlxError('FREED', 'this ZDD was freed (or its worker restarted)')
  return z
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
    channel.send({ aborting: m.abort }) // read: the client need not replace this worker
    return stopRequest(m.abort, new DlxError('ABORTED', 'the operation was aborted'))
  }
  const { id, op, args } = m
  let stream = null
  try {
    if (!Object.hasOwn(OPERATIONS, op)) throw new DlxError('BAD_ARGUMENT', `unknown operation ${op}`)
    if (op !== 'init' && !kit) throw new DlxError('LOAD_FAILED', 'the worker has not loaded dlxkit')
    if (m.report) reporting.add(id)
    if (op === 'problem.solutions') (stream = streamOf(args[0])).add(id)
    // free() ends the problem's solutions() streams, which would hold its turn
    // for as long as nobody takes their solutions (a problem collected, say).
    if (op === 'problem.free') for (const s of streams.get(args[0]) ?? []) stopRequest(s, freed())
    const serveIt = () => handlers[op](id, args)
    const result = await (OPERATIONS[op].turn ? inTurn(id, args[0], serveIt) : serveIt())
    channel.send({ id, ok: true, result })
  } catch (e) {
    channel.send({ id, ok: false, error: errorRecord(e) })
  } finally {
    aborted.delete(id)
    reporting.delete(id)
    if (stream?.delete(id) && !stream.size) streams.delete(args[0])
  }
}

function streamOf (pid) {
  if (!streams.has(pid)) streams.set(pid, new Set())
  return streams.get(pid)
}
