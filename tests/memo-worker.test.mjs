// The memoized count through the worker (in slices that resume, or for a
// shard in rounds: abort and progress between them) and the Node CLI (`dlxkit cover --count`, --memo, --no-memo).
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createWorker, load, DlxError } from '../src/js/dlxkit.mjs'
import { DOMINO, PENTOMINO, packing } from '../bench/tilings.mjs'
import { dlxkit, ok } from './cli-helpers.mjs'
import { HANG_MS } from './helpers.mjs'

const w = await createWorker()
const dir = mkdtempSync(join(tmpdir(), 'dlxkit-memo-'))
after(() => {
  w.terminate()
  rmSync(dir, { recursive: true, force: true })
})
const TWELVE = packing(12, 12, DOMINO, false)
const TWELVE_COUNT = 53060477521960000n

test('worker: countBig of the 12x12 domino tilings is exact by default and with memo: true; count() is UNSAFE_COUNT', async () => {
  const p = await w.parseDlx(TWELVE)
  assert.equal(await p.countBig(), TWELVE_COUNT)
  assert.equal(await p.countBig({ memo: true }), TWELVE_COUNT)
  await assert.rejects(p.count({ memo: true }), (e) => e.code === 'UNSAFE_COUNT')
  await assert.rejects(p.count({ memo: 'sometimes' }), (e) => e.code === 'BAD_ARGUMENT')
  await assert.rejects(p.count({ memoBytes: -1 }), (e) => e.code === 'BAD_ARGUMENT')
  const six = await w.parseDlx(packing(6, 6, DOMINO, false))
  assert.equal(await six.count({ memo: false }), 6728)
  assert.equal(await six.count({ memo: true, memoBytes: 1 }), 6728)
})

test("worker: 'auto' takes the engine's rule (dlx_memo_share): tilings by the memo, the 6x10 pentominoes by the search", async () => {
  const kit = await load()
  for (const [rows, cols] of [[6, 6], [5, 8]]) {
    const text = packing(rows, cols, DOMINO, false)
    assert.ok(kit.parseDlx(text)._memoShare() > 0, `${rows}x${cols} dominoes: the probes meet`)
    const direct = kit.parseDlx(text).countDetailed()
    const remote = await (await w.parseDlx(text)).countDetailed()
    assert.equal(remote.count, direct.count)
    assert.ok(remote.nodes < direct.count, `${remote.nodes} nodes for ${direct.count} tilings: by the memo`)
  }
  const pento = readFileSync(new URL('data/exact-cover/pentomino-6x10.dlx', import.meta.url), 'utf8')
  assert.equal(kit.parseDlx(pento)._memoShare(), 0, 'no meets, a small tree: the search')
  const r = await (await w.parseDlx(pento)).countDetailed()
  assert.equal(r.count, 9356)
  assert.ok(r.nodes > r.count, 'the search enters a node per solution at least')
})

test("'auto' under maxNodes: a tiling past the budget as a search is counted by the memo, directly and in a worker; the pentominoes stop as with memo: false", async () => {
  const kit = await load()
  const eight = packing(8, 8, DOMINO, false)
  const budget = { maxNodes: 100000, bigint: true }
  const direct = kit.parseDlx(eight).countDetailed(budget)
  assert.deepEqual([direct.status, direct.count], ['done', 12988816n])
  const remote = await (await w.parseDlx(eight)).countDetailed(budget)
  assert.deepEqual([remote.status, remote.count], ['done', 12988816n])
  assert.equal(kit.parseDlx(eight).countDetailed({ ...budget, memo: false }).status, 'stopped')
  const pento = readFileSync(new URL('data/exact-cover/pentomino-6x10.dlx', import.meta.url), 'utf8')
  const byAuto = kit.parseDlx(pento).countDetailed(budget)
  const bySearch = kit.parseDlx(pento).countDetailed({ ...budget, memo: false })
  assert.equal(byAuto.status, 'stopped')
  assert.deepEqual([byAuto.count, byAuto.nodes], [bySearch.count, bySearch.nodes])
  const inWorker = await (await w.parseDlx(pento)).countDetailed(budget)
  assert.deepEqual([inWorker.status, inWorker.count], ['stopped', bySearch.count])
})

test('worker: a memoized count reports progress between rounds and an abort ends it; the problem stays usable', async () => {
  const p = await w.parseDlx(TWELVE)
  const ac = new AbortController()
  let progressed
  const underWay = new Promise((resolve) => { progressed = resolve })
  // memoBytes tiny: the count takes many rounds (it evicts all the time)
  const running = p.countDetailed({ memo: true, memoBytes: 1 << 12, signal: ac.signal, onProgress: () => progressed() })
  await underWay
  ac.abort()
  await assert.rejects(running, (e) => e instanceof DlxError && e.code === 'ABORTED')
  assert.equal(await p.countBig({ memo: true }), TWELVE_COUNT) // not FREED: the worker read the abort between rounds
})

test('worker: memo: true counts a whole problem in slices that go on where the last stopped: progress all along, the work of one count', async () => {
  const kit = await load()
  const direct = kit.parseDlx(TWELVE).countDetailed({ memo: true, bigint: true })
  const p = await w.parseDlx(TWELVE)
  const reports = []
  const r = await p.countDetailed({ memo: true, bigint: true, onProgress: (q) => reports.push(q.nodes) })
  assert.deepEqual(r, direct) // the count, its nodes (one count's), done
  assert.ok(reports.length >= 5, `${reports.length} reports`)
  for (const [k, nodes] of reports.entries()) assert.ok(nodes > (reports[k - 1] ?? 0) && nodes < r.nodes, `report ${k}: ${nodes} nodes of ${r.nodes}`)
  const stopped = await p.countDetailed({ memo: true, maxNodes: 30000, bigint: true, onProgress: () => {} })
  assert.deepEqual([stopped.status, stopped.nodes], ['stopped', 30000])
  assert.equal(stopped.count, kit.parseDlx(TWELVE).countDetailed({ memo: true, maxNodes: 30000, bigint: true }).count) // the same lower bound
  const shard = await p.countDetailed({ memo: true, shard: 1, parts: 2, bigint: true, onProgress: () => {} }) // a shard: in rounds
  assert.equal(shard.count, kit.parseDlx(TWELVE).countDetailed({ memo: true, shard: 1, parts: 2, bigint: true }).count)
})

test('worker: an abort mid memoized count leaves the worker and its other problems', async () => {
  const other = await w.parseDlx(packing(4, 4, DOMINO, false))
  const p = await w.parseDlx(packing(5, 12, PENTOMINO, true)) // about a second by the memo
  const ac = new AbortController()
  let heard = 0
  const running = p.countDetailed({ memo: true, signal: ac.signal, onProgress: (q) => { heard = q.nodes; if (q.nodes > 20000) ac.abort() } })
  await assert.rejects(running, (e) => e instanceof DlxError && e.code === 'ABORTED')
  assert.ok(heard > 20000)
  assert.equal(await other.count(), 36, 'not FREED: the worker read the abort between slices')
  assert.equal(await p.count({ limit: 2 }), 2)
})

test('cli: cover --count prints the 12x12 tilings exactly (by default and with --memo); --no-memo with a budget stops', () => {
  const file = join(dir, 'twelve.dlx')
  writeFileSync(file, TWELVE)
  assert.equal(ok(['cover', '--count', file]).stdout.trim(), String(TWELVE_COUNT))
  assert.equal(ok(['cover', '--count', '--memo', file]).stdout.trim(), String(TWELVE_COUNT))
  assert.equal(JSON.parse(ok(['cover', '--count', '--memo', '--json', file]).stdout).count, String(TWELVE_COUNT))
  const stopped = dlxkit(['cover', '--count', '--no-memo', '--max-nodes', '5000', file])
  assert.equal(stopped.status, 1)
  assert.match(stopped.stderr, /stopped after/)
  const both = dlxkit(['cover', '--count', '--memo', '--no-memo', file])
  assert.equal(both.status, 2)
  assert.match(both.stderr, /--memo and --no-memo/)
})

test('cli: cover --count --jobs 2 counts the 12x12 tilings by the memo, shard by shard', { timeout: HANG_MS }, () => {
  const file = join(dir, 'twelve-jobs.dlx')
  writeFileSync(file, TWELVE)
  // by the search it would take centuries; each shard's count is memoized
  assert.equal(ok(['cover', '--count', '--jobs', '2', file]).stdout.trim(), String(TWELVE_COUNT))
})

test('cli: cover --max-memory caps the module: the memo evicts and still counts; a ZDD past it is a clear error; bad values are usage errors', { timeout: HANG_MS }, () => {
  const file = join(dir, 'twelve-capped.dlx')
  writeFileSync(file, TWELVE)
  assert.equal(ok(['cover', '--count', '--memo', '--max-memory', '4M', file]).stdout.trim(), String(TWELVE_COUNT))
  const small = dlxkit(['cover', '--zdd', '-', '--max-memory', '4M', file])
  assert.equal(small.status, 1)
  assert.match(small.stderr, /building the ZDD: it does not fit in --max-memory 4194304 bytes/)
  assert.equal(small.stdout, '')
  const roomy = dlxkit(['cover', '--zdd', join(dir, 'twelve.zdd'), '--max-memory', '64MiB', file])
  assert.equal(roomy.status, 0, roomy.stderr)
  assert.match(roomy.stderr, /73857 nodes, \d+ bytes, 53060477521960000 solutions/)
  for (const bad of ['3M', '12X', '-1', '1.5G', '']) {
    const r = dlxkit(['cover', '--count', '--max-memory', bad, file])
    assert.equal(r.status, 2, bad)
    assert.match(r.stderr, /--max-memory '.*' is not allowed: it takes bytes, 4M or more/, bad)
  }
})
