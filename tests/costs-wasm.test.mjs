// The cost search (src/core/dlx_best.c) in WebAssembly: V8 compiles the
// search with TurboFan, on CPU time the user pays, only in small functions:
// the linked search and the bit-set search each a function of its own, so
// only the one that runs is compiled.
// Run: node --test tests/costs-wasm.test.mjs
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { HANG_MS } from './helpers.mjs'

/** best() on `make` (an expression over bench/costs.mjs's generators) under V8's trace: the optimum and the TurboFan bodies' sizes. */
function traced (make) {
  const script = `
    import { load } from ${JSON.stringify(new URL('../src/js/dlxkit.mjs', import.meta.url).href)}
    import { assignment, costedPentominoes } from ${JSON.stringify(new URL('../bench/costs.mjs', import.meta.url).href)}
    const dlx = await load()
    const p = dlx.parseDlx(${make})
    const [s] = p.best({ k: 1 })
    console.log('cost', s.cost)`
  const r = spawnSync(process.execPath, ['--trace-wasm-compilation-times', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: HANG_MS })
  assert.equal(r.status, 0, r.stderr)
  const m = /^cost (\d+)$/m.exec(r.stdout)
  assert.ok(m, r.stdout.slice(-300))
  return { cost: Number(m[1]), bodies: [...r.stdout.matchAll(/using TurboFan.*bodysize (\d+)/g)].map((x) => Number(x[1])) }
}

for (const [what, make] of [
  ['an assignment (the links)', 'assignment(30, 1000, 7)'],
  ['pentominoes in a box (the bit sets)', 'costedPentominoes(10, 6, 1)']
]) {
  test(`best() on ${what}: V8 compiles no function over 4 KiB with TurboFan`, () => {
    const { bodies } = traced(make)
    // The search ran long enough to be tiered up: a body over 1 KiB compiled.
    assert.ok(Math.max(0, ...bodies) > 1024, `TurboFan compiled only ${bodies.join(', ')} bytes: the trace says nothing of the search`)
    assert.ok(Math.max(...bodies) <= 4096, `function bodies compiled with TurboFan: ${bodies.join(', ')} bytes`)
  })
}
