// sudoku.split: a text of many puzzles cut into one text per puzzle by the
// C reader, with the line each starts on; every piece then solves as it read
// in place. Bad pieces stay pieces (solving says what is wrong).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { load, createWorker, DlxError } from '../src/js/dlxkit.mjs'
import { puzzles } from './helpers.mjs'

const dlx = await load()
const CLASSIC = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'
const ROWS = CLASSIC.match(/.{9}/g)
const GRID = ROWS.map((r, i) => `${r.slice(0, 3)} | ${r.slice(3, 6)} | ${r.slice(6)}` +
  (i === 2 || i === 5 ? '\n----+-----+----' : '')).join('\n')

test('lines, fields, grids, numbers and comments: each puzzle its own piece, with its line', () => {
  const numbers = ROWS.map((r) => [...r].map((c) => (c === '.' ? 0 : c)).join(' ')).join('\n')
  const text = [`# a file of puzzles`, CLASSIC, `${CLASSIC}:1:x`, '', GRID, '', numbers, '# the end', ''].join('\n')
  const pieces = dlx.sudoku.split(text)
  assert.deepEqual(pieces.map((p) => p.line), [2, 3, 5, 17])
  const solution = dlx.sudoku.solve(CLASSIC).solution
  for (const p of pieces) {
    const r = dlx.sudoku.solve(p.text, { format: 'line' })
    assert.equal(r.solution, solution, `the piece at line ${p.line}`)
  }
  assert.equal(pieces[2].text.split('\n')[0], GRID.split('\n')[0]) // the grid keeps its layout
})

test('a title line before a puzzle is left out of its piece: the piece keeps the puzzle\'s own line', () => {
  const bad = CLASSIC.slice(0, 80) + 'x'
  const text = ['hello world', CLASSIC, '# café', 'Puzzle two:', '', GRID, 'third one', bad, 'easy', CLASSIC, ''].join('\n')
  const pieces = dlx.sudoku.split(text)
  assert.deepEqual(pieces.map((p) => p.line), [2, 6, 18, 20])
  assert.deepEqual(pieces.map((p) => p.text.split('\n')[0]), [CLASSIC, GRID.split('\n')[0], bad, CLASSIC])
  assert.deepEqual(dlx.sudoku.solveMany(pieces.map((p) => p.text)).map((r) => r.status), ['unique', 'unique', 'invalid', 'unique'])
  assert.deepEqual(dlx.sudoku.split('the end\n'), []) // a title with no puzzle after it is no piece
})

test('a bad puzzle is a piece of its own, and those after it are found', () => {
  const text = `${CLASSIC}\n${CLASSIC.slice(1)}\n${CLASSIC.replace('5', 'é')}\n${CLASSIC}\n`
  const pieces = dlx.sudoku.split(text)
  assert.deepEqual(pieces.map((p) => p.line), [1, 2, 3, 4])
  const statuses = dlx.sudoku.solveMany(pieces.map((p) => p.text)).map((r) => r.status)
  assert.deepEqual(statuses, ['unique', 'invalid', 'invalid', 'unique'])
  assert.equal(pieces[2].text.trimEnd(), CLASSIC.replace('5', 'é')) // cut at characters, not bytes
})

test('a whole data set splits into its puzzles', () => {
  const set = puzzles('top1465.txt')
  const pieces = dlx.sudoku.split(set.join('\n'))
  assert.equal(pieces.length, set.length)
  assert.deepEqual(pieces.map((p) => p.text.trim()), set)
  assert.deepEqual(pieces.map((p) => p.line), set.map((_, k) => k + 1))
})

test('options: size and alphabet settle what a line is', () => {
  const hex = '0123456789ABCDEF' + '.'.repeat(240)
  const pieces = dlx.sudoku.split(`${hex}\n${hex}\n`, { alphabet: '0123456789ABCDEF' })
  assert.equal(pieces.length, 2)
  assert.equal(dlx.sudoku.solve(pieces[1].text, { alphabet: '0123456789ABCDEF', limit: 1 }).status, 'found')
  const rows = dlx.sudoku.split('1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n', { size: 4 })
  assert.equal(rows.length, 1) // four rows of one 4x4, not four puzzles
})

test('nothing to split, and bad arguments', () => {
  assert.deepEqual(dlx.sudoku.split(''), [])
  assert.deepEqual(dlx.sudoku.split('# only a comment\n\n   \n'), [])
  assert.throws(() => dlx.sudoku.split(42), (e) => e instanceof DlxError && e.code === 'BAD_INPUT')
  assert.throws(() => dlx.sudoku.split(CLASSIC, { size: 65 }), (e) => e.code === 'BAD_SIZE')
  assert.throws(() => dlx.sudoku.split(CLASSIC, { alphabet: 'AAB' }), (e) => e.code === 'BAD_ALPHABET')
  assert.equal(dlx.sudoku.split(CLASSIC).length, 1) // and the instance works on
})

test('the worker splits the same way', async () => {
  const worker = await createWorker()
  try {
    const text = `${CLASSIC}\n\n${GRID}\n`
    assert.deepEqual(await worker.sudoku.split(text), dlx.sudoku.split(text))
  } finally {
    await worker.terminate()
  }
})
