// Classes of failure in the JS API, each tested across every call it can
// reach: alphabets, numbers bound for the module, calls during a solutions()
// loop, user-sized arrays, oversized strings and memory, option names.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { load, DlxError } from '../src/js/dlxkit.mjs'
import { HANG_MS } from './helpers.mjs'

const CLASSIC = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'
const SOLVED = '534678912672195348198342567859761423426853791713924856961537284287419635345286179'
const MB = 1 << 20
const dlx = await load()

/** The DlxError code fn throws (solveMany: the first entry's), or 'ok'; anything else fails. */
function codeOf (fn) {
  try {
    const r = fn()
    if (Array.isArray(r) && r[0]?.error) return r[0].error.code
    return 'ok'
  } catch (e) {
    assert.ok(e instanceof DlxError, `expected a DlxError, got ${e?.constructor?.name}: ${e?.message}`)
    assert.ok(e.message.length > 0)
    return e.code
  }
}

function stillWorks () {
  assert.equal(dlx.sudoku.solve(CLASSIC).solution, SOLVED)
}

// ---- alphabets ------------------------------------------------------------------

const BLANK4 = '.'.repeat(16)
const GRID4 = '. . | . .\n. . | . .\n----+----\n. . | . .\n. . | . .\n'
const ARRAY4 = Array.from({ length: 4 }, () => [0, 0, 0, 0])

/** Every call that takes an alphabet, on a 4x4 text puzzle (line, grid) or range. */
const ALPHABET_CALLS = {
  'solve (one line: the fast path)': (alphabet) => dlx.sudoku.solve(BLANK4, { alphabet, limit: 1 }),
  'solve (one line and a newline)': (alphabet) => dlx.sudoku.solve(BLANK4 + '\n', { alphabet, limit: 1 }),
  'solve (a grid: the C reader)': (alphabet) => dlx.sudoku.solve(GRID4, { alphabet, limit: 1 }),
  'solve (a range)': (alphabet) => dlx.sudoku.solve(ARRAY4, { alphabet, limit: 1, size: 4 }),
  'solve with format grid': (alphabet) => dlx.sudoku.solve(BLANK4, { alphabet, limit: 1, format: 'grid' }),
  count: (alphabet) => dlx.sudoku.count(BLANK4, { alphabet, limit: 1 }),
  solveMany: (alphabet) => dlx.sudoku.solveMany([BLANK4], { alphabet, limit: 1 }),
  candidates: (alphabet) => dlx.sudoku.candidates(BLANK4, { alphabet }),
  rate: (alphabet) => dlx.sudoku.rate('1234341221434321', { alphabet }),
  split: (alphabet) => dlx.sudoku.split(BLANK4, { alphabet, size: 4 }),
  generate: (alphabet) => dlx.sudoku.generate({ size: 4, seed: 1, alphabet }),
  'generate with format grid': (alphabet) => dlx.sudoku.generate({ size: 4, seed: 1, alphabet, format: 'grid' })
}

const BAD_ALPHABETS = {
  'too short for 4x4': '12',
  'a repeat': '1123',
  'all one symbol': '1111',
  empty: '',
  'a NUL': '12\u00003',
  'a lone surrogate': '123\ud800',
  'an emoji': '123😀',
  'a space': '12 3',
  'a tab': '12\t3',
  'a DEL byte': '123\u007f',
  'non-ASCII letter': '123é',
  'the blank mark .': '.123',
  'the blank mark _': '123_',
  'the blank mark -': '1-23',
  'the separator |': '12|3',
  'a comma': '12,3',
  'a comment #': '#123',
  'a colon': '12:3',
  'a plus': '12+3',
  'an equals sign': '12=3',
  '65 symbols': Array.from({ length: 65 }, (_, k) => String.fromCharCode(0x30 + k)).join('').replace(/[:=]/g, '~'),
  'a number': 1234,
  'an array': ['1', '2', '3', '4'],
  'an object': {}
}

test('a bad alphabet is BAD_ALPHABET on every call that takes one, by the C reader\'s rules', () => {
  // the table's entries are bad by one rule each (the 65-symbol one only by its length)
  for (const [name, alphabet] of Object.entries(BAD_ALPHABETS)) {
    for (const [call, run] of Object.entries(ALPHABET_CALLS)) {
      // A short alphabet is no error for a range (no symbol is read or written)
      // or for split (it only says where each puzzle ends).
      if (name === 'too short for 4x4' && (call === 'solve (a range)' || call === 'split')) continue
      assert.equal(codeOf(() => run(alphabet)), 'BAD_ALPHABET', `alphabet with ${name}, ${call}`)
    }
    stillWorks()
  }
})

test('good alphabets work on every call (the check refuses no valid one)', () => {
  for (const alphabet of ['1234', 'abcd', 'WXYZ', '0123', '!"$%', '1234567890']) {
    for (const [call, run] of Object.entries(ALPHABET_CALLS)) {
      if (call === 'rate') continue // its puzzle is written in 1-4
      assert.equal(codeOf(() => run(alphabet)), 'ok', `alphabet ${alphabet}, ${call}`)
    }
  }
  assert.equal(dlx.sudoku.solve(BLANK4, { alphabet: 'WXYZ', limit: 1 }).solution.replace(/[WXYZ]/g, ''), '')
  // generate's grid is written in the alphabet too, and reads back in it
  const g = dlx.sudoku.generate({ size: 4, seed: 1, alphabet: 'WXYZ', format: 'grid' })
  assert.equal(g.solution.replace(/[WXYZ\s|+-]/g, ''), '')
  assert.equal(dlx.sudoku.solve(g.puzzle, { alphabet: 'WXYZ' }).solution, g.solution)
})

/** A small deterministic random source (the tests must be reproducible). */
function rng (seed) {
  let s = seed >>> 0
  return (n) => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s % n
  }
}

const ALLOWED = [...Array(0x7f - 0x21).keys()].map((k) => String.fromCharCode(0x21 + k)).filter((ch) => !'.-_|,#:+='.includes(ch))

test('property: for random valid alphabets, the one-line fast path and the C reader agree', () => {
  const random = rng(20261125)
  let viaC = 0
  let fastRounds = 0
  const put = dlx._native.putString
  dlx._native.putString = function (s) { viaC++; return put.call(this, s) } // the fast path copies nothing in
  try {
    for (let round = 0; round < 300; round++) {
      const pool = [...ALLOWED]
      const size = 9 + random(40) // 9..48 symbols; a 9x9 needs only 9
      let alphabet = ''
      for (let k = 0; k < size; k++) alphabet += pool.splice(random(pool.length), 1)[0]
      const blanks = ['.', '_', '-', ...(alphabet.includes('0') ? [] : ['0'])]
      let line = ''
      for (let i = 0; i < 81; i++) {
        const r = random(100)
        if (r < 45) line += alphabet[Number(SOLVED[i]) - 1]
        else if (r < 99) line += blanks[random(blanks.length)]
        else line += random(2) ? alphabet[9 + random(size - 9)] ?? '.' : ALLOWED[random(ALLOWED.length)] // beyond the 9 digits, or anything
      }
      const run = (text) => {
        try {
          const r = dlx.sudoku.solve(text, { alphabet, limit: 2 })
          return { status: r.status, count: r.count, solution: r.solution }
        } catch (e) {
          assert.ok(e instanceof DlxError, e.message)
          return { code: e.code }
        }
      }
      const before = viaC
      const fast = run(line)
      const fastCopied = viaC > before
      const slow = run('\n' + line) // a leading blank line: the C reader reads it
      assert.deepEqual(fast, slow, `alphabet ${JSON.stringify(alphabet)}, puzzle ${JSON.stringify(line)}`)
      if (!fastCopied) fastRounds++
    }
  } finally {
    dlx._native.putString = put
  }
  assert.ok(fastRounds > 100, `only ${fastRounds} rounds took the fast path`)
})

test('the fast path really is taken for a valid alphabet (nothing copied into the module)', () => {
  let copies = 0
  const put = dlx._native.putString
  dlx._native.putString = function (s) { copies++; return put.call(this, s) }
  try {
    const line = [...SOLVED].map((d) => 'ABCDEFGHI'[d - 1]).join('').replace(/^.{5}/, '.'.repeat(5))
    assert.equal(dlx.sudoku.solve(line, { alphabet: 'ABCDEFGHI' }).status, 'unique')
    assert.equal(copies, 0)
  } finally {
    dlx._native.putString = put
  }
})

// ---- numbers bound for the module ------------------------------------------------

const WHOLE_BAD = [-1, 1.5, NaN, Infinity, -Infinity, '1', 1n] // (null in an option means unset)
const INT32_BAD = [2 ** 32 + 2, 2 ** 32, 2 ** 31, 2 ** 53 + 2, ...WHOLE_BAD]

function problem () {
  return dlx.exactCover({ primary: ['a', 'b'], options: [['a', 'b'], ['a'], ['b']] })
}

/** Numbers the module takes as int32_t: a coded error outside it (never a wrapped value). */
const INT32_PARAMS = {
  'exactCover primary': (v) => dlx.exactCover({ primary: v, options: [[0]] }),
  'exactCover secondary': (v) => dlx.exactCover({ primary: 1, secondary: v, options: [[0]] }),
  'exactCover item index': (v) => dlx.exactCover({ primary: 2, options: [[v]] }),
  'exactCover color': (v) => dlx.exactCover({ primary: 1, secondary: 1, options: [[0, [1, v]]] }),
  'Problem.force': (v) => problem().force(v),
  'Problem.option': (v) => problem().option(v),
  'Problem.formatOption': (v) => problem().formatOption(v),
  'Problem.itemOptions': (v) => problem().itemOptions(v),
  'Problem.itemName': (v) => problem().itemName(v),
  'sudoku.solve size': (v) => dlx.sudoku.solve(CLASSIC, { size: v }),
  'sudoku.solve boxRows': (v) => dlx.sudoku.solve(CLASSIC, { boxRows: v, boxCols: 3 }),
  'sudoku.split size': (v) => dlx.sudoku.split(CLASSIC, { size: v }),
  'sudoku.generate size': (v) => dlx.sudoku.generate({ size: v, seed: 1 }),
  'sudoku.generate clues': (v) => dlx.sudoku.generate({ clues: v, seed: 1 })
}

/** Counts, budgets and seeds (doubles in C, up to 2^64): large values stay what they are. */
const COUNT_PARAMS = {
  'Problem.count limit': (v) => problem().count({ limit: v }),
  'Problem.count maxNodes': (v) => problem().count({ maxNodes: v }),
  'Problem.countDetailed limit': (v) => problem().countDetailed({ limit: v }),
  'Problem.solve maxNodes': (v) => problem().solve({ maxNodes: v }),
  'Problem.solutions limit': (v) => [...problem().solutions({ limit: v })],
  'Problem.solutions maxNodes': (v) => [...problem().solutions({ maxNodes: v })],
  'Problem.search': (v) => problem().search(v),
  'Problem.searchUntil': (v) => problem().searchUntil(v),
  'Problem.setSeed': (v) => problem().setSeed(v),
  'Problem.countShard maxNodes': (v) => problem().countShard(0, 1, { maxNodes: v }),
  'sudoku.solve limit': (v) => dlx.sudoku.solve(CLASSIC, { limit: v }),
  'sudoku.solve maxNodes': (v) => dlx.sudoku.solve(CLASSIC, { maxNodes: v }),
  'sudoku.count limit': (v) => dlx.sudoku.count(CLASSIC, { limit: v }),
  'sudoku.solveMany limit': (v) => dlx.sudoku.solveMany([CLASSIC], { limit: v }),
  'sudoku.solveMany maxNodes': (v) => dlx.sudoku.solveMany([CLASSIC], { maxNodes: v }),
  'sudoku.generate seed': (v) => dlx.sudoku.generate({ size: 4, seed: v }),
  'sudoku.generate maxNodes': (v) => dlx.sudoku.generate({ size: 4, seed: 1, maxNodes: v }),
  setMemoryLimit: (v) => dlx.setMemoryLimit(v)
}

test('int32 parameters: 2^32 + k, 2^31, -1, 1.5, NaN, Infinity... give a coded error, never a wrapped value', () => {
  for (const [param, run] of Object.entries(INT32_PARAMS)) {
    for (const v of INT32_BAD) {
      const code = codeOf(() => run(v))
      assert.notEqual(code, 'ok', `${param} = ${typeof v === 'bigint' ? v + 'n' : v} was taken`)
    }
  }
  stillWorks()
})

test('count, budget and seed parameters: -1, 1.5, NaN, Infinity... give a coded error; 2^32 + k is taken as it is', () => {
  for (const [param, run] of Object.entries(COUNT_PARAMS)) {
    for (const v of [...WHOLE_BAD, 2 ** 64, 1e300]) {
      assert.notEqual(codeOf(() => run(v)), 'ok', `${param} = ${typeof v === 'bigint' ? v + 'n' : v} was taken`)
    }
    assert.equal(codeOf(() => run(2 ** 32 + 1)), 'ok', `${param} = 2^32 + 1`)
  }
  dlx.setMemoryLimit(0)
  // not wrapped: a limit of 2^32 + 1 is no limit of 1
  const p = problem()
  assert.equal(p.count({ limit: 2 ** 32 + 1 }), 2)
  assert.equal([...p.solutions({ limit: 2 ** 32 + 1 })].length, 2)
  p.free()
  assert.equal(dlx.sudoku.count('.'.repeat(16), { limit: 2 ** 32 + 1 }), 288)
  stillWorks()
})

test('an item count of 2^32 + 2 is refused, not read as 2', () => {
  assert.equal(codeOf(() => dlx.exactCover({ primary: 2 ** 32 + 2, options: [[0], [1]] })), 'BAD_ARGUMENT')
  assert.equal(codeOf(() => dlx.exactCover({ primary: 1, secondary: 2 ** 32 + 1, options: [[0]] })), 'BAD_ARGUMENT')
})

// ---- solutions() loops -------------------------------------------------------------

/** Four solutions: {a}{b} with two options each. */
function four () {
  return dlx.exactCover({ primary: ['a', 'b'], options: [['a'], ['a'], ['b'], ['b']] })
}

const ALL_FOUR = [[0, 2], [0, 3], [1, 2], [1, 3]]

/** Calls made inside a loop: 'BUSY' for those that move or restart the search, 'ok' for reads. */
const IN_LOOP = {
  'search()': ['BUSY', (p) => p.search()],
  'searchUntil()': ['BUSY', (p) => p.searchUntil(0)],
  'solve()': ['BUSY', (p) => p.solve()],
  'count()': ['BUSY', (p) => p.count()],
  'countDetailed()': ['BUSY', (p) => p.countDetailed()],
  'countShard()': ['BUSY', (p) => p.countShard(0, 2)],
  'shardPrefixes()': ['BUSY', (p) => p.shardPrefixes(0, 2)],
  'restart()': ['BUSY', (p) => p.restart()],
  'setSeed()': ['BUSY', (p) => p.setSeed(5)],
  'force()': ['BUSY', (p) => p.force(0)],
  'unforce()': ['BUSY', (p) => p.unforce()],
  'solutions() (a nested loop)': ['BUSY', (p) => { for (const s of p.solutions()) return s }],
  shape: ['ok', (p) => p.shape],
  'itemName()': ['ok', (p) => p.itemName(1)],
  'option()': ['ok', (p) => p.option(1)],
  'formatOption()': ['ok', (p) => p.formatOption(1)],
  'solution()': ['ok', (p) => p.solution()],
  'stats()': ['ok', (p) => p.stats()],
  'itemOptions()': ['BUSY', (p) => p.itemOptions(0)], // (both restart the search in C)
  'branchItem()': ['BUSY', (p) => p.branchItem()]
}

test('inside a solutions() loop, calls that move the search are BUSY, reads work, and the loop goes on unharmed', () => {
  for (const [name, [expected, call]] of Object.entries(IN_LOOP)) {
    const p = four()
    const seen = []
    for (const s of p.solutions()) {
      seen.push(s)
      assert.equal(codeOf(() => call(p)), expected, `${name} inside the loop`)
    }
    assert.deepEqual(seen, ALL_FOUR, `${name}: the loop's solutions`)
    assert.equal(p.count(), 4, `${name}: count after the loop`)
    assert.deepEqual(p.solve(), [0, 2])
    p.free()
  }
})

test('a loop left early (break, throw, return()) releases the problem', () => {
  const p = four()
  for (const s of p.solutions()) { assert.ok(s); break }
  assert.equal(p.count(), 4)
  assert.throws(() => { for (const s of p.solutions()) throw new Error(`stop at ${s}`) }, /stop at/)
  assert.equal(p.count(), 4)
  const it = p.solutions()
  it.next()
  assert.equal(codeOf(() => p.count()), 'BUSY')
  it.return()
  assert.equal(p.count(), 4)
  // a loop stopped by its budget releases it too
  assert.equal(codeOf(() => [...p.solutions({ maxNodes: 1 })]), 'STOPPED')
  assert.equal(p.count(), 4)
  // two loops one after the other each see every solution
  assert.deepEqual([...p.solutions()], ALL_FOUR)
  assert.deepEqual([...p.solutions()], ALL_FOUR)
  p.free()
})

test('free() inside a loop ends it with FREED on the next step', () => {
  const p = four()
  assert.equal(codeOf(() => { for (const s of p.solutions()) { assert.ok(s); p.free() } }), 'FREED')
  stillWorks()
})

// ---- user-sized arrays (no spread into a call) ---------------------------------

test('an option of 200,000 entries works (no stack overflow)', { timeout: HANG_MS }, () => {
  const n = 200000
  const byIndex = dlx.exactCover({ primary: 1, secondary: n, options: [[0, ...Array.from({ length: n }, (_, k) => k + 1)], [0]] })
  assert.equal(byIndex.count(), 2)
  assert.equal(byIndex.option(0).length, n + 1)
  byIndex.free()
  const names = Array.from({ length: n }, (_, k) => `s${k}`)
  const byName = dlx.exactCover({ primary: ['p'], secondary: names, options: [['p', ...names.map((s) => `${s}:red`)]] })
  assert.equal(byName.count(), 1)
  byName.free()
})

test('parseDlx reads an option of 300,000 items in linear time, and finds an item named twice at its place', () => {
  // The reader once searched the option so far for each item it read: 120 s
  // through the CLI. A guard in CPU time, far above the half second it takes.
  const n = 300000
  const names = Array.from({ length: n }, (_, k) => `i${k}`).join(' ')
  const cpu = process.cpuUsage()
  const p = dlx.parseDlx(`${names}\n${names}\n`)
  assert.equal(p.count(), 1)
  assert.equal(p.option(0).length, n)
  p.free()
  const repeated = `${names}\n${names} i${n - 1}\n`
  assert.throws(() => dlx.parseDlx(repeated), (e) => e.code === 'DUPLICATE_ITEM' && e.details.line === 2 &&
    e.details.column === names.length + 2)
  const used = process.cpuUsage(cpu)
  assert.ok((used.user + used.system) / 1e6 < 30, `${(used.user + used.system) / 1e6} s of CPU`)
})

// ---- oversized strings and memory -------------------------------------------------------

test('a 100 MB string is refused with a coded error by every puzzle call, and memory stays small', { timeout: HANG_MS }, async () => {
  const kit = await load()
  const before = kit.memorySize()
  const huge = '1'.repeat(100 * MB)
  const calls = {
    solve: () => kit.sudoku.solve(huge),
    count: () => kit.sudoku.count(huge),
    candidates: () => kit.sudoku.candidates(huge),
    rate: () => kit.sudoku.rate(huge),
    solveMany: () => kit.sudoku.solveMany([huge])
  }
  for (const [name, run] of Object.entries(calls)) {
    assert.equal(codeOf(run), 'BAD_LENGTH', name)
  }
  assert.ok(kit.memorySize() <= before + 65536, `memory grew from ${before} to ${kit.memorySize()}`)
  assert.equal(kit.sudoku.solve(CLASSIC).solution, SOLVED)
})

test('after a call that grew memory, the instance gives it back once no problem is alive', { timeout: HANG_MS }, async () => {
  const kit = await load()
  const start = kit.memorySize()
  assert.equal(kit.sudoku.solve(CLASSIC).solution, SOLVED) // the fast path keeps a block in this instance
  const live = kit.exactCover({ primary: ['a'], options: [['a']] })
  kit.parseDlx('a ' + 'x'.repeat(70 * MB) + '\na\n').free() // a valid text that needs the room
  assert.ok(kit.memorySize() > 64 * MB, `memory is ${kit.memorySize()}`)
  // a live problem keeps the old instance (its handle lives there)
  assert.equal(await kit.releaseMemory(), false)
  assert.equal(live.count(), 1)
  live.free()
  assert.equal(await kit.releaseMemory(), true)
  assert.ok(kit.memorySize() <= start + 65536, `memory is ${kit.memorySize()} after release (was ${start})`)
  // everything works on the fresh instance, the solver cache included; the
  // fast path's kept block went with the old one
  assert.equal(kit._native._scratch, null)
  assert.equal(kit.sudoku.solve(CLASSIC).solution, SOLVED)
  assert.deepEqual(kit.sudoku.solveMany([CLASSIC, CLASSIC]).map((r) => r.solution), [SOLVED, SOLVED])
  const p = kit.exactCover({ primary: ['a', 'b'], options: [['a', 'b'], ['a'], ['b']] })
  assert.equal(p.count(), 2)
  p.free()
})

test('the memory cap holds on the fresh instance', { timeout: HANG_MS }, async () => {
  const kit = await load()
  kit.parseDlx('a ' + 'x'.repeat(70 * MB) + '\na\n').free()
  kit.setMemoryLimit(kit.memorySize())
  assert.equal(await kit.releaseMemory(), true)
  const cap = 8 * MB
  kit.setMemoryLimit(cap)
  assert.equal(codeOf(() => kit.exactCover({ primary: 1e7 })), 'OUT_OF_MEMORY')
  assert.ok(kit.memorySize() <= cap)
})

// ---- names looked up by user strings ---------------------------------------------------

test('format names are own keys only: toString, __proto__, constructor, hasOwnProperty are no formats', () => {
  for (const format of ['toString', '__proto__', 'constructor', 'hasOwnProperty', 'valueOf']) {
    assert.equal(codeOf(() => dlx.sudoku.solve(CLASSIC, { format })), 'BAD_ARGUMENT', `solve ${format}`)
    assert.equal(codeOf(() => dlx.sudoku.solve(CLASSIC + '\n\n', { format })), 'BAD_ARGUMENT', `solve (C reader) ${format}`)
    assert.equal(codeOf(() => dlx.sudoku.generate({ seed: 1, format })), 'BAD_ARGUMENT', `generate ${format}`)
  }
})

test('names: secondary names after counted primary items are items nPrimary.., as itemName says', () => {
  const p = dlx.exactCover({ primary: 2, secondary: ['x'], options: [[0, 'x'], [1, 'x']] })
  assert.deepEqual(p.option(0), ['0', 'x'])
  assert.equal(p.itemName(2), 'x')
  assert.equal(p.count(), 0) // both options are needed, and they cannot share x
  p.free()
})

test('itemName: an integer in range, else a coded error (names, counts and text problems)', () => {
  const named = dlx.exactCover({ primary: ['a', 'b'], options: [['a', 'b']] })
  const counted = dlx.exactCover({ primary: 2, options: [[0, 1]] })
  const text = dlx.parseDlx('a b\na b\n')
  for (const p of [named, counted, text]) {
    assert.equal(p.itemName(1), p === counted ? '1' : 'b')
    for (const [bad, code] of [['x', 'BAD_ARGUMENT'], ['0', 'BAD_ARGUMENT'], [1.5, 'BAD_ARGUMENT'], [NaN, 'BAD_ARGUMENT'], [null, 'BAD_ARGUMENT'], [-1, 'BAD_ITEM'], [2, 'BAD_ITEM'], [2 ** 32, 'BAD_ITEM']]) {
      assert.equal(codeOf(() => p.itemName(bad)), code, `itemName(${bad})`)
    }
    p.free()
  }
})
