// In WebAssembly the linked search (the one restarts run on) goes in slices
// of 4096 nodes like the others (dlx_search_until, so that V8 runs its
// optimized code). A slice ends where a budget would, and a budget must
// change nothing: restarts happen at the same nodes, budgets stop on their
// node, and the statistics are those of a walk in steps under one slice.
// The problems: Langford pairs for n = 10 (none exist: tens of Luby runs)
// and n = 11 (counted).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { load } from '../src/js/dlxkit.mjs'

const dlx = await load()

/** Langford pairs: number i at slots s and s+i+1 of 2n. */
function langford (n) {
  const items = []
  for (let i = 1; i <= n; i++) items.push(`v${i}`)
  for (let s = 0; s < 2 * n; s++) items.push(`s${s}`)
  const lines = [items.join(' ')]
  for (let i = 1; i <= n; i++) {
    for (let s = 0; s + i + 1 < 2 * n; s++) lines.push(`v${i} s${s} s${s + i + 1}`)
  }
  return lines.join('\n') + '\n'
}

const SLICE = 4096
const budgets = [SLICE - 1, SLICE, SLICE + 1, 10000, 10001, 3 * SLICE + 5, 20000, 40000, 40001]

/** The search from its start in steps of at most `step` nodes (also stopping on each budget): its stats there. */
function stepped (p, step) {
  p.restart()
  const at = new Map()
  let r
  do {
    const nodes = p.stats().nodes
    const next = budgets.find(b => b > nodes) ?? Infinity
    r = p.searchUntil(Math.min(nodes + step, next))
    if (r === 'budget' && budgets.includes(p.stats().nodes)) at.set(p.stats().nodes, p.stats())
  } while (r === 'budget')
  assert.equal(r, 'done')
  return { end: p.stats(), at }
}

test('the links with restarts over many slices: the same restarts, nodes and moves as steps under one slice', () => {
  const p = dlx.parseDlx(langford(10))
  try {
    p.setRestarts(true)
    assert.equal(p.searchUntil(0), 'done')
    const whole = p.stats()
    assert.ok(whole.nodes > 16 * SLICE, `${whole.nodes} nodes`)
    assert.ok(whole.restarts > 8, `${whole.restarts} restarts`)
    const small = stepped(p, 1000)
    assert.deepEqual(whole, small.end)
    for (const b of budgets) {
      p.restart()
      assert.equal(p.searchUntil(b), 'budget')
      assert.deepEqual(p.stats(), small.at.get(b), `stopped at node ${b}`)
      assert.equal(p.searchUntil(0), 'done') // and on from there, in slices, to the same end
      assert.deepEqual(p.stats(), whole)
    }
  } finally {
    p.free()
  }
})

test('the links counting with restarts over many slices: a node budget stops there, and the count is Langford\'s', () => {
  const p = dlx.parseDlx(langford(11))
  try {
    const full = p.countDetailed({ restarts: true })
    assert.equal(full.count, 2 * 17792) // L(2,11) = 17792, each with its mirror image
    assert.ok(full.nodes > 16 * SLICE, `${full.nodes} nodes`)
    let last = 0
    for (const budget of [SLICE - 1, SLICE, SLICE + 1, 3 * SLICE + 5, full.nodes - 1]) {
      const r = p.countDetailed({ maxNodes: budget, restarts: true })
      assert.equal(r.status, 'stopped')
      assert.equal(r.nodes, budget)
      assert.ok(r.count >= last && r.count < full.count, `${r.count} solutions by node ${budget}`)
      last = r.count
    }
    assert.deepEqual(p.countDetailed({ maxNodes: full.nodes, restarts: true }), full)
  } finally {
    p.free()
  }
})
