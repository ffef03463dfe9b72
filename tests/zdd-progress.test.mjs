// The ZDD built in steps (issue 31): problem.zdd({ onProgress, maxNodes })
// reports the build's progress and stops at its node budget with a coded
// error; in a worker the build runs in slices, with progress events and an
// abort read between them, so an aborted build leaves the worker and its
// other problems as they were. Steps or not, the same ZDD.
// Run: node --test tests/zdd-progress.test.mjs
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { createWorker, load } from '../src/js/dlxkit.mjs'
import { DOMINO, PENTOMINO, TROMINO, packing } from '../bench/tilings.mjs'

const dlx = await load()
const w = await createWorker()
after(() => w.terminate())
const DOMINOES_12 = packing(12, 12, DOMINO) // 74,092 nodes of the build: many slices, many steps
const TILINGS_12 = 53060477521960000n
const TROMINOES = packing(6, 12, TROMINO) // 315,576 nodes

/** Each report's fields grow (nodes strictly), bytes within the bound. */
function checkReports (reports, maxMemory) {
  assert.ok(reports.length >= 3, `${reports.length} reports`)
  assert.ok(reports.at(-1).states > 0)
  for (const [k, r] of reports.entries()) {
    assert.deepEqual(Object.keys(r).sort(), ['bytes', 'nodes', 'size', 'states'])
    assert.ok(r.bytes > 0 && r.bytes <= maxMemory, JSON.stringify(r))
    if (k) {
      const was = reports[k - 1]
      assert.ok(r.nodes > was.nodes && r.size >= was.size && r.states >= was.states, JSON.stringify([was, r]))
    }
  }
}

test('direct: onProgress hears the build every 100,000 nodes; the same ZDD as without it', () => {
  const p = dlx.parseDlx(TROMINOES)
  const reports = []
  const maxMemory = 256 << 20
  const z = p.zdd({ maxMemory, onProgress: (r) => reports.push(r) })
  checkReports(reports, maxMemory)
  assert.deepEqual(reports.map((r) => r.nodes), reports.map((_, k) => 100000 * (k + 1)))
  const plain = p.zdd()
  assert.equal(z.toText(), plain.toText())
  assert.equal(z.countBig(), plain.countBig())
  assert.equal(z.size, plain.size)
  assert.ok(reports.at(-1).size < z.size)
  assert.throws(() => p.zdd({ onProgress: 5 }), { code: 'BAD_ARGUMENT' })
})

test('direct: maxNodes stops the build (STOPPED, its progress in details), the problem usable', () => {
  const p = dlx.parseDlx(DOMINOES_12)
  assert.throws(() => p.zdd({ maxNodes: 5000 }), (e) => e.code === 'STOPPED' && /maxNodes/.test(e.message) &&
    e.details.nodes === 5000 && e.details.states > 0 && e.details.bytes > 0)
  assert.throws(() => p.zdd({ maxNodes: -1 }), { code: 'BAD_ARGUMENT' })
  assert.throws(() => p.zdd({ maxMemory: 1 << 16 }), { code: 'OUT_OF_MEMORY' })
  assert.equal(p.count({ limit: 3 }), 3)
  const z = p.zdd({ maxNodes: 1e6 })
  assert.equal(z.countBig(), TILINGS_12)
  const small = dlx.parseDlx(packing(4, 5, DOMINO))
  const size = small.zdd().size
  const nodes = small.stats().nodes // the build's
  assert.equal(small.zdd({ maxNodes: nodes }).size, size) // a build that ends on its last node is done
  assert.throws(() => small.zdd({ maxNodes: nodes - 1 }), (e) => e.code === 'STOPPED' && e.details.nodes === nodes - 1)
})

test('direct: a count from onProgress abandons the build (BUSY); the problem counts on', () => {
  const p = dlx.parseDlx(TROMINOES)
  const want = p.zdd().countBig()
  assert.throws(() => p.zdd({ onProgress: () => p.count({ limit: 2 }) }), (e) => e.code === 'BUSY' && /abandoned/.test(e.message))
  assert.equal(p.count({ limit: 2 }), 2)
  assert.equal(p.zdd().countBig(), want)
})

test('worker: progress events between slices; the ZDD the direct API builds', async () => {
  const reports = []
  const maxMemory = 64 << 20
  const rp = await w.parseDlx(DOMINOES_12)
  const rz = await rp.zdd({ maxMemory, onProgress: (r) => reports.push(r) })
  checkReports(reports, maxMemory)
  assert.equal(await rz.countBig(), TILINGS_12)
  assert.equal(await rz.toText(), dlx.parseDlx(DOMINOES_12).zdd().toText())
  await assert.rejects(rp.zdd({ maxNodes: 3000 }), (e) => e.code === 'STOPPED' && e.details.nodes === 3000)
  assert.equal(await (await rp.zdd()).countBig(), TILINGS_12) // usable after
})

test('worker: an abort mid-build is read between slices: the worker and its other problems stay', async () => {
  const other = await w.parseDlx(packing(4, 4, DOMINO))
  const p = await w.parseDlx(packing(5, 12, PENTOMINO, true)) // seconds of build
  const before = await w.usage()
  const controller = new AbortController()
  let heard = null
  const building = p.zdd({
    signal: controller.signal,
    onProgress: (r) => {
      if (!heard && r.nodes > 20000) heard = r, controller.abort()
    }
  })
  await assert.rejects(building, { code: 'ABORTED' })
  assert.ok(heard, 'progress was heard before the abort')
  assert.equal(await other.count(), 36, 'a problem of the same worker, not lost to a restart')
  assert.equal(await p.count({ limit: 1 }), 1)
  assert.deepEqual(await w.usage(), before, 'no ZDD kept')
})
