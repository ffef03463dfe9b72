// dist/dlxkit-typst.wasm through a host written here: the two functions of
// Typst's plugin protocol and nothing else, as Typst's runtime offers them.
// Every export, every kind of error, and the instance after an error. The
// same answers as the main module (src/js/dlxkit.mjs) where both can answer.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { load } from '../src/js/dlxkit.mjs'
import { cellsOf, dataFile, isSolution, puzzles } from './helpers.mjs'

const WASM = readFileSync(new URL('../dist/dlxkit-typst.wasm', import.meta.url))
const EXPORTS = ['solve', 'solve_with', 'count', 'count_with', 'sudoku_json', 'cover', 'cover_with', 'cover_count', 'cover_json', 'cover_best', 'steps']
const CLASSIC = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'
const CLASSIC_SOLUTION = '534678912672195348198342567859761423426853791713924856961537284287419635345286179'
const KNUTH = '| Knuth\'s example\na b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n'

/** An instance with the protocol's two imports; call(name, ...args) gives { code, text }. */
function plugin () {
  let args = []
  let result = null
  let memory = null
  const imports = {
    typst_env: {
      wasm_minimal_protocol_write_args_to_buffer (ptr) {
        let at = ptr
        for (const a of args) new Uint8Array(memory.buffer, at, a.length).set(a), (at += a.length)
      },
      wasm_minimal_protocol_send_result_to_host (ptr, len) {
        result = new Uint8Array(memory.buffer, ptr, len).slice()
      }
    }
  }
  const instance = new WebAssembly.Instance(new WebAssembly.Module(WASM), imports)
  memory = instance.exports.memory
  const call = (name, ...strings) => {
    args = strings.map((s) => (typeof s === 'string' ? Buffer.from(s) : s))
    result = null
    const code = instance.exports[name](...args.map((a) => a.length))
    assert.ok(code === 0 || code === 1, `${name} returned ${code}`)
    assert.ok(result, `${name} sent no result`)
    // Typst shows an error only when its message is valid UTF-8.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(result)
    return { code, text }
  }
  return { call, memory }
}

const { call, memory } = plugin()
const ok = (name, ...args) => {
  const r = call(name, ...args)
  assert.equal(r.code, 0, `${name} failed: ${r.text}`)
  return r.text
}
const error = (name, ...args) => {
  const r = call(name, ...args)
  assert.equal(r.code, 1, `${name} should fail but gave ${r.text}`)
  return r.text
}

test('imports only the two protocol functions from typst_env; exports memory and the plugin functions', () => {
  const module = new WebAssembly.Module(WASM)
  assert.deepEqual(
    WebAssembly.Module.imports(module).map((i) => `${i.module}.${i.name}:${i.kind}`).sort(),
    ['typst_env.wasm_minimal_protocol_send_result_to_host:function', 'typst_env.wasm_minimal_protocol_write_args_to_buffer:function'])
  assert.deepEqual(WebAssembly.Module.exports(module).map((e) => `${e.name}:${e.kind}`).sort(),
    ['memory:memory', ...EXPORTS.map((e) => `${e}:function`)].sort())
})

test('uses no wasm feature beyond bulk memory, sign extension and saturating conversions (no SIMD)', () => {
  // wasm-opt validates its input against the features it is given.
  const r = spawnSync('wasm-opt', ['--mvp-features', '--enable-bulk-memory', '--enable-sign-ext',
    '--enable-nontrapping-float-to-int', 'dist/dlxkit-typst.wasm', '-o', '/dev/null'],
  { cwd: new URL('..', import.meta.url).pathname, encoding: 'utf8' })
  assert.equal(r.error, undefined, 'wasm-opt (binaryen, installed with emscripten) is needed for this test')
  assert.equal(r.status, 0, r.stderr.slice(0, 2000))
})

test('the Typst package carries the same plugin as dist/', () => {
  const copy = readFileSync(new URL('../web/typst/dlxkit-typst.wasm', import.meta.url))
  assert.ok(copy.equals(WASM), 'web/typst/dlxkit-typst.wasm differs from dist/dlxkit-typst.wasm: run make dist')
})

test('solve: the classic puzzle, and 60 hard ones as the main module solves them', async () => {
  assert.equal(ok('solve', CLASSIC), CLASSIC_SOLUTION)
  const dlx = await load()
  for (const p of [...puzzles('top1465.txt', 30), ...puzzles('17-clue.txt', 30)]) {
    const line = ok('solve', p)
    assert.ok(isSolution(cellsOf(line), cellsOf(p)), `not a solution of ${p}: ${line}`)
    assert.equal(line, dlx.sudoku.solve(p).solution)
  }
})

test('solve_with: box shapes, variants, an alphabet, numbers; the output keeps the puzzle\'s symbols', async () => {
  const dlx = await load()
  const six = dlx.sudoku.generate({ boxRows: 2, boxCols: 3, seed: 5 })
  const line = ok('solve_with', six.puzzle, 'box=2x3')
  assert.ok(isSolution(cellsOf(line), cellsOf(six.puzzle), 6, 2, 3), line)
  assert.equal(line, six.solution)
  const sixteen = dlx.sudoku.generate({ size: 16, seed: 2 })
  assert.equal(ok('solve', sixteen.puzzle), sixteen.solution)
  // Hex Sudoku in 0-F: the solution comes back in 0-F.
  const hex = [...sixteen.puzzle].map((ch) => (ch === '.' ? '.' : '0123456789ABCDEF'['123456789ABCDEFG'.indexOf(ch)])).join('')
  const hexLine = ok('solve_with', hex, 'alphabet=0123456789ABCDEF')
  assert.equal(hexLine, [...sixteen.solution].map((ch) => '0123456789ABCDEF'['123456789ABCDEFG'.indexOf(ch)]).join(''))
  // Sudoku X: both diagonals hold 1-4.
  const x = ok('solve_with', '1...........4...', 'variant=x')
  const v = cellsOf(x)
  assert.ok(isSolution(v, cellsOf('1...........4...'), 4, 2, 2, [[0, 5, 10, 15], [3, 6, 9, 12]]), x)
  // Numbers in, numbers out, on one line.
  const numbers = CLASSIC.split('').map((ch) => (ch === '.' ? 0 : ch)).join(',')
  assert.equal(ok('solve', numbers), CLASSIC_SOLUTION.split('').join(' '))
  // A grid with decorations reads like its one-line form.
  const grid = CLASSIC.match(/.{9}/g).map((row) => row.match(/.{3}/g).join(' | ')).join('\n')
  assert.equal(ok('solve', grid), CLASSIC_SOLUTION)
})

test('count and count_with: up to the limit, 2 by default', () => {
  assert.equal(ok('count', CLASSIC), '1')
  assert.equal(ok('count', '.'.repeat(81)), '2')
  assert.equal(ok('count_with', '.'.repeat(16), 'limit=0'), '288') // every 4x4 Sudoku
  assert.equal(ok('count_with', '.'.repeat(16), 'limit=100'), '100')
  assert.equal(ok('count_with', '.'.repeat(16), 'limit=0 variant=x'), '48') // by brute force
  assert.equal(ok('count', '12....3.........'), '0') // 3 below the 1 and 2 leaves the 4 twice in row 1
})

test('sudoku_json: shape, symbols, givens, status, solution, candidates', () => {
  const data = JSON.parse(ok('sudoku_json', CLASSIC, 'candidates=yes'))
  assert.equal(data.size, 9)
  assert.deepEqual(data.box, [3, 3])
  assert.deepEqual(data.symbols, [...'123456789'])
  assert.deepEqual(data.givens, cellsOf(CLASSIC))
  assert.equal(data.status, 'unique')
  assert.equal(data.count, 1)
  assert.deepEqual(data.solution, cellsOf(CLASSIC_SOLUTION))
  assert.equal(data.candidates.length, 81)
  data.candidates.forEach((marks, i) => {
    if (data.givens[i]) assert.deepEqual(marks, [data.givens[i]])
    else assert.ok(marks.includes(data.solution[i]) && marks.length >= 1, `cell ${i}: ${marks}`)
  })
  assert.deepEqual(data.candidates[2], [1, 2, 4]) // row 1, column 3: not 3 5 7 (row), 6 8 9 (column, box)
  const empty = JSON.parse(ok('sudoku_json', '.'.repeat(36), 'box=3x2'))
  assert.deepEqual([empty.size, empty.box, empty.status, empty.count, empty.candidates], [6, [3, 2], 'multiple', 2, undefined])
  const none = JSON.parse(ok('sudoku_json', '12....3.........', ''))
  assert.deepEqual([none.status, none.solution], ['none', null])
  const numbers = JSON.parse(ok('sudoku_json', '1,0,0,0\n0,0,0,2\n0,0,3,0\n0,4,0,0', ''))
  assert.deepEqual(numbers.symbols, ['1', '2', '3', '4'])
  const hex = JSON.parse(ok('sudoku_json', '.'.repeat(256), 'alphabet=0123456789ABCDEF limit=1'))
  assert.equal(hex.symbols.join(''), '0123456789ABCDEF')
  assert.equal(hex.status, 'found')
})

test('puzzle errors name the problem and its place', () => {
  assert.match(error('solve', '55' + CLASSIC.slice(2)), /5 at row 1, column 2 clashes with the 5 at row 1, column 1/)
  assert.match(error('solve', CLASSIC.slice(1)), /found 80 cells; a 9x9 puzzle needs 81/)
  assert.match(error('solve', CLASSIC.slice(0, 80) + 'x'), /symbol 'x'.*too big for a 9x9 puzzle/)
  assert.match(error('solve', '12....3.........'), /no solution/)
  assert.match(error('solve', ''), /no puzzle in the text/)
  assert.match(error('solve', Buffer.concat([Buffer.from([0xff]), Buffer.from(CLASSIC.slice(1))])), /byte 0xFF at line 1, column 1/)
  assert.match(error('count_with', CLASSIC, 'box=2x4'), /a 8x8 puzzle needs 64/)
  assert.match(error('count_with', '.'.repeat(81), 'limit=0 max-nodes=500'), /gave up after 500 search nodes .* max-nodes=N/)
})

test('option errors say what is wrong and what is expected', () => {
  assert.match(error('solve_with', CLASSIC, 'colour=red'), /unknown option "colour" \(known: box, size/)
  assert.match(error('solve_with', CLASSIC, 'limit=3'), /option "limit" does not apply to solve/)
  assert.match(error('cover_with', KNUTH, 'box=3x3'), /option "box" does not apply to cover/)
  assert.match(error('solve_with', CLASSIC, 'box=3by3'), /option "box=3by3": BAD_BOX: box "3by3" is not ROWSxCOLUMNS of one box/)
  assert.match(error('solve_with', CLASSIC, 'box'), /option "box": expected ROWSxCOLUMNS of one box such as box=2x3/)
  assert.match(error('count_with', CLASSIC, 'limit=-1'), /option "limit=-1": expected a whole number/)
  assert.match(error('count_with', CLASSIC, 'max-nodes'), /option "max-nodes": expected a whole number of search nodes/)
  assert.match(error('solve_with', CLASSIC, 'variant=y'), /expected x, windoku, x\+windoku or none/)
  assert.match(error('solve_with', CLASSIC, 'size=65'), /expected the side, 1..64/)
  assert.match(error('sudoku_json', CLASSIC, 'candidates=maybe'), /expected yes or no/)
  // Bytes of the options are quoted; invalid UTF-8 among them becomes U+FFFD.
  assert.match(error('solve_with', CLASSIC, Buffer.from([0x62, 0xff, 0x3d, 0x31])), /unknown option "b\uFFFD"/)
  // Every kind of invalid UTF-8 (the reader's rules, utf8.h): overlong, surrogate, beyond
  // U+10FFFF, cut short; valid characters pass as they are.
  for (const bad of [[0xc0, 0x80], [0xe0, 0x80, 0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82]]) {
    assert.match(error('solve_with', CLASSIC, Buffer.from([0x62, ...bad])), /unknown option "b\uFFFD/, `bytes ${bad}`)
  }
  assert.match(error('solve_with', CLASSIC, 'b\u00e9\u20ac\u{1f600}'), /unknown option "b\u00e9\u20ac\u{1f600}"/u)
})

test('cover: the options of the first exact cover, one per line', () => {
  const lines = ok('cover', KNUTH).split('\n')
  assert.deepEqual(lines.slice().sort(), ['a d f', 'b g', 'c e'])
  // Colors: x may be shared by options that give it the same color.
  assert.deepEqual(ok('cover', 'a b | x\na x:red\nb x:blue\nb x:red\n').split('\n').sort(), ['a x:red', 'b x:red'])
  const queens = dataFile('exact-cover', 'queens-12.dlx')
  const rows = ok('cover_with', queens, 'max-nodes=0').split('\n')
  assert.equal(rows.length, 12)
  const primary = queens.split('\n').find((l) => l && !l.startsWith('|')).split('|')[0].trim().split(/\s+/)
  const covered = rows.flatMap((r) => r.split(' ')).filter((item) => primary.includes(item))
  assert.deepEqual(covered.sort(), primary.slice().sort(), 'every primary item exactly once')
})

test('cover_count: all covers by default, or up to a limit; the same counts as the main module', async () => {
  assert.equal(ok('cover_count', KNUTH, ''), '1')
  const dlx = await load()
  const langford = dataFile('exact-cover', 'langford-11.dlx')
  const p = dlx.parseDlx(langford)
  const all = p.count()
  p.free()
  assert.equal(ok('cover_count', langford, 'max-nodes=0'), String(all))
  assert.equal(ok('cover_count', langford, 'limit=7'), '7')
})

test('cover and cover_count read multiplicities (lo:hi|item): a cover may hold more options than there are items', () => {
  assert.equal(ok('cover', '4|a\na\na\na\na\na\n'), 'a\na\na\na') // 4 options of 5 for one item
  assert.equal(ok('cover_count', '4|a\na\na\na\na\na\n', ''), '5')
  assert.equal(ok('cover_count', '1:3|F 2|G H | x\nF\nF x:a\nG H\nG\nG x:b\nF G\n', ''), '8')
})

test('cover_best: the k cheapest covers (Knuth\'s DLX5 costs) as the JS API finds them, on random problems', async () => {
  const dlx = await load()
  let seed = 3
  const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return Math.floor((seed / 2147483648) * n) }
  let withCovers = 0
  for (let t = 0; t < 30; t++) {
    const items = Array.from({ length: 2 + rand(4) }, (_, i) => `i${i}`)
    const lines = [items.join(' ')]
    for (let o = 0; o < 4 + rand(8); o++) {
      const chosen = items.filter(() => rand(3) === 0)
      if (chosen.length) lines.push(`${chosen.join(' ')} |${rand(50)}`)
    }
    const text = lines.join('\n') + '\n'
    const k = 1 + rand(3)
    const got = JSON.parse(ok('cover_best', text, `k=${k} max-nodes=0`))
    const p = dlx.parseDlx(text)
    const want = p.best({ k })
    assert.deepEqual(got.map((s) => s.cost), want.map((s) => s.cost), text)
    for (const [j, s] of got.entries()) {
      const lineOf = (o) => lines[o + 1].replace(/ \|0$/, '') // a cost of 0 is written as none
      assert.deepEqual(s.options.slice().sort(), want[j].options.map(lineOf).sort(), text)
    }
    p.free()
    if (got.length) withCovers++
  }
  assert.ok(withCovers >= 8, `only ${withCovers} random problems had a cover`)
  assert.deepEqual(JSON.parse(ok('cover_best', 'a b\na b |7\na |2\nb |1\n', 'k=2')).map((s) => s.cost), [3, 7])
  assert.deepEqual(JSON.parse(ok('cover_best', 'a b\na\n', '')), [])
  assert.match(error('cover_best', 'a\na |x\n', ''), /DLX text line 2/)
  assert.match(error('cover_best', 'a\na |1\n', 'k=0'), /option "k=0": expected how many of the cheapest covers/)
  assert.match(error('cover_best', 'a\na |1\n', 'limit=2'), /option "limit" does not apply to cover_best/)
})

test('cover_json: items, primary count, options with colors, the cover', () => {
  const data = JSON.parse(ok('cover_json', 'a b | x\na x:red\nb x:blue\nb x:red\n', ''))
  assert.deepEqual(data, {
    items: ['a', 'b', 'x'],
    primary: 2,
    options: [[[0, null], [2, 'red']], [[1, null], [2, 'blue']], [[1, null], [2, 'red']]],
    solution: [0, 2]
  })
  assert.equal(JSON.parse(ok('cover_json', 'a b\na\n', '')).solution, null)
  const names = JSON.parse(ok('cover_json', 'a "q" é\na "q" é\n', ''))
  assert.deepEqual(names.items, ['a', '"q"', 'é'])
})

test('cover errors: the line and column of bad DLX text, no cover, the budget', () => {
  assert.match(error('cover', 'a b\na c\n'), /DLX text line 2, column 3: unknown item "c"/)
  assert.match(error('cover', 'a a\n'), /DLX text line 1, column 3: .*"a"/)
  assert.match(error('cover', ''), /DLX text: /)
  assert.match(error('cover', 'a b\na\n'), /this problem has no exact cover/)
  assert.match(error('cover_with', dataFile('exact-cover', 'pentomino-6x10.dlx'), 'max-nodes=50'),
    /no exact cover found within 50 search nodes; allow more with max-nodes=N/)
  assert.match(error('cover_count', dataFile('exact-cover', 'queens-12.dlx'), 'max-nodes=100'),
    /gave up after 100 search nodes with \d+ exact covers found/)
  assert.match(error('cover', Buffer.concat([Buffer.from('a b\na\nb x'), Buffer.from([0xe9])])), /unknown item "x\uFFFD"/)
})

/** The cells of a house of the JS API ({ kind, index }) as [row, col] pairs, as the plugin lists them. */
function houseCells ({ kind, index }, n, br, bc) {
  const all = Array.from({ length: n * n }, (_, i) => [Math.floor(i / n), i % n])
  if (kind === 'row') return all.filter(([r]) => r === index)
  if (kind === 'column') return all.filter(([, c]) => c === index)
  if (kind === 'box') return all.filter(([r, c]) => Math.floor(r / br) * (n / bc) + Math.floor(c / bc) === index)
  if (kind === 'diagonal') return all.filter(([r, c]) => index ? r + c === n - 1 : r === c)
  throw new Error(`no cells for ${kind}`)
}

// Puzzles whose steps use techniques beyond singles (found in tests/data/sudoku/top1465.txt).
const XWING = '5..4..8......9..1...2..1..56..3..4...5..7......4.....83..6..7...6.....8...8..2..1'
const XYWING = '....3..715..4.2............2..6..4...38.7..............7..8..1.6..5..2...........'

test('steps: every step as the JS API gives it (technique, rating, sentence, moves, cells, houses), any shape', async () => {
  const dlx = await load()
  const six = '..3.1.56.32..542.32.645..12.45.4.1..'
  const cases = [[CLASSIC, ''], [XWING, ''], [XYWING, ''], [six, 'box=2x3', { boxRows: 2, boxCols: 3 }],
    ['1...........4...', 'variant=x', { variant: 'x' }], // several solutions: refused
    [dlx.sudoku.generate({ size: 9, variant: 'x', seed: 2 }).puzzle, 'variant=x', { variant: 'x' }]]
  const seen = new Set()
  for (const [puzzle, options, opts = {}] of cases) {
    let want
    try { want = dlx.sudoku.steps(puzzle, opts).steps } catch (e) { want = e }
    if (want instanceof Error) { // a puzzle the API refuses: the plugin refuses it with the same words
      assert.equal(error('steps', puzzle, options), want.message)
      continue
    }
    const got = JSON.parse(ok('steps', puzzle, options))
    const [br, bc] = got.box
    assert.equal(got.done, true)
    assert.equal(got.count, want.length)
    assert.equal(got.steps.length, want.length)
    got.steps.forEach((s, k) => {
      const w = want[k]
      seen.add(w.technique)
      for (const h of w.houses) seen.add(h.kind)
      assert.equal(s.n, k + 1)
      assert.deepEqual([s.technique, s.rating, s.text], [w.technique, w.rating, w.text], `${puzzle} step ${k + 1}`)
      assert.deepEqual(s.placements, w.placements.map((m) => [m.row, m.col, m.digit]))
      assert.deepEqual(s.eliminations, w.eliminations.map((m) => [m.row, m.col, m.digit]))
      assert.deepEqual(s.cells, w.cells.map((c) => [c.row, c.col]))
      assert.deepEqual(s.houses.map((h) => h.map(String).sort()), w.houses.map((h) => houseCells(h, got.size, br, bc).map(String).sort()))
      assert.equal(s.values, undefined, 'no grid without candidates=yes')
    })
  }
  for (const t of ['Hidden single', 'Full house', 'X-wing', 'XY-wing', 'row', 'column', 'box', 'diagonal']) assert.ok(seen.has(t), `${t} among the steps checked`)
})

test('steps: from and limit cut the list; candidates=yes gives the grid and candidates before each step', async () => {
  const all = JSON.parse(ok('steps', XWING, ''))
  const some = JSON.parse(ok('steps', XWING, 'from=39 limit=3'))
  assert.deepEqual(some.steps, all.steps.slice(38, 41))
  assert.equal(some.count, 41)
  assert.equal(some.done, false)
  const last = JSON.parse(ok('steps', XWING, `from=${all.count} limit=1`))
  assert.equal(last.done, true, 'the last step leaves the grid full')
  const past = JSON.parse(ok('steps', XWING, `from=${all.count + 1}`))
  assert.deepEqual([past.steps, past.count, past.done], [[], all.count, true])
  // the states: the grid is the givens and the placements so far; every
  // candidate list is a valid pencil mark holding what the step uses, and
  // shrinks from step to step by the step's eliminations at least
  const full = JSON.parse(ok('steps', XWING, 'candidates=yes'))
  const marks = JSON.parse(ok('sudoku_json', XWING, 'candidates=yes')).candidates
  assert.deepEqual(full.steps[0].candidates, marks.map((m, i) => full.givens[i] ? [] : m), 'step 1 starts from the pencil marks of sudoku_json')
  const values = full.givens.slice()
  const n = full.size
  full.steps.forEach((s, k) => {
    assert.deepEqual(s.values, values, `the grid before step ${k + 1}`)
    for (const [r, c, d] of [...s.placements, ...s.eliminations]) assert.ok(s.candidates[r * n + c].includes(d), `step ${k + 1}: ${d} at r${r + 1}c${c + 1} is a candidate`)
    const next = full.steps[k + 1]
    if (next) {
      s.candidates.forEach((m, i) => assert.ok(next.candidates[i].every((d) => m.includes(d)), `step ${k + 2}: cell ${i} gained a candidate`))
      for (const [r, c, d] of s.eliminations) assert.ok(!next.candidates[r * n + c].includes(d), `step ${k + 1} removed ${d}`)
    }
    for (const [r, c, d] of s.placements) values[r * n + c] = d
  })
  assert.ok(values.every((v) => v > 0), 'the placements fill the grid')
})

test('steps: a puzzle without one solution, a budget and bad options are errors saying so', async () => {
  assert.match(error('steps', '.'.repeat(81), ''), /more than one solution: steps a person can follow need exactly one/)
  assert.match(error('steps', '12....3.........', ''), /the givens leave no solution/)
  assert.match(error('steps', `55${CLASSIC.slice(2)}`, ''), /clashes with the 5 at row 1, column 1/)
  assert.match(error('steps', XWING, 'max-nodes=1'), /^gave up after 1 search nodes proving the solution unique; allow more with max-nodes=N/)
  assert.match(error('steps', XWING, 'from=0'), /option "from=0": expected the first step to give, 1 or more/)
  assert.match(error('steps', XWING, 'k=2'), /option "k" does not apply to steps/)
  assert.match(error('steps', XWING, 'depth=2'), /unknown option "depth" \(known: .*from\)/)
  assert.equal(JSON.parse(ok('steps', XWING, 'max-nodes=0 limit=1')).steps.length, 1)
})

test('calls share nothing: after errors the instance answers as before, in the same memory', () => {
  const before = ok('solve', CLASSIC)
  const size = memory.buffer.byteLength
  for (let k = 0; k < 50; k++) {
    error('solve', '55' + CLASSIC.slice(2))
    error('cover', 'a b\na c\n')
    error('solve_with', CLASSIC, 'nonsense')
    assert.equal(ok('solve', CLASSIC), before)
    assert.equal(ok('cover', KNUTH).split('\n').length, 3)
    assert.equal(ok('count_with', '.'.repeat(16), 'limit=0'), '288')
  }
  assert.equal(memory.buffer.byteLength, size, 'memory grew over repeated calls')
})
