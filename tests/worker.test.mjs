// createWorker(): the same API, async, in a Node worker thread. Results equal
// the direct API's; progress; cancellation (the promise rejects at once, the
// search stops); errors keep their code and details; terminate; restarts.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { load, createWorker, DlxError } from '../src/js/dlxkit.mjs'
import { dataFile, puzzles, cellsOf, isSolution, HANG_MS } from './helpers.mjs'

const dlx = await load()
const w = await createWorker()
after(() => w.terminate())

const CLASSIC = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'
const SOLVED = '534678912672195348198342567859761423426853791713924856961537284287419635345286179'
const CLASH = '5....5...' + '.'.repeat(72)
const QUEENS = dataFile('exact-cover', 'queens-12.dlx')
const PENTOMINO = dataFile('exact-cover', 'pentomino-6x10.dlx')
const asRange = (line) => line.match(/.{9}/g).map((row) => [...row].map((ch) => ch === '.' ? 0 : Number(ch)))

async function rejectsWith (promise, code, check = () => {}) {
  await assert.rejects(promise, (e) => {
    assert.ok(e instanceof DlxError, `expected a DlxError, got ${e?.constructor?.name}: ${e?.message}`)
    assert.equal(e.code, code, e.message)
    check(e)
    return true
  })
}

/** The error a direct call throws (fails the test if it throws none). */
function thrown (fn) {
  try {
    fn()
  } catch (e) {
    return e
  }
  assert.fail('expected the direct call to throw')
}

test('sudoku.solve and count: the same as the direct API, in every form', async () => {
  const hard = puzzles('hardest1106.txt', 3)
  for (const [puzzle, opts] of [
    [CLASSIC, undefined], [CLASSIC, {}], [asRange(CLASSIC), {}], [CLASSIC, { format: 'grid' }],
    ['.'.repeat(81), { limit: 5 }], [hard[0], { maxNodes: 5 }], [hard[1], { limit: 1 }], [hard[2], { format: 'numbers' }]
  ]) {
    const direct = dlx.sudoku.solve(puzzle, opts)
    const remote = await w.sudoku.solve(puzzle, opts)
    assert.deepEqual(remote, direct)
    assert.equal(await w.sudoku.count(puzzle, opts), dlx.sudoku.count(puzzle, opts))
  }
  assert.equal((await w.sudoku.solve(CLASSIC)).solution, SOLVED)
  assert.equal(await w.sudoku.count('.'.repeat(81), { limit: 7 }), 7)
})

test('sudoku.solveMany: the same results, progress as { done, total }', async () => {
  const batch = [...puzzles('17-clue.txt', 600), CLASH, 'junk', asRange(CLASSIC)]
  const progress = []
  const remote = await w.sudoku.solveMany(batch, { onProgress: (p) => progress.push(p) })
  const direct = dlx.sudoku.solveMany(batch)
  assert.equal(remote.length, batch.length)
  assert.deepEqual(remote, direct)
  // invalid entries carry a DlxError, as in the direct API
  assert.ok(remote[600].error instanceof DlxError)
  assert.equal(remote[600].error.code, 'CLASH')
  assert.deepEqual(remote[600].error.details, direct[600].error.details)
  assert.equal(remote[601].error.code, 'BAD_LENGTH')
  assert.equal(remote[602].solution.flat().join(''), SOLVED)
  assert.ok(progress.length >= 2, `progress came ${progress.length} times for ${batch.length} puzzles`)
  for (const p of progress) {
    assert.deepEqual(Object.keys(p).sort(), ['done', 'total'])
    assert.equal(p.total, batch.length)
  }
  for (let i = 1; i < progress.length; i++) assert.ok(progress[i].done > progress[i - 1].done)
  assert.equal(progress.at(-1).done, batch.length)
})

test('sudoku.candidates, generate and rate: the same as the direct API', async () => {
  assert.deepEqual(await w.sudoku.candidates(CLASSIC), dlx.sudoku.candidates(CLASSIC))
  assert.deepEqual(await w.sudoku.candidates(asRange(CLASSIC)), dlx.sudoku.candidates(asRange(CLASSIC)))
  for (const opts of [{ seed: 5 }, { seed: 9, minimal: true, symmetric: true }, { size: 16, seed: 2, format: 'array' }, { boxRows: 2, boxCols: 3, seed: 1 }]) {
    const remote = await w.sudoku.generate(opts)
    assert.deepEqual(remote, dlx.sudoku.generate(opts))
    assert.equal(remote.seed, opts.seed)
  }
  const g = await w.sudoku.generate({ seed: 11 })
  assert.ok(isSolution(cellsOf(g.solution), cellsOf(g.puzzle)))
  for (const p of [CLASSIC, ...puzzles('hardest1106.txt', 2)]) {
    assert.deepEqual(await w.sudoku.rate(p), dlx.sudoku.rate(p))
  }
})

test('sudoku.read: the same as the direct API, errors with their place', async () => {
  for (const text of [CLASSIC, `# c\n${CLASSIC}\n${CLASSIC}\n`, CLASSIC.replace(/\./g, '*'), '\n# nothing\n']) {
    assert.deepEqual(await w.sudoku.read(text), dlx.sudoku.read(text))
  }
  await rejectsWith(w.sudoku.read('1 2 x\n'), 'BAD_SYMBOL', (e) => assert.equal(e.details.column, 5))
})

test('parseDlx / exactCover problems: counts, solve, shape and options as the direct API', async () => {
  const local = dlx.parseDlx(QUEENS)
  const remote = await w.parseDlx(QUEENS)
  assert.equal(local.count(), 14200)
  // count() is the number on both sides, and both end in STOPPED at maxNodes
  assert.equal(await remote.count(), 14200)
  assert.equal(await remote.count({ limit: 10 }), local.count({ limit: 10 }))
  assert.throws(() => local.count({ maxNodes: 5000 }), (e) => e.code === 'STOPPED')
  await rejectsWith(remote.count({ maxNodes: 5000 }), 'STOPPED', (e) => assert.deepEqual(e.details, local.countDetailed({ maxNodes: 5000 })))
  const r = await remote.countDetailed()
  assert.equal(r.count, 14200)
  assert.deepEqual(r, local.countDetailed())
  for (const opts of [{ limit: 10 }, { maxNodes: 5000 }, { limit: 14200 }]) {
    assert.deepEqual(await remote.countDetailed(opts), local.countDetailed(opts), JSON.stringify(opts))
  }
  assert.deepEqual(await remote.solve(), local.solve())
  assert.deepEqual(await remote.shape(), local.shape)
  assert.deepEqual(await remote.option(5), local.option(5))
  assert.equal(await remote.formatOption(5), local.formatOption(5))
  assert.equal(await remote.countShard(1, 3), local.countShard(1, 3))
  assert.deepEqual(await remote.countDetailed({ limit: 10 }), local.countDetailed({ limit: 10 }))
  local.free()

  const spec = {
    primary: ['a', 'b', 'c', 'd'],
    secondary: ['x'],
    options: [['a', 'b'], ['c', 'd', 'x:red'], ['a', 'c'], ['b', 'd', 'x:blue'], ['a', 'b', 'c', 'd'], ['b', 'd', 'x:red']]
  }
  const small = dlx.exactCover(spec)
  const smallRemote = await w.exactCover(spec)
  assert.equal((await smallRemote.countDetailed()).count, small.count())
  assert.deepEqual(await smallRemote.solve(), small.solve())
  assert.deepEqual(await smallRemote.option(1), ['c', 'd', 'x:red'])
  assert.equal(await smallRemote.free(), true)
  await rejectsWith(smallRemote.countDetailed(), 'FREED')
  small.free()
})

test('count and solutions of one shard (shard, parts): as the direct API; the shards add up to the whole', async () => {
  const local = dlx.parseDlx(QUEENS)
  const remote = await w.parseDlx(QUEENS)
  try {
    const parts = 5
    let total = 0
    const seen = new Set()
    for (let shard = 0; shard < parts; shard++) {
      const r = await remote.countDetailed({ shard, parts })
      assert.deepEqual(r, local.countDetailed({ shard, parts }))
      assert.deepEqual(await remote.countDetailed({ shard, parts }), r)
      assert.ok(r.nodes > 0 && r.status === 'done', JSON.stringify(r))
      total += r.count
      const solutions = []
      for await (const s of remote.solutions({ shard, parts })) solutions.push(s)
      assert.deepEqual(solutions, [...local.solutions({ shard, parts })])
      for (const s of solutions) seen.add(s.join(' '))
      assert.deepEqual(await remote.countDetailed({ shard, parts, limit: 3 }), local.countDetailed({ shard, parts, limit: 3 }))
      assert.deepEqual(await remote.countDetailed({ shard, parts, maxNodes: 1000 }), local.countDetailed({ shard, parts, maxNodes: 1000 }))
    }
    assert.equal(total, 14200)
    assert.equal(seen.size, 14200)
    assert.equal(local.count({ shard: 2, parts }), (await remote.countDetailed({ shard: 2, parts })).count)
  } finally {
    local.free()
    await remote.free()
  }
})

test('solutions(): an async iterator, with limit, in the direct order', async () => {
  const local = dlx.parseDlx(QUEENS)
  const remote = await w.parseDlx(QUEENS)
  const got = []
  for await (const s of remote.solutions({ limit: 25 })) got.push(s)
  assert.equal(got.length, 25)
  assert.deepEqual(got, [...local.solutions({ limit: 25 })])
  // breaking out early is fine, and the next call starts from the beginning
  let first = null
  for await (const s of remote.solutions()) { first = s; break }
  assert.deepEqual(first, got[0])
  // a problem with no solution yields nothing
  const none = await w.exactCover({ primary: ['a', 'b'], options: [['a']] })
  const nothing = []
  for await (const s of none.solutions()) nothing.push(s)
  assert.deepEqual(nothing, [])
  local.free()
})

test('requests about one problem take turns (a search has one state)', async () => {
  const remote = await w.parseDlx(QUEENS)
  const collected = []
  const [a, b, c, d] = await Promise.all([
    remote.countDetailed(),
    remote.countDetailed({ limit: 100 }),
    (async () => { for await (const s of remote.solutions({ limit: 3000 })) collected.push(s) })(),
    // made while the loop is open: refused at once, as the direct API does
    remote.countDetailed().then(() => 'answered', (e) => e.code)
  ])
  assert.equal(a.count, 14200)
  assert.equal(b.count, 100)
  assert.equal(c, undefined)
  assert.equal(d, 'BUSY')
  assert.equal(collected.length, 3000)
  assert.deepEqual(collected.slice(0, 25), [...dlx.parseDlx(QUEENS).solutions({ limit: 25 })])
  assert.equal((await remote.countDetailed()).count, 14200)
})

test('onProgress: increasing node counts, progress within [0, 1]', async () => {
  const remote = await w.parseDlx(QUEENS)
  const seen = []
  const r = await remote.countDetailed({ onProgress: (p) => seen.push(p) })
  assert.equal(r.count, 14200)
  assert.ok(seen.length >= 2, `progress came ${seen.length} times`)
  for (const p of seen) {
    assert.ok(Number.isFinite(p.nodes) && p.nodes > 0)
    assert.ok(p.progress >= 0 && p.progress <= 1, `progress ${p.progress}`)
    assert.ok(Number.isInteger(p.solutions) && p.solutions >= 0)
  }
  for (let i = 1; i < seen.length; i++) {
    assert.ok(seen[i].nodes > seen[i - 1].nodes, 'nodes increase')
    assert.ok(seen[i].progress >= seen[i - 1].progress, 'progress does not go back')
    assert.ok(seen[i].solutions >= seen[i - 1].solutions)
  }
  assert.equal(seen.at(-1).nodes, r.nodes)
  assert.equal(seen.at(-1).solutions, 14200)
})

test('cancellation: a long count rejects with ABORTED at once, and the worker stops it', async () => {
  const remote = await w.parseDlx(PENTOMINO)
  const ac = new AbortController()
  let progressCalls = 0
  let progressed
  const underWay = new Promise((resolve) => { progressed = resolve })
  const started = performance.now()
  const running = remote.countDetailed({ signal: ac.signal, onProgress: () => { progressCalls++; progressed() } })
  const settled = running.then(
    (value) => ({ value }),
    (error) => ({ error }))
  await underWay // the count reports progress: it runs (however slowly a busy machine lets it)
  const callsAtAbort = progressCalls
  const abortedAt = performance.now()
  ac.abort()
  // At once: before any later task of this thread, so without waiting for the
  // worker (an order of events, which no load on the machine changes).
  const first = await Promise.race([settled, new Promise((resolve) => setTimeout(() => resolve('a later task'), 0))])
  assert.notEqual(first, 'a later task', 'the count did not reject at once on abort()')
  const outcome = await settled
  assert.equal(outcome.value, undefined, `the count finished (${JSON.stringify(outcome.value)}) before the abort after ${Math.round(abortedAt - started)} ms`)
  assert.ok(outcome.error instanceof DlxError)
  assert.equal(outcome.error.code, 'ABORTED')
  assert.ok(callsAtAbort >= 1, 'the count reported progress while it ran')

  // the worker answers a small request correctly straight away
  const r = await w.sudoku.solve(CLASSIC)
  assert.equal(r.solution, SOLVED)
  await sleep(150)
  assert.equal(progressCalls, callsAtAbort, 'no progress after the promise rejected')
  // the search stopped inside the grace time: the worker was not restarted
  // (its problems live on) and the problem's search state is free again
  const local = dlx.parseDlx(PENTOMINO)
  assert.deepEqual(await remote.countDetailed({ maxNodes: 20000 }), local.countDetailed({ maxNodes: 20000 }))
  assert.deepEqual(await remote.shape(), local.shape)
  local.free()
})

test('cancellation: an already aborted signal rejects at once, and nothing runs', async () => {
  const remote = await w.parseDlx(PENTOMINO)
  const signal = AbortSignal.abort()
  let progressCalls = 0
  // settled before the event loop turns once: no round trip to the worker
  const first = await Promise.race([
    w.sudoku.solve(CLASSIC, { signal }).then(() => 'resolved', (e) => e.code),
    new Promise((resolve) => setImmediate(() => resolve('still pending')))
  ])
  assert.equal(first, 'ABORTED')
  await rejectsWith(remote.countDetailed({ signal, onProgress: () => { progressCalls++ } }), 'ABORTED')
  await rejectsWith(w.sudoku.solve(CLASSIC, { signal }), 'ABORTED')
  await rejectsWith(w.sudoku.solveMany([CLASSIC], { signal }), 'ABORTED')
  await rejectsWith(w.sudoku.generate({ signal }), 'ABORTED')
  assert.equal(progressCalls, 0)
  // an abort after the answer changes nothing
  const ac = new AbortController()
  assert.equal((await w.sudoku.solve(CLASSIC, { signal: ac.signal })).solution, SOLVED)
  ac.abort()
  assert.deepEqual(await remote.countDetailed({ maxNodes: 1000 }), dlx.parseDlx(PENTOMINO).countDetailed({ maxNodes: 1000 }))
})

test('cancellation: a request waiting for its turn can be aborted', async () => {
  const remote = await w.parseDlx(PENTOMINO)
  const ac = new AbortController()
  const first = remote.countDetailed({ maxNodes: 3000000 })
  const second = remote.countDetailed({ signal: ac.signal })
  await sleep(50)
  ac.abort()
  await rejectsWith(second, 'ABORTED')
  const r = await first
  assert.equal(r.status, 'stopped')
  assert.equal(r.nodes, 3000000)
  // answered without a restart: the problem is still there
  assert.deepEqual(await remote.shape(), dlx.parseDlx(PENTOMINO).shape)
})

/**
 * 6,000 options of 40 items (one of 3 primary items and the same 39
 * secondary items, one color: no two clash), so each node of the search
 * costs milliseconds and the count (8e9 solutions) would take hours.
 */
function dearNodesSpec () {
  const options = []
  for (let k = 0; k < 6000; k++) options.push([k % 3, ...Array.from({ length: 39 }, (_, j) => [3 + j, 1])])
  return { primary: 3, secondary: 39, options }
}

/** p's outcome, or a failure once hangGuard ms have passed (only so that a hang fails the test). */
async function settles (p, what, hangGuard = 60000) {
  let timer
  const guard = new Promise((resolve) => { timer = setTimeout(() => resolve({ hung: true }), hangGuard) })
  const outcome = await Promise.race([p.then((value) => ({ value }), (error) => ({ error })), guard])
  clearTimeout(timer)
  assert.ok(!outcome.hung, `${what} never settled`)
  return outcome
}

// A slice is bounded in time: its node budget starts at one node and follows
// the time slices take, so even a search whose first nodes take milliseconds
// each sees an abort between two slices, and the worker is not replaced.
test('an abort of a count whose nodes are dear is seen between slices: the other problems of the worker live on', async () => {
  const other = await w.parseDlx(QUEENS) // made before, on the same worker
  const dear = await w.exactCover(dearNodesSpec())
  const ac = new AbortController()
  const counting = dear.count({ signal: ac.signal })
  await sleep(300)
  ac.abort()
  const outcome = await settles(counting, 'the aborted count')
  assert.equal(outcome.value, undefined, 'the count finished before the abort')
  assert.equal(outcome.error?.code, 'ABORTED')
  // the worker was not replaced: both problems are still there and answer
  assert.equal((await settles(other.count(), 'the other count')).value, 14200)
  assert.deepEqual(await dear.shape(), { primary: 3, items: 42, options: 6000, forced: 0 })
  assert.equal(await dear.count({ limit: 5 }), 5)
})

test('solutions() taken by hand past the solutions sent ahead: count() is BUSY at once, free() ends the loop', async () => {
  const local = dlx.exactCover(queensSpec(16))
  const remote = await w.exactCover(queensSpec(16))
  const it = remote.solutions()[Symbol.asyncIterator]()
  const taken = []
  for (let i = 0; i < 300; i++) taken.push((await it.next()).value) // more than the 256 sent ahead
  assert.deepEqual(taken, [...local.solutions({ limit: 300 })])
  // calls that would move the search are refused at once, as the direct API does
  for (const [name, call] of [['count', () => remote.count({ limit: 10 })], ['countDetailed', () => remote.countDetailed()],
    ['solve', () => remote.solve()], ['countShard', () => remote.countShard(0, 2)], ['solutions', () => remote.solutions().next()]]) {
    const { error } = await settles(call(), name)
    assert.equal(error?.code, 'BUSY', `${name}: ${error?.message}`)
  }
  const direct = local.solutions()
  direct.next()
  assert.throws(() => local.count({ limit: 10 }), (e) => e.code === 'BUSY') // the direct API's answer
  direct.return()
  // reads are answered
  assert.deepEqual(await remote.shape(), local.shape)
  // free() settles and ends the loop
  assert.equal((await settles(remote.free(), 'free()')).value, true)
  assert.equal((await settles(it.next(), 'the loop after free()')).error?.code, 'FREED')
  assert.deepEqual(await it.next(), { done: true, value: undefined })
  assert.equal((await settles(remote.count(), 'count() after free()')).error?.code, 'FREED')
  local.free()
})

// The instance is replaced to give memory back once nothing holds it; a
// Sudoku solve in steps holds it, so the replacement waits for its end
// (replaced under it, its solver's handle would be stale: BAD_ARGUMENT, and
// the same handle back in the solver cache, INTERNAL for every later solve).
test('memory given back while a 64x64 solves in steps: the solve goes on, later solves too, and the memory comes back after', { timeout: HANG_MS }, async () => {
  const sw = await createWorker()
  try {
    const empty = Array.from({ length: 64 }, () => Array(64).fill(0))
    let started
    const begun = new Promise((resolve) => { started = resolve })
    const solving = settles(sw.sudoku.solve(empty, { onProgress: started }), 'the 64x64 solve', 540000)
    await begun
    // meanwhile: memory past 64 MiB, then freed, then a small solve
    const big = await sw.exactCover({ primary: 700000, options: [[0]] })
    assert.ok((await sw.usage()).memory > 64 << 20, 'the big problem grew the memory past 64 MiB')
    assert.equal(await big.free(), true)
    assert.equal((await sw.sudoku.solve(asRange(CLASSIC))).solution.flat().join(''), SOLVED)
    const { value: r, error } = await solving
    assert.equal(error, undefined, `the 64x64 solve failed: ${error?.code} ${error?.message}`)
    assert.equal(r.status, 'multiple')
    assert.ok(isSolution(r.solution.flat(), null, 64, 8, 8), 'a 64x64 solution')
    // nothing in flight now: the memory is given back
    let memory
    for (let tries = 0; tries < 100 && (memory = (await sw.usage()).memory) > 64 << 20; tries++) await sleep(50)
    assert.ok(memory <= 64 << 20, `memory is ${memory} bytes once the solve has ended`)
    // a later 64x64 (in steps: 40 cells left open) builds its solver on the fresh instance
    const holes = r.solution.map((row, i) => row.map((v, j) => (i * 64 + j) % 103 === 0 ? 0 : v))
    const again = await sw.sudoku.solve(holes)
    assert.equal(again.status, 'unique')
    assert.deepEqual(again.solution, r.solution)
  } finally {
    sw.terminate()
  }
})

test('errors in the worker arrive as DlxError with the direct code, message and details', async () => {
  const cases = [
    [() => dlx.sudoku.solve(CLASH), () => w.sudoku.solve(CLASH)],
    [() => dlx.sudoku.solve(asRange(CLASH)), () => w.sudoku.solve(asRange(CLASH))],
    [() => dlx.sudoku.solve(CLASSIC.slice(0, 80)), () => w.sudoku.solve(CLASSIC.slice(0, 80))],
    [() => dlx.sudoku.solve(CLASSIC, { limit: -1 }), () => w.sudoku.solve(CLASSIC, { limit: -1 })],
    [() => dlx.sudoku.rate(CLASH), () => w.sudoku.rate(CLASH)],
    [() => dlx.sudoku.candidates(CLASH), () => w.sudoku.candidates(CLASH)],
    [() => dlx.sudoku.generate({ size: 99 }), () => w.sudoku.generate({ size: 99 })],
    [() => dlx.parseDlx('a b\nc\n'), () => w.parseDlx('a b\nc\n')],
    [() => dlx.parseDlx(42), () => w.parseDlx(42)],
    [() => dlx.exactCover({ primary: ['a'], options: [['b']] }), () => w.exactCover({ primary: ['a'], options: [['b']] })]
  ]
  for (const [direct, remote] of cases) {
    const expected = thrown(direct)
    await rejectsWith(remote(), expected.code, (e) => {
      assert.equal(e.message, expected.message)
      assert.deepEqual(e.details, expected.details)
    })
  }
  const clash = thrown(() => dlx.sudoku.solve(CLASH))
  assert.equal(clash.code, 'CLASH')
  assert.equal(clash.details.row, 1)
  assert.equal(clash.details.col, 6)
  // and errors from problem methods
  const remote = await w.parseDlx(QUEENS)
  const local = dlx.parseDlx(QUEENS)
  const expected = thrown(() => local.option(100000))
  await rejectsWith(remote.option(100000), expected.code, (e) => assert.deepEqual(e.details, expected.details))
  // the worker keeps working
  assert.equal((await w.sudoku.solve(CLASSIC)).solution, SOLVED)
})

test('maxMemory applies in the worker: OUT_OF_MEMORY, then it still works', async () => {
  const small = await createWorker({ maxMemory: 1 << 20 })
  try {
    await rejectsWith(small.sudoku.solve(Array.from({ length: 25 }, () => Array(25).fill(0)), { limit: 1 }), 'OUT_OF_MEMORY')
    assert.equal((await small.sudoku.solve(CLASSIC)).solution, SOLVED)
  } finally {
    small.terminate()
  }
})

test('createWorker: wasm as bytes, Module or URL; a bad one is LOAD_FAILED', async () => {
  const url = new URL('../dist/dlxkit.wasm', import.meta.url)
  const { readFile } = await import('node:fs/promises')
  const bytes = await readFile(url)
  for (const wasm of [bytes, await WebAssembly.compile(bytes), url, url.href]) {
    const other = await createWorker({ wasm })
    try {
      assert.equal((await other.sudoku.solve(CLASSIC)).solution, SOLVED)
    } finally {
      other.terminate()
    }
  }
  await rejectsWith(createWorker({ wasm: new Uint8Array([1, 2, 3]) }), 'LOAD_FAILED')
  await rejectsWith(createWorker({ workerUrl: new URL('./no-such-worker.mjs', import.meta.url) }), 'WORKER_FAILED')
  const inline = await import('../dist/dlxkit-inline.mjs')
  const fromInline = await inline.createWorker()
  try {
    assert.equal((await fromInline.sudoku.solve(CLASSIC)).solution, SOLVED)
  } finally {
    fromInline.terminate()
  }
})

test('terminate(): pending and later calls reject with FREED', async () => {
  const doomed = await createWorker()
  const remote = await doomed.parseDlx(PENTOMINO)
  const running = remote.countDetailed()
  const settled = running.catch((e) => e)
  await sleep(50)
  doomed.terminate()
  const e = await settled
  assert.ok(e instanceof DlxError)
  assert.equal(e.code, 'FREED')
  await rejectsWith(doomed.sudoku.solve(CLASSIC), 'FREED')
  await rejectsWith(doomed.sudoku.solveMany([CLASSIC]), 'FREED')
  await rejectsWith(doomed.parseDlx(QUEENS), 'FREED')
  await rejectsWith(remote.countDetailed(), 'FREED')
  await rejectsWith(remote.shape(), 'FREED')
  doomed.terminate() // twice is fine
  await rejectsWith(doomed.sudoku.rate(CLASSIC), 'FREED')
})

// A call that does not run in slices (generate) cannot see the abort; after
// the grace time the worker is replaced. Documented: its problems are lost
// (FREED); other requests are answered by the new worker.
test('a stuck call is aborted by restarting the worker: problems are FREED, other requests answered', async () => {
  const restarted = await createWorker()
  try {
    const remote = await restarted.parseDlx(QUEENS)
    assert.equal((await remote.countDetailed()).count, 14200)
    const ac = new AbortController()
    const generating = restarted.sudoku.generate({ size: 49, minimal: true, seed: 1, signal: ac.signal })
    const generated = generating.then((v) => ({ v }), (e) => ({ e }))
    // sent while the worker is busy with the generation
    const queuedSolve = restarted.sudoku.solve(CLASSIC)
    const queuedCount = remote.countDetailed().then((v) => ({ v }), (e) => ({ e }))
    await sleep(300)
    ac.abort()
    const g = await generated
    assert.equal(g.v, undefined, 'the 49x49 generation finished within 300 ms')
    assert.equal(g.e.code, 'ABORTED')
    // sent after the abort, before the restart: answered too
    const afterAbort = restarted.sudoku.solve(asRange(CLASSIC))
    assert.equal((await queuedSolve).solution, SOLVED)
    assert.equal((await afterAbort).solution.flat().join(''), SOLVED)
    const lost = await queuedCount
    assert.equal(lost.v, undefined)
    assert.ok(lost.e instanceof DlxError)
    assert.equal(lost.e.code, 'FREED')
    await rejectsWith(remote.countDetailed(), 'FREED')
    await rejectsWith(remote.shape(), 'FREED')
    await rejectsWith(remote.free(), 'FREED')
    // the new worker holds new problems
    const fresh = await restarted.parseDlx(QUEENS)
    assert.equal((await fresh.countDetailed()).count, 14200)
    assert.equal((await restarted.sudoku.generate({ seed: 5 })).seed, 5)
  } finally {
    restarted.terminate()
  }
})

// A script that awaits a worker's answer and never calls terminate(): the
// worker keeps the process alive while it works, and not after.
test('an idle worker does not keep Node running; a busy one does', () => {
  const dist = new URL('../src/js/dlxkit.mjs', import.meta.url).href
  const dir = mkdtempSync(join(tmpdir(), 'dlxkit-exit-'))
  const file = join(dir, 'script.mjs')
  writeFileSync(file, `
    import { createWorker } from ${JSON.stringify(dist)}
    const w = await createWorker()
    const r = await w.sudoku.solve(${JSON.stringify(CLASSIC)})
    const p = await w.parseDlx(${JSON.stringify(QUEENS)})
    const c = await p.count()
    process.stdout.write(r.solution + ' ' + c)
  `)
  try {
    // (timeout: only so that a hang fails the test instead of stalling it)
    const out = execFileSync(process.execPath, [file], { encoding: 'utf8', timeout: HANG_MS })
    assert.equal(out, `${SOLVED} 14200`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

/** n queens as an exact-cover spec: rows and columns primary, diagonals secondary. */
function queensSpec (n) {
  const options = []
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) options.push([`r${r}`, `c${c}`, `a${r + c}`, `b${r - c + n}`])
  }
  const primary = []
  for (let i = 0; i < n; i++) primary.push(`r${i}`, `c${i}`)
  const secondary = []
  for (let i = 0; i < 2 * n; i++) secondary.push(`a${i}`, `b${i}`)
  return { primary, secondary, options }
}

test('solutions(): leaving the loop stops the worker; the problem then answers other calls', async () => {
  const local = dlx.exactCover(queensSpec(16))
  const remote = await w.exactCover(queensSpec(16))
  for (const leave of ['break', 'throw', 'return']) {
    const got = []
    const loop = async () => {
      for await (const s of remote.solutions()) {
        got.push(s)
        if (got.length === 3) {
          if (leave === 'break') break
          if (leave === 'throw') throw new Error('consumer failed')
          return
        }
      }
    }
    if (leave === 'throw') await assert.rejects(loop(), /consumer failed/)
    else await loop()
    assert.deepEqual(got, [...local.solutions({ limit: 3 })])
    // (the whole stream of 16 queens would take hours: these answer only if it stopped)
    assert.deepEqual(await remote.countDetailed({ limit: 1000 }), local.countDetailed({ limit: 1000 }))
    assert.deepEqual(await remote.solve(), local.solve())
  }
  // and a second loop over the same problem starts again from the first solution
  let first = null
  for await (const s of remote.solutions()) { first = s; break }
  assert.deepEqual(first, local.solve())
  local.free()
})

test('solutions(): the worker never runs far ahead of a slow consumer', async () => {
  const remote = await w.exactCover(queensSpec(16))
  let found = 0 // solutions the worker has found, from its progress reports
  const it = remote.solutions({ onProgress: (p) => { found = Math.max(found, p.solutions) } })[Symbol.asyncIterator]()
  let taken = 0
  for (let round = 0; round < 6; round++) {
    for (let i = 0; i < 300; i++) {
      const { done } = await it.next()
      assert.equal(done, false)
      taken++
    }
    await sleep(100) // a slow consumer: the worker must wait for it
    assert.ok(found <= taken + 256, `the worker found ${found} solutions while ${taken} were taken`)
  }
  await it.return()
  assert.equal((await remote.countDetailed({ limit: 10 })).count, 10)
})

test('remote problem calls check their options with the direct checks: the same error codes', async () => {
  const local = dlx.parseDlx(QUEENS)
  const remote = await w.parseDlx(QUEENS)
  const bad = [-1, 1.5, NaN, Infinity, -Infinity, '3', true, [], {}, 10n, null]
  const firstOf = async (iterable) => { for await (const s of iterable) return s }
  const ops = [
    ['count limit', (v) => local.countDetailed({ limit: v }), (v) => remote.countDetailed({ limit: v })],
    ['count maxNodes', (v) => local.countDetailed({ maxNodes: v }), (v) => remote.countDetailed({ maxNodes: v })],
    ['solve maxNodes', (v) => local.solve({ maxNodes: v }), (v) => remote.solve({ maxNodes: v })],
    ['solutions limit', (v) => local.solutions({ limit: v }).next(), (v) => firstOf(remote.solutions({ limit: v }))],
    ['solutions maxNodes', (v) => local.solutions({ maxNodes: v }).next(), (v) => firstOf(remote.solutions({ maxNodes: v }))],
    ['countShard maxNodes', (v) => local.countShard(0, 2, { maxNodes: v }), (v) => remote.countShard(0, 2, { maxNodes: v })],
    ['countShard shard', (v) => local.countShard(v, 2), (v) => remote.countShard(v, 2)],
    ['count shard', (v) => local.countDetailed({ shard: v, parts: 2 }), (v) => remote.countDetailed({ shard: v, parts: 2 })],
    ['count parts', (v) => local.countDetailed({ parts: v }), (v) => remote.countDetailed({ parts: v })],
    ['solutions shard', (v) => local.solutions({ shard: v, parts: 3 }).next(), (v) => firstOf(remote.solutions({ shard: v, parts: 3 }))],
    ['option', (v) => local.option(v), (v) => remote.option(v)],
    ['formatOption', (v) => local.formatOption(v), (v) => remote.formatOption(v)]
  ]
  let compared = 0
  for (const [name, direct, viaWorker] of ops) {
    for (const v of bad) {
      let expected
      try {
        direct(v)
        continue // accepted by the direct API: nothing to compare here
      } catch (e) {
        expected = e
      }
      if (!(expected instanceof DlxError)) continue // (not a coded error: the direct API's own concern)
      await rejectsWith(viaWorker(v), expected.code, (e) => assert.equal(e.message, expected.message, `${name} ${describeValue(v)}`))
      compared++
    }
  }
  assert.ok(compared >= 40, `only ${compared} cases compared`)
  // the problem is still fine
  assert.equal((await remote.countDetailed()).count, 14200)
  local.free()
})

function describeValue (v) {
  return typeof v === 'bigint' ? `${v}n` : typeof v === 'symbol' ? 'a symbol' : typeof v === 'object' && v ? 'an object' : String(v)
}

// A worker that dies (an uncaught error, exit, out of memory, terminated from
// outside): the calls under way fail with WORKER_FAILED saying why, its
// problems are gone (FREED: create them again), and the next call starts a
// fresh worker.
test('a worker that dies is replaced on the next call', async () => {
  const dying = await createWorker({ workerUrl: new URL('./fixtures/dying-worker.mjs', import.meta.url) })
  try {
    const ways = [
      ['throw', /boom from the test/],
      ['throw-unreadable', /the worker failed/],
      ['exit', /exited with code 3/],
      ['outside', /exited with code 1/]
    ]
    for (const [how, why] of ways) {
      const old = await dying.parseDlx(PENTOMINO)
      const running = old.count().then((v) => ({ v }), (e) => ({ e }))
      const solving = dying.sudoku.solve(CLASSIC) // answered before the death
      assert.equal((await solving).solution, SOLVED)
      await sleep(50)
      if (how === 'outside') dying._worker.terminate()
      else dying._worker.postMessage({ die: how })
      const r = await running
      assert.equal(r.v, undefined, `${how}: the count finished before the worker died`)
      assert.ok(r.e instanceof DlxError, `${how}: ${r.e}`)
      assert.equal(r.e.code, 'WORKER_FAILED', r.e.message)
      assert.match(r.e.message, why)
      await rejectsWith(old.count(), 'FREED', (e) => assert.match(e.message, /create it again/))
      await rejectsWith(old.shape(), 'FREED')
      // the next call starts a fresh worker
      assert.equal((await dying.sudoku.solve(CLASSIC)).solution, SOLVED)
      const fresh = await dying.parseDlx(QUEENS)
      assert.equal((await fresh.countDetailed()).count, 14200)
    }
  } finally {
    dying.terminate()
  }
})

test('a worker that dies while idle: the next calls, even several at once, get one fresh worker', async () => {
  const dying = await createWorker()
  try {
    const old = await dying.parseDlx(QUEENS)
    const first = dying._worker
    await first.terminate() // settles after the client's own 'exit' listener has run: it knows
    const results = await Promise.all([dying.sudoku.solve(CLASSIC), dying.parseDlx(QUEENS), dying.sudoku.count(CLASSIC)])
    assert.equal(results[0].solution, SOLVED)
    assert.equal(await results[1].count(), 14200)
    assert.equal(results[2], 1)
    assert.notEqual(dying._worker, first)
    await rejectsWith(old.count(), 'FREED')
  } finally {
    dying.terminate()
  }
})

test('every worker operation gives a bad argument the direct code, even values a worker cannot be sent', { timeout: HANG_MS }, async () => {
  const bad = [-1, 1.5, NaN, Infinity, '3', true, [], {}, 10n, null, Symbol('s'), () => 1,
    new Proxy({}, { ownKeys: () => { throw new Error('no keys') } })]
  const grid = asRange(CLASSIC)
  const ops = [
    ['solve', (api, v) => api.sudoku.solve(CLASSIC, { limit: v })],
    ['solve maxNodes', (api, v) => api.sudoku.solve(grid, { maxNodes: v })],
    ['solve size', (api, v) => api.sudoku.solve(CLASSIC, { size: v })],
    ['solve boxRows', (api, v) => api.sudoku.solve(CLASSIC, { boxRows: v })],
    ['solve alphabet', (api, v) => api.sudoku.solve(CLASSIC, { alphabet: v })],
    ['solve format', (api, v) => api.sudoku.solve(CLASSIC, { format: v })],
    ['solve puzzle', (api, v) => api.sudoku.solve(v)],
    ['count', (api, v) => api.sudoku.count(CLASSIC, { limit: v })],
    ['count puzzle', (api, v) => api.sudoku.count(v)],
    ['candidates', (api, v) => api.sudoku.candidates(CLASSIC, { size: v })],
    ['candidates puzzle', (api, v) => api.sudoku.candidates(v)],
    ['split', (api, v) => api.sudoku.split(v)],
    ['split size', (api, v) => api.sudoku.split(CLASSIC, { size: v })],
    ['read', (api, v) => api.sudoku.read(v)],
    ['read size', (api, v) => api.sudoku.read(CLASSIC, { size: v })],
    ['generate size', (api, v) => api.sudoku.generate({ size: v })],
    ['generate seed', (api, v) => api.sudoku.generate({ seed: v })],
    ['rate', (api, v) => api.sudoku.rate(v)],
    ['parseDlx', (api, v) => api.parseDlx(v)],
    ['exactCover', (api, v) => api.exactCover(v)],
    ['exactCover options', (api, v) => api.exactCover({ primary: 2, options: v })]
  ]
  let compared = 0
  for (const [name, call] of ops) {
    for (const v of bad) {
      let expected
      try {
        const r = call(dlx, v)
        r?.free?.()
        continue // accepted directly
      } catch (e) {
        expected = e
      }
      if (!(expected instanceof DlxError)) continue
      // (the direct call reads a Symbol alphabet as the text "Symbol(s)"; a Symbol cannot reach the worker)
      if (name === 'solve alphabet' && typeof v === 'symbol') continue
      await rejectsWith(call(w, v), expected.code, (e) => assert.ok(true, `${name} ${describeValue(v)}: ${e.message}`)).catch((e) => { throw new Error(`${name} with ${describeValue(v)}: ${e.message}`) })
      compared++
    }
  }
  assert.ok(compared >= 100, `only ${compared} cases compared`)
  // nothing is left pending: the worker answers at once
  assert.equal((await w.sudoku.solve(CLASSIC)).solution, SOLVED)
})

test('arguments the client cannot read reject (never a synchronous throw, never a call left pending)', async () => {
  const hostile = [
    [CLASSIC, { get limit () { throw new Error('no limit') } }],
    [CLASSIC, { get limit () { throw Symbol('odd') } }],
    [CLASSIC, { limit: new Proxy({}, { ownKeys: () => { throw new Error('no keys') } }) }],
    [new Proxy({}, { ownKeys: () => { throw new Error('no keys') } })],
    [new Proxy([], { get: () => { throw new Error('no get') } })]
  ]
  for (const args of hostile) {
    let p
    assert.doesNotThrow(() => { p = w.sudoku.solve(...args) })
    await assert.rejects(p, (e) => e instanceof DlxError && /^BAD_/.test(e.code))
  }
  assert.equal(w._pending.size, 0)
})

// The grace time runs on the host's busy clock (in Node the process's CPU
// time): a worker that gets no CPU from a loaded machine is not taken for a
// stuck one. With a clock that stands still the stuck call is waited for,
// and the problems on the worker survive the abort (a 20x20 minimal
// generation: a few seconds in one call).
test('the grace after an abort runs on the busy clock: a worker that used no CPU is not replaced', async () => {
  const { createWorkerWith } = await import('../src/js/dlxkit-client.mjs')
  const { Worker } = await import('node:worker_threads')
  const host = {
    wasmUrl: async () => new URL('../dist/dlxkit.wasm', import.meta.url),
    readFile: async (url) => (await import('node:fs/promises')).readFile(url),
    busyMs: () => 0,
    startWorker (url, onMessage, onFailure) {
      const w = new Worker(new URL('../src/js/dlxkit-worker.mjs', import.meta.url))
      w.on('message', onMessage)
      w.on('error', (e) => onFailure(String(e)))
      w.on('exit', (code) => onFailure(`exit ${code}`))
      return w
    }
  }
  const patient = await createWorkerWith(host)
  try {
    const remote = await patient.parseDlx(QUEENS)
    const ac = new AbortController()
    const generating = patient.sudoku.generate({ size: 20, minimal: true, seed: 1, signal: ac.signal })
    const generated = generating.then((v) => ({ v }), (e) => ({ e }))
    const queuedCount = remote.countDetailed()
    await sleep(300)
    ac.abort()
    assert.equal((await generated).e?.code, 'ABORTED')
    assert.equal((await queuedCount).count, 14200, 'the worker was kept: its problem answers')
    assert.equal((await remote.countDetailed()).count, 14200)
  } finally {
    patient.terminate()
  }
})
