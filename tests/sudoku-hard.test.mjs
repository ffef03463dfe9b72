// Hard random-hole Sudoku (issue 15): a big grid whose search runs long
// hands over to clause learning (src/core/dlx_learn.c). The puzzle comes
// from the benchmark's generator; its answer is checked, not trusted.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { load } from '../dist/dlxkit.mjs'
import { holePuzzle, isSolution } from '../bench/hard-sudoku.mjs'

const dlx = await load()
const rows = (size, cells) => Array.from({ length: size }, (_, r) => cells.slice(r * size, (r + 1) * size))

test('a hard 36x36 (seed 36009, 60% blank) solves through the API, valid, the same way twice', () => {
  const cells = holePuzzle(36, 36009, 0.6)
  const a = dlx.sudoku.solve(rows(36, cells), { limit: 1 })
  assert.equal(a.status, 'found')
  assert.ok(isSolution(36, cells, a.solution.flat().map(Number)))
  const b = dlx.sudoku.solve(rows(36, cells), { limit: 1 })
  assert.deepEqual([b.solution, b.nodes, b.guesses], [a.solution, a.nodes, a.guesses])
})

test('the same puzzle stops under half its nodes and is found with exactly its nodes', () => {
  const cells = holePuzzle(36, 36009, 0.6)
  const whole = dlx.sudoku.solve(rows(36, cells), { limit: 1 })
  assert.equal(dlx.sudoku.solve(rows(36, cells), { limit: 1, maxNodes: Math.floor(whole.nodes / 2) }).status, 'stopped')
  assert.equal(dlx.sudoku.solve(rows(36, cells), { limit: 1, maxNodes: whole.nodes }).status, 'found')
})

test('no memory for the hand-over is OUT_OF_MEMORY, and the instance keeps working', async () => {
  const own = await load()
  const cells = holePuzzle(36, 36009, 0.6)
  // a short solve builds the 36x36 matrix (cached), then the cap stops any growth
  assert.equal(own.sudoku.solve(rows(36, cells), { limit: 1, maxNodes: 1000 }).status, 'stopped')
  own.setMemoryLimit(own.memorySize())
  assert.throws(() => own.sudoku.solve(rows(36, cells), { limit: 1 }), (e) => e.code === 'OUT_OF_MEMORY')
  assert.equal(own.sudoku.solve(rows(36, cells), { limit: 1, maxNodes: 1000 }).status, 'stopped')
  own.setMemoryLimit(0)
  const r = own.sudoku.solve(rows(36, cells), { limit: 1 })
  assert.equal(r.status, 'found')
  assert.ok(isSolution(36, cells, r.solution.flat().map(Number)))
})
