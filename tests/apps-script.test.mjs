// dist/dlxkit-apps-script.js as Google Sheets runs it: one classic script
// evaluated in a bare V8 context (node:vm) holding only what Apps Script's
// V8 runtime has: the language's built-ins and WebAssembly; no
// TextEncoder/TextDecoder, fetch, setTimeout, atob, require or process.
// Each custom function is called as Sheets calls it: ranges as 2D arrays made
// in the script's own realm ('' for an empty cell), a one-cell range as a
// plain value, omitted optional arguments as undefined; the answers are
// checked, and an error is thrown (Sheets shows #ERROR! and the message).
import { test, before } from 'node:test'
import assert from 'node:assert/strict'
import vm from 'node:vm'
import { readFileSync, mkdtempSync, rmSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { load } from '../src/js/dlxkit.mjs'
import { SIGNATURES } from '../src/js/dlxkit-sheets.mjs'
import { isSolution, cellsOf, HANG_MS } from './helpers.mjs'
import { PUZZLE } from './browser.mjs'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const FILE = join(ROOT, 'dist', 'dlxkit-apps-script.js')
const METADATA = JSON.parse(readFileSync(join(ROOT, 'web/excel/functions.json'), 'utf8'))
const NAMES = Object.keys(SIGNATURES) // the functions, in the order of dlxkit/sheets
const ABSENT = ['TextEncoder', 'TextDecoder', 'fetch', 'setTimeout', 'setInterval', 'atob', 'btoa', 'require', 'process', 'module', 'Buffer', 'structuredClone', 'queueMicrotask']

let source, context

/** Run `code` in the script's context; results come back as plain data of this realm. */
function sheets (code) {
  const r = vm.runInContext(code, context, { timeout: HANG_MS })
  assert.ok(!(r && typeof r.then === 'function'), `${code.slice(0, 40)}: a custom function must answer at once, not with a promise`)
  return JSON.parse(JSON.stringify(r))
}

/** A range as Sheets passes it: rows of numbers, '' for blank cells. */
const range = (rows) => JSON.stringify(rows.map((row) => row.map((v) => v || '')))
const nineRows = (line) => Array.from({ length: 9 }, (_, r) => cellsOf(line.slice(r * 9, r * 9 + 9)))

before(() => {
  source = readFileSync(FILE, 'utf8')
  context = vm.createContext({}) // V8's built-ins only (and its console, which Apps Script has too)
  vm.runInContext(source, context, { filename: 'dlxkit-apps-script.js' })
})

test('the committed file is what tools/apps-script.mjs makes from the current sources', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dlxkit-gas-'))
  try {
    const fresh = join(dir, 'out.js')
    execFileSync(process.execPath, [join(ROOT, 'tools/apps-script.mjs'), join(ROOT, 'dist/dlxkit.wasm'), fresh])
    assert.ok(readFileSync(fresh, 'utf8') === source, 'dist/dlxkit-apps-script.js is stale: run make dist')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('one classic script: no import or export, the module bytes inside, nothing of a host assumed', () => {
  assert.doesNotMatch(source, /^\s*(import|export)\b/m)
  assert.doesNotMatch(source, /\bimport\s*\(|import\.meta/)
  for (const name of ABSENT) assert.equal(vm.runInContext(`typeof ${name}`, context), 'undefined', `the test context must lack ${name}`)
  const wasm = readFileSync(join(ROOT, 'dist/dlxkit.wasm')).toString('base64')
  assert.ok(source.replace(/'\s*\+\s*'/g, '').includes(wasm), 'the base64 of dist/dlxkit.wasm is inside')
  // the globals it defines: the functions and two private names
  const globals = Object.keys(vm.runInContext('this', context)).sort()
  assert.deepEqual(globals, [...NAMES, 'DLXKIT_WASM_', 'dlxkit_'].sort())
})

test('every custom function has its JSDoc with @customfunction and its parameters, from functions.json', () => {
  for (const f of METADATA.functions) {
    const m = new RegExp(`/\\*\\*\\n((?: \\*.*\\n)+) \\*/\\nfunction ${f.name} \\(([^)]*)\\)`).exec(source)
    assert.ok(m, `${f.name}: a function with a JSDoc comment`)
    assert.match(m[1], / \* @customfunction\n/)
    assert.deepEqual(m[2].split(', '), f.parameters.map((p) => p.name))
    for (const p of f.parameters) assert.match(m[1], new RegExp(`@param \\{[^}]+\\} \\[?${p.name}\\]? `))
  }
  assert.deepEqual(METADATA.functions.map((f) => f.name), NAMES)
})

test('=SUDOKU(A1:I9) spills the solution; COUNT and CHECK answer', async () => {
  const nine = nineRows(PUZZLE)
  const solved = sheets(`SUDOKU(${range(nine)})`)
  assert.ok(isSolution(solved.flat(), nine.flat()), 'a solution of the puzzle')
  assert.equal(sheets(`SUDOKU_COUNT(${range(nine)})`), 1)
  assert.equal(sheets(`SUDOKU_CHECK(${range(nine)})`), 'unique')
  // an emptied puzzle: many solutions; a limit; digits typed as text
  const open = nine.map((row, r) => row.map((v) => r < 2 ? v : 0))
  assert.equal(sheets(`SUDOKU_COUNT(${range(open)}, 50)`), 50)
  assert.equal(sheets(`SUDOKU_CHECK(${range(open)})`), 'multiple')
  const asText = JSON.stringify(nine.map((row) => row.map((v) => v ? String(v) : '')))
  assert.deepEqual(sheets(`SUDOKU(${asText})`), solved)
  // a 16x16 from the generator, and a 6x6 with its box shape
  const kit = await load()
  const big = kit.sudoku.generate({ size: 16, seed: 5, format: 'array' }).puzzle
  assert.ok(isSolution(sheets(`SUDOKU(${range(big)})`).flat(), big.flat(), 16, 4, 4))
  const six = [[1, 0, 0, 0, 0, 6], [0, 0, 3, 0, 0, 0], [0, 0, 0, 0, 5, 0], [0, 4, 0, 0, 0, 0], [0, 0, 0, 2, 0, 0], [6, 0, 0, 0, 0, 1]]
  assert.ok(isSolution(sheets(`SUDOKU(${range(six)}, "3x2")`).flat(), six.flat(), 6, 3, 2))
  assert.equal(sheets(`SUDOKU_COUNT(${range(six)}, 0, "3x2")`), kit.sudoku.count(six, { boxRows: 3, boxCols: 2, limit: 0 }))
})

test('=SUDOKU_HINT(A1:I9, depth) is the library\'s hint; _STEPS a column of its sentences; _RATING one row', async () => {
  const kit = await load()
  const nine = nineRows(PUZZLE)
  for (const depth of [1, 2, 3]) assert.equal(sheets(`SUDOKU_HINT(${range(nine)}, ${depth})`), kit.sudoku.hint(nine, { depth }).text)
  assert.equal(sheets(`SUDOKU_HINT(${range(nine)})`), kit.sudoku.hint(nine).text)
  const six = [[0, 0, 3, 0, 1, 0], [5, 6, 0, 3, 2, 0], [0, 5, 4, 2, 0, 3], [2, 0, 6, 4, 5, 0], [0, 1, 2, 0, 4, 5], [0, 4, 0, 1, 0, 0]]
  assert.equal(sheets(`SUDOKU_HINT(${range(six)}, 2, "2x3")`), kit.sudoku.hint(six, { boxRows: 2, boxCols: 3, depth: 2 }).text)
  const { steps, rating } = kit.sudoku.steps(nine)
  assert.deepEqual(sheets(`SUDOKU_STEPS(${range(nine)})`), steps.map((s) => [s.text]))
  assert.deepEqual(sheets(`SUDOKU_RATING(${range(nine)})`), [[rating.rating, rating.technique, rating.steps]])
  const throws = (code, pattern) => assert.throws(() => vm.runInContext(code, context), (e) => pattern.test(e.message), code)
  throws(`SUDOKU_HINT(${range(nine)}, 5)`, /^#VALUE! depth must be 1, 2 or 3 \(got 5\)$/)
  throws(`SUDOKU_STEPS(${range(nine.map((row, r) => r < 2 ? row : row.map(() => 0)))})`, /^#N\/A the puzzle has more than one solution/)
  assert.equal(sheets(`SUDOKU_HINT(${range(nine)}, 1)`), kit.sudoku.hint(nine, { depth: 1 }).text, 'still usable')
})

test('exact cover: EXACTCOVER_COUNT, _SOLVE, _BEST and _COST on 0/1 ranges', () => {
  // every non-empty subset of 4 items as a row: the covers are the set partitions, Bell(4) = 15
  const rows = []
  for (let m = 1; m < 16; m++) rows.push([0, 1, 2, 3].map((k) => (m >> k) & 1))
  assert.equal(sheets(`EXACTCOVER_COUNT(${JSON.stringify(rows)})`), 15)
  // Knuth's example: rows 1, 4 and 5 (of the range) make the one cover; TRUE counts as 1
  const knuth = [
    [0, 0, 1, 0, 1, 1, 0], [1, 0, 0, 1, 0, 0, 1], [0, 1, 1, 0, 0, 1, 0],
    [1, 0, 0, 1, 0, 0, 0], [0, 1, 0, 0, 0, 0, 1], [0, 0, 0, 1, 1, 0, 1]
  ].map((row) => row.map((v) => v ? true : ''))
  assert.equal(sheets(`EXACTCOVER_COUNT(${JSON.stringify(knuth)})`), 1)
  const cover = sheets(`EXACTCOVER_SOLVE(${JSON.stringify(knuth)})`)
  assert.deepEqual(cover.map((r) => r[0]).sort(), [1, 4, 5])
  // the set partitions again, a row of k items costing k * k: the cheapest is four singletons (rows 1, 2, 4, 8)
  const costs = rows.map((row) => [row.filter(Boolean).length ** 2])
  assert.deepEqual(sheets(`EXACTCOVER_BEST(${JSON.stringify(rows)}, ${JSON.stringify(costs)})`).map((r) => r[0]).sort((x, y) => x - y), [1, 2, 4, 8])
  assert.equal(sheets(`EXACTCOVER_COST(${JSON.stringify(rows)}, ${JSON.stringify(costs)})`), 4)
})

test('bad ranges and no answers are thrown errors with the code and the reason (Sheets: #ERROR!)', () => {
  const nine = nineRows(PUZZLE)
  const clash = nine.map((row) => row.slice())
  clash[0][4] = 5
  assert.equal(sheets(`SUDOKU_CHECK(${range(clash)})`), 'clash: R1C1 and R1C5 both 5')
  const throws = (code, pattern) => assert.throws(() => vm.runInContext(code, context), (e) => pattern.test(e.message), code)
  throws(`SUDOKU(${range(clash)})`, /^#N\/A clash: R1C1 and R1C5 both 5$/)
  throws(`SUDOKU(${range(nine.map((row) => row.slice(0, 8)))})`, /^#VALUE! the range is 9 rows by 8 columns/)
  throws('SUDOKU(7)', /^#VALUE! R1C1 holds 7; cells of a 1x1 Sudoku hold 1\.\.1/) // a one-cell range comes as a value
  throws(`SUDOKU_COUNT(${range(nine)}, -1)`, /^#NUM! limit must be a whole number/)
  throws(`SUDOKU(${range(nine)}, "2x2")`, /^#VALUE! boxes of 2 x 2 cells do not tile a side of 9/)
  throws('EXACTCOVER_SOLVE([[1, 0], [1, 0]])', /^#N\/A no exact cover: column 2 has a 1 in no row$/)
  throws('SUDOKU("")', /^#VALUE! a Sudoku needs a range of cells \(got nothing\)$/)
  // and the script keeps working after them
  assert.equal(sheets(`SUDOKU_COUNT(${range(nine)})`), 1)
})

test('the UTF-8 helpers agree with the real TextEncoder and TextDecoder', async () => {
  const { TextEncoder: Enc, TextDecoder: Dec } = await import('../web/apps-script/utf8.mjs')
  const { base64Bytes } = await import('../web/apps-script/base64.mjs')
  const samples = ['', 'abc', '53..7....', 'é€𝄞 Grüße', '\ud800 lone', 'x\udfff', String.fromCodePoint(0x7f, 0x80, 0x7ff, 0x800, 0xffff, 0x10000, 0x10ffff)]
  let seed = 7
  for (let k = 0; k < 200; k++) { // random code units, surrogates included
    let s = ''
    for (let i = 0; i < 12; i++) { seed = (seed * 1103515245 + 12345) >>> 0; s += String.fromCharCode(seed % 3 ? seed % 0x80 : (seed >>> 8) % 0x10000) }
    samples.push(s)
  }
  for (const s of samples) {
    const bytes = new Enc().encode(s)
    assert.deepEqual([...bytes], [...new TextEncoder().encode(s)], JSON.stringify(s))
    assert.equal(new Dec().decode(bytes), new TextDecoder().decode(bytes))
    for (const room of [0, 1, 3, 7, 100]) { // encodeInto: the whole characters that fit, as the real one
      const mine = new Uint8Array(room), theirs = new Uint8Array(room)
      assert.deepEqual(new Enc().encodeInto(s, mine), new TextEncoder().encodeInto(s, theirs), `${JSON.stringify(s)} into ${room}`)
      assert.deepEqual([...mine], [...theirs])
    }
  }
  for (const bad of [[0xff], [0xc3], [0xe2, 0x82], [0xc0, 0x80], [0x61, 0xed, 0xa0, 0x80]]) {
    assert.equal(new Dec().decode(new Uint8Array(bad)).includes('\ufffd'), true, `${bad}: replaced`)
  }
  const any = new Uint8Array(256).map((_, i) => (i * 37) & 255)
  assert.deepEqual([...base64Bytes(Buffer.from(any).toString('base64'))], [...any])
  assert.throws(() => base64Bytes('ab$d'), /not base64 at character 3/)
})
