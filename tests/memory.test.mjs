// Memory: long runs of calls (and of errors) leave the module's memory where
// it was; a memory cap turns exhaustion into OUT_OF_MEMORY (never a trap),
// after which the instance still works; setMemoryLimit moves the cap.
// Problems dropped without free(): tests/finalization.test.mjs.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { load, DlxError } from '../src/js/dlxkit.mjs'
import { solveInSteps } from '../src/js/dlxkit-sudoku-steps.mjs'
import { dataFile, isSolution, HANG_MS } from './helpers.mjs'

const PAGE = 64 * 1024
const CLASSIC = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'
const SOLVED = '534678912672195348198342567859761423426853791713924856961537284287419635345286179'
const QUEENS = dataFile('exact-cover', 'queens-12.dlx')
const asRange = (line) => line.match(/.{9}/g).map((row) => [...row].map((ch) => ch === '.' ? 0 : Number(ch)))
const asGrid = (line) => line.match(/.{9}/g).map((row) => row.replace(/(...)(...)(...)/, '$1 | $2 | $3')).join('\n') + '\n'
const empty = (n) => Array.from({ length: n }, () => Array(n).fill(0))

/** Run `round` warmUp times, note the memory, run it `times` more: growth in bytes. */
function growth (dlx, round, { warmUp = 1000, times }) {
  for (let i = 0; i < warmUp; i++) round(i)
  const before = dlx.memorySize()
  for (let i = 0; i < times; i++) round(i)
  return dlx.memorySize() - before
}

function assertFlat (bytes, what) {
  assert.ok(bytes <= PAGE, `${what}: memory grew by ${bytes} bytes`)
}

function assertOutOfMemory (fn) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof DlxError, `expected a DlxError, got ${e?.constructor?.name}: ${e?.message}`)
    assert.equal(e.code, 'OUT_OF_MEMORY', e.message)
    return true
  })
}

function assertSolvesClassic (dlx) {
  assert.equal(dlx.sudoku.solve(CLASSIC).solution, SOLVED)
}

test('100,000 sudoku.solve calls (lines, ranges, grids) leave memory flat', async () => {
  const dlx = await load()
  const generated = [1, 2, 3].map((seed) => dlx.sudoku.generate({ seed }).puzzle)
  const inputs = [CLASSIC, ...generated, asRange(CLASSIC), asRange(generated[0]), asGrid(CLASSIC), asGrid(generated[1])]
  const expected = inputs.map((p) => JSON.stringify(dlx.sudoku.solve(p).solution))
  let checked = 0
  const bytes = growth(dlx, (i) => {
    const k = i % inputs.length
    const r = dlx.sudoku.solve(inputs[k])
    if (i % 997 === 0) {
      assert.equal(JSON.stringify(r.solution), expected[k])
      checked++
    }
  }, { times: 100000 })
  assertFlat(bytes, '100,000 solves')
  assert.ok(checked > 100)
  // the other Sudoku calls too
  assertFlat(growth(dlx, (i) => {
    dlx.sudoku.candidates(inputs[i % inputs.length])
    dlx.sudoku.rate(inputs[i % inputs.length])
    dlx.sudoku.solveMany(inputs)
  }, { warmUp: 100, times: 3000 }), 'candidates, rate, solveMany')
  assertFlat(growth(dlx, (i) => dlx.sudoku.generate({ seed: i % 50 }), { warmUp: 50, times: 500 }), 'generate')
})

test('10,000 exactCover problems created, counted and freed leave memory flat', async () => {
  const dlx = await load()
  const named = {
    primary: ['a', 'b', 'c', 'd'],
    secondary: ['x', 'y'],
    options: [['a', 'b', 'x:red'], ['c', 'd', 'x:red'], ['a', 'c', 'y:1'], ['b', 'd', 'y:1'], ['a', 'b', 'c', 'd'], ['b', 'd', 'x:blue']]
  }
  const indexed = { primary: 3, secondary: 1, options: [[0, 1], [2, [3, 1]], [0], [1, 2, [3, 2]], [0, 1, 2]] }
  const counts = [dlx.exactCover(indexed).count(), dlx.exactCover(named).count()]
  const bytes = growth(dlx, (i) => {
    const p = dlx.exactCover(i % 2 ? named : indexed)
    assert.equal(p.count(), counts[i % 2])
    if (i % 10 === 0) {
      p.solve()
      p.option(1)
      p.stats()
      p.force(0)
      p.itemOptions(1)
      p.unforce()
    }
    p.free()
  }, { times: 10000 })
  assertFlat(bytes, '10,000 exactCover problems')
})

test('10,000 parseDlx problems parsed, counted and freed leave memory flat', async () => {
  const dlx = await load()
  const small = '| a tiny problem\na b c | x y\na b x:1\nc y\na c x:2\nb\nb y:3\n'
  const smallCount = dlx.parseDlx(small).count()
  const bytes = growth(dlx, (i) => {
    const big = i % 100 === 0
    const p = dlx.parseDlx(big ? QUEENS : small)
    assert.equal(p.count({ limit: big ? 50 : 0 }), big ? 50 : smallCount)
    if (big) {
      assert.equal(p.formatOption(3), 'r0 c3 a3 b8')
      p.countShard(1, 4, { maxNodes: 1000000 })
    }
    p.free()
  }, { times: 10000 })
  assertFlat(bytes, '10,000 parsed problems')
})

// A solve in steps (the worker's, above 16x16) holds the instance: memory
// freed meanwhile does not replace it under the solve, only after.
test('the instance is not replaced under a solve in steps, and is once it ends', { timeout: HANG_MS }, async () => {
  const dlx = await load()
  const run = solveInSteps(dlx.sudoku, empty(25), { limit: 1 })
  assert.equal(run.step(1), null)
  dlx.exactCover({ primary: 700000, options: [[0]] }).free()
  assert.ok(dlx.memorySize() > 64 << 20, `memory is ${dlx.memorySize()} bytes`)
  assert.equal(await dlx.releaseMemory(), false, 'replaced under the solve')
  let r
  try {
    while (!(r = run.step(1000)));
  } finally {
    run.close()
  }
  assert.equal(r.status, 'found')
  assert.ok(isSolution(r.solution.flat(), null, 25, 5, 5))
  // closed: the replacement that waited takes place, and solves go on
  for (let tries = 0; tries < 100 && dlx.memorySize() > 64 << 20; tries++) await sleep(20)
  assert.ok(dlx.memorySize() <= 64 << 20, `memory is ${dlx.memorySize()} bytes after the solve`)
  assert.deepEqual(dlx.sudoku.solve(empty(25), { limit: 1 }), r)
  const again = solveInSteps(dlx.sudoku, empty(25), { limit: 1 })
  try {
    while (!(r = again.step(1000)));
  } finally {
    again.close()
  }
  assert.equal(r.status, 'found')
})

test('errors in a loop do not leak: clashing puzzles, bad DLX texts, bad options', async () => {
  const dlx = await load()
  const clash = '5....5...' + CLASSIC.slice(9)
  const clashes = [clash, asRange(clash), asGrid(clash)]
  const codeOf = (fn) => {
    try {
      fn()
    } catch (e) {
      assert.ok(e instanceof DlxError, e.message)
      return e.code
    }
    assert.fail('expected an error')
  }
  assertFlat(growth(dlx, (i) => {
    assert.equal(codeOf(() => dlx.sudoku.solve(clashes[i % 3])), 'CLASH')
  }, { times: 10000 }), '10,000 clashes')
  const badPuzzles = [CLASSIC.slice(0, 80), asGrid(CLASSIC).replace('5', 'x'), asRange(CLASSIC).map((row, r) => r === 4 ? [...row.slice(0, 8), 'x'] : row)]
  assertFlat(growth(dlx, (i) => {
    assert.match(codeOf(() => dlx.sudoku.solve(badPuzzles[i % 3])), /^BAD_/)
    assert.equal(dlx.sudoku.solveMany([clash, CLASSIC, badPuzzles[i % 3]])[0].error.code, 'CLASH')
  }, { times: 3000 }), 'bad puzzles')
  const badTexts = [
    ['a b\nc\n', 'UNKNOWN_ITEM'],
    ['a a\na\n', 'DUPLICATE_NAME'],
    ['', 'NO_ITEMS'],
    ['a b | c\na c:1 c:2\n', null],
    [QUEENS.replace('r0 c3 a3 b8', 'r0 c3 a3 zz'), 'UNKNOWN_ITEM'],
    ['a b\na b a\n', 'DUPLICATE_ITEM']
  ]
  const codes = badTexts.map(([text]) => codeOf(() => dlx.parseDlx(text)))
  badTexts.forEach(([, code], k) => { if (code) assert.equal(codes[k], code) })
  assertFlat(growth(dlx, (i) => {
    const k = i % badTexts.length
    assert.equal(codeOf(() => dlx.parseDlx(badTexts[k][0])), codes[k])
  }, { times: 10000 }), '10,000 bad DLX texts')
  const badSpecs = [
    { primary: ['a', 'b'], options: [['a', 'b'], ['a', 'a']] },
    { primary: 2, options: [[0], [0, 5]] },
    { primary: ['a', 'b'], options: [['a:red']] },
    { primary: ['a'], options: [['b']] },
    { primary: ['a', 'a'], options: [] }
  ]
  assertFlat(growth(dlx, (i) => {
    codeOf(() => dlx.exactCover(badSpecs[i % badSpecs.length]))
  }, { times: 10000 }), '10,000 bad exactCover specs')
  assertSolvesClassic(dlx)
})

test('maxMemory: exhausting the cap is OUT_OF_MEMORY, and the instance keeps working', async () => {
  const CAP = 4 * 1024 * 1024
  const dlx = await load({ maxMemory: CAP })
  assertSolvesClassic(dlx)
  const tooBig = [
    () => dlx.sudoku.solve(empty(64), { limit: 1 }),
    () => dlx.sudoku.solve(empty(49), { limit: 1 }),
    () => dlx.sudoku.generate({ size: 49, seed: 1, format: 'array' }),
    () => dlx.exactCover({ primary: 300000, options: [[0]] }),
    () => dlx.exactCover({ primary: 1000, options: Array.from({ length: 60000 }, (_, i) => [i % 1000, (i * 7 + 1) % 1000]) }),
    () => dlx.exactCover({ primary: 1000, options: Array.from({ length: 300000 }, (_, i) => [i % 1000, (i * 7 + 1) % 1000]) }),
    () => dlx.parseDlx(Array.from({ length: 20000 }, (_, i) => `i${i}`).join(' ') + '\n' +
      Array.from({ length: 60000 }, (_, k) => `i${k % 20000} i${(k * 7 + 1) % 20000} i${(k * 13 + 2) % 20000}`).join('\n') + '\n')
  ]
  for (const fn of tooBig) {
    assertOutOfMemory(fn)
    assert.ok(dlx.memorySize() <= CAP, `memory is ${dlx.memorySize()} bytes, above the cap`)
    assertSolvesClassic(dlx)
  }
  // candidates() needs no matrix (a scan of the givens, session 44): a 64x64's fit under the cap
  assert.equal(dlx.sudoku.candidates(empty(64)).length, 64)
  assert.ok(dlx.memorySize() <= CAP)
  // failing again and again does not use up what is left
  for (let i = 0; i < 20; i++) tooBig.forEach(assertOutOfMemory)
  assert.ok(dlx.memorySize() <= CAP)
  const r = dlx.sudoku.solve(empty(16), { limit: 1 })
  assert.equal(r.status, 'found')
  assertSolvesClassic(dlx)
  const p = dlx.parseDlx(QUEENS)
  assert.equal(p.count(), 14200)
  p.free()
})

test('setMemoryLimit: lower the cap, raise it, lift it; bad values are BAD_ARGUMENT', async () => {
  const dlx = await load()
  assertSolvesClassic(dlx)
  const start = dlx.memorySize()
  dlx.setMemoryLimit(start + PAGE)
  assertOutOfMemory(() => dlx.sudoku.solve(empty(25), { limit: 1 }))
  assert.ok(dlx.memorySize() <= start + PAGE)
  assertSolvesClassic(dlx)
  dlx.setMemoryLimit(64 * 1024 * 1024)
  assert.equal(dlx.sudoku.solve(empty(25), { limit: 1 }).status, 'found')
  dlx.setMemoryLimit(dlx.memorySize())
  // The node budget only bounds the test: an empty 36x36 takes about 250,000
  // nodes with the restarts' least-constraining order (5,500 before it).
  assertOutOfMemory(() => dlx.sudoku.solve(empty(36), { limit: 1, maxNodes: 2e6 }))
  dlx.setMemoryLimit(0)
  assert.equal(dlx.sudoku.solve(empty(36), { limit: 1, maxNodes: 2e6 }).status, 'found')
  for (const bad of [-1, NaN, Infinity, '4MB', null, undefined]) {
    assert.throws(() => dlx.setMemoryLimit(bad), (e) => e instanceof DlxError && e.code === 'BAD_ARGUMENT', String(bad))
  }
  await assert.rejects(load({ maxMemory: -5 }), (e) => e instanceof DlxError && e.code === 'BAD_ARGUMENT')
})

test('zeroed tables are not written where the memory is fresh: building them faults in only the pages used', async () => {
  // A new instance (its memory grows fresh, zero pages); 1,000 primary items
  // and 8,000 options of two: the sparse sets' tables hold a copy of the
  // counts per level (4 MB) of which one node uses one. The module's calloc
  // cleared all of it (a page fault for every page, more than the memory
  // grew by); native calloc's fresh pages are faulted in only where written.
  const fresh = await load()
  const lines = [Array.from({ length: 1000 }, (_, i) => `i${i}`).join(' ')]
  for (let k = 0; k < 8000; k++) lines.push(`i${k % 1000} i${(k * 7 + 1) % 1000}`)
  const problem = fresh.parseDlx(lines.join('\n') + '\n')
  const before = fresh.memorySize()
  const faults = process.resourceUsage().minorPageFault
  assert.equal(problem.search(1), 'budget')
  const faulted = process.resourceUsage().minorPageFault - faults
  const grown = (fresh.memorySize() - before) / 4096
  assert.ok(grown > 512, `the tables grew the memory by ${grown} pages`)
  assert.ok(faulted < 0.7 * grown, `${faulted} page faults for ${grown} pages grown`)
  problem.free()
  // The next tables reuse that memory, written: there they are cleared.
  // 5,000 items, one option each and a second one for ten of them: 2^10 ways.
  const single = [Array.from({ length: 5000 }, (_, i) => `j${i}`).join(' ')]
  for (let i = 0; i < 5000; i++) single.push(i < 10 ? `j${i}\nj${i}` : `j${i}`)
  const next = fresh.parseDlx(single.join('\n') + '\n')
  assert.equal(next.count(), 1024)
  next.free()
})
