// The memoized count of problems with multiplicities (dlx_memo_multi.c),
// end to end: the module (countBig, countDetailed with memo true, false and
// the default rule), the worker and the Node CLI. Random small problems
// with bounds, secondary items and colors against Algorithm M (memo:
// false); quota matrices (bench/multiplicity.mjs) against a count over the
// columns without the engine (bench/multiplicity.mjs), past 2^64; the default rule takes the memo on a
// quota matrix and Algorithm M on k queens.
// Run: node --test tests/memo-multi.test.mjs
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createWorker, load } from '../src/js/dlxkit.mjs'
import { kQueens, quotaCount, quotas } from '../bench/multiplicity.mjs'
import { rng } from './helpers.mjs'
import { ok } from './cli-helpers.mjs'

const dlx = await load()
const w = await createWorker()
const dir = mkdtempSync(join(tmpdir(), 'dlxkit-memo-multi-'))
after(() => {
  w.terminate()
  rmSync(dir, { recursive: true, force: true })
})

test('random problems with bounds, secondary items and colors: the memo counts as Algorithm M', () => {
  let some = 0
  for (let seed = 1; seed <= 150; seed++) {
    const rand = rng(seed)
    const nP = 2 + rand(5), nS = rand(3)
    const items = Array.from({ length: nP }, (_, i) => {
      const hi = 1 + rand(3)
      return `${rand(hi + 1)}:${hi}|p${i}`
    })
    const options = Array.from({ length: 4 + rand(16) }, () => {
      const o = new Set([`p${rand(nP)}`])
      for (let j = rand(3); j > 0; j--) o.add(`p${rand(nP)}`)
      for (let s = 0; s < nS; s++) if (rand(3) === 0) o.add(rand(2) ? `s${s}:${'ab'[rand(2)]}` : `s${s}`)
      return [...o].join(' ')
    })
    const text = `${items.join(' ')}${nS ? ' | ' + Array.from({ length: nS }, (_, s) => `s${s}`).join(' ') : ''}\n${options.join('\n')}\n`
    const p = dlx.parseDlx(text)
    const plain = p.countBig({ memo: false })
    some += plain > 0n
    for (const opts of [{ memo: true }, { memo: true, memoBytes: 1 }, {}]) assert.equal(p.countBig(opts), plain, `seed ${seed} ${JSON.stringify(opts)}`)
  }
  assert.ok(some > 30, `most problems have solutions (${some})`)
})

test('quota matrices: the memo counts in a small part of Algorithm M\'s nodes; past 2^64 exactly', () => {
  const p = dlx.parseDlx(quotas(6, 6, 3, 2, 4))
  const memo = p.countDetailed({ memo: true, bigint: true })
  assert.equal(memo.count, quotaCount(6, 6, 3, 2, 4))
  assert.equal(memo.count, 17467700n)
  const search = p.countDetailed({ memo: false, bigint: true })
  assert.equal(search.count, memo.count)
  assert.ok(memo.nodes * 100 < search.nodes, `${memo.nodes} memo nodes, ${search.nodes} by Algorithm M`)
  assert.equal(p.countDetailed({ bigint: true }).nodes, memo.nodes) // the default rule takes the memo
  const small = dlx.parseDlx(quotas(4, 5, 2, 1, 3))
  assert.equal(small.countBig({ memo: true, memoBytes: 1 }), quotaCount(4, 5, 2, 1, 3)) // no cache at all: slower, right

  const big = dlx.parseDlx(quotas(30, 4, 2, 12, 18))
  const want = quotaCount(30, 4, 2, 12, 18)
  assert.ok(want > 2n ** 64n)
  assert.equal(big.countBig(), want)
  assert.equal(big.countBig({ memo: true, memoBytes: 1 << 20 }), want) // a cache of half the states, replacing
})

test('the default rule leaves k queens to Algorithm M', () => {
  const p = dlx.parseDlx(kQueens(6, 2))
  const search = p.countDetailed({ memo: false })
  assert.ok(search.nodes > 8192, 'past the first nodes and the memo\'s probe')
  assert.deepEqual(p.countDetailed(), search)
  assert.equal(p.count({ memo: true }), search.count)
})

test('worker and CLI: bounded problems count by the memo', async () => {
  const want = quotaCount(30, 4, 2, 12, 18)
  const remote = await w.parseDlx(quotas(30, 4, 2, 12, 18))
  assert.equal(await remote.countBig(), want)
  const d = await remote.countDetailed({ memo: true, bigint: true })
  assert.equal(d.count, want)
  assert.equal(d.status, 'done')
  const small = await w.parseDlx(quotas(6, 6, 3, 2, 4))
  const m = await small.countDetailed({ memo: true })
  assert.equal(m.count, 17467700)
  assert.ok(m.nodes < 100000, `${m.nodes} nodes`)
  const file = join(dir, 'quota.dlx')
  writeFileSync(file, quotas(30, 4, 2, 12, 18))
  assert.equal(ok(['cover', '--count', '--memo', file]).stdout.trim(), String(want))
  assert.equal(ok(['cover', '--count', file]).stdout.trim(), String(want))
})

test('worker: a bounded memo count goes on in slices where the last stopped: progress all along, the nodes of one count', async () => {
  const text = quotas(8, 6, 3, 3, 5)
  const direct = dlx.parseDlx(text).countDetailed({ memo: true, bigint: true })
  assert.ok(direct.nodes > 20000, `${direct.nodes} nodes: several slices`)
  const reports = []
  const r = await (await w.parseDlx(text)).countDetailed({ memo: true, bigint: true, onProgress: (q) => reports.push(q.nodes) })
  assert.deepEqual(r, direct) // in rounds from the start the nodes would add up past one count's
  assert.ok(reports.length >= 2, `${reports.length} reports`)
  for (const [k, nodes] of reports.entries()) assert.ok(nodes > (reports[k - 1] ?? 0) && nodes < r.nodes, `report ${k}: ${nodes} nodes of ${r.nodes}`)
  // slices that grow from a few nodes (the worker's Slices), not rounds from the start (4,096, then 4x)
  assert.ok(reports[0] < 4096, `first report at ${reports[0]} nodes`)
})
