// One Sudoku vocabulary, written once in C (include/sudoku.h): the box
// spellings of tests/data/box-spellings.txt (which tests/c/test_sudoku_shape.c
// runs through the C parser) accepted and refused alike by the JS API, the
// CLI, the sheet functions and the Typst plugin, with the same code and
// message; the default box of every side the same in C and in JS; the
// variant flags from the generated ABI; the pattern-grid shortcut in the API.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { load, createWorker, defaultBox } from '../src/js/dlxkit.mjs'
import { DEFAULT_BOX_ROWS, VARIANT } from '../src/js/dlxkit-abi.mjs'
import { createSheetFunctions, isSheetError } from '../src/js/dlxkit-sheets.mjs'
import { dlxkit } from './cli-helpers.mjs'
import { dataFile } from './helpers.mjs'

const kit = await load()
const sheets = createSheetFunctions(kit)

/** The table: { text, want } with want 'RxC', 'R' (rows alone) or an error code. */
const CASES = dataFile('box-spellings.txt').split('\n')
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => {
    const [, want, quoted] = /^(\S+)\t"(.*)"$/.exec(line)
    return { want, text: quoted.replace(/\\t/g, '\t').replace(/\\n/g, '\n') }
  })
const isError = (want) => /^BAD_/.test(want)

/** The box a case names: [rows, columns] (columns 0 for the rows alone). */
const boxOfCase = (want) => want.includes('x') ? want.split('x').map(Number) : [Number(want), 0]

/** A complete grid of the box's side (rows alone: boxes of rows x 1), as rows of numbers. */
function fullGrid ([rows, cols]) {
  const n = cols ? rows * cols : rows
  const blank = Array.from({ length: n }, () => new Array(n).fill(0))
  return kit.sudoku.pattern(blank, { boxRows: rows, boxCols: cols || 1 }).solution
}
const numbersText = (grid) => grid.map((row) => row.join(',')).join('\n') + '\n'

/** The Typst plugin with the protocol's two functions (as tests/typst-plugin.test.mjs). */
function typstPlugin () {
  let args = []
  let result = null
  let memory = null
  const env = {
    wasm_minimal_protocol_write_args_to_buffer (ptr) {
      let at = ptr
      for (const a of args) new Uint8Array(memory.buffer, at, a.length).set(a), (at += a.length)
    },
    wasm_minimal_protocol_send_result_to_host (ptr, len) { result = new Uint8Array(memory.buffer, ptr, len).slice() }
  }
  const bytes = readFileSync(new URL('../dist/dlxkit-typst.wasm', import.meta.url))
  const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), { typst_env: env })
  memory = instance.exports.memory
  return (name, ...strings) => {
    args = strings.map((s) => Buffer.from(s))
    const code = instance.exports[name](...args.map((a) => a.length))
    return { code, text: new TextDecoder().decode(result) }
  }
}
const typst = typstPlugin()

/** What the API says of a case: { box } or { code, message }. */
function viaApi (text) {
  try {
    return { box: kit.sudoku.parseBox(text) }
  } catch (e) {
    return { code: e.code, message: e.message }
  }
}

test('the table is read whole: accepted and refused spellings of every kind', () => {
  assert.ok(CASES.length >= 40)
  for (const kind of ['BAD_BOX', 'BAD_SIZE']) assert.ok(CASES.some((c) => c.want === kind), kind)
  for (const sign of ['x', 'X', '*', '\u00d7']) assert.ok(CASES.some((c) => !isError(c.want) && c.text.includes(sign)), sign)
  assert.ok(CASES.some((c) => /^\d+$/.test(c.want)), 'the rows alone')
})

test('the JS API: parseBox gives the box or the coded error of the table', () => {
  for (const { text, want } of CASES) {
    const r = viaApi(text)
    if (isError(want)) {
      assert.equal(r.code, want, JSON.stringify(text))
      assert.match(r.message, /^box /, 'the message says what it is about')
    } else {
      const [rows, cols] = boxOfCase(want)
      assert.deepEqual(r.box, cols ? { boxRows: rows, boxCols: cols } : { boxRows: rows }, JSON.stringify(text))
    }
  }
  // numbers as sheets pass them, and values that are no text at all
  assert.deepEqual(kit.sudoku.parseBox(3), { boxRows: 3 })
  for (const v of [null, {}, [3, 3], 3.5, -1, NaN]) assert.ok(['BAD_BOX', 'BAD_SIZE'].includes(viaApi(v).code), String(v))
})

test('the CLI: --box accepts the same spellings and refuses the others with the code and message', () => {
  for (const { text, want } of CASES) {
    const grid = isError(want) ? fullGrid([3, 3]) : fullGrid(boxOfCase(want))
    const r = dlxkit(['sudoku', '--check', '--box', text, '-'], { input: numbersText(grid) })
    if (isError(want)) {
      const api = viaApi(text)
      assert.equal(r.status, 2, `--box ${JSON.stringify(text)}: ${r.stderr}`)
      assert.ok(r.stderr.includes(`: ${want}: ${api.message}`), `--box ${JSON.stringify(text)}: ${r.stderr}`)
    } else {
      assert.equal(r.status, 0, `--box ${JSON.stringify(text)}: ${r.stderr}`)
      assert.equal(r.stdout, 'unique\n')
    }
  }
})

test('the sheet functions: the box argument the same (a blank cell is no box given, as for every argument)', () => {
  for (const { text, want } of CASES) {
    if (text.trim() === '') continue
    const grid = isError(want) ? fullGrid([3, 3]) : fullGrid(boxOfCase(want))
    const r = sheets.SUDOKU_CHECK(grid, text)
    if (isError(want)) {
      assert.ok(isSheetError(r), JSON.stringify(text))
      assert.equal(r.code, '#VALUE!')
      assert.equal(r.message, `${want}: ${viaApi(text).message}`)
    } else {
      assert.equal(r, 'unique', `${JSON.stringify(text)}: ${r?.message}`)
    }
  }
  assert.equal(sheets.SUDOKU_CHECK(fullGrid([3, 3]), ''), 'unique')
})

test('the Typst plugin: box= (quoted, as dlxkit.typ sends it) the same, by the same C parser', () => {
  for (const { text, want } of CASES) {
    const grid = isError(want) ? fullGrid([3, 3]) : fullGrid(boxOfCase(want))
    const r = typst('sudoku_json', numbersText(grid), `box="${text}"`)
    if (isError(want)) {
      assert.equal(r.code, 1, JSON.stringify(text))
      assert.ok(r.text.endsWith(`: ${want}: ${viaApi(text).message}`), `${JSON.stringify(text)}: ${r.text}`)
    } else {
      assert.equal(r.code, 0, `${JSON.stringify(text)}: ${r.text}`)
      const [rows, cols] = boxOfCase(want)
      assert.deepEqual(JSON.parse(r.text).box, [rows, cols || 1])
    }
  }
})

test('the default box of every side 1..64: the same in C (the plugin\'s solver) and in JS, and square as can be', () => {
  for (let n = 1; n <= 64; n++) {
    const js = defaultBox(n)
    assert.deepEqual(kit.sudoku.defaultBox(n), js)
    assert.equal(js.boxRows, DEFAULT_BOX_ROWS[n])
    assert.ok(js.boxRows <= js.boxCols && js.boxRows * js.boxCols === n)
    const blank = Array.from({ length: n }, () => new Array(n).fill(0))
    const grid = kit.sudoku.pattern(blank).solution // the C default box, as the C pattern takes it
    const r = typst('sudoku_json', numbersText(grid), `size=${n}`)
    assert.equal(r.code, 0, `side ${n}: ${r.text}`)
    assert.deepEqual(JSON.parse(r.text).box, [js.boxRows, js.boxCols], `side ${n}`)
    assert.equal(kit.sudoku.read(numbersText(grid), { size: n }).boxRows, js.boxRows)
  }
  for (const bad of [0, 65, 2.5, '9']) assert.throws(() => defaultBox(bad), { code: 'BAD_SIZE' })
})

test('one side of a box gives the other, by the C rule (sudoku_box_of), for read and solve alike', () => {
  const twelve = numbersText(fullGrid([4, 3]))
  assert.deepEqual([kit.sudoku.read(twelve, { boxRows: 4 }).boxCols, kit.sudoku.read(twelve, { boxCols: 3 }).boxRows], [3, 4])
  assert.equal(kit.sudoku.solve(twelve, { boxRows: 4 }).status, 'unique')
  for (const run of [() => kit.sudoku.read(twelve, { boxRows: 5 }), () => kit.sudoku.solve(twelve, { boxRows: 5 })]) {
    assert.throws(run, { code: 'BAD_SIZE', message: 'boxes of 5 rows do not tile a side of 12' })
  }
  assert.throws(() => kit.sudoku.solve(twelve, { boxRows: 2, boxCols: 3 }), { code: 'BAD_SIZE', message: 'boxes of 2 x 3 cells do not tile a side of 12' })
})

test('variant flags come from the generated ABI and mean in C what their names say', () => {
  assert.deepEqual(Object.keys(VARIANT).sort(), ['windoku', 'x'])
  const header = readFileSync(new URL('../include/sudoku.h', import.meta.url), 'utf8')
  for (const [name, flag] of Object.entries(VARIANT)) assert.match(header, new RegExp(`SUDOKU_${name.toUpperCase()} = ${flag}\\b`))
  const x = kit.sudoku.solve('.'.repeat(81), { variant: 'x', limit: 1 }).solution
  for (const diagonal of [(k) => x[k * 10], (k) => x[k * 8 + 8]]) {
    assert.equal(new Set(Array.from({ length: 9 }, (_, k) => diagonal(k))).size, 9)
  }
  // other names for the same flags; names are no object keys ('toString' is no variant)
  assert.equal(kit.sudoku.solve('.'.repeat(81), { variant: 'DIAGONAL', limit: 1 }).solution, x)
  assert.equal(kit.sudoku.solve('.'.repeat(81), { variant: 'hyper', limit: 1 }).solution, kit.sudoku.solve('.'.repeat(81), { variant: ['windoku'], limit: 1 }).solution)
  for (const bad of ['toString', '__proto__', 'y']) assert.throws(() => kit.sudoku.solve('.'.repeat(81), { variant: bad }), { code: 'BAD_ARGUMENT' })
  const w = kit.sudoku.solve('.'.repeat(81), { variant: 'windoku', limit: 1 }).solution
  for (const [r0, c0] of [[1, 1], [1, 5], [5, 1], [5, 5]]) {
    const cells = Array.from({ length: 9 }, (_, k) => w[(r0 + Math.floor(k / 3)) * 9 + c0 + (k % 3)])
    assert.equal(new Set(cells).size, 9, `window at ${r0}, ${c0}`)
  }
})

test('the pattern grid through the API: any size at once, givens kept, null when they do not fit', () => {
  for (const [n, opts] of [[25, {}], [36, { boxRows: 4 }], [64, { boxCols: 16 }], [60, { boxRows: 6, boxCols: 10 }], [4, {}]]) {
    const rows = Array.from({ length: n }, () => new Array(n).fill(0))
    rows[0][0] = n
    rows[n - 1][n - 1] = 1
    const r = kit.sudoku.pattern(rows, opts)
    assert.ok(r, `${n}x${n}`)
    assert.equal(r.solution[0][0], n)
    assert.equal(r.solution[n - 1][n - 1], 1)
    assert.equal(r.free, n - 2)
    // a complete grid of the shape: the solver finds it unique as a puzzle
    assert.equal(kit.sudoku.count(r.solution, { ...opts, limit: 2 }), 1, `${n}x${n}`)
  }
  // text in, text out, in the puzzle's style
  const line = kit.sudoku.pattern('1' + '.'.repeat(80))
  assert.match(line.solution, /^1[1-9]{80}$/)
  assert.equal(kit.sudoku.count(line.solution), 1)
  // two givens the pattern cannot hold, though the puzzle has solutions
  const apart = Array.from({ length: 25 }, () => new Array(25).fill(0))
  apart[0][0] = 1
  apart[1][5] = 1
  assert.equal(kit.sudoku.pattern(apart), null)
  assert.throws(() => kit.sudoku.pattern('.'.repeat(81), { variant: 'x' }), { code: 'BAD_ARGUMENT' })
  assert.throws(() => kit.sudoku.pattern('.'.repeat(36), { boxRows: 4 }), { code: 'BAD_SIZE', message: /4 rows do not tile a side of 6/ })
  assert.throws(() => kit.sudoku.pattern([[0, 5], [0, 0]]), { code: 'BAD_VALUE' })
})

test('the worker serves parseBox and pattern as the API does', async () => {
  const worker = await createWorker()
  try {
    assert.deepEqual(await worker.sudoku.parseBox('2 X 3'), { boxRows: 2, boxCols: 3 })
    await assert.rejects(worker.sudoku.parseBox('3by3'), { code: 'BAD_BOX', message: viaApi('3by3').message })
    const blank = Array.from({ length: 36 }, () => new Array(36).fill(0))
    assert.deepEqual(await worker.sudoku.pattern(blank), kit.sudoku.pattern(blank))
  } finally {
    worker.terminate()
  }
})
