// Jigsaw maps made by generate (variant 'jigsaw' without a map: the boxes
// reshaped around a grid, src/core/sudoku_jigsaw.c): the pieces are N
// connected pieces of N cells, not the boxes, the puzzle is valid and unique
// on that map, a seed gives the same map and puzzle every time; a map of the
// caller's that has no grid still ends with NO_SOLUTION. Sizes up to 25 here;
// the bench generates 25x25 to 64x64 (bench/generation.mjs).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { load, createWorker } from '../src/js/dlxkit.mjs'
import { jigsawMap, unitsOf } from './grid-units.mjs'

const dlx = await load()

/** The cells of each piece of a flat map, and whether each is one edge-connected piece of n cells. */
function piecesWhole (map, n) {
  for (let p = 0; p < n; p++) {
    const cells = map.flatMap((q, c) => q === p ? [c] : [])
    if (cells.length !== n) return false
    const seen = new Set([cells[0]])
    for (const stack = [cells[0]]; stack.length;) {
      const c = stack.pop()
      const next = [c - n, c + n, c % n ? c - 1 : -1, (c + 1) % n ? c + 1 : -1]
      for (const d of next) if (d >= 0 && d < n * n && map[d] === p && !seen.has(d)) seen.add(d), stack.push(d)
    }
    if (seen.size !== n) return false
  }
  return true
}

for (const { size, variant, boxRows } of [
  { size: 9, variant: 'jigsaw' },
  { size: 12, variant: 'jigsaw', boxRows: 3 },
  { size: 16, variant: 'jigsaw+windoku' },
  { size: 25, variant: 'jigsaw+windoku' },
  { size: 25, variant: ['jigsaw', 'x'] }
]) {
  test(`generate ${size}x${size} ${variant} makes a map with a grid: connected pieces, a unique puzzle, the same for the seed`, () => {
    const g = dlx.sudoku.generate({ size, variant, boxRows, seed: 3, format: 'array' })
    assert.equal(g.jigsaw.length, size)
    assert.ok(g.jigsaw.every((row) => row.length === size))
    const map = g.jigsaw.flat()
    assert.ok(piecesWhole(map, size), 'N pieces of N cells, each in one piece')
    const br = boxRows ?? Math.round(Math.sqrt(size))
    const bc = size / br
    assert.ok(map.some((p, c) => p !== Math.floor(c / size / br) * br + Math.floor((c % size) / bc)), 'not the boxes')
    const names = [variant].flat().join('+').split('+')
    const grid = g.solution.flat()
    for (const unit of unitsOf(size, { boxRows: br, jigsaw: map, windoku: names.includes('windoku'), x: names.includes('x') })) {
      assert.equal(new Set(unit.map((c) => grid[c])).size, size, 'every unit holds every digit')
    }
    const shape = { size, boxRows, variant: names.filter((v) => v !== 'jigsaw'), jigsaw: g.jigsaw }
    const r = dlx.sudoku.solve(g.puzzle, shape)
    assert.equal(r.status, 'unique')
    assert.deepEqual(r.solution, g.solution)
    assert.ok(g.clues < size * size)
    assert.deepEqual(dlx.sudoku.generate({ size, variant, boxRows, seed: 3, format: 'array' }), g)
    assert.notDeepEqual(dlx.sudoku.generate({ size, variant, boxRows, seed: 4, format: 'array' }).jigsaw, g.jigsaw)
  })
}

test('generate with a made map: every format and option it takes (symmetric, clues, difficulty)', () => {
  const line = dlx.sudoku.generate({ size: 9, variant: 'jigsaw', seed: 1, symmetric: true })
  assert.equal(typeof line.puzzle, 'string')
  const puzzle = line.puzzle
  for (let c = 0; c < 81; c++) assert.equal(puzzle[c] === '.', puzzle[80 - c] === '.', 'symmetric under a half turn')
  assert.equal(dlx.sudoku.count(puzzle, { jigsaw: line.jigsaw, limit: 2 }), 1)
  const many = dlx.sudoku.generate({ size: 9, variant: 'jigsaw', seed: 1, clues: 60 })
  assert.ok(many.clues >= 60)
  const rated = dlx.sudoku.generate({ size: 9, variant: 'jigsaw', seed: 1, difficulty: 'easy' })
  assert.equal(rated.difficulty, 'easy')
  assert.equal(dlx.sudoku.count(rated.puzzle, { jigsaw: rated.jigsaw, limit: 2 }), 1)
})

test('a made map whose grid is searched keeps to maxNodes: STOPPED, the instance usable', () => {
  // 20x20 X with 4x5 boxes has no built grid: the box shape's fill searches
  assert.throws(() => dlx.sudoku.generate({ size: 20, boxRows: 4, variant: 'jigsaw+x', seed: 1, maxNodes: 50 }), { code: 'STOPPED', message: /no complete 20x20 grid found within the node budget/ })
  const g = dlx.sudoku.generate({ size: 9, variant: 'jigsaw', seed: 1 })
  assert.equal(dlx.sudoku.count(g.puzzle, { jigsaw: g.jigsaw, limit: 2 }), 1)
})

test('solve still needs the map: variant jigsaw without one is BAD_ARGUMENT', () => {
  assert.throws(() => dlx.sudoku.solve('.'.repeat(81), { variant: 'jigsaw' }), { code: 'BAD_ARGUMENT', message: /only generate makes one/ })
})

// jigsawMap(9, 3, 26) with windoku windows has no grid (found by trying
// trade counts; clause learning proves it at once): the map is the
// caller's, so the answer is NO_SOLUTION, naming the map.
test('a map of the caller\'s without any grid ends with NO_SOLUTION, saying so', () => {
  const shape = { size: 9, variant: 'windoku', jigsaw: jigsawMap(9, 3, 26) }
  assert.throws(() => dlx.sudoku.generate({ ...shape, seed: 1 }), { code: 'NO_SOLUTION', message: /jigsaw map .* admit no complete grid \(a map made by generate always has one\)/ })
  assert.equal(dlx.sudoku.count('.'.repeat(81), { ...shape, limit: 1 }), 0)
  const made = dlx.sudoku.generate({ size: 9, variant: 'jigsaw+windoku', seed: 1 })
  assert.equal(dlx.sudoku.count(made.puzzle, { variant: 'windoku', jigsaw: made.jigsaw, limit: 2 }), 1)
})

test('the worker makes the same map and puzzle for the seed', async () => {
  const worker = await createWorker()
  try {
    const opts = { size: 16, variant: 'jigsaw+windoku', seed: 9, format: 'array' }
    assert.deepEqual(await worker.sudoku.generate(opts), dlx.sudoku.generate(opts))
  } finally {
    worker.terminate()
  }
})
