// Counts of any size (issue 29, item 4): the engine counts in 128 bits, the
// JS API gives a bigint (countBig) and refuses to round (count: UNSAFE_COUNT),
// --sum adds parts exactly past 2^64. No search finds 2^53 solutions in a
// test's time, so the big counts come from the test knob that starts the
// engine's counter at a given value (dk_problem_debug_count_from, through
// Native.problemDebugCountFrom); the C side is tests/c/test_count.c.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { load, createWorker } from '../src/js/dlxkit.mjs'
import { createSheetFunctions, SheetError } from '../src/js/dlxkit-sheets.mjs'
import { dlxkit, ok } from './cli-helpers.mjs'
import { HANG_MS } from './helpers.mjs'

const dlx = await load()
const TWO53 = 2n ** 53n
const TWO64 = 2n ** 64n

/** Items a and b, a in 2 options and b in 3: 6 solutions, counted from `from`. */
function six (from = 0n) {
  const p = dlx.exactCover({ primary: ['a', 'b'], options: [['a'], ['a'], ['b'], ['b'], ['b']] })
  p._native.problemDebugCountFrom(p._idle(), from)
  return p
}

test('countBig() is exact past 2^53 and past 2^64; count() gives a number up to 2^53 - 1 and refuses above', () => {
  const p = six()
  assert.equal(p.countBig(), 6n)
  assert.equal(p.count(), 6)
  for (const from of [TWO53 - 3n, TWO64 - 2n, 2n ** 100n + 12345n, 2n ** 128n - 7n]) {
    p._native.problemDebugCountFrom(p._idle(), from)
    assert.equal(p.countBig(), from + 6n)
    assert.equal(p.countDetailed({ bigint: true }).count, from + 6n)
    for (const refused of [() => p.count(), () => p.countDetailed()]) {
      assert.throws(refused, (e) => e.code === 'UNSAFE_COUNT' && e.details.count === from + 6n && e.message.includes(String(from + 6n)))
    }
  }
  // the largest count a number holds exactly still comes as one
  p._native.problemDebugCountFrom(p._idle(), TWO53 - 7n)
  assert.equal(p.count(), Number.MAX_SAFE_INTEGER)
  assert.equal(p.countDetailed().count, Number.MAX_SAFE_INTEGER)
  // a refusal leaves the problem as it was
  p._native.problemDebugCountFrom(p._idle(), 0n)
  assert.equal(p.count(), 6)
  assert.equal(typeof p.countBig({ limit: 4 }), 'bigint')
  assert.equal(p.countBig({ limit: 4 }), 4n)
  assert.throws(() => p.countDetailed({ bigint: 1 }), { code: 'BAD_ARGUMENT' })
  p.free()
})

test('a memoized count past 2^128 - 1 ends at once with COUNT_OVERFLOW, and the problem stays usable', () => {
  // Domino tilings of 8 x 60, far past 2^128 - 1. No state past it can be
  // cached, so a walk that went on searched them again and again (natively
  // for minutes: tests/c/instances.sh; the module's slices stopped it at the
  // next slice's end, but Algorithm M's memo did not stop at all). The
  // first overflow comes after 16,789 nodes.
  const cells = []
  const options = []
  for (let r = 0; r < 60; r++) {
    for (let c = 0; c < 8; c++) {
      cells.push(`${r}.${c}`)
      if (c < 7) options.push([`${r}.${c}`, `${r}.${c + 1}`])
      if (r < 59) options.push([`${r}.${c}`, `${r + 1}.${c}`])
    }
  }
  const p = dlx.exactCover({ primary: cells, options })
  for (let round = 0; round < 2; round++) {
    assert.throws(() => p.countBig({ memo: true }), (e) => e.code === 'COUNT_OVERFLOW' && /more than 2\^128 - 1 solutions/.test(e.message))
    assert.ok(p.stats().nodes < 20000, `${p.stats().nodes} nodes`) // the walk to the first overflow, not the rest
  }
  assert.equal(p.countBig({ limit: 3 }), 3n)
  p.free()
})

test('stats().solutions is exact: a number up to 2^53 - 1, a bigint past it (past 2^64 too), never rounded', () => {
  const p = six()
  assert.equal(p.countBig(), 6n)
  assert.equal(p.stats().solutions, 6)
  for (const from of [TWO53 - 7n, TWO53 - 6n, TWO64 - 2n, 2n ** 100n + 12345n]) {
    p._native.problemDebugCountFrom(p._idle(), from)
    p.countBig()
    const { solutions } = p.stats()
    if (from + 6n <= TWO53 - 1n) assert.equal(solutions, Number(from + 6n))
    else assert.equal(solutions, from + 6n)
  }
  // a memoized count past 2^64 (70 items, each in 2 options of its own: 2^70 covers), not only the test knob
  const items = Array.from({ length: 70 }, (_, i) => `i${i}`)
  const q = dlx.exactCover({ primary: items, options: items.flatMap((i) => [[i], [i]]) })
  assert.equal(q.countBig({ memo: true }), 2n ** 70n)
  assert.equal(q.stats().solutions, 2n ** 70n)
  q.free()
  p.free()
})

test('a count stopped by its node budget says so before it says the count is big', () => {
  const p = six(TWO64)
  assert.throws(() => p.countBig({ maxNodes: 1 }), (e) => e.code === 'STOPPED' && typeof e.details.count === 'bigint')
  p.free()
})

test('the worker: countBig() beside count(), and countDetailed({ bigint: true })', { timeout: HANG_MS }, async () => {
  const w = await createWorker()
  try {
    const p = await w.exactCover({ primary: ['a', 'b'], options: [['a'], ['a'], ['b'], ['b'], ['b']] })
    assert.equal(await p.countBig(), 6n)
    assert.equal(await p.count(), 6)
    assert.equal((await p.countDetailed({ bigint: true })).count, 6n)
    assert.equal((await p.countDetailed({ shard: 1, parts: 2, bigint: true })).count + (await p.countDetailed({ shard: 0, parts: 2, bigint: true })).count, 6n)
    assert.equal((await p.countDetailed()).count, 6)
  } finally {
    w.terminate()
  }
})

let dir
before(() => { dir = mkdtempSync(join(tmpdir(), 'dlxkit-big-')) })
after(() => rmSync(dir, { recursive: true, force: true }))

const SIX = 'a b\na\na\nb\nb\nb\n'
let split = null // the two parts of a real split of SIX, as --count --json --shard prints them

/** The parts of SIX's split with their counts replaced by `counts`. */
function parts (counts) {
  split ??= [1, 2].map((k) => JSON.parse(ok(['cover', '--count', '--json', '--shard', `${k}/2`, '-'], { input: SIX }).stdout))
  return counts.map((count, k) => JSON.stringify({ ...split[k], count }))
}
const sum = (lines, args = []) => dlxkit(['cover', '--sum', ...args, '-'], { input: lines.join('\n') + '\n' })

test('--sum adds parts exactly past 2^53 and past 2^64: counts as decimal strings, and old parts\' numbers', { timeout: HANG_MS }, () => {
  const max = String(TWO64 - 1n)
  const cases = [
    [[max, '1'], String(TWO64)],
    [[max, max], String(2n * TWO64 - 2n)],
    [[Number.MAX_SAFE_INTEGER, 1], String(TWO53)], // numbers, as older parts carry them
    [[Number.MAX_SAFE_INTEGER, '340282366920938463463374607431768211455'], String(2n ** 128n - 1n + TWO53 - 1n)]
  ]
  for (const [counts, total] of cases) {
    const r = sum(parts(counts))
    assert.equal(r.status, 0, r.stderr)
    assert.equal(r.stdout, `${total}\n`)
    const json = JSON.parse(sum(parts(counts), ['--json']).stdout)
    assert.equal(json.count, BigInt(total) < TWO53 ? Number(total) : total)
  }
  // small sums stay numbers in JSON
  assert.equal(JSON.parse(sum(parts([2, '4']), ['--json']).stdout).count, 6)
  // a count that is no whole number is no part
  for (const bad of ['-1', '1e30', '01', ' 5', 1.5, -3, 2 ** 60]) {
    const r = sum(parts([bad, 1]))
    assert.equal(r.status, 1)
    assert.match(r.stderr, /not a line of dlxkit cover --count --json/)
  }
})

test('cover --count and --json print the count exactly', { timeout: HANG_MS }, () => {
  assert.equal(ok(['cover', '--count', '-'], { input: SIX }).stdout, '6\n')
  assert.equal(JSON.parse(ok(['cover', '--count', '--json', '-'], { input: SIX }).stdout).count, 6)
  assert.equal(parts([0, 0]) && split.reduce((n, p) => n + p.count, 0), 6)
})

test('EXACTCOVER_COUNT: a count past 2^53 - 1 is #NUM! with the exact count, never a rounded number', () => {
  let from = 0n
  // the module's own exactCover, its problems counted from `from`
  const kit = Object.create(dlx)
  kit.exactCover = (spec) => {
    const p = dlx.exactCover(spec)
    p._native.problemDebugCountFrom(p._idle(), from)
    return p
  }
  const f = createSheetFunctions(kit)
  const matrix = [[1, 0], [1, 0], [0, 1], [0, 1], [0, 1]] // the six covers of six()
  assert.equal(f.EXACTCOVER_COUNT(matrix), 6)
  from = TWO53 - 7n
  assert.equal(f.EXACTCOVER_COUNT(matrix), Number.MAX_SAFE_INTEGER)
  for (from of [TWO53 - 6n, TWO64 + 1n]) {
    const r = f.EXACTCOVER_COUNT(matrix)
    assert.ok(r instanceof SheetError)
    assert.equal(r.code, '#NUM!')
    assert.match(r.message, new RegExp(`^${from + 6n} exact covers, more than a cell's number holds exactly`))
  }
})
