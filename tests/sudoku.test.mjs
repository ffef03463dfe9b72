// The Sudoku API: solving in every input form, options, batches, candidates,
// generation, rating, and errors (after which the instance still works).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { load, DlxError } from '../src/js/dlxkit.mjs'
import { puzzles, cellsOf, isSolution } from './helpers.mjs'

const dlx = await load()
const CLASSIC = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'

test('solve: a line in, a line out, unique', () => {
  const r = dlx.sudoku.solve(CLASSIC)
  assert.equal(r.status, 'unique')
  assert.equal(r.count, 1)
  assert.ok(r.nodes > 0)
  assert.equal(typeof r.solution, 'string')
  assert.ok(isSolution(cellsOf(r.solution), cellsOf(CLASSIC)))
})

test('solve: every puzzle of tests/data\'s top1465 and hardest1106, unique and valid', () => {
  for (const p of [...puzzles('top1465.txt'), ...puzzles('hardest1106.txt')]) {
    const r = dlx.sudoku.solve(p)
    assert.equal(r.status, 'unique', p)
    assert.ok(isSolution(cellsOf(r.solution), cellsOf(p)), p)
  }
})

test('solve: a decorated grid comes back with its decorations', () => {
  const rows = CLASSIC.match(/.{9}/g).map((r) => r.replace(/\./g, '.'))
  const grid = rows.map((r, i) => `${r.slice(0, 3)} | ${r.slice(3, 6)} | ${r.slice(6)}` + (i === 2 || i === 5 ? '\n----+-----+----' : '')).join('\n') + '\n'
  const r = dlx.sudoku.solve(grid)
  assert.equal(r.status, 'unique')
  const expected = dlx.sudoku.solve(CLASSIC).solution
  assert.equal(r.solution.replace(/[^1-9]/g, ''), expected)
  assert.equal(r.solution.replace(/[1-9]/g, '#'), grid.replace(/[1-9.]/g, '#'))
})

test('solve: 2D ranges as spreadsheets pass them', () => {
  const range = CLASSIC.match(/.{9}/g).map((row) => [...row].map((ch, i) => ch === '.' ? (i % 3 === 0 ? null : i % 3 === 1 ? '' : 0) : (i % 2 ? Number(ch) : ch)))
  const r = dlx.sudoku.solve(range)
  assert.equal(r.status, 'unique')
  assert.ok(Array.isArray(r.solution) && r.solution.length === 9 && r.solution[0].length === 9)
  assert.ok(r.solution.flat().every((v) => typeof v === 'number'))
  assert.deepEqual(r.solution.flat(), cellsOf(dlx.sudoku.solve(CLASSIC).solution))
})

test('generate then solve: every small box shape, in every format, gives the same grid back', () => {
  // one-line 2x2 and 3x3 puzzles (4 and 9 cells) read as the start of a
  // 4x4 or 9x9 grid, so generate's output did not solve back with its box
  let shapes = 0
  for (let boxRows = 1; boxRows <= 8; boxRows++) {
    for (let boxCols = 1; boxRows * boxCols <= 8; boxCols++) {
      for (const format of ['line', 'grid', 'numbers', 'array']) {
        const g = dlx.sudoku.generate({ boxRows, boxCols, seed: boxRows * 10 + boxCols, format })
        const r = dlx.sudoku.solve(g.puzzle, { boxRows, boxCols })
        assert.equal(r.status, 'unique', `${boxRows}x${boxCols} ${format}`)
        // (a 1x1 grid "1\n" reads as a line and answers "1")
        const same = (x) => typeof x === 'string' ? x.trimEnd() : x
        assert.deepEqual(same(r.solution), same(g.solution), `${boxRows}x${boxCols} ${format}`)
      }
      shapes++
    }
  }
  assert.equal(shapes, 20)
})

test('solve: other shapes, box options, variants, alphabets', () => {
  const six = dlx.sudoku.generate({ boxRows: 2, boxCols: 3, seed: 3 })
  const r6 = dlx.sudoku.solve(six.puzzle, { boxRows: 2, boxCols: 3 })
  assert.equal(r6.status, 'unique')
  assert.ok(isSolution(cellsOf(r6.solution), cellsOf(six.puzzle), 6, 2, 3))
  // the same 6x6 read with 3x2 boxes is another puzzle (or a clash)
  let other = null
  try {
    other = dlx.sudoku.solve(six.puzzle, { boxRows: 3, boxCols: 2 })
  } catch (e) {
    assert.equal(e.code, 'CLASH')
  }
  if (other?.solution) assert.notEqual(other.solution, r6.solution)
  const tall = dlx.sudoku.generate({ boxRows: 3, boxCols: 2, seed: 3 })
  const rt = dlx.sudoku.solve(tall.puzzle, { boxRows: 3, boxCols: 2 })
  assert.equal(rt.status, 'unique')
  assert.ok(isSolution(cellsOf(rt.solution), cellsOf(tall.puzzle), 6, 3, 2))

  const x = dlx.sudoku.generate({ variant: 'x', seed: 4, minimal: true })
  const rx = dlx.sudoku.solve(x.puzzle, { variant: 'x' })
  assert.equal(rx.status, 'unique')
  const diag = [Array.from({ length: 9 }, (_, k) => k * 10), Array.from({ length: 9 }, (_, k) => k * 8 + 8)]
  assert.ok(isSolution(cellsOf(rx.solution), cellsOf(x.puzzle), 9, 3, 3, diag))
  assert.equal(dlx.sudoku.count(x.puzzle, { limit: 2 }), 2, 'without the diagonals a minimal X puzzle is not unique')

  const hex = dlx.sudoku.generate({ size: 16, seed: 1 })
  const asHex = [...hex.puzzle].map((ch) => ch === '.' ? '.' : '0123456789ABCDEF'[cellsOf(ch)[0] - 1]).join('')
  const rh = dlx.sudoku.solve(asHex, { alphabet: '0123456789ABCDEF' })
  assert.equal(rh.status, 'unique')
  assert.match(rh.solution, /^[0-9A-F]{256}$/)
})

test('solve: extra regions and jigsaw maps', () => {
  const map = []
  for (let r = 0; r < 9; r++) map.push(Array.from({ length: 9 }, (_, c) => Math.floor(r / 3) * 3 + Math.floor(c / 3)))
  ;[map[2][2], map[0][3]] = [map[0][3], map[2][2]] // trade two cells between pieces 0 and 1
  const g = dlx.sudoku.generate({ jigsaw: map, seed: 2, minimal: true })
  const r = dlx.sudoku.solve(g.puzzle, { jigsaw: map })
  assert.equal(r.status, 'unique')
  assert.equal(r.solution, g.solution)
  const region = [[0, 0], [1, 1], [2, 2], [3, 3], [4, 4], [5, 5], [6, 6], [7, 7], [8, 8]]
  const withRegion = dlx.sudoku.solve(CLASSIC, { regions: [region] })
  assert.ok(['none', 'unique'].includes(withRegion.status))
})

test('limit, maxNodes and statuses', () => {
  const empty = '.'.repeat(81)
  assert.equal(dlx.sudoku.count(empty, { limit: 7 }), 7)
  assert.equal(dlx.sudoku.solve(empty).status, 'multiple')
  assert.equal(dlx.sudoku.solve(empty, { limit: 1 }).status, 'found')
  const hard = puzzles('hardest1106.txt', 1)[0]
  assert.equal(dlx.sudoku.solve(hard, { maxNodes: 5 }).status, 'stopped')
  // well formed but unsolvable: not an error
  const none = '12345678.' + '.'.repeat(8) + '9' + '.'.repeat(63)
  const r = dlx.sudoku.solve(none)
  assert.equal(r.status, 'none')
  assert.equal(r.solution, null)
})

test('errors: clear codes, places, and the instance keeps working', () => {
  const clash = '5....5...' + '.'.repeat(72)
  assert.throws(() => dlx.sudoku.solve(clash), (e) => e instanceof DlxError && e.code === 'CLASH' &&
    e.details.row === 1 && e.details.col === 6 && e.details.row2 === 1 && e.details.col2 === 1 && /row/.test(e.message))
  assert.throws(() => dlx.sudoku.solve(CLASSIC.slice(0, 80)), (e) => e.code === 'BAD_LENGTH' && /81/.test(e.message))
  assert.throws(() => dlx.sudoku.solve(CLASSIC.slice(0, 40) + 'x' + CLASSIC.slice(41)), (e) => e.code === 'BAD_SYMBOL' && e.details.column === 41)
  assert.throws(() => dlx.sudoku.solve([[1, 2], [3]]), (e) => e.code === 'BAD_LENGTH' && e.details.row === 2)
  assert.throws(() => dlx.sudoku.solve([[1, 'a', 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]), (e) => e.code === 'BAD_VALUE' && e.details.col === 2)
  assert.throws(() => dlx.sudoku.solve(CLASSIC, { boxRows: 2, boxCols: 4 }), (e) => e.code === 'BAD_SIZE')
  assert.throws(() => dlx.sudoku.solve(CLASSIC, { variant: 'nope' }), (e) => e.code === 'BAD_ARGUMENT')
  assert.throws(() => dlx.sudoku.solve(CLASSIC, { limit: -1 }), (e) => e.code === 'BAD_ARGUMENT')
  assert.throws(() => dlx.sudoku.solve(CLASSIC, { regions: [[1, 2, 3]] }), (e) => e.code === 'BAD_REGION')
  assert.throws(() => dlx.sudoku.solve(42), (e) => e.code === 'BAD_INPUT')
  assert.throws(() => dlx.sudoku.solve(CLASSIC + '\n' + CLASSIC + '\n'), (e) => e.code === 'BAD_INPUT' && /more than one/.test(e.message))
  assert.throws(() => dlx.sudoku.solve(CLASSIC + '\n123\n'), (e) => e instanceof DlxError && /after the puzzle/.test(e.message))
  assert.equal(dlx.sudoku.solve(CLASSIC + '\n# a comment\n\n').status, 'unique')
  assert.equal(dlx.sudoku.solve(CLASSIC).status, 'unique')
})

test('solveMany: one batch, results in order, invalid ones reported', () => {
  const set = puzzles('17-clue.txt', 500)
  const batch = [...set, '55' + '.'.repeat(79), 'junk']
  const results = dlx.sudoku.solveMany(batch)
  assert.equal(results.length, batch.length)
  set.forEach((p, i) => {
    assert.equal(results[i].status, 'unique')
    assert.ok(isSolution(cellsOf(results[i].solution), cellsOf(p)))
  })
  assert.equal(results[500].status, 'invalid')
  assert.equal(results[500].error.code, 'CLASH')
  assert.equal(results[501].error.code, 'BAD_LENGTH')
  const ranges = dlx.sudoku.solveMany([[[1, 0, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]]])
  assert.equal(ranges[0].status, 'unique')
  assert.ok(Array.isArray(ranges[0].solution))
})

test('candidates: the digits not seen by each cell', () => {
  const marks = dlx.sudoku.candidates(CLASSIC)
  const g = cellsOf(CLASSIC)
  for (let r = 0; r < 9; r++) {
    for (let c = 0; c < 9; c++) {
      if (g[r * 9 + c]) { assert.deepEqual(marks[r][c], [g[r * 9 + c]]); continue }
      const seen = new Set()
      for (let k = 0; k < 9; k++) {
        seen.add(g[r * 9 + k]); seen.add(g[k * 9 + c])
        seen.add(g[(Math.floor(r / 3) * 3 + Math.floor(k / 3)) * 9 + Math.floor(c / 3) * 3 + (k % 3)])
      }
      assert.deepEqual(marks[r][c], [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => !seen.has(d)))
    }
  }
})

test('generate: reproducible, unique, options honoured', () => {
  const a = dlx.sudoku.generate({ seed: 11, minimal: true })
  const b = dlx.sudoku.generate({ seed: 11, minimal: true })
  assert.deepEqual(a, b)
  assert.notEqual(dlx.sudoku.generate({ seed: 12 }).puzzle, a.puzzle)
  assert.equal(dlx.sudoku.solve(a.puzzle).status, 'unique')
  assert.equal(dlx.sudoku.solve(a.puzzle).solution, a.solution)
  const sym = dlx.sudoku.generate({ seed: 5, symmetric: true })
  for (let i = 0; i < 81; i++) assert.equal(sym.puzzle[i] === '.', sym.puzzle[80 - i] === '.')
  const target = dlx.sudoku.generate({ seed: 6, clues: 40 })
  assert.ok(target.clues >= 40 && target.clues <= 45, `clues ${target.clues}`)
  const arr = dlx.sudoku.generate({ seed: 7, size: 4, format: 'array' })
  assert.equal(arr.puzzle.length, 4)
  assert.equal(dlx.sudoku.solve(arr.puzzle).status, 'unique')
  for (const size of [4, 6, 8, 12, 16, 25]) {
    const g = dlx.sudoku.generate({ size, seed: 1, format: size > 16 ? 'numbers' : 'line' })
    assert.equal(dlx.sudoku.solve(g.puzzle).status, 'unique', `size ${size}`)
  }
})

test('rate: levels follow the data sets (17-clue easy, hardest expert)', () => {
  const easy = puzzles('17-clue.txt', 200).map((p) => dlx.sudoku.rate(p).level)
  const expert = puzzles('hardest1106.txt', 50).map((p) => dlx.sudoku.rate(p).level)
  assert.ok(easy.filter((l) => l === 'easy').length > 100)
  assert.ok(expert.every((l) => l === 'expert'))
  const r = dlx.sudoku.rate(CLASSIC)
  assert.equal(r.status, 'unique')
  assert.ok(r.nodes > 0 && r.score >= 0)
})

test('read: one puzzle by the C reader, in every form, with where it stopped', () => {
  const rows = (line) => Array.from({ length: 9 }, (_, r) => [...line.slice(r * 9, r * 9 + 9)].map((c) => c === '.' ? 0 : Number(c)))
  const want = rows(CLASSIC)
  const site = want.map((row, r) => (r && r % 3 === 0 ? '------+-------+------\n' : '') +
    row.map((v, c) => (c && c % 3 === 0 ? '| ' : '') + (v || '.')).join(' ')).join('\n')
  const forms = {
    line: [CLASSIC, 'line'],
    stars: [CLASSIC.replace(/\./g, '*'), 'line'],
    questions: [CLASSIC.replace(/\./g, '?'), 'line'],
    grid: [site, 'grid'],
    squeezed: [site.replace(/\n/g, ' '), 'grid'],
    numbers: [want.map((r) => r.join(', ')).join('\n'), 'numbers']
  }
  for (const [name, [text, style]] of Object.entries(forms)) {
    const r = dlx.sudoku.read(text)
    assert.deepEqual(r.cells, want, name)
    assert.equal(r.style, style, name)
    assert.deepEqual([r.size, r.boxRows, r.boxCols], [9, 3, 3], name)
  }
  // where it stopped: the rest reads the next puzzle
  const two = `\uFEFF# first\n${CLASSIC}\n\n${site}\n# end\n`
  const a = dlx.sudoku.read(two)
  assert.deepEqual([a.line, two.slice(a.offset).startsWith('\n')], [3, true])
  const b = dlx.sudoku.read(two.slice(a.offset))
  assert.deepEqual(b.cells, want)
  assert.equal(dlx.sudoku.read(two.slice(a.offset).slice(b.offset)), null)
  assert.equal(dlx.sudoku.read(''), null)
  // boxes: the default for the size, or as given
  assert.deepEqual([dlx.sudoku.read('1 2 3 4 5 6\n'.repeat(6)).boxRows, dlx.sudoku.read('1 2 3 4 5 6\n'.repeat(6), { boxRows: 3 }).boxCols], [2, 2])
  // errors: the reader's code and place; the instance keeps working
  assert.throws(() => dlx.sudoku.read(`${CLASSIC.slice(0, 10)}x${CLASSIC.slice(11)}`), (e) => e instanceof DlxError && e.code === 'BAD_SYMBOL' && e.details.line === 1 && e.details.column === 11)
  assert.throws(() => dlx.sudoku.read(site.split('\n').slice(0, 5).join('\n')), (e) => e.code === 'BAD_LENGTH' && /line \d+/.test(e.message))
  assert.throws(() => dlx.sudoku.read(42), (e) => e.code === 'BAD_INPUT')
  assert.throws(() => dlx.sudoku.read(CLASSIC, { boxRows: 4 }), (e) => e.code === 'BAD_SIZE')
  assert.deepEqual(dlx.sudoku.read(CLASSIC).cells, want)
  // a 16x16 written 0-F: read and solved alike (the fast path leaves it to the C reader)
  const hex = '0123456789ABCDEF' + '.'.repeat(240)
  assert.deepEqual(dlx.sudoku.read(hex).cells[0], Array.from({ length: 16 }, (_, k) => k + 1))
  assert.match(dlx.sudoku.solve(hex).solution, /^0123456789ABCDEF[0-9A-F]{240}$/)
})

test('generate refuses what it would ignore: an option it does not take', () => {
  const refused = (opts, pattern, option) => assert.throws(() => dlx.sudoku.generate(opts),
    (e) => e instanceof DlxError && e.code === 'BAD_ARGUMENT' && pattern.test(e.message) && e.details.option === option)
  refused({ seed: 1, minimall: true }, /generate has no option 'minimall' \(it takes size, .*format\)/, 'minimall')
  refused({ seed: 1, limit: 1 }, /no option 'limit'/, 'limit')
  // solve: 'jigsaw' alone would have been the plain boxes (only generate makes a map: tests/generate-jigsaw.test.mjs)
  assert.throws(() => dlx.sudoku.solve(CLASSIC, { variant: 'jigsaw' }), (e) => e.code === 'BAD_ARGUMENT' && /jigsaw/.test(e.message))
  // with its map, 'jigsaw' names it, as before; an option left undefined is no option
  const map = Array.from({ length: 81 }, (_, c) => Math.floor(c / 27) * 3 + Math.floor((c % 9) / 3)) // the boxes as pieces
  ;[map[20], map[3]] = [map[3], map[20]] // a cell traded between pieces 0 and 1
  const g = dlx.sudoku.generate({ variant: 'jigsaw', jigsaw: map, seed: 2, clues: undefined })
  assert.equal(dlx.sudoku.count(g.puzzle, { jigsaw: map }), 1)
  assert.equal(dlx.sudoku.generate({ variant: 'jigsaw', jigsaw: map, seed: 2 }).puzzle, dlx.sudoku.generate({ jigsaw: map, seed: 2 }).puzzle)
  dlx.sudoku.generate({ seed: 1 }) // the instance goes on
})
