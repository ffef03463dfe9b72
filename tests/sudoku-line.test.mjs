// The one-line fast path (src/js/dlxkit-sudoku-line.mjs) is no reader of its
// own: it copies bytes through a table the C reader filled. Wherever it takes
// a line, the C reader reads the same cells, and the answer is written with
// the same symbols and empty-cell mark; wherever the two could differ it
// leaves the line to the C reader.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { load } from '../src/js/dlxkit.mjs'
import { readLine } from '../src/js/dlxkit-sudoku-line.mjs'
import { HANG_MS, puzzles } from './helpers.mjs'

const dlx = await load()
const tables = dlx.sudoku._lines

let taken = 0
/** The fast path and the C reader (sudoku.read, which never takes the fast path) agree on `line`. */
function agree (line, opts = {}) {
  const fast = readLine(tables, line, opts.size, opts.alphabet)
  if (!fast) return false
  taken++
  const c = dlx.sudoku.read(line, opts) // throws if the C reader refuses what the fast path took
  assert.equal(c.style, 'line', line)
  assert.equal(c.size, fast.size, line)
  assert.deepEqual(c.cells.flat(), Array.from(fast.cells), line)
  assert.equal(c.offset, line.length, line)
  return true
}

/** solve() through the fast path answers as the C path does (a trailing blank sends a line to C). */
function answersAgree (line, opts = {}) {
  const outcome = (text) => {
    try {
      const r = dlx.sudoku.solve(text, { ...opts, maxNodes: 20000 })
      return [r.status, r.solution, r.count]
    } catch (e) {
      return [e.code]
    }
  }
  assert.deepEqual(outcome(line), outcome(line + ' '), line)
}

const rng = (seed) => () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32)

test('9x9 data sets in every empty-cell mark: the fast path takes them, and agrees with the C reader', () => {
  const lines = [...puzzles('top1465.txt'), ...puzzles('hardest1106.txt'), ...puzzles('17-clue.txt')]
  assert.ok(lines.length > 1800, `${lines.length} lines`)
  for (const line of lines) {
    for (const blank of ['.', '0', '_', '*', '?']) assert.ok(agree(line.replaceAll('.', blank)), `taken: ${line}`)
  }
  for (const line of lines.slice(0, 200)) answersAgree(line.replaceAll('.', '0'))
})

test('generated puzzles 4x4 to 64x64, lowercase, custom alphabets, CRLF: agreement wherever the fast path takes a line', () => {
  for (const size of [4, 9, 16, 25, 36, 49, 64]) {
    const form = size <= 61 ? 'line' : 'numbers'
    if (form !== 'line') continue
    const { puzzle, solution } = dlx.sudoku.generate({ size, seed: size, maxNodes: 5e6 })
    for (const line of [puzzle, solution, puzzle.toLowerCase(), puzzle.replaceAll('.', '_'), puzzle + '\n', puzzle + '\r\n']) {
      agree(line)
      agree(line, { size })
    }
    answersAgree(puzzle)
    answersAgree(puzzle.toLowerCase())
  }
  for (const alphabet of ['0123456789ABCDEF', 'abcdefghijklmnop', '!"$%&\'()*/;<>?@[']) {
    const { puzzle } = dlx.sudoku.generate({ size: 16, alphabet, seed: 7 })
    assert.ok(agree(puzzle, { alphabet }), `taken: ${puzzle} in ${alphabet}`)
    answersAgree(puzzle, { alphabet })
  }
})

test('a 16x16 with both 0 and . for empty cells (read as 0-F), blanks, other bytes go to the C reader; mixes read alike do not', () => {
  const { puzzle } = dlx.sudoku.generate({ size: 16, seed: 3 })
  const hex = puzzle.replace('.', '0') // '0' and '.': the C reader reads 0-F
  assert.equal(readLine(tables, hex), null)
  assert.equal(dlx.sudoku.solve(hex).status, dlx.sudoku.solve(hex + ' ').status)
  dlx.sudoku.solve(puzzle) // the plain 16x16's solver cached: the module's copy of the line checks the marks
  assert.deepEqual(dlx.sudoku.solve(hex), dlx.sudoku.solve(hex + ' '))
  answersAgree(hex)
  answersAgree(puzzle.replace('.', '#'))
  assert.ok(agree(puzzle.replace('.', '_')), 'two marks the C reader reads alike')
  assert.ok(agree(puzzle.replaceAll('.', '-')), "'-', a border alone, is an empty cell beside symbols")
  assert.equal(readLine(tables, '-'.repeat(81)), null, 'a line of marks only (here a border)')
  assert.equal(readLine(tables, puzzle.replace('.', ' ')), null, 'a blank')
  assert.equal(readLine(tables, puzzle.replace('.', 'é').slice(0, 256)), null, 'not ASCII')
  assert.equal(readLine(tables, '1.3.'.repeat(2) + '.'), null, 'nine cells are a row of a 9x9, not a 3x3')
})

test('random lines of N*N bytes: the fast path never takes one the C reader reads otherwise', () => {
  const random = rng(42)
  const pools = ['123456789.', '0123456789ABCDEFG.-_*?', '123456789ABCDEFGHIJKLMNOPabcdefghijklmnopz.0', '#:|+=, 1.']
  let before = taken
  for (let k = 0; k < 3000; k++) {
    const n = [2, 3, 4, 5, 9, 16, 25][k % 7]
    const pool = pools[k % pools.length]
    let line = ''
    for (let i = 0; i < n * n; i++) line += pool[Math.floor(random() * pool.length)]
    if (agree(line) && k % 10 === 0) answersAgree(line)
  }
  assert.ok(taken - before > 200, `${taken - before} random lines taken`)
})

test('solve() keeps its buffer in module memory: answers stay right between other shapes, sizes and grown memory', async () => {
  const kit = await load() // its solver cache holds 4 shapes: the 9x9 is evicted and rebuilt below
  const lines = puzzles('top1465.txt', 6)
  const slow = lines.map((l) => kit.sudoku.solve(l + ' ')) // the C reader's path
  const others = [{ variant: 'x' }, { variant: 'windoku' }, { boxRows: 3, boxCols: 3, variant: 'x+windoku' }, { size: 4 }, { size: 16 }]
  lines.forEach((line, k) => {
    const o = others[k % others.length]
    const empty = '.'.repeat((o.size ?? 9) ** 2)
    assert.equal(kit.sudoku.solve(empty, { ...o, limit: 1 }).status, 'found', JSON.stringify(o))
    if (k === 3) { // a 25x25 grows the memory: the kept views are renewed
      const before = kit.memorySize()
      const big = kit.sudoku.solve('.'.repeat(625), { limit: 1 }) // read from views made after the search grew the memory
      assert.ok(kit.memorySize() > before, 'the memory grew')
      assert.equal(big.solution.length, 625)
      assert.deepEqual(kit.sudoku.solve(big.solution.slice(0, 600) + '.'.repeat(25), { limit: 2 }).solution, big.solution)
    }
    assert.deepEqual(kit.sudoku.solve(line, { limit: 2 }), slow[k], line)
    assert.equal(kit.sudoku.solve(line.replaceAll('.', '0')).solution, slow[k].solution, 'another empty-cell mark')
  })
})

test('solveMany() of one-line puzzles (one block, one call) answers as the C reader\'s path does, clashes and other marks included', async () => {
  const kit = await load()
  const lines = puzzles('top1465.txt', 40).map((l, k) => k % 3 === 1 ? l.replaceAll('.', '0') : k % 3 === 2 ? l.replaceAll('.', '_') : l)
  const clash = '55' + '.'.repeat(79)
  const batch = [...lines.slice(0, 20), clash, ...lines.slice(20), '123456789'.repeat(9)]
  const fast = kit.sudoku.solveMany(batch, { limit: 2 })
  const slow = kit.sudoku.solveMany(batch.map((l) => l + ' '), { limit: 2 }) // a trailing blank: the C reader's path
  assert.equal(fast.length, batch.length)
  fast.forEach((r, k) => {
    if (batch[k] === clash) assert.equal(r.status, 'invalid')
    assert.deepEqual(r, slow[k], batch[k])
    if (r.status === 'invalid') { // the errors: made when read, apart from the result's fields
      assert.equal(r.error.code, 'CLASH')
      assert.equal(r.error.message, slow[k].error.message)
      assert.deepEqual(r.error.details, slow[k].error.details)
    }
  })
  assert.equal(fast.at(-1).status, 'invalid', 'a full grid that breaks the rules')
  // lines ending in a newline (their bytes copied one line at a time), and a byte past ASCII (the batch goes to C)
  const ends = lines.slice(0, 6).map((l, k) => k % 2 ? l + '\n' : l + '\r\n')
  assert.deepEqual(kit.sudoku.solveMany(ends, { limit: 2 }), slow.slice(0, 6))
  const accent = [lines[0], '\u00e9' + lines[1].slice(1)]
  const viaC = kit.sudoku.solveMany(accent.map((l) => l + ' '), { limit: 2 })
  assert.deepEqual(kit.sudoku.solveMany(accent, { limit: 2 }).map((r) => [r.status, r.solution]), viaC.map((r) => [r.status, r.solution]))
  assert.equal(kit.sudoku.solveMany(lines.slice(0, 3), { limit: 2 })[2].solution, slow[2].solution) // and the next batch is right
  // mixed sides, or a line the table leaves to C, send the whole batch to the full path
  const mixed = kit.sudoku.solveMany([lines[0], '1' + '.'.repeat(15), lines[1] + ' '])
  assert.deepEqual(mixed.map((r) => r.status), ['unique', 'multiple', 'unique'])
  assert.deepEqual(kit.sudoku.solveMany([]), [])
})

test('solve() of plain one-line puzzles finds the cached solver without the shape path', async () => {
  const kit = await load()
  const lines = puzzles('top1465.txt', 30)
  const shapePath = kit.sudoku._solver.bind(kit.sudoku)
  let built = 0
  kit.sudoku._solver = (size, opts) => { built++; return shapePath(size, opts) }
  const answers = lines.map((l) => kit.sudoku.solve(l))
  assert.ok(built <= 1, `the shape path was taken ${built} times for ${lines.length} puzzles`)
  kit.sudoku.solve('.'.repeat(16), { limit: 1 }) // another shape between
  assert.equal(kit.sudoku.solve(lines[0]).solution, answers[0].solution)
  assert.ok(built <= 3, `${built} times with a 4x4 between`)
  delete kit.sudoku._solver
  answers.forEach((r, k) => assert.deepEqual(r, kit.sudoku.solve(lines[k] + ' '), lines[k])) // the C reader's path agrees
})

test('solveMany() answers a clash without making its error until the error is read', async () => {
  const kit = await load()
  const clash = '55' + '.'.repeat(79)
  const [r, s] = kit.sudoku.solveMany([clash, '.'.repeat(80) + '1'], { limit: 1 })
  assert.equal(r.status, 'invalid')
  assert.equal(s.status, 'found', 'the batch goes on after it')
  assert.equal(Object.getOwnPropertyDescriptor(r, 'error'), undefined, 'not made yet')
  let alone = null
  try {
    kit.sudoku.solve(clash)
  } catch (e) {
    alone = e
  }
  assert.ok(alone, 'solve() throws the clash')
  assert.equal(r.error.code, 'CLASH')
  assert.equal(r.error.message, alone.message)
  assert.deepEqual(r.error.details, alone.details)
  assert.equal(r.error, r.error, 'made once')
  assert.equal(JSON.parse(JSON.stringify(r)).error.code, 'CLASH')
})

test('a host whose TextEncoder has no encodeInto (Safari 14.0) copies the lines by encode(): the same answers', async () => {
  const lines = puzzles('top1465.txt', 6)
  const kit = await load()
  const want = kit.sudoku.solveMany([...lines, '\u00e9' + lines[0].slice(1)], { limit: 2 }).map((r) => [r.status, r.solution])
  const wantOne = kit.sudoku.solve(lines[1]).solution
  const script = `delete TextEncoder.prototype.encodeInto
    const { load } = await import(${JSON.stringify(new URL('../src/js/dlxkit.mjs', import.meta.url).href)})
    const kit = await load()
    const lines = ${JSON.stringify(lines)}
    const got = kit.sudoku.solveMany([...lines, '\\u00e9' + lines[0].slice(1)], { limit: 2 }).map((r) => [r.status, r.solution])
    console.log(JSON.stringify({ got, one: kit.sudoku.solve(lines[1]).solution }))`
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: HANG_MS })
  assert.equal(r.status, 0, r.stderr)
  const { got, one } = JSON.parse(r.stdout)
  assert.deepEqual(got, want)
  assert.equal(one, wantOne)
})

test('solve() words a clash as the C path does (the module gives the cells, JS the sentence): rows, columns, boxes, every plain size', () => {
  let seen = 0
  const regions = new Set()
  for (const size of [4, 6, 8, 9, 12, 16, 25]) {
    const { solution } = dlx.sudoku.generate({ size, seed: size + 1, maxNodes: 5e6 })
    const random = rng(size)
    for (let k = 0; k < 40; k++) {
      // a puzzle of a few givens of the solution, one of them copied to another cell (of its row, column, box, or anywhere)
      const cells = [...solution].map((ch) => random() < 0.3 ? ch : '.')
      const from = Math.floor(random() * size * size)
      const r = Math.floor(from / size)
      const c = from % size
      const to = [r * size + Math.floor(random() * size), Math.floor(random() * size) * size + c, Math.floor(random() * size * size)][k % 3]
      if (to === from) continue
      cells[from] = solution[from]
      cells[to] = solution[from]
      const line = cells.join('')
      const error = (text) => {
        try {
          dlx.sudoku.solve(text)
          return null
        } catch (e) {
          return e
        }
      }
      const fast = error(line)
      const slow = error(line + ' ') // a trailing blank: the C reader's path, and the C solver's words
      assert.equal(fast?.code, slow?.code, line)
      if (!fast || fast.code !== 'CLASH') continue
      assert.equal(fast.message, slow.message, line)
      assert.deepEqual(fast.details, slow.details, line)
      assert.ok(fast instanceof Error && typeof fast.stack === 'string')
      regions.add(/same (\w+)/.exec(fast.message)[1])
      seen++
    }
  }
  assert.ok(seen > 150, `${seen} clashes`)
  assert.deepEqual([...regions].sort(), ['box', 'column', 'row'])
})

/** What the module's copy of one line must give (src/wasm/lines.c, byte at a time): null when refused, else { values, info }. */
function referenceLine (table, bytes) {
  const values = new Uint8Array(bytes.length)
  let blank = 0
  let marks = 0
  let empties = 0
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]
    const v = c < 128 ? table.value[c] : -1
    if (v < 0) return null
    values[i] = v
    if (v === 0) {
      empties++
      marks |= 1 << table.kind[c]
      if (!blank) blank = c
    }
  }
  return { values, info: [blank, marks, bytes.length - empties] }
}

test('the module turns lines into values 16 bytes at a time as a byte-at-a-time loop would: every length, every byte', () => {
  const native = dlx._native
  const random = rng(43)
  let compared = 0
  for (const [n, alphabet] of [[9, null], [16, null], [16, '!"$%&\'()*/;<>?@['], [25, null], [4, null]]) {
    const table = tables.get(n, 0, alphabet)
    assert.ok(table, `a table for ${n} ${alphabet}`)
    const known = []
    for (let b = 0; b < 128; b++) if (table.value[b] >= 0) known.push(b)
    for (const len of [1, 2, 9, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65, 80, 81, 82, 96, 100, 256, 625, 4096]) {
      for (let k = 0; k < 12; k++) {
        const bytes = new Uint8Array(len)
        const odd = k % 4 === 3 // now and then a byte of any value, the line refused then (most of the time)
        for (let i = 0; i < len; i++) bytes[i] = odd && random() < 4 / len ? Math.floor(random() * 256) : known[Math.floor(random() * known.length)]
        const want = referenceLine(table, bytes)
        const info = new Int32Array(3)
        const got = native.withBuffers([len], (p) => {
          native.writeBytes(p, bytes)
          return native.sudokuLines(table, p, 1, len, info) ? { values: native.readBytes(p, len), info: Array.from(info) } : null
        })
        assert.deepEqual(got && { values: Array.from(got.values), info: got.info }, want && { values: Array.from(want.values), info: want.info }, `${n} ${alphabet} ${len}: ${bytes}`)
        compared++
      }
    }
  }
  assert.ok(compared > 1000)
})

test('solveMany() of one-line puzzles of sides 4 to 25 gives what solve() gives each: solutions, no solution, several, clashes, stopped searches', async () => {
  const kit = await load()
  for (const size of [4, 9, 16, 25]) {
    const batch = []
    for (let seed = 1; seed <= 6; seed++) {
      const { puzzle, solution } = kit.sudoku.generate({ size, seed, maxNodes: 5e6 })
      batch.push(puzzle, puzzle.replaceAll('.', '0'), solution)
      const cells = [...puzzle]
      const at = cells.findIndex((c) => c !== '.')
      const other = cells.findIndex((c, i) => c === '.' && Math.floor(i / size) === Math.floor(at / size))
      if (other >= 0) batch.push(Object.assign([...cells], { [other]: cells[at] }).join('')) // a clash in a row
      batch.push('.'.repeat(size * size - 1) + solution[size * size - 1]) // many solutions
    }
    for (const opts of [{ limit: 2 }, { limit: 1 }, { limit: 2, maxNodes: 3 }]) {
      const many = kit.sudoku.solveMany(batch, opts)
      batch.forEach((line, k) => {
        let alone
        try {
          alone = kit.sudoku.solve(line, opts)
        } catch (e) {
          assert.equal(many[k].status, 'invalid', line)
          assert.equal(many[k].error.code, e.code)
          assert.equal(many[k].error.message, e.message)
          assert.deepEqual(many[k].error.details, e.details)
          return
        }
        assert.deepEqual(many[k], alone, `${size} ${JSON.stringify(opts)} ${line}`)
      })
    }
  }
})
