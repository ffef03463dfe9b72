// The family bench's own generators (bench/family-jigsaw.mjs, the Sudoku
// rows of bench/family.mjs): what they write is well formed and the cut they
// plant is a solution. Knuth's generators live outside the repository, which no test
// reads; so the planted jigsaw goes to dlxkit as DLX text written here.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { cut, jigsawInput } from '../bench/family-jigsaw.mjs'
import { FAMILY, sudokuLines } from '../bench/family.mjs'
import { load } from '../src/js/dlxkit.mjs'

const SPEC = { rows: 12, cols: 10, minSize: 6, maxSize: 9, seed: 7 }
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'

test('a jigsaw cut covers the board once with connected pieces of at least minSize cells', () => {
  for (const seed of [1, 2, 3, 7, 99]) {
    const spec = { ...SPEC, seed }
    const pieces = cut(spec)
    const seen = new Map()
    for (const [i, p] of pieces.entries()) {
      assert.ok(p.length >= spec.minSize, `piece ${i} has ${p.length} cells`)
      for (const [r, c] of p) {
        assert.ok(r >= 0 && r < spec.rows && c >= 0 && c < spec.cols)
        assert.equal(seen.has(`${r},${c}`), false, `cell ${r},${c} twice`)
        seen.set(`${r},${c}`, i)
      }
      // connected: a flood from the first cell reaches them all
      const inside = new Set(p.map(([r, c]) => `${r},${c}`))
      const reached = new Set([`${p[0][0]},${p[0][1]}`])
      const todo = [p[0]]
      while (todo.length) {
        const [r, c] = todo.pop()
        for (const [dr, dc] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
          const k = `${r + dr},${c + dc}`
          if (inside.has(k) && !reached.has(k)) {
            reached.add(k)
            todo.push([r + dr, c + dc])
          }
        }
      }
      assert.equal(reached.size, p.length, `piece ${i} is not connected`)
    }
    assert.equal(seen.size, spec.rows * spec.cols)
  }
})

test('the same seed gives the same jigsaw, another seed another', () => {
  assert.equal(jigsawInput(SPEC), jigsawInput({ ...SPEC }))
  assert.notEqual(jigsawInput(SPEC), jigsawInput({ ...SPEC, seed: 8 }))
})

test('polyomino-dlx input: the box, then one "1|name cells" line per piece, names unique and never a cell', () => {
  const lines = jigsawInput(SPEC).trimEnd().split('\n').filter((l) => !l.startsWith('|'))
  assert.equal(lines[0], '[0-b][0-9]')
  const names = new Set()
  for (const line of lines.slice(1)) {
    const m = /^1\|(\S+)((?: [0-9a-zA-Z]{2})+)$/.exec(line)
    assert.ok(m, `piece line ${line}`)
    assert.ok(m[1].length >= 3 && m[1].length <= 8, `name ${m[1]}: polyomino-dlx takes 1 to 8 characters, a cell 2`)
    assert.equal(names.has(m[1]), false)
    names.add(m[1])
  }
  assert.equal(names.size, cut(SPEC).length)
})

test('the planted cut, as DLX text (cells and pieces primary), is an exact cover with one solution', async () => {
  const lines = jigsawInput(SPEC).trimEnd().split('\n').filter((l) => !l.startsWith('|')).slice(1)
  const options = lines.map((l) => l.slice(2).split(' ')) // piece name, then its cells
  const cells = []
  for (let r = 0; r < SPEC.rows; r++) for (let c = 0; c < SPEC.cols; c++) cells.push(DIGITS[r] + DIGITS[c])
  const text = [[...cells, ...options.map((o) => o[0])].join(' '), ...options.map((o) => o.join(' '))].join('\n') + '\n'
  const dlx = await load()
  const problem = dlx.parseDlx(text)
  try {
    assert.equal(problem.count(), 1)
  } finally {
    problem.free()
  }
  // and one cell taken from a piece leaves it uncovered: no solution
  const broken = dlx.parseDlx(text.replace(/^(pc0(?: \S+)+) \S+$/m, '$1'))
  try {
    assert.equal(broken.count(), 0)
  } finally {
    broken.free()
  }
})

test('a board past polyomino-dlx\'s 62 digits, or sizes out of order, is refused with a reason', () => {
  assert.throws(() => cut({ ...SPEC, rows: 63 }), /at most 62 x 62/)
  assert.throws(() => cut({ ...SPEC, minSize: 5, maxSize: 4 }), /minSize <= maxSize/)
})

test('sudokuLines takes the last clues away and writes nine lines of nine', () => {
  const puzzle = '........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3'
  const clues = (s) => [...s].filter((ch) => /[1-9]/.test(ch)).length
  for (const drop of [0, 1, 3]) {
    const out = sudokuLines(puzzle, drop)
    const rows = out.trimEnd().split('\n')
    assert.equal(rows.length, 9)
    assert.ok(rows.every((r) => r.length === 9))
    const flat = rows.join('')
    assert.equal(clues(flat), clues(puzzle) - drop)
    // only clues went, the first ones kept
    for (let i = 0; i < 81; i++) if (flat[i] !== '.') assert.equal(flat[i], puzzle[i])
  }
  assert.equal(sudokuLines(puzzle, 1).trimEnd().split('\n')[8], '4.5......') // the last row was 4.5.....3
})

test('the word rows\' names give their options; the sparse bit sets get eight word rows and six jigsaws', () => {
  // word-rect-dlx places a word of the first list in each of the C columns
  // of an R x C rectangle, one of the second list in each of its R rows
  const words = FAMILY.filter((r) => r.words)
  for (const row of words) {
    const [, R, C, n] = /^words-(\d)x(\d)-(\d+)$/.exec(row.id).map(Number)
    const [[kc, a], [kr, b]] = row.words.map((s) => s.split(':').map(Number))
    assert.deepEqual([kc, kr], [R, C], `${row.id}: word lengths`)
    assert.equal(a * C + b * R, n, `${row.id}: options`)
  }
  // past 4096 options dlx_cells.c runs them; issue 28 asks WebAssembly's
  // 0.9x on rows over a second, which only the bigger of them reach
  assert.ok(words.filter((r) => Number(r.id.split('-')[2]) > 4096).length >= 8)
  assert.ok(FAMILY.filter((r) => r.jigsaw).length >= 6)
  const ids = FAMILY.map((r) => r.id)
  assert.equal(new Set(ids).size, ids.length, 'row names are unique')
})
