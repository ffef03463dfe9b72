// Hard random-hole Sudoku (issue 15) through the JS API: a 36x36 whose
// search needs restarts and clause learning (src/core/dlx_learn.c: after
// 2,000 nodes without a solution), and a 49x49 in the worker. The puzzles
// come from the benchmark's generator; answers are checked, not trusted.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { load, createWorker } from '../src/js/dlxkit.mjs'
import { holePuzzle, isSolution } from '../bench/hard-sudoku.mjs'

const dlx = await load()
const rows = (size, cells) => Array.from({ length: size }, (_, r) => cells.slice(r * size, (r + 1) * size))

test('a hard 36x36 (seed 36009, 60% blank) solves through the API, valid, the same way twice', () => {
  const cells = holePuzzle(36, 36009, 0.6)
  const a = dlx.sudoku.solve(rows(36, cells), { limit: 1 })
  assert.equal(a.status, 'found')
  assert.ok(isSolution(36, cells, a.solution.flat().map(Number)))
  const b = dlx.sudoku.solve(rows(36, cells), { limit: 1 })
  assert.deepEqual([b.solution, b.nodes, b.guesses], [a.solution, a.nodes, a.guesses])
})

test('the same puzzle stops under half its nodes and is found with exactly its nodes', () => {
  const cells = holePuzzle(36, 36009, 0.6)
  const whole = dlx.sudoku.solve(rows(36, cells), { limit: 1 })
  assert.equal(dlx.sudoku.solve(rows(36, cells), { limit: 1, maxNodes: Math.floor(whole.nodes / 2) }).status, 'stopped')
  assert.equal(dlx.sudoku.solve(rows(36, cells), { limit: 1, maxNodes: whole.nodes }).status, 'found')
})

// From 49x49 on the learning search restarts on Luby units of 200 conflicts
// (src/core/search_choice.c): these two took 557,005 and 324,179 nodes on
// units of 100, 136,750 and 22,457 now. Node counts, not time: the search
// is seeded, the same natively and here.
test('hard 49x49s (seeds 49002, 49003, 60% blank) solve, valid, within 200,000 nodes each', () => {
  for (const seed of [49002, 49003]) {
    const cells = holePuzzle(49, seed, 0.6)
    const r = dlx.sudoku.solve(rows(49, cells), { limit: 1 })
    assert.equal(r.status, 'found', `seed ${seed}`)
    assert.ok(isSolution(49, cells, r.solution.flat().map(Number)), `seed ${seed}`)
    assert.ok(r.nodes < 200000, `seed ${seed}: ${r.nodes} nodes`)
  }
})

test('a worker solving a hard 49x49 by clause learning stops at once on an abort', async () => {
  const worker = await createWorker()
  after(() => worker.terminate())
  const cells = holePuzzle(49, 49019, 0.6) // seconds of search, the hand-over after 2,000 nodes
  const controller = new AbortController()
  let nodes = 0
  let aborted = false
  let first = null // what came first after abort(): the rejection, or a later task
  const call = worker.sudoku.solve(rows(49, cells), {
    limit: 1,
    signal: controller.signal,
    onProgress: (e) => {
      nodes = e.nodes
      if (!aborted && nodes > 2000) {
        aborted = true
        controller.abort()
        setTimeout(() => { first ??= 'a later task' }, 0)
      }
    }
  })
  const outcome = await call.then((value) => ({ value }), (error) => { first ??= 'the rejection'; return { error } })
  assert.equal(outcome.value, undefined, 'the solve finished before the abort')
  assert.equal(outcome.error.code, 'ABORTED')
  assert.ok(aborted && nodes > 2000, 'the learning search was under way')
  // At once: before any other task of this thread, so without waiting for the
  // worker (an order of events, which no load on the machine changes).
  assert.equal(first, 'the rejection')
  const seen = nodes
  await new Promise((resolve) => setTimeout(resolve, 150))
  assert.equal(nodes, seen, 'no progress after the abort')
  // the worker answers the next call
  assert.equal((await worker.sudoku.solve(rows(49, cells), { limit: 1, maxNodes: 500 })).status, 'stopped')
})
