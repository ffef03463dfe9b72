// One binding of dlxkit.wasm's exports (issue 27): only src/js/dlxkit-native.mjs
// names a dk_* export, decodes the C error record, reads a record by its
// slots or views the module's memory. Every other module (the library, the
// CLI, the sheets, the pages) calls the binding's methods, so a change at the
// boundary is made in one file.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const BINDING = join('src', 'js', 'dlxkit-native.mjs')
const BINDING_SUDOKU = join('src', 'js', 'dlxkit-native-sudoku.mjs') // its Sudoku and text calls, installed on it
const NAMES = join('src', 'js', 'dlxkit-abi.mjs') // the names themselves, generated from the C headers

/** The JS files under dir (folders the build fills, and node_modules, aside). */
function jsFiles (dir) {
  const out = []
  for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, e.name)
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && path !== join('web', 'extension', 'lib')) out.push(...jsFiles(path))
    } else if (/\.m?js$/.test(e.name)) out.push(path)
  }
  return out
}

/** The source without comments: prose may name an export, code may not. */
const code = (text) => text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1')

const RULES = [
  [/\bdk_[a-z0-9_]+/, 'names a dk_* export'],
  [/\bERROR_NAMES\b|\bSLOT\s*\.\s*error\b|\bdk_error\b/, 'decodes the C error record (Native.error is the one decoder)'],
  [/\bSLOT\b/, 'reads a record by its slots'],
  [/\bmemory\s*\.\s*buffer\b|\bexports\s*\.\s*memory\b/, "views the module's memory"],
  [/\._x\b/, 'holds the raw exports']
]

/** What a source does that only the binding may. */
const breaches = (text) => RULES.filter(([re]) => re.test(code(text))).map(([, what]) => what)

test('the boundary check sees each breach, in code only', () => {
  assert.deepEqual(breaches('const p = kit._native.problemNew(1, 0)'), [])
  assert.deepEqual(breaches('// dk_sudoku_solve fills the record\n/* SLOT.solve */ native.sudokuSolve(h, block, 2, 0)'), [])
  assert.deepEqual(breaches('const h = x.dk_sudoku_new(9, 3, 3, 0, 0, 0, 0)'), ['names a dk_* export'])
  assert.deepEqual(breaches('throw kit._error(kit._i32()[kit._x.dk_error() >>> 2])'),
    ['names a dk_* export', 'decodes the C error record (Native.error is the one decoder)', 'holds the raw exports'])
  assert.deepEqual(breaches('const code = ERROR_NAMES[rc]'), ['decodes the C error record (Native.error is the one decoder)'])
  assert.deepEqual(breaches('const n = f[o + SLOT.solve.count]'), ['reads a record by its slots'])
  assert.deepEqual(breaches('const u8 = new Uint8Array(instance.exports.memory.buffer)'), ["views the module's memory"])
  assert.deepEqual(breaches("const url = 'https://example.org' // dk_alloc"), [])
})

test('only src/js/dlxkit-native.mjs names a dk_* export, decodes the C error record or reads the memory', () => {
  const files = ['src', 'bin', 'web'].flatMap(jsFiles).filter((f) => f !== BINDING && f !== BINDING_SUDOKU && f !== NAMES)
  assert.ok(files.length >= 40 && files.includes(join('src', 'js', 'dlxkit-sudoku-fast.mjs')), `${files.length} files`)
  for (const f of files) {
    assert.deepEqual(breaches(readFileSync(join(ROOT, f), 'utf8')), [], `${f}: only the binding (${BINDING}) may do this; call its methods`)
  }
  // and the binding does all of it
  assert.deepEqual(breaches(readFileSync(join(ROOT, BINDING), 'utf8')), RULES.map(([, what]) => what))
})
