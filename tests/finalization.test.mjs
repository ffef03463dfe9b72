// Finalization: problems and solves a caller drops without free() are
// freed once V8 collects them, in this process and in a worker's. V8 runs
// finalizers in tasks of their own, as late as it likes (CI beside other
// jobs saw none within 10 s once), so each wait polls: a collection and a
// turn of the event loop, until the frees happened or a minute passed. This
// file runs in a process of its own, after nothing else.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import v8 from 'node:v8'
import vm from 'node:vm'
import { setTimeout as sleep } from 'node:timers/promises'
import { load, createWorker } from '../src/js/dlxkit.mjs'
import { dataFile, HANG_MS } from './helpers.mjs'

const PAGE = 64 * 1024
const QUEENS = dataFile('exact-cover', 'queens-12.dlx')
const PATIENCE_MS = 60 * 1000

v8.setFlagsFromString('--expose-gc')
const gc = vm.runInNewContext('gc')

/** Collect and yield until `done()` holds (true) or the patience ran out (false). */
async function collectUntil (done) {
  const end = Date.now() + PATIENCE_MS
  do {
    gc()
    await sleep(20)
    if (await done()) return true
  } while (Date.now() < end)
  return false
}

/** Why a wait ended without the frees: V8 kept the objects, or collected them and ran no finalizer. */
const why = (refs) => refs.some((r) => r.deref()) ? 'some were never collected' : 'all were collected, and no finalizer ran'

test('problems that are never freed are freed when collected (FinalizationRegistry)', { timeout: HANG_MS }, async () => {
  const dlx = await load()
  let refs = []
  const round = () => {
    refs = []
    for (let i = 0; i < 200; i++) {
      const p = dlx.parseDlx(QUEENS)
      assert.equal(p.count({ limit: 1 }), 1)
      if (i % 20 === 0) refs.push(new WeakRef(p))
    }
  }
  const freed = () => dlx._live === 0 // every problem's free() ran
  round()
  assert.ok(await collectUntil(freed), `200 dropped problems not freed in ${PATIENCE_MS} ms: ${why(refs)}`)
  const before = dlx.memorySize()
  for (let k = 0; k < 5; k++) {
    round()
    assert.ok(await collectUntil(freed), `round ${k}: 200 dropped problems not freed in ${PATIENCE_MS} ms: ${why(refs)}`)
  }
  // the memory of the freed problems is used again: 1,000 held at once would need several MiB more
  const grown = dlx.memorySize() - before
  assert.ok(grown <= PAGE, `1,000 dropped problems: memory grew by ${grown} bytes`)
})

test('a worker frees the problems its client dropped without free(), once they are collected', { timeout: HANG_MS }, async () => {
  const w = await createWorker()
  try {
    const kept = await w.parseDlx(QUEENS)
    const round = async () => { for (let i = 0; i < 100; i++) assert.equal(await (await w.parseDlx(QUEENS)).count({ limit: 1 }), 1) }
    let usage
    const downToKept = async () => (usage = await w.usage()).problems <= 1
    await round()
    assert.ok(await collectUntil(downToKept), `the worker holds ${usage.problems} problems (one kept, 100 dropped)`)
    const first = usage
    for (let k = 0; k < 3; k++) {
      await round()
      assert.ok(await collectUntil(downToKept), `the worker holds ${usage.problems} problems (one kept, ${100 * (k + 2)} dropped)`)
    }
    // the memory of the dropped problems is used again
    const grown = usage.memory - first.memory
    assert.ok(grown <= PAGE, `300 more dropped problems: the worker's memory grew by ${grown} bytes`)
    assert.equal(await kept.count(), 14200)
  } finally {
    w.terminate()
  }
})
