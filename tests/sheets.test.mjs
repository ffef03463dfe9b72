// The spreadsheet functions (dlxkit/sheets) as a sheet calls them, their
// Excel metadata (web/excel/functions.json) against the module, and the
// add-in page registering them with a stand-in for Excel's CustomFunctions
// runtime, in Node and in Chromium.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { load } from '../src/js/dlxkit.mjs'
import { createSheetFunctions, loadSheetFunctions, SheetError, SIGNATURES, toExcelError } from '../src/js/dlxkit-sheets.mjs'
import { isSolution, cellsOf, HANG_MS } from './helpers.mjs'
import { PUZZLE, SOLUTION, launchBrowser, isLocal } from './browser.mjs'
import { start } from '../tools/serve.mjs'
import { signaturesSource } from '../tools/sheet-signatures.mjs'

const METADATA = JSON.parse(readFileSync(new URL('../web/excel/functions.json', import.meta.url), 'utf8'))

let kit, f

before(async () => {
  kit = await load()
  f = createSheetFunctions(kit)
})

/** A one-line puzzle as a range the way a sheet passes it: numbers, digit text and '' mixed. */
function rangeOf (line, n = Math.sqrt(line.length)) {
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => {
    const v = cellsOf(line[r * n + c])[0]
    if (!v) return (r + c) % 3 === 0 ? null : ''
    return (r + c) % 2 ? String(v) : v
  }))
}

const flat = (rows) => rows.flat().map((v) => typeof v === 'number' ? v : Number(v) || 0)

function assertError (value, code, pattern) {
  assert.ok(value instanceof SheetError, `expected ${code}, got ${JSON.stringify(value)}`)
  assert.equal(value.code, code)
  assert.match(value.message, pattern)
}

test('SUDOKU: a 9x9 range of numbers, digit text and blanks comes back solved, the same shape', () => {
  const range = rangeOf(PUZZLE)
  const out = f.SUDOKU(range)
  assert.equal(out.length, 9)
  assert.ok(out.every((row) => row.length === 9 && row.every((v) => typeof v === 'number')))
  assert.ok(isSolution(out.flat(), flat(range)))
  assert.equal(out.flat().join(''), SOLUTION)
})

test('SUDOKU: 4x4, 6x6 with a box argument in either form, and a 16x16', () => {
  const four = [[1, '', '', ''], ['', '', 3, ''], ['', 4, '', ''], ['', '', '', 2]]
  assert.ok(isSolution(f.SUDOKU(four).flat(), flat(four), 4, 2, 2))
  const empty6 = Array.from({ length: 6 }, () => new Array(6).fill(''))
  empty6[0][0] = 1
  assert.ok(isSolution(f.SUDOKU(empty6, '3x2').flat(), flat(empty6), 6, 3, 2))
  assert.ok(isSolution(f.SUDOKU(empty6, '2X3').flat(), flat(empty6), 6, 2, 3))
  assert.ok(isSolution(f.SUDOKU(empty6, 3).flat(), flat(empty6), 6, 3, 2))
  const g = kit.sudoku.generate({ size: 16, seed: 5, format: 'array' })
  const out = f.SUDOKU(g.puzzle.map((row) => row.map((v) => v || '')))
  assert.ok(isSolution(out.flat(), g.puzzle.flat(), 16, 4, 4))
})

test('SUDOKU_CHECK: unique, multiple, none and the clash by position in the range', () => {
  assert.equal(f.SUDOKU_CHECK(rangeOf(PUZZLE)), 'unique')
  assert.equal(f.SUDOKU_CHECK(Array.from({ length: 4 }, () => ['', '', '', ''])), 'multiple')
  // R1C3 can hold nothing (1, 2 in its row; 3, 4 in its column), yet no two givens clash
  assert.equal(f.SUDOKU_CHECK([[1, 2, '', ''], ['', '', 3, ''], ['', '', '', ''], ['', '', 4, '']]), 'none')
  const clash = rangeOf(PUZZLE)
  clash[0][4] = 5 // R1C1 holds 5 already
  assert.equal(f.SUDOKU_CHECK(clash), 'clash: R1C1 and R1C5 both 5')
  assertError(f.SUDOKU(clash), '#N/A', /^clash: R1C1 and R1C5 both 5$/)
  const column = rangeOf(PUZZLE)
  column[8][0] = '5'
  assert.equal(f.SUDOKU_CHECK(column), 'clash: R1C1 and R9C1 both 5')
  assertError(f.SUDOKU([[1, 2, '', ''], ['', '', 3, ''], ['', '', '', ''], ['', '', 4, '']]), '#N/A', /no solution/)
})

test('SUDOKU_COUNT: limit default 2, 0 for all, and bad limits', () => {
  const empty4 = Array.from({ length: 4 }, () => ['', '', '', ''])
  assert.equal(f.SUDOKU_COUNT(empty4), 2)
  assert.equal(f.SUDOKU_COUNT(empty4, null), 2)
  assert.equal(f.SUDOKU_COUNT(empty4, 0), 288) // every 4x4 Sudoku grid
  assert.equal(f.SUDOKU_COUNT(empty4, '10'), 10)
  assert.equal(f.SUDOKU_COUNT(rangeOf(PUZZLE), 5, '3x3'), 1)
  assertError(f.SUDOKU_COUNT(empty4, -1), '#NUM!', /whole number/)
  assertError(f.SUDOKU_COUNT(empty4, 1.5), '#NUM!', /whole number/)
  assertError(f.SUDOKU_COUNT(empty4, 'many'), '#VALUE!', /limit must be a number/)
})

test('SUDOKU_HINT: the library\'s hint at each depth, as one cell of text, for a 9x9 and a 6x6 with its box', () => {
  const range = rangeOf(PUZZLE)
  const grid = range.map((row) => row.map((v) => Number(v) || 0))
  assert.equal(f.SUDOKU_HINT(range), kit.sudoku.hint(grid).text, 'no depth: the library\'s default')
  for (const depth of [1, 2, 3]) {
    const want = kit.sudoku.hint(grid, { depth }).text
    assert.equal(typeof want, 'string')
    assert.equal(f.SUDOKU_HINT(range, depth), want, `depth ${depth}`)
    assert.equal(f.SUDOKU_HINT(range, String(depth), '3x3'), want, `depth "${depth}", box 3x3`)
  }
  assert.notEqual(f.SUDOKU_HINT(range, 1), f.SUDOKU_HINT(range, 3))
  const six = [[0, 0, 3, 0, 1, 0], [5, 6, 0, 3, 2, 0], [0, 5, 4, 2, 0, 3], [2, 0, 6, 4, 5, 0], [0, 1, 2, 0, 4, 5], [0, 4, 0, 1, 0, 0]]
  const sixRange = six.map((row) => row.map((v) => v || ''))
  for (const depth of [1, 2, 3]) {
    assert.equal(f.SUDOKU_HINT(sixRange, depth, '2x3'), kit.sudoku.hint(six, { boxRows: 2, boxCols: 3, depth }).text)
  }
  // a full grid has nothing left to hint
  const solved = f.SUDOKU(range)
  assert.equal(f.SUDOKU_HINT(solved), 'The grid is full.')
})

test('SUDOKU_STEPS is the library\'s steps as a column of sentences; SUDOKU_RATING its rating as one row', () => {
  const range = rangeOf(PUZZLE)
  const grid = range.map((row) => row.map((v) => Number(v) || 0))
  const { steps, rating } = kit.sudoku.steps(grid)
  assert.ok(steps.length > 10)
  assert.deepEqual(f.SUDOKU_STEPS(range), steps.map((s) => [s.text]))
  assert.deepEqual(f.SUDOKU_RATING(range), [[rating.rating, rating.technique, rating.steps]])
  // a harder puzzle: the rating is its hardest technique's
  const hard = kit.sudoku.generate({ size: 9, seed: 3, format: 'array' }).puzzle
  const hardSteps = kit.sudoku.steps(hard)
  const top = Math.max(...hardSteps.steps.map((s) => s.rating))
  assert.deepEqual(f.SUDOKU_RATING(hard.map((row) => row.map((v) => v || ''))), [[top, hardSteps.steps.find((s) => s.rating === top).technique, hardSteps.steps.length]])
  const four = [[1, '', '', ''], ['', '', 3, ''], ['', 4, '', ''], ['', '', '', 2]]
  assert.deepEqual(f.SUDOKU_STEPS(four, '2x2'), kit.sudoku.steps([[1, 0, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]]).steps.map((s) => [s.text]))
  const solved = f.SUDOKU(range)
  assert.deepEqual(f.SUDOKU_STEPS(solved), [['The grid is full.']])
  assert.deepEqual(f.SUDOKU_RATING(solved), [[0, '', 0]])
})

test('SUDOKU_HINT, _STEPS and _RATING: errors as the other functions give them, and the module stays usable', () => {
  const range = rangeOf(PUZZLE)
  for (const name of ['SUDOKU_HINT', 'SUDOKU_STEPS', 'SUDOKU_RATING']) {
    const call = (r, ...rest) => name === 'SUDOKU_HINT' ? f[name](r, '', ...rest) : f[name](r, ...rest)
    const clash = rangeOf(PUZZLE)
    clash[0][4] = 5
    assertError(call(clash), '#N/A', /^clash: R1C1 and R1C5 both 5$/)
    assertError(call(Array.from({ length: 9 }, () => new Array(9).fill(''))), '#N/A', /more than one solution/)
    assertError(call([[1, 2, '', ''], ['', '', 3, ''], ['', '', '', ''], ['', '', 4, '']]), '#N/A', /no solution/)
    assertError(call(range.map((row) => row.slice(0, 8))), '#VALUE!', /9 rows by 8 columns/)
    assertError(call(range, 'big'), '#VALUE!', /^BAD_BOX/)
    assertError(call(range, '2x3'), '#VALUE!', /do not tile a side of 9/)
    const tight = createSheetFunctions(kit, { maxNodes: 10 })
    assertError(name === 'SUDOKU_HINT' ? tight[name](range, 1) : tight[name](range), '#N/A', /gave up after 10 search nodes/)
  }
  assertError(f.SUDOKU_HINT(range, 4), '#VALUE!', /depth must be 1, 2 or 3 \(got 4\)/)
  assertError(f.SUDOKU_HINT(range, 'x'), '#VALUE!', /depth must be 1, 2 or 3 \(got "x"\)/)
  assertError(f.SUDOKU_HINT(range, 1.5), '#VALUE!', /depth must be 1, 2 or 3/)
  assert.equal(f.SUDOKU_HINT(range, 3), kit.sudoku.hint(range.map((row) => row.map((v) => Number(v) || 0))).text)
})

test('bad ranges are #VALUE! errors that say what and where; the functions never throw', () => {
  const nine = rangeOf(PUZZLE)
  assertError(f.SUDOKU(nine.map((row) => row.slice(0, 8))), '#VALUE!', /9 rows by 8 columns.*square/)
  assertError(f.SUDOKU([[1, 2], [3]]), '#VALUE!', /rectangular/)
  assertError(f.SUDOKU(null), '#VALUE!', /range/)
  const letter = rangeOf(PUZZLE)
  letter[1][2] = 'x'
  assertError(f.SUDOKU(letter), '#VALUE!', /R2C3 holds "x".*1\.\.9/)
  const big = rangeOf(PUZZLE)
  big[3][3] = 12
  assertError(f.SUDOKU_CHECK(big), '#VALUE!', /R4C4 holds 12/)
  assertError(f.SUDOKU(nine, '2x3'), '#VALUE!', /^boxes of 2 x 3 cells do not tile a side of 9/)
  assertError(f.SUDOKU(nine, 'big'), '#VALUE!', /^BAD_BOX: box "big" is not ROWSxCOLUMNS/)
  assertError(f.SUDOKU(nine, 4), '#VALUE!', /^boxes of 4 rows do not tile a side of 9/)
  const huge = Array.from({ length: 65 }, () => new Array(65).fill(''))
  assertError(f.SUDOKU(huge), '#VALUE!', /largest Sudoku is 64x64/)
  // a range far too big for a Sudoku is refused on its shape, before its 2^24 cells are read
  let reads = 0
  const counted = new Proxy(new Array(4096), { get: (t, k) => { if (typeof k === 'string' && /^\d+$/.test(k)) reads++; return Reflect.get(t, k) } })
  const square = new Array(4096).fill(counted)
  for (const name of ['SUDOKU', 'SUDOKU_COUNT', 'SUDOKU_CHECK']) assertError(f[name](square), '#VALUE!', /4096x4096; the largest Sudoku is 64x64/)
  assertError(f.SUDOKU(new Array(100).fill(counted)), '#VALUE!', /100 rows by 4096 columns/)
  assert.equal(reads, 0, 'cells read from a range refused on its shape')
  for (const name of Object.keys(SIGNATURES)) {
    assert.doesNotThrow(() => f[name](undefined, {}, Symbol('odd')))
    assert.ok(f[name]({ not: 'a range' }) instanceof SheetError, name)
  }
  // the module still works after all that
  assert.equal(f.SUDOKU_CHECK(nine), 'unique')
})

test('EXACTCOVER_COUNT counts the 12,988,816 domino tilings of 8x8 within the default budget (the memo, where the search would give up)', () => {
  const cells = (r, c) => r * 8 + c
  const rows = []
  for (let r = 0; r < 8; r++) {
    for (let c = 0; c < 8; c++) {
      for (const [dr, dc] of [[0, 1], [1, 0]]) {
        if (r + dr > 7 || c + dc > 7) continue
        const row = new Array(64).fill(0)
        row[cells(r, c)] = row[cells(r + dr, c + dc)] = 1
        rows.push(row)
      }
    }
  }
  assert.equal(rows.length, 112)
  assert.equal(f.EXACTCOVER_COUNT(rows), 12988816)
})

test('a search past the node budget is #N/A "gave up", not a hung sheet', () => {
  const tight = createSheetFunctions(kit, { maxNodes: 10 })
  const empty = Array.from({ length: 16 }, () => new Array(16).fill(''))
  assertError(tight.SUDOKU_COUNT(empty, 0), '#N/A', /gave up after 10 search nodes/)
  // the perfect matchings of 16 points: 2,027,025 covers
  const pairs = []
  for (let a = 0; a < 16; a++) for (let b = a + 1; b < 16; b++) pairs.push(Array.from({ length: 16 }, (_, c) => c === a || c === b ? 1 : 0))
  assertError(tight.EXACTCOVER_COUNT(pairs), '#N/A', /gave up/)
  assert.equal(createSheetFunctions(kit, { maxNodes: 0 }).EXACTCOVER_COUNT(pairs.slice(0, 15 + 14 + 13)), 0)
})

const one = (v) => v === 1 || v === true || v === '1'

/** Exact covers by trying every subset of the rows that hold a 1: the independent count. */
function bruteCovers (m) {
  const width = m[0].length
  const covers = []
  const blank = m.reduce((acc, row, r) => row.some(one) ? acc : acc | (1 << r), 0)
  for (let mask = 1; mask < 1 << m.length; mask++) {
    if (mask & blank) continue
    const hits = new Array(width).fill(0)
    for (let r = 0; r < m.length; r++) if (mask & (1 << r)) m[r].forEach((v, c) => { if (one(v)) hits[c]++ })
    if (hits.every((h) => h === 1)) covers.push(mask)
  }
  return covers
}

test('EXACTCOVER_COUNT and EXACTCOVER_SOLVE agree with trying every set of rows', () => {
  let seed = 7
  const rand = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648 }
  let withCovers = 0
  for (let t = 0; t < 40; t++) {
    const rows = 4 + Math.floor(rand() * 9)
    const cols = 2 + Math.floor(rand() * 5)
    const m = Array.from({ length: rows }, () => Array.from({ length: cols }, () => {
      const x = rand()
      return x < 0.3 ? 1 : x < 0.35 ? true : x < 0.4 ? '1' : x < 0.7 ? 0 : x < 0.85 ? '' : null
    }))
    const covers = bruteCovers(m)
    assert.equal(f.EXACTCOVER_COUNT(m), covers.length, JSON.stringify(m))
    const solved = f.EXACTCOVER_SOLVE(m)
    if (!covers.length) {
      assertError(solved, '#N/A', /no exact cover/)
      continue
    }
    withCovers++
    assert.ok(solved.every((row) => row.length === 1), 'a column of row numbers')
    const mask = solved.reduce((acc, [row]) => acc | (1 << (row - 1)), 0)
    assert.ok(covers.includes(mask), `rows ${solved.flat()} are not a cover of ${JSON.stringify(m)}`)
  }
  assert.ok(withCovers >= 5, `only ${withCovers} random matrices had a cover`)
})

test('EXACTCOVER_*: empty rows are no options, a column nobody covers means none, bad cells are #VALUE!', () => {
  const m = [[1, 0, 0, 1], [0, 1, 1, 0], ['', '', '', ''], [1, 1, 0, 0], [0, 0, 1, 1]]
  assert.equal(f.EXACTCOVER_COUNT(m), 2)
  assert.deepEqual(f.EXACTCOVER_SOLVE(m), [[1], [2]])
  assert.equal(f.EXACTCOVER_COUNT([[1, 0], [1, 0]]), 0)
  assertError(f.EXACTCOVER_SOLVE([[1, 0], [1, 0]]), '#N/A', /column 2 has a 1 in no row/)
  assertError(f.EXACTCOVER_COUNT([[1, 2]]), '#VALUE!', /R1C2 holds 2/)
})

/** Sets of rows whose column sums lie within the bounds: the independent count with times. */
function bruteBounded (m, bounds) {
  const covers = []
  for (let mask = 1; mask < 1 << m.length; mask++) {
    if (m.some((row, r) => mask & (1 << r) && !row.some(one))) continue
    const hits = new Array(m[0].length).fill(0)
    for (let r = 0; r < m.length; r++) if (mask & (1 << r)) m[r].forEach((v, c) => { if (one(v)) hits[c]++ })
    if (hits.every((h, c) => h >= bounds[c].min && h <= bounds[c].max)) covers.push(mask)
  }
  if (bounds.every((b) => b.min === 0)) covers.push(0) // no row at all
  return covers
}

test('EXACTCOVER_* with times agree with trying every set of rows (Knuth\'s multiplicities)', () => {
  let seed = 11
  const rand = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648 }
  let withCovers = 0
  let checked = 0
  for (let t = 0; t < 60; t++) {
    const rows = 3 + Math.floor(rand() * 9)
    const cols = 1 + Math.floor(rand() * 5)
    const m = Array.from({ length: rows }, () => Array.from({ length: cols }, () => rand() < 0.4 ? 1 : 0))
    const bounds = []
    const times = [Array.from({ length: cols }, () => {
      const x = rand()
      if (x < 0.2) { bounds.push({ min: 1, max: 1 }); return '' }
      if (x < 0.5) { const n = 1 + Math.floor(rand() * 3); bounds.push({ min: n, max: n }); return rand() < 0.5 ? n : String(n) }
      const min = Math.floor(rand() * 2); const max = Math.max(1, min + Math.floor(rand() * 3))
      bounds.push({ min, max })
      return `${min}:${max}`
    })]
    if (bounds.every((b) => b.min === 0)) continue // the empty set of rows: the search names no rows for it
    checked++
    const covers = bruteBounded(m, bounds)
    assert.equal(f.EXACTCOVER_COUNT(m, times), covers.length, JSON.stringify({ m, times }))
    const solved = f.EXACTCOVER_SOLVE(m, times)
    if (!covers.length) {
      assertError(solved, '#N/A', /no exact cover/)
      continue
    }
    withCovers++
    const mask = solved.reduce((acc, [row]) => acc | (1 << (row - 1)), 0)
    assert.ok(covers.includes(mask), `rows ${solved.flat()} are not a cover of ${JSON.stringify({ m, times })}`)
  }
  assert.ok(checked >= 40 && withCovers >= 10, `only ${withCovers} of ${checked} random matrices had a cover`)
  // a column of times works as a row; times omitted or blank is once
  const m = [[1, 0, 1], [0, 1, 0], [1, 1, 0], [0, 0, 1], [0, 1, 1]]
  assert.equal(f.EXACTCOVER_COUNT(m, [[2], [2], [2]]), f.EXACTCOVER_COUNT(m, [[2, 2, 2]]))
  assert.equal(f.EXACTCOVER_COUNT(m, [['', '', '']]), f.EXACTCOVER_COUNT(m))
  assert.equal(f.EXACTCOVER_COUNT(m, null), f.EXACTCOVER_COUNT(m))
})

test('EXACTCOVER_* times: a wrong shape or value is #VALUE! naming the cell', () => {
  const m = [[1, 0], [0, 1]]
  assertError(f.EXACTCOVER_COUNT(m, [[1]]), '#VALUE!', /1 x 1; it needs one row of 2 cells/)
  assertError(f.EXACTCOVER_COUNT(m, [[1, 1], [1, 1]]), '#VALUE!', /2 x 2/)
  assertError(f.EXACTCOVER_COUNT(m, [[1, 'x']]), '#VALUE!', /times, cell 2 .*holds "x"/)
  assertError(f.EXACTCOVER_SOLVE(m, [[1.5, 1]]), '#VALUE!', /cell 1 .*holds 1\.5/)
  assertError(f.EXACTCOVER_COUNT(m, [[0, 1]]), '#VALUE!', /cell 1 .*at least 1/)
  assertError(f.EXACTCOVER_COUNT(m, [['3:2', 1]]), '#VALUE!', /cell 1 .*at least the fewest/)
  assertError(f.EXACTCOVER_COUNT(m, [[-1, 1]]), '#VALUE!', /cell 1/)
  // a column that may go uncovered needs no 1; one that must be covered does
  assert.equal(f.EXACTCOVER_COUNT([[1, 0]], [[1, '0:1']]), 1)
  assertError(f.EXACTCOVER_SOLVE([[1, 0]], [[1, '1:2']]), '#N/A', /column 2 has a 1 in no row/)
})

test('EXACTCOVER_BEST and EXACTCOVER_COST agree with pricing every cover (Knuth\'s DLX5 costs), with and without times', () => {
  let seed = 5
  const rand = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648 }
  let priced = 0
  for (let t = 0; t < 60; t++) {
    const rows = 3 + Math.floor(rand() * 9)
    const cols = 1 + Math.floor(rand() * 4)
    const m = Array.from({ length: rows }, () => Array.from({ length: cols }, () => rand() < 0.4 ? 1 : 0))
    const costs = Array.from({ length: rows }, () => [rand() < 0.1 ? '' : Math.floor(rand() * 20)])
    const bounded = t % 2 === 1
    const bounds = Array.from({ length: cols }, () => bounded ? { min: 1, max: 1 + Math.floor(rand() * 2) } : { min: 1, max: 1 })
    const times = bounded ? [bounds.map((b) => `${b.min}:${b.max}`)] : undefined
    const price = (mask) => costs.reduce((sum, [c], r) => sum + (mask & (1 << r) ? Number(c || 0) : 0), 0)
    const covers = bounded ? bruteBounded(m, bounds) : bruteCovers(m)
    const what = JSON.stringify({ m, costs, times })
    const best = f.EXACTCOVER_BEST(m, costs, times)
    const cost = f.EXACTCOVER_COST(m, costs, times)
    if (!covers.length) {
      assertError(best, '#N/A', /no exact cover/)
      assertError(cost, '#N/A', /no exact cover/)
      continue
    }
    priced++
    const cheapest = Math.min(...covers.map(price))
    assert.equal(cost, cheapest, what)
    const mask = best.reduce((acc, [row]) => acc | (1 << (row - 1)), 0)
    assert.ok(covers.includes(mask), `rows ${best.flat()} are not a cover of ${what}`)
    assert.equal(price(mask), cheapest, `rows ${best.flat()} are not the cheapest cover of ${what}`)
  }
  assert.ok(priced >= 15, `only ${priced} random matrices had a cover`)
})

test('EXACTCOVER_BEST/COST: costs of a wrong shape or value are #VALUE! naming the cell; a cost past 2^53 - 1 is #NUM!', () => {
  const m = [[1, 0], [0, 1], [1, 1]]
  assert.deepEqual(f.EXACTCOVER_BEST(m, [[1, 1, 3]]), [[1], [2]]) // a row of costs works as a column
  assert.equal(f.EXACTCOVER_COST(m, [[1], [1], [1]]), 1)
  assertError(f.EXACTCOVER_BEST(m), '#VALUE!', /costs range is missing/)
  assertError(f.EXACTCOVER_COST(m, [[1], [2]]), '#VALUE!', /2 x 1; it needs one column of 3 cells/)
  assertError(f.EXACTCOVER_COST(m, [[1, 2, 3, 4]]), '#VALUE!', /is 1 x 4; it needs one column of 3 cells/)
  assertError(f.EXACTCOVER_COST(m, [[1], [-2], [1]]), '#VALUE!', /costs, cell 2 .*holds -2/)
  assertError(f.EXACTCOVER_COST(m, [[1], [2.5], [1]]), '#VALUE!', /cell 2 .*holds 2\.5/)
  assertError(f.EXACTCOVER_COST(m, [[1], ['x'], [1]]), '#VALUE!', /cell 2 .*holds "x"/)
  assertError(f.EXACTCOVER_COST(m, [[2 ** 53], [1], [1]]), '#VALUE!', /cell 1/)
  const big = Number.MAX_SAFE_INTEGER
  assertError(f.EXACTCOVER_COST([[1, 0], [0, 1]], [[big], [big]]), '#NUM!', new RegExp(String(2n * BigInt(big))))
  assertError(f.EXACTCOVER_BEST([[1, 0], [1, 0]], [[1], [1]]), '#N/A', /column 2 has a 1 in no row/)
  assertError(f.EXACTCOVER_COST([[1, 1], [0, 1]], [[1], [1]], [[2, 1]]), '#N/A', /no exact cover/)
})

test('loadSheetFunctions loads the module itself', async () => {
  const g = await loadSheetFunctions()
  assert.equal(g.SUDOKU_CHECK(rangeOf(PUZZLE)), 'unique')
})

// ---- Excel ------------------------------------------------------------------------

test('src/js/dlxkit-sheets-signatures.mjs is current with functions.json (make src/js/dlxkit-sheets-signatures.mjs)', () => {
  const committed = readFileSync(new URL('../src/js/dlxkit-sheets-signatures.mjs', import.meta.url), 'utf8')
  assert.equal(committed, signaturesSource(new URL('..', import.meta.url)))
})

test('functions.json names every function of the module, with ids Excel accepts, optional parameters last', () => {
  const byName = new Map(METADATA.functions.map((fn) => [fn.name, fn]))
  assert.deepEqual([...byName.keys()].sort(), Object.keys(f).sort())
  for (const [name, meta] of byName) {
    assert.match(meta.id, /^[A-Za-z][A-Za-z0-9.]{2,}$/, 'ids: letters, digits and periods')
    const firstOptional = meta.parameters.findIndex((p) => p.optional)
    assert.ok(firstOptional < 0 || meta.parameters.slice(firstOptional).every((p) => p.optional), name)
    assert.equal(meta.parameters[0].dimensionality, 'matrix', `${name}: ranges are matrices`)
    assert.equal(typeof f[name], 'function', name)
    assert.ok(meta.description.length > 10, name)
  }
})

/** A stand-in for Excel's CustomFunctions runtime: what associate() got. */
function fakeRuntime () {
  class FakeError {
    constructor (code, message) { this.code = code; this.message = message }
  }
  const associated = new Map()
  return {
    associated,
    FakeError,
    runtime: {
      associate (id, fn) { associated.set(id, fn) },
      Error: FakeError,
      ErrorCode: { invalidValue: '#VALUE!', notAvailable: '#N/A', invalidNumber: '#NUM!', divisionByZero: '#DIV/0!', nullReference: '#NULL!' }
    }
  }
}

test('toExcelError: the error kinds Excel has, with the message where Excel shows one', () => {
  const { runtime, FakeError } = fakeRuntime()
  const v = toExcelError(new SheetError('#VALUE!', 'why'), runtime)
  assert.ok(v instanceof FakeError)
  assert.deepEqual({ ...v }, { code: '#VALUE!', message: 'why' })
  assert.deepEqual({ ...toExcelError(new SheetError('#N/A', 'none'), runtime) }, { code: '#N/A', message: 'none' })
  assert.deepEqual({ ...toExcelError(new SheetError('#NUM!', 'lost'), runtime) }, { code: '#NUM!', message: undefined })
  assert.deepEqual(toExcelError([[1]], runtime), [[1]])
})

test('the add-in page registers every id of functions.json and answers as Excel calls (Node)', async () => {
  const { runtime, associated, FakeError } = fakeRuntime()
  globalThis.CustomFunctions = runtime
  try {
    const page = await import('../web/excel/functions.mjs')
    assert.deepEqual([...associated.keys()].sort(), METADATA.functions.map((fn) => fn.id).sort())
    assert.deepEqual([...page.registered].sort(), [...associated.keys()].sort())
    const invocation = { address: 'Sheet1!K1' } // Excel adds it after the declared arguments
    const solved = await associated.get('SUDOKU')(rangeOf(PUZZLE), null, invocation)
    assert.equal(solved.flat().join(''), SOLUTION)
    assert.equal(await associated.get('SUDOKU.COUNT')(rangeOf(PUZZLE), null, null, invocation), 1)
    assert.equal(await associated.get('SUDOKU.CHECK')(rangeOf(PUZZLE), null, invocation), 'unique')
    assert.equal(await associated.get('EXACTCOVER.COUNT')([[1, 0], [0, 1], [1, 1]], null, invocation), 2)
    assert.equal(await associated.get('EXACTCOVER.COUNT')([[1, 0], [0, 1], [1, 1]], [[2, 1]], invocation), 1)
    assert.deepEqual(await associated.get('EXACTCOVER.SOLVE')([[0, 1], [1, 1]], null, invocation), [[2]])
    const grid = rangeOf(PUZZLE).map((row) => row.map((v) => Number(v) || 0))
    assert.equal(await associated.get('SUDOKU.HINT')(rangeOf(PUZZLE), 2, null, invocation), kit.sudoku.hint(grid, { depth: 2 }).text)
    assert.equal(await associated.get('SUDOKU.HINT')(rangeOf(PUZZLE), null, null, invocation), kit.sudoku.hint(grid).text)
    assert.deepEqual(await associated.get('SUDOKU.STEPS')(rangeOf(PUZZLE), null, invocation), kit.sudoku.steps(grid).steps.map((s) => [s.text]))
    const { rating } = kit.sudoku.steps(grid)
    assert.deepEqual(await associated.get('SUDOKU.RATING')(rangeOf(PUZZLE), null, invocation), [[rating.rating, rating.technique, rating.steps]])
    await assert.rejects(associated.get('SUDOKU.HINT')(rangeOf(PUZZLE), 9, null, invocation),
      (e) => e instanceof FakeError && e.code === '#VALUE!' && /depth must be 1, 2 or 3/.test(e.message))
    await assert.rejects(associated.get('SUDOKU')([[1, 2, 3]], null, invocation),
      (e) => e instanceof FakeError && e.code === '#VALUE!' && /1 rows by 3 columns/.test(e.message))
    await assert.rejects(associated.get('SUDOKU.COUNT')(rangeOf(PUZZLE), -2, null, invocation),
      (e) => e instanceof FakeError && e.code === '#NUM!')
  } finally {
    delete globalThis.CustomFunctions
  }
  // outside Excel the page says why it cannot work
  await assert.rejects(import('../web/excel/functions.mjs?outside-excel'), /CustomFunctions is missing/)
})

test('the add-in page in Chromium, with office.js replaced by a stand-in runtime', async () => {
  const server = await start({ port: 0 })
  let browser // a browser that cannot start fails the test; the server must close all the same, or the file never ends
  try {
    browser = await launchBrowser()
    const page = await browser.newPage()
    const errors = []
    const outside = []
    page.on('pageerror', (e) => errors.push(e.message))
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()) })
    page.on('request', (r) => { if (!isLocal(r.url())) outside.push(r.url()) })
    const office = 'https://appsforoffice.microsoft.com/lib/1/hosted/office.js'
    await page.route(office, (route) => route.fulfill({
      contentType: 'text/javascript',
      body: `window.__associated = {};
        window.CustomFunctions = {
          associate (id, fn) { window.__associated[id] = fn },
          Error: class { constructor (code, message) { this.code = code; this.message = message } },
          ErrorCode: { invalidValue: '#VALUE!', notAvailable: '#N/A', invalidNumber: '#NUM!' }
        }`
    }))
    await page.goto(new URL('/web/excel/functions.html', server.url).href)
    await page.waitForFunction((n) => Object.keys(window.__associated ?? {}).length === n, METADATA.functions.length)
    const out = await page.evaluate(async ([range]) => {
      const fns = window.__associated
      const call = (id, ...args) => fns[id](...args, { address: 'A1' }).catch((e) => ({ error: e.code, message: e.message }))
      return {
        ids: Object.keys(fns).sort(),
        solved: (await call('SUDOKU', range, null)).flat().join(''),
        check: await call('SUDOKU.CHECK', range, null),
        count: await call('SUDOKU.COUNT', range.map((row) => row.map(() => '')).slice(0, 4).map((row) => row.slice(0, 4)), 0, null),
        bad: await call('SUDOKU', [[1, 2]], null),
        cover: await call('EXACTCOVER.SOLVE', [[1, 0], [0, 1]], null),
        best: await call('EXACTCOVER.BEST', [[1, 0], [0, 1], [1, 1]], [[2], [2], [3]], null)
      }
    }, [rangeOf(PUZZLE)])
    assert.deepEqual(out.ids, METADATA.functions.map((fn) => fn.id).sort())
    assert.equal(out.solved, SOLUTION)
    assert.equal(out.check, 'unique')
    assert.equal(out.count, 288)
    assert.equal(out.bad.error, '#VALUE!')
    assert.match(out.bad.message, /1 rows by 2 columns/)
    assert.deepEqual(out.cover, [[1], [2]])
    assert.deepEqual(out.best, [[3]])
    assert.deepEqual(errors, [])
    assert.deepEqual(outside, [office], 'nothing but office.js (stubbed) leaves localhost')
  } finally {
    await browser?.close()
    await server.close()
  }
})

test('blank and nearly blank grids of every size up to 64x64 solve (no "gave up")', { timeout: HANG_MS }, () => {
  for (let n = 1; n <= 64; n++) {
    const blank = Array.from({ length: n }, () => new Array(n).fill(''))
    const out = f.SUDOKU(blank)
    assert.ok(Array.isArray(out), `${n}x${n}: ${out?.message}`)
    assert.equal(kit.sudoku.count(out), 1, `${n}x${n}: not a valid grid`)
    if (n > 1) assert.equal(f.SUDOKU_COUNT(blank), 2, `${n}x${n}`)
    if (n > 1) assert.equal(f.SUDOKU_CHECK(blank), 'multiple', `${n}x${n}`)
  }
  // other boxes, and a few givens
  for (const [n, box] of [[64, '2x32'], [64, '4x16'], [64, '16x4'], [64, 1], [60, '6x10'], [49, '7x7'], [25, '5x5']]) {
    const g = Array.from({ length: n }, () => new Array(n).fill(''))
    g[0][0] = n
    g[n - 1][3] = 1
    g[n >> 1][n >> 2] = 2
    const out = f.SUDOKU(g, box)
    assert.ok(Array.isArray(out), `${n}x${n} ${box}: ${out?.message}`)
    const [boxRows, boxCols] = typeof box === 'number' ? [box, n / box] : box.split('x').map(Number)
    assert.equal(kit.sudoku.count(out, { boxRows, boxCols }), 1, `${n}x${n} ${box}: not a valid grid`)
    assert.equal(out[0][0], n)
    assert.equal(out[n - 1][3], 1)
    assert.equal(out[n >> 1][n >> 2], 2)
    assert.equal(f.SUDOKU_COUNT(g, 1000, box), 1000)
  }
  // counting them all cannot be done: a clear #NUM!, at once
  const blank = Array.from({ length: 64 }, () => new Array(64).fill(''))
  assertError(f.SUDOKU_COUNT(blank, 0), '#NUM!', /too many to count: give a limit/)
})

test('EXACTCOVER: a range with no columns is #VALUE!, not one empty cover', () => {
  for (const m of [[[]], [[], []], [[], [], []]]) {
    assertError(f.EXACTCOVER_COUNT(m), '#VALUE!', /at least one column/)
    assertError(f.EXACTCOVER_SOLVE(m), '#VALUE!', /at least one column/)
  }
})
