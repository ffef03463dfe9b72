// The WebAssembly module's budget, and no imports (it must instantiate with
// an empty import object, anywhere). The budget is a guard, raised only for a
// feature that pays for its bytes; what each raise bought is in
// docs/notes/WASM.md ("Module size"). `make build/wasm/names.wasm` builds a
// copy with function names to see where the bytes go.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

const WASM = new URL('../dist/dlxkit.wasm', import.meta.url)
const BUDGET = 134 * 1024
const GZIP_BUDGET = 60 * 1024

test('dist/dlxkit.wasm is at most 134 KiB (137,216 bytes)', () => {
  const size = readFileSync(WASM).length
  assert.ok(size <= BUDGET, `dist/dlxkit.wasm is ${size} bytes, ${size - BUDGET} over the budget of ${BUDGET}`)
})

test('dist/dlxkit.wasm is at most 60 KiB (61,440 bytes) gzipped', () => {
  const size = gzipSync(readFileSync(WASM), { level: 9 }).length
  assert.ok(size <= GZIP_BUDGET, `gzipped it is ${size} bytes, ${size - GZIP_BUDGET} over the budget of ${GZIP_BUDGET}`)
})

test('dist/dlxkit.wasm has no imports', () => {
  const module = new WebAssembly.Module(readFileSync(WASM))
  assert.deepEqual(WebAssembly.Module.imports(module), [])
})
