// The WebAssembly module's budget: at most 40 KiB, and no imports (it must
// instantiate with an empty import object, anywhere). `make dist` rebuilds
// it; `make build/wasm/names.wasm` builds a copy with function names to see
// where the bytes go.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'

const WASM = new URL('../dist/dlxkit.wasm', import.meta.url)
const BUDGET = 40 * 1024

test('dist/dlxkit.wasm is at most 40 KiB (40,960 bytes)', () => {
  const size = readFileSync(WASM).length
  assert.ok(size <= BUDGET, `dist/dlxkit.wasm is ${size} bytes, ${size - BUDGET} over the budget of ${BUDGET}`)
})

test('dist/dlxkit.wasm has no imports', () => {
  const module = new WebAssembly.Module(readFileSync(WASM))
  assert.deepEqual(WebAssembly.Module.imports(module), [])
})
