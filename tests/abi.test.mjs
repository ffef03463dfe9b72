// The boundary's names are written once, in the C headers, and generated into
// src/js/dlxkit-abi.mjs (tools/abi.mjs, a Make rule): the committed module
// must be what the headers say, and the JS must speak those names.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, readdirSync } from 'node:fs'
import { abiSource } from '../tools/abi.mjs'
import { ERROR_NAMES, ERR, SLOT } from '../src/js/dlxkit-abi.mjs'

const ROOT = new URL('..', import.meta.url)
const read = (p) => readFileSync(new URL(p, ROOT), 'utf8')
/** The JS that speaks to the module: the library's modules and the sheets. */
const JS = readdirSync(new URL('src/js/', ROOT)).filter((f) => f.endsWith('.mjs') && f !== 'dlxkit-abi.mjs').map((f) => `src/js/${f}`)

test('src/js/dlxkit-abi.mjs is current with include/dlx.h and include/sudoku.h (make src/js/dlxkit-abi.mjs)', () => {
  assert.equal(read('src/js/dlxkit-abi.mjs'), abiSource(ROOT))
})

test('every negative code in the C headers has a JS name, and the names are both ways', () => {
  const c = [...(read('include/dlx.h') + read('include/sudoku.h')).matchAll(/^\s*(\w+) = (-\d+)/gm)]
  assert.ok(c.length >= 24, `${c.length} codes`)
  for (const [, name, value] of c) {
    const js = ERROR_NAMES[value]
    assert.ok(js, `${name} (${value}) has no JS name`)
    assert.equal(ERR[js], Number(value))
  }
})

test('the record layouts end with their length, and the JS reads records by slot name', () => {
  for (const [record, fields] of Object.entries(SLOT)) {
    const names = Object.keys(fields)
    assert.deepEqual(Object.values(fields), names.map((_, k) => k), `${record}: slots 0, 1, 2, ...`)
    assert.ok(names.at(-1) === 'length' || names.at(-1) === 'message', `${record} ends with its length`)
  }
  const js = JS.map(read).join('\n')
  assert.doesNotMatch(js, /dk_error\(\) >> 2\) \+ \d/, 'an error field read by number')
  assert.doesNotMatch(js, /\bf\[(?:o \+ )?\d\]/, 'a record field read by number')
})

test('the JS wrapper has no table of codes of its own and no numeric code comparisons', () => {
  for (const f of JS) {
    const text = read(f)
    assert.doesNotMatch(text, /\[-\d+\]\s*:\s*'[A-Z_]+'/, `${f} spells a code table`)
    assert.doesNotMatch(text, /\brc\s*[!=]==?\s*-?\d/, `${f} compares a result with a number`)
  }
})

test('the ErrorCode type of dlxkit.d.ts holds every code the headers name and every code the JS throws', () => {
  const dts = read('src/js/dlxkit.d.ts')
  const union = dts.slice(dts.indexOf('export type ErrorCode ='), dts.indexOf('export interface ErrorDetails'))
  const declared = new Set([...union.matchAll(/'([A-Z_]+)'/g)].map((m) => m[1]))
  for (const name of Object.values(ERROR_NAMES)) assert.ok(declared.has(name), `ErrorCode lacks ${name}`)
  for (const f of JS) {
    for (const [, name] of read(f).matchAll(/new DlxError\('([A-Z_]+)'/g)) assert.ok(declared.has(name), `${f} throws ${name}, not in ErrorCode`)
  }
})
