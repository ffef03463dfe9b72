// The memoized count (issue 31) in the WebAssembly module and behind the JS
// API: count() / countBig() / countDetailed() take { memo: 'auto' | true |
// false, memoBytes }. Memoized counts agree with the search's on generated
// problems, whatever the cache's size; tilings past 2^53 come back exactly.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { load } from '../src/js/dlxkit.mjs'
import { DOMINO, TROMINO, packing } from '../bench/tilings.mjs'

const dlx = await load()

/** A seeded random problem (xorshift): n primary items, a few secondary, options of 1-4 items. */
function randomSpec (seed, n, options) {
  let s = seed
  const rnd = (k) => {
    s ^= s << 13; s ^= s >>> 17; s ^= s << 5; s >>>= 0
    return s % k
  }
  const secondary = ['x', 'y']
  const opts = []
  for (let k = 0; k < options; k++) {
    const items = new Set([rnd(n)]) // a primary item first: an option needs one
    for (let j = 1 + rnd(4); j > 0; j--) items.add(rnd(n + 2))
    opts.push([...items].map((i) => (i < n ? `p${i}` : secondary[i - n])))
  }
  return { primary: Array.from({ length: n }, (_, i) => `p${i}`), secondary, options: opts }
}

test('memoized counts equal the search\'s on random problems, with any cache size', () => {
  let some = 0
  for (let seed = 1; seed <= 60; seed++) {
    const p = dlx.exactCover(randomSpec(seed * 7919, 6 + (seed % 9), 20 + (seed % 25)))
    const plain = p.countBig({ memo: false })
    some += plain > 0n
    for (const opts of [{ memo: true }, { memo: 'auto' }, {}, { memo: true, memoBytes: 1 }, { memo: true, memoBytes: 600 }]) {
      assert.equal(p.countBig(opts), plain, `seed ${seed}, ${JSON.stringify(opts)}`)
    }
  }
  assert.ok(some > 10, 'most problems have solutions')
})

test('a memoized count of tilings ends in few nodes; the search takes one per placement', () => {
  const p = dlx.parseDlx(packing(6, 6, DOMINO, false))
  const memo = p.countDetailed({ memo: true })
  const plain = p.countDetailed({ memo: false })
  assert.equal(memo.count, 6728)
  assert.equal(plain.count, 6728)
  assert.ok(memo.nodes * 10 < plain.nodes, `memo ${memo.nodes} nodes, search ${plain.nodes}`)
})

test('domino tilings of 10x10 and 12x12 come back exactly through countBig; count() refuses past 2^53', () => {
  const ten = dlx.parseDlx(packing(10, 10, DOMINO, false))
  assert.equal(ten.countBig(), 258584046368n) // the default (auto) takes the memo
  assert.equal(ten.count(), 258584046368)
  const twelve = dlx.parseDlx(packing(12, 12, DOMINO, false))
  assert.equal(twelve.countBig(), 53060477521960000n)
  const full = ten.countDetailed({ memo: true }).nodes
  const tight = ten.countDetailed({ memo: true, memoBytes: 1 << 18, bigint: true }) // too small a cache: it evicts
  assert.equal(tight.count, 258584046368n)
  assert.ok(tight.nodes > full, `${tight.nodes} nodes with evictions, ${full} without`)
  assert.equal(twelve.countDetailed({ bigint: true }).count, 53060477521960000n)
  assert.throws(() => twelve.count(), (e) => e.code === 'UNSAFE_COUNT' && e.details.count === 53060477521960000n)
  const tro = dlx.parseDlx(packing(6, 9, TROMINO, false))
  assert.equal(tro.countBig({ memo: true }), tro.countBig())
})

test('a memoized count stopped by maxNodes is STOPPED, and the problem counts again afterwards', () => {
  const p = dlx.parseDlx(packing(8, 8, DOMINO, false))
  const r = p.countDetailed({ memo: true, maxNodes: 100, bigint: true })
  assert.equal(r.status, 'stopped')
  assert.ok(r.count < 12988816n)
  assert.throws(() => p.countBig({ memo: true, maxNodes: 100 }), (e) => e.code === 'STOPPED')
  assert.equal(p.countBig({ memo: true }), 12988816n)
})

// In WebAssembly the memo's walk returns every 4096 nodes and goes on
// (dlx_memo.c); a budget on either side of a slice's end stops where it says.
test('a memoized count stopped near a slice\'s end stops at its budget, with a lower bound that grows', () => {
  const p = dlx.parseDlx(packing(12, 12, DOMINO, false))
  let last = -1n
  for (const maxNodes of [4095, 4096, 4097, 8192, 8193, 20000]) {
    const r = p.countDetailed({ memo: true, maxNodes, bigint: true })
    assert.equal(r.status, 'stopped', `maxNodes ${maxNodes}`)
    assert.equal(r.nodes, maxNodes)
    assert.ok(r.count >= last && r.count < 53060477521960000n, `${r.count} after ${last}`)
    last = r.count
  }
  assert.equal(p.countBig({ memo: true }), 53060477521960000n)
})

test('shards count with the memo too, and add up to the whole', () => {
  const p = dlx.parseDlx(packing(6, 6, DOMINO, false))
  let sum = 0n
  for (let s = 0; s < 3; s++) sum += p.countBig({ shard: s, parts: 3, memo: true })
  assert.equal(sum, 6728n)
})

test('bad memo and memoBytes values are BAD_ARGUMENT, and the problem stays usable', () => {
  const p = dlx.parseDlx(packing(2, 4, DOMINO, false))
  for (const memo of ['yes', 1, 0, null, 'AUTO', {}]) {
    assert.throws(() => p.count({ memo }), (e) => e.code === 'BAD_ARGUMENT' && e.message.includes('memo'), String(memo))
    assert.throws(() => p.countDetailed({ memo }), (e) => e.code === 'BAD_ARGUMENT')
  }
  for (const memoBytes of [-1, 1.5, '8', 2 ** 64, NaN]) {
    assert.throws(() => p.count({ memoBytes }), (e) => e.code === 'BAD_ARGUMENT' && e.message.includes('memoBytes'), String(memoBytes))
  }
  assert.equal(p.count({ memo: true }), 5)
})

test('under maxMemory the cache fits (a quarter of it at most) and the count is right', async () => {
  const small = await load({ maxMemory: 8 << 20 })
  const p = small.parseDlx(packing(12, 12, DOMINO, false))
  assert.equal(p.countBig({ memo: true }), 53060477521960000n)
  assert.equal(p.countBig({ memo: true, memoBytes: 2 ** 40 }), 53060477521960000n)
  assert.equal(small.parseDlx(packing(3, 4, DOMINO, false)).count(), 11) // memory left for the rest
})
