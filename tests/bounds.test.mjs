// The module's bounds, met without a crash: pointers past 2 GiB of linear
// memory, specs streamed into the module in chunks (never one giant array)
// and refused up front when they cannot fit, the number of shard parts, and
// messages that state a bound exactly. The huge cases cost the test nothing
// (shared option lists, sparse arrays, memory grown but never touched).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { load, DlxError } from '../src/js/dlxkit.mjs'
import { POINTER_EXPORTS } from '../src/js/dlxkit-native.mjs'
import { MAX_NODES, readSpec, streamOptions } from '../src/js/dlxkit-options.mjs'
import { MAX_PARTS } from '../src/js/dlxkit-split.mjs'
import { solveInSteps } from '../src/js/dlxkit-sudoku-steps.mjs'

const CLASSIC = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'
const SOLVED = '534678912672195348198342567859761423426853791713924856961537284287419635345286179'
const DLX_TEXT = 'a b c | x\na x:red\nb x:red\nc\na b\nb c x:blue\n'

/** fn() must throw a DlxError with this code; returns it. */
function codeOf (fn) {
  try {
    fn()
  } catch (e) {
    assert.ok(e instanceof DlxError, `expected a DlxError, got ${e?.constructor?.name}: ${e?.message}`)
    return e
  }
  assert.fail('expected a DlxError, but the call returned')
}

/** What a small problem, a DLX text and a Sudoku give on `kit`, read through every kind of call. */
function answers (kit) {
  const p = kit.exactCover({ primary: ['a', 'b', 'c'], secondary: ['x'], options: [['a', 'x:red'], ['b', 'x:red'], ['c'], { items: ['a', 'b'], data: 'ab' }, ['b', 'c', 'x:blue']] })
  const q = kit.parseDlx(DLX_TEXT)
  const bad = codeOf(() => kit.exactCover({ primary: 2, options: [[0], [5]] }))
  const badText = codeOf(() => kit.parseDlx('a b\na c\n'))
  const out = {
    count: p.count(),
    solutions: [...p.solutions({ withData: true })],
    shape: p.shape,
    option: p.option(4),
    itemOptions: p.itemOptions(1),
    stats: p.stats().nodes,
    estimate: p.estimate({ probes: 10 }),
    shards: [0, 1].map((shard) => p.count({ shard, parts: 2, balanced: true })),
    textCount: q.count(),
    textOption: q.option(4),
    textItem: q.itemName(3),
    textSolution: q.solve(),
    errors: [bad.code, bad.message, bad.details.index, badText.code, badText.message],
    sudoku: kit.sudoku.solve(CLASSIC).solution,
    sudokuCount: kit.sudoku.count(CLASSIC),
    many: kit.sudoku.solveMany([CLASSIC, CLASSIC.replace('5', '.')]),
    read: kit.sudoku.read(CLASSIC),
    split: kit.sudoku.split(`${CLASSIC}\n${CLASSIC}\n`),
    candidates: kit.sudoku.candidates(CLASSIC),
    rating: kit.sudoku.rate(CLASSIC).level,
    clash: codeOf(() => kit.sudoku.solve('55' + CLASSIC.slice(2))).message,
    generated: kit.sudoku.generate({ size: 4, seed: 3 }),
    steps: stepped(kit)
  }
  p.free()
  q.free()
  return out
}

/** An empty 25x25 solved in steps (the worker's way). */
function stepped (kit) {
  const run = solveInSteps(kit.sudoku, Array.from({ length: 25 }, () => new Array(25).fill(0)), { limit: 1 })
  try {
    for (;;) {
      const r = run.step(1000)
      if (r) return r
    }
  } finally {
    run.close()
  }
}

test('every pointer-returning export is read unsigned (the list matches the module\'s boundary files)', () => {
  // The module's boundary: the Makefile's WASM_BOUNDARY (the Typst plugin's typst.c is another module).
  const files = /^WASM_BOUNDARY := (.*)$/m.exec(readFileSync(new URL('../Makefile', import.meta.url), 'utf8'))[1].trim().split(/\s+/)
  assert.ok(files.includes('src/wasm/exports.c'))
  const source = files.map((f) => readFileSync(new URL(`../${f}`, import.meta.url), 'utf8')).join('\n')
  const pointers = [...source.matchAll(/^EXPORT [\w ]*\*\s*(dk_\w+)\(/gm)].map((m) => m[1])
  assert.ok(pointers.length >= 10)
  assert.deepEqual([...POINTER_EXPORTS].sort(), pointers.sort())
})

test('past 2 GiB of memory, pointers are unsigned: every call answers as on a fresh instance', async () => {
  const fresh = answers(await load())
  const kit = await load()
  // Ballast: 2.25 GiB held (grown, never touched), so what comes next lies above 2^31.
  let ballast
  try {
    ballast = [kit._native.alloc(1.5 * 2 ** 30), kit._native.alloc(0.75 * 2 ** 30)]
  } catch (e) {
    if (e?.code === 'OUT_OF_MEMORY') return // no address space for it here: nothing to check
    throw e
  }
  const probe = kit._native.alloc(16)
  assert.ok(probe >= 2 ** 31, `a block at ${probe}: the test needs one above 2 GiB`)
  kit._native.free(probe)
  assert.deepEqual(answers(kit), fresh)
  for (const p of ballast) kit._native.free(p)
  assert.deepEqual(answers(kit), fresh)
})

test('a spec goes into the module in chunks, never as one array of every option', () => {
  // 3 million one-item options: one flat list would hold 9 million values.
  const one = [0]
  const read = readSpec({ primary: 1, options: new Array(3e6).fill(one) })
  let values = 0
  let options = 0
  let largest = 0
  let next = 0
  const { data } = streamOptions(read, (flat, first, count) => {
    assert.equal(first, next, 'chunks in order, none skipped')
    next = first + count
    values += flat.length
    options += count
    largest = Math.max(largest, flat.length)
    for (let k = 0, at = 0; k < count; k++, at += 3) assert.ok(flat[at] === 1 && flat[at + 1] === 0 && flat[at + 2] === 0)
  })
  assert.equal(options, 3e6)
  assert.equal(values, 9e6)
  assert.equal(data, null)
  assert.ok(largest <= 1 << 18, `a chunk of ${largest} values`)
})

test('across chunks: data, option indices in errors and solutions stay right', async () => {
  const kit = await load()
  // 300,000 options of 2 items: several chunks; option k covers items k and k + 1 of a chain.
  const n = 300000
  const options = Array.from({ length: n }, (_, k) => ({ items: [k, k + 1], data: k * 3 }))
  const p = kit.exactCover({ primary: n + 1, options: [...options, [n]] })
  assert.equal(p.shape.options, n + 1)
  assert.equal(p.data(n - 1), (n - 1) * 3)
  assert.deepEqual(p.option(n - 1), [String(n - 1), String(n)])
  p.free()
  // An error the module finds in a late chunk names that option.
  const bad = codeOf(() => kit.exactCover({ primary: n + 1, options: [...options.slice(0, n - 7), [0, n + 5]] }))
  assert.equal(bad.code, 'BAD_ITEM')
  assert.equal(bad.details.index, n - 7)
  assert.match(bad.message, new RegExp(`^option ${n - 7}: `))
  // One found in JS, too.
  const unknown = codeOf(() => kit.exactCover({ primary: ['a'], options: [...new Array(n).fill(['a']), ['b']] }))
  assert.equal(unknown.code, 'UNKNOWN_ITEM')
  assert.equal(unknown.details.index, n)
  assert.equal(kit.sudoku.solve(CLASSIC).solution, SOLVED)
})

test('a spec that cannot fit is refused before anything is built: TOO_BIG beyond the node table, OUT_OF_MEMORY beyond the memory', async () => {
  const kit = await load()
  const big = new Array(1 << 20).fill(0)
  // 2^26 nodes at most: 65 options of 2^20 entries are more.
  const tooBig = codeOf(() => kit.exactCover({ primary: 1, options: new Array(65).fill(big) }))
  assert.equal(tooBig.code, 'TOO_BIG')
  assert.match(tooBig.message, new RegExp(`${MAX_NODES}`))
  // 5 million one-item options: 10 million nodes fit the table, not 64 MiB of memory.
  const small = await load({ maxMemory: 64 << 20 })
  const oom = codeOf(() => small.exactCover({ primary: 1, options: new Array(5e6).fill([0]) }))
  assert.equal(oom.code, 'OUT_OF_MEMORY')
  assert.match(oom.message, /maxMemory/)
  // Items by count and by names alike, the names never read.
  assert.equal(codeOf(() => small.exactCover({ primary: 1e6 })).code, 'OUT_OF_MEMORY')
  assert.equal(codeOf(() => kit.exactCover({ primary: new Array(2 ** 31 - 1) })).code, 'OUT_OF_MEMORY')
  // Refused before the module grew (built first, it would have grown to the limit).
  for (const k of [kit, small]) assert.ok(k.memorySize() < 16 << 20, `the module grew to ${k.memorySize()} bytes`)
  for (const k of [kit, small]) assert.equal(k.sudoku.solve(CLASSIC).solution, SOLVED)
  assert.equal(kit.exactCover({ primary: 1, options: [[0]] }).count(), 1)
})

test('item names: a hole or a ":" is refused, so every name can be named in an option', async () => {
  const kit = await load()
  const colon = codeOf(() => kit.exactCover({ primary: ['a', 'b:c'], options: [['a']] }))
  assert.equal(colon.code, 'BAD_CHARACTER') // as parseDlx refuses it in a name
  assert.match(colon.message, /"b:c"/)
  assert.equal(colon.details.index, 1)
  assert.equal(codeOf(() => kit.parseDlx('a b:c\na\n')).code, 'BAD_CHARACTER')
  const hole = codeOf(() => kit.exactCover({ primary: ['a', , 'b'], options: [['a']] })) // eslint-disable-line no-sparse-arrays
  assert.equal(hole.code, 'BAD_INPUT')
  assert.match(hole.message, /primary\[1\]/)
  // Names that are no strings still work as before, by their String().
  const p = kit.exactCover({ primary: [1, 2], options: [['1', '2']] })
  assert.deepEqual(p.option(0), ['1', '2'])
  p.free()
})

test('parts: at most MAX_PARTS, refused at once above it (plain and balanced)', async () => {
  const kit = await load()
  const p = kit.exactCover({ primary: ['a', 'b'], options: [['a', 'b'], ['a'], ['b']] })
  for (const parts of [MAX_PARTS + 1, 2e9, 2 ** 31 - 1, 2 ** 32, 2 ** 53]) {
    for (const balanced of [false, true]) {
      const e = codeOf(() => p.count({ shard: 0, parts, balanced }))
      assert.equal(e.code, 'BAD_ARGUMENT')
      assert.match(e.message, new RegExp(`1 to ${MAX_PARTS}`))
    }
  }
  // The most parts work: every part but a few is empty, and they add up.
  const { parts } = p.balancedShards(MAX_PARTS)
  assert.equal(parts.length, MAX_PARTS)
  let total = 0
  for (let shard = 0; shard < MAX_PARTS; shard++) if (parts[shard].length) total += p.count({ shard, parts: MAX_PARTS, balanced: true })
  assert.equal(total, 2)
  assert.equal(p.count(), 2)
})

test('a count or budget out of range names its bound exactly: 2^64 - 1, not a rounded 2^64', async () => {
  const kit = await load()
  const p = kit.exactCover({ primary: ['a'], options: [['a']] })
  for (const run of [() => p.count({ limit: -1 }), () => p.count({ maxNodes: 2 ** 64 }), () => kit.sudoku.solve(CLASSIC, { limit: -1 })]) {
    const e = codeOf(run)
    assert.equal(e.code, 'BAD_ARGUMENT')
    assert.match(e.message, /from 0 to 2\^64 - 1 \(got /)
    assert.doesNotMatch(e.message, /to 184467440737095/)
  }
  // The bound is what it says: the largest double below 2^64 is taken.
  assert.equal(p.count({ limit: 2 ** 64 - 2048 }), 1)
})

test('a count or budget that is NaN or Infinity is named so in the message, not as JSON\'s null', async () => {
  const kit = await load()
  const p = kit.exactCover({ primary: ['a'], options: [['a']] })
  for (const [v, text] of [[NaN, 'NaN'], [Infinity, 'Infinity'], [-Infinity, '-Infinity']]) {
    for (const run of [() => p.count({ limit: v }), () => p.count({ maxNodes: v }), () => kit.sudoku.solve(CLASSIC, { limit: v }), () => kit.sudoku.generate({ seed: v })]) {
      const e = codeOf(run)
      assert.equal(e.code, 'BAD_ARGUMENT')
      assert.ok(e.message.endsWith(`(got ${text})`), e.message)
    }
  }
  p.free()
})
