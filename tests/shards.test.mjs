// Balanced shards (src/js/dlxkit-split.mjs): the search cut by Knuth's
// random-probe estimate (Problem.estimate) into parts of about equal size.
// The parts add up to the whole count, their node counts stay near the
// mean (where round-robin shards do not), and the split depends on the
// problem, the number of parts and the seed only.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { load, createWorker, DlxError } from '../src/js/dlxkit.mjs'
import { dataFile } from './helpers.mjs'

const dlx = await load()
const QUEENS = dataFile('exact-cover', 'queens-12.dlx') // 14,200 solutions
const LANGFORD = dataFile('exact-cover', 'langford-11.dlx') // 35,584 solutions

/** Each part's { count, nodes }. */
function searchParts (p, parts, opts) {
  return Array.from({ length: parts }, (_, shard) => p.countDetailed({ shard, parts, ...opts }))
}

const ratio = (nodes) => Math.max(...nodes) / (nodes.reduce((a, b) => a + b) / nodes.length)

test('the estimate: near the node count with many probes, reproducible from its seed, forced options kept', () => {
  const p = dlx.parseDlx(LANGFORD)
  const truth = p.countDetailed().nodes
  const e = p.estimate({ probes: 20000, seed: 3 })
  assert.ok(Math.abs(e.nodes - truth) < 0.1 * truth, `estimated ${e.nodes} for ${truth} nodes`)
  assert.ok(e.steps >= 20000)
  assert.deepEqual(p.estimate({ probes: 50, seed: 9 }), p.estimate({ probes: 50, seed: 9 }))
  assert.notDeepEqual(p.estimate({ probes: 50, seed: 9 }), p.estimate({ probes: 50, seed: 10 }))
  p.force(p.itemOptions(p.branchItem())[0])
  const below = p.countDetailed().nodes
  const f = p.estimate({ probes: 20000 })
  assert.ok(Math.abs(f.nodes - below) < 0.1 * below, `estimated ${f.nodes} for ${below} nodes below a forced option`)
  assert.equal(p.shape.forced, 1)
  for (const bad of [{ probes: 0 }, { probes: 1.5 }, { seed: -1 }]) {
    assert.throws(() => p.estimate(bad), (e) => e instanceof DlxError && e.code === 'BAD_ARGUMENT', JSON.stringify(bad))
  }
  p.free()
})

test('balanced parts add up to the whole count, list every solution once, and leave nothing forced', () => {
  const p = dlx.parseDlx(QUEENS)
  for (const parts of [1, 2, 5, 16]) {
    const counts = searchParts(p, parts, { balanced: true }).map((r) => r.count)
    assert.equal(counts.reduce((a, b) => a + b), 14200, `${parts} parts: ${counts}`)
  }
  const seen = new Set()
  for (let shard = 0; shard < 4; shard++) {
    for (const s of p.solutions({ shard, parts: 4, balanced: true, splitSeed: 7 })) seen.add(s.join(' '))
  }
  assert.equal(seen.size, 14200)
  assert.equal(p.shape.forced, 0)
  p.free()
})

test('balanced parts of a mid-size instance: the largest within 1.2x the mean by nodes (round-robin: not)', () => {
  const p = dlx.parseDlx(LANGFORD)
  // 64 parts: the round-robin shards' largest is 1.25x the mean
  const balanced = searchParts(p, 64, { balanced: true })
  const plain = searchParts(p, 64, {})
  assert.equal(balanced.reduce((a, r) => a + r.count, 0), 35584)
  assert.ok(ratio(balanced.map((r) => r.nodes)) <= 1.2, `balanced: max/mean ${ratio(balanced.map((r) => r.nodes))}`)
  assert.ok(ratio(plain.map((r) => r.nodes)) > 1.2, `round-robin: max/mean ${ratio(plain.map((r) => r.nodes))}`)
  p.free()
})

test('the split is a function of the problem, the parts and the seed: the same in another instance', async () => {
  const other = await load()
  const a = dlx.parseDlx(QUEENS)
  const b = other.parseDlx(QUEENS)
  const split = (p, seed) => Array.from({ length: 8 }, (_, k) => p.shardPrefixes(k, 8, { balanced: true, splitSeed: seed }))
  assert.deepEqual(split(a, 1), split(b, 1))
  assert.notDeepEqual(split(a, 1), split(a, 2))
  const counts = Array.from({ length: 8 }, (_, shard) => a.count({ shard, parts: 8, balanced: true, splitSeed: 2 }))
  assert.equal(counts.reduce((x, y) => x + y), 14200)
  for (const bad of [-1, 2 ** 20, 0.5]) {
    assert.throws(() => a.shardPrefixes(0, 8, { balanced: true, splitSeed: bad }), (e) => e.code === 'BAD_ARGUMENT')
  }
  a.free()
  b.free()
})

test('a worker searches balanced shards as the direct API does', async () => {
  const worker = await createWorker()
  try {
    const p = dlx.parseDlx(QUEENS)
    const remote = await worker.parseDlx(QUEENS)
    for (const shard of [0, 3]) {
      assert.deepEqual(await remote.countDetailed({ shard, parts: 4, balanced: true }), p.countDetailed({ shard, parts: 4, balanced: true }))
    }
    p.free()
  } finally {
    worker.terminate()
  }
})

test('pentomino-6x10 in 64 parts (the goal of issue 17): the largest within 1.2x the mean by nodes', () => {
  const p = dlx.parseDlx(dataFile('exact-cover', 'pentomino-6x10.dlx')) // 9,356 solutions
  const { parts, estimates } = p.balancedShards(64) // computed once here; each process of --shard computes the same
  assert.equal(parts.length, 64)
  assert.equal(estimates.length, 64)
  let count = 0
  const nodes = parts.map((prefixes) => {
    let n = 0
    for (const prefix of prefixes) {
      for (const k of prefix) p.force(k)
      const r = p.countDetailed()
      for (let j = 0; j < prefix.length; j++) p.unforce()
      n += r.nodes
      count += r.count
    }
    return n
  })
  assert.equal(count, 9356)
  assert.ok(ratio(nodes) <= 1.2, `max/mean ${ratio(nodes)}`)
  assert.deepEqual(p.shardPrefixes(5, 64, { balanced: true }), parts[5])
  p.free()
})
