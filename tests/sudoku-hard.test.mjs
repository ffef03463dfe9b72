// Hard random-hole Sudoku (issue 15) through the JS API: a 36x36 whose
// search needs restarts (over 100,000 nodes). The puzzle comes from the
// benchmark's generator; its answer is checked, not trusted. (Clause
// learning, src/core/dlx_learn.c, is off in the module: tests/c/test_engine.c.)
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
