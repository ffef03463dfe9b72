// runSearch: the one search-with-budget run loop (src/js/dlxkit-run.mjs) that
// Problem.solutions and countShard, the worker and the CLI run on. Whole or
// by shards, with limits, budgets, progress and a stop check, it agrees with
// the engine's own count and leaves the problem as it found it.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { load, runSearch, DlxError } from '../src/js/dlxkit.mjs'
import { Search } from '../src/js/dlxkit-run.mjs'
import { dataFile } from './helpers.mjs'

const dlx = await load()
const QUEENS = dataFile('exact-cover', 'queens-12.dlx') // 14,200 solutions
const queens = () => dlx.parseDlx(QUEENS)
const key = (s) => s.join(' ')

test('whole: the count, the solutions in the direct order, and the nodes of the engine', () => {
  const p = queens()
  const direct = p.countDetailed()
  assert.deepEqual(runSearch(p), { count: direct.count, nodes: direct.nodes, status: 'done' })
  const seen = []
  const r = runSearch(p, { onSolution: (s) => seen.push(s) })
  assert.deepEqual(r, { count: 14200, nodes: direct.nodes, status: 'done' })
  const loop = [...p.solutions({ limit: 50 })]
  assert.deepEqual(seen.slice(0, 50), loop)
  assert.ok(seen.every((s, i) => i === 0 || s.every((v, j) => j === 0 || v > s[j - 1])), 'sorted option indices')
  p.free()
})

test('shards: their counts add up to the whole, their solutions are the whole set, nothing stays forced', () => {
  const p = queens()
  for (const parts of [1, 2, 3, 7]) {
    let total = 0
    const all = new Set()
    for (let shard = 0; shard < parts; shard++) {
      const fast = runSearch(p, { shard, parts })
      const listed = []
      const slow = runSearch(p, { shard, parts, onSolution: (s) => listed.push(key(s)) })
      assert.equal(slow.count, fast.count, `shard ${shard + 1}/${parts} counted both ways`)
      assert.equal(listed.length, fast.count)
      assert.equal(p.countShard(shard, parts), fast.count)
      total += fast.count
      for (const s of listed) all.add(s)
      assert.equal(p.shape.forced, 0, 'the run unforced its prefixes')
    }
    assert.equal(total, 14200, `${parts} parts`)
    assert.equal(all.size, 14200, `${parts} parts: no solution twice, none missing`)
  }
  p.free()
})

test('limit and maxNodes hold for the whole run, across shards', () => {
  const p = queens()
  for (const onSolution of [null, () => {}]) {
    assert.deepEqual(runSearch(p, { limit: 5, onSolution }).status, 'limit')
    assert.equal(runSearch(p, { limit: 5, onSolution }).count, 5)
    const parted = runSearch(p, { shard: 1, parts: 3, limit: 1000, onSolution })
    assert.deepEqual([parted.count, parted.status], [1000, 'limit'])
    const stopped = runSearch(p, { shard: 0, parts: 2, maxNodes: 5000, onSolution })
    assert.equal(stopped.status, 'stopped')
    assert.ok(stopped.nodes <= 5000 && stopped.nodes > 4000, `${stopped.nodes} nodes`)
    assert.ok(stopped.count > 0 && stopped.count < 7100)
  }
  assert.equal(p.shape.forced, 0)
  // countShard's budget is for the shard as a whole (it throws, as count does)
  assert.throws(() => p.countShard(0, 2, { maxNodes: 5000 }), (e) => e.code === 'STOPPED' && e.details.nodes <= 5000 && e.details.status === 'stopped')
  p.free()
})

test('onProgress: fractions that grow within [0, 1]; stop ends the run as stopped', () => {
  const p = dlx.parseDlx(dataFile('exact-cover', 'queens-13.dlx'))
  const seen = []
  runSearch(p, { shard: 0, parts: 3, onProgress: (f) => seen.push(f) })
  assert.ok(seen.length >= 3, `${seen.length} reports`)
  assert.ok(seen.every((f, i) => f >= 0 && f <= 1 && (i === 0 || f >= seen[i - 1])), seen.join(' '))
  let found = 0
  const r = runSearch(p, { shard: 1, parts: 3, onSolution: () => found++, stop: () => found >= 10 })
  assert.deepEqual([r.status, r.count, found], ['stopped', 10, 10])
  assert.equal(p.shape.forced, 0)
  p.free()
})

// The worker's slices start at one node and grow (dlxkit-worker-core.mjs):
// a run cut at every node mark gives what one run gives.
test('a run in slices from one node up: the count, the solutions and the nodes of one run', () => {
  const p = queens()
  for (const [shard, parts] of [[0, 1], [1, 3]]) {
    const whole = []
    const one = runSearch(p, { shard, parts, onSolution: (s) => whole.push(key(s)) })
    const search = new Search(p, { shard, parts })
    const sliced = []
    let slices = 0
    try {
      for (let size = 1; !search.status; size = Math.min(size * 4, 5000), slices++) {
        search.run({ until: search.nodes + size, onSolution: (s) => sliced.push(key(s)) })
      }
    } finally {
      search.close()
    }
    assert.deepEqual(search.result(), { ...one, count: BigInt(one.count) }, `shard ${shard} of ${parts}`) // a Search counts exactly: a bigint
    assert.deepEqual(sliced, whole)
    assert.ok(slices > 10, `${slices} slices`)
    assert.equal(p.shape.forced, 0)
  }
  p.free()
})

test('an error thrown by a callback ends the run and leaves the problem usable', () => {
  const p = queens()
  assert.throws(() => runSearch(p, { shard: 2, parts: 5, onSolution: () => { throw new Error('enough') } }), /enough/)
  assert.equal(p.shape.forced, 0)
  assert.equal(p.count(), 14200)
  p.free()
})

test('bad arguments are BAD_ARGUMENT, never a crash; a solutions() loop makes it BUSY', () => {
  const p = queens()
  for (const [what, fn] of [
    ['no problem', () => runSearch(null)],
    ['not a problem', () => runSearch({ count: 1 })],
    ['options null', () => runSearch(p, null)],
    ['limit', () => runSearch(p, { limit: -1 })],
    ['maxNodes', () => runSearch(p, { maxNodes: 1.5 })],
    ['parts', () => runSearch(p, { shard: 0, parts: 0 })],
    ['shard', () => runSearch(p, { shard: 3, parts: 3 })],
    ['onSolution', () => runSearch(p, { onSolution: 'yes' })]
  ]) {
    assert.throws(fn, (e) => e instanceof DlxError && e.code === 'BAD_ARGUMENT', what)
  }
  const loop = p.solutions()
  loop.next()
  assert.throws(() => runSearch(p), (e) => e.code === 'BUSY')
  loop.return()
  assert.equal(runSearch(p).count, 14200)
  p.free()
})
