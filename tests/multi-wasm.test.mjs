// Algorithm M's bit sets in WebAssembly (src/core/dlx_multi.c): the module
// counts a column only as far as the choice needs (a count stops above the
// best item's) and strikes two words a turn, code that the native build does
// not run; and V8 compiles the search with TurboFan, on CPU time the user
// pays, only in small functions (the code run once a search kept apart).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { load } from '../src/js/dlxkit.mjs'
import { kQueens, pentominoCopies, quotas } from '../bench/multiplicity.mjs'
import { HANG_MS } from './helpers.mjs'

const NATIVE = fileURLToPath(new URL('../build/dlx', import.meta.url))
const dlx = await load()

/** build/dlx --count's summary: { solutions, nodes, updates }. */
function native (text) {
  const r = spawnSync(NATIVE, ['--count', '-'], { input: text, encoding: 'utf8', timeout: HANG_MS })
  assert.equal(r.status, 0, r.stderr)
  const m = /^(\d+) solutions \(complete\), (\d+) nodes, (\d+) updates/m.exec(r.stderr)
  assert.ok(m, r.stderr)
  return { solutions: Number(m[1]), nodes: Number(m[2]), updates: Number(m[3]) }
}

test('bounded problems of one and of many words a set: the count, nodes and updates of the native search', { skip: !existsSync(NATIVE) && 'build/dlx is not built' }, () => {
  const cases = [
    ['quotas 5x5, 2 a row, 1 to 3 a column (one word)', quotas(5, 5, 2, 1, 3)],
    ['2 queens a row of 6x6 (one word)', kQueens(6, 2)],
    ['5x6 box, each pentomino at most once (12 words)', pentominoCopies(6, 5, 1)],
    ['4x5 box, each pentomino at most twice (5 words)', pentominoCopies(5, 4, 2)],
    ['5x5 box, each pentomino at most 3 times (7 words, odd)', pentominoCopies(5, 5, 3)]
  ]
  for (const [what, text] of cases) {
    const want = native(text)
    const p = dlx.parseDlx(text)
    try {
      const got = p.countDetailed()
      assert.deepEqual({ solutions: got.count, nodes: got.nodes, updates: p.stats().updates }, want, what)
      assert.ok(want.nodes > 100, `${what}: ${want.nodes} nodes`)
    } finally {
      p.free()
    }
  }
})

test('a bounded count: V8 compiles no function over 4 KiB with TurboFan', () => {
  // Compiling is CPU time the user pays: dlx_multi_search with the links
  // search, the start and the tables inlined (8.3 KB) took 70 ms; bits_slice
  // with both copies of the search 17 ms, on a row of 30 ms natively.
  const script = `
    import { load } from ${JSON.stringify(new URL('../src/js/dlxkit.mjs', import.meta.url).href)}
    import { pentominoCopies } from ${JSON.stringify(new URL('../bench/multiplicity.mjs', import.meta.url).href)}
    const dlx = await load()
    const p = dlx.parseDlx(pentominoCopies(6, 5, 2))
    console.log('count', p.count())`
  const r = spawnSync(process.execPath, ['--trace-wasm-compilation-times', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: HANG_MS })
  assert.equal(r.status, 0, r.stderr)
  assert.match(r.stdout, /^count 18316$/m)
  const bodies = [...r.stdout.matchAll(/using TurboFan.*bodysize (\d+)/g)].map((m) => Number(m[1]))
  assert.ok(bodies.length > 0, 'no function was compiled with TurboFan: the trace says nothing to check')
  assert.ok(Math.max(...bodies) <= 4096, `function bodies compiled with TurboFan: ${bodies.join(', ')} bytes`)
})

test('one-word bounded problems searched in turns: each walks its own tree, as alone', () => {
  // In WebAssembly the one-word search runs on a copy of the problem's
  // tables at a fixed address, copied in and out at every call: problems
  // stepped in turns (small budgets, a return at each solution) must each
  // find the solutions, nodes and progress they find alone.
  const texts = [kQueens(5, 2), quotas(4, 5, 2, 1, 2), kQueens(6, 2)]
  const steps = (ps, order) => {
    const got = ps.map(() => ({ solutions: [], progress: [] }))
    const done = ps.map(() => false)
    for (let turn = 0; done.includes(false); turn++) {
      const k = order(turn)
      if (done[k]) continue
      const r = ps[k].search(1 + (turn % 7))
      got[k].progress.push(ps[k].stats().progress)
      if (r === 'solution') got[k].solutions.push(String(ps[k].solution()))
      done[k] = r === 'done'
    }
    return got.map((g, k) => ({ solutions: g.solutions, progress: g.progress.every((x) => x >= 0 && x <= 1), nodes: ps[k].stats().nodes }))
  }
  const ps = texts.map((text) => dlx.parseDlx(text))
  try {
    const alone = ps.map((p) => steps([p], () => 0)[0])
    assert.ok(alone.every((a) => a.solutions.length > 10 && a.nodes > 100 && a.progress), JSON.stringify(alone.map((a) => [a.solutions.length, a.nodes])))
    for (const p of ps) p.restart()
    const turns = steps(ps, (turn) => turn % ps.length)
    turns.forEach((got, k) => assert.deepEqual(got, alone[k], `problem ${k}`))
  } finally {
    for (const p of ps) p.free()
  }
})
