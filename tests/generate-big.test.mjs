// Restarts (issue 15) through the API, the worker and the CLI, and the
// generator on the shapes whose fill has heavy tails: 25x25 windoku and
// jigsaw, extra regions, X and X + windoku, 36x36 to 64x64. No timings here (speed is the
// bench's): what is checked is that puzzles come out unique and valid, the
// same for the same seed, that counts do not depend on restarts, and that a
// long solve in the worker reports progress and stops when asked.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { load, createWorker } from '../src/js/dlxkit.mjs'
import { disjointGroups, jigsawMap, unitsOf } from './grid-units.mjs'
import { HANG_MS } from './helpers.mjs'

const dlx = await load()
const ROOT = new URL('..', import.meta.url).pathname

/** The units the shape has (tests/grid-units.mjs reads the library's options on its own). */
const unitsOfShape = (n, { jigsaw = null, variant = '' } = {}) => unitsOf(n, { jigsaw, windoku: variant.includes('windoku'), x: variant.split('+').includes('x') })

/** Both diagonals of an n x n grid as two extra regions (cell lists). */
const diagonals = (n) => [Array.from({ length: n }, (_, k) => k * n + k), Array.from({ length: n }, (_, k) => k * n + n - 1 - k)]

/** A generated puzzle is valid (a complete grid, clues from it) and unique. */
function assertGenerated (g, shape) {
  const n = g.solution.length
  const grid = g.solution.flat()
  const clues = g.puzzle.flat()
  for (const unit of unitsOfShape(n, shape)) assert.equal(new Set(unit.map((c) => grid[c])).size, n, 'every unit holds every digit')
  assert.ok(clues.every((v, c) => v === 0 || v === grid[c]), 'the clues are the solution\'s')
  assert.equal(g.clues, clues.filter(Boolean).length)
  assert.ok(g.clues < n * n, 'some clues were taken away')
  // The solver checks the extra regions (windoku, diagonals) too.
  assert.equal(dlx.sudoku.solve(g.solution, shape).status, 'unique')
  const r = dlx.sudoku.solve(g.puzzle, shape)
  assert.equal(r.status, 'unique')
  assert.deepEqual(r.solution, g.solution)
}

for (const [name, shape] of [
  ['36x36', { size: 36 }],
  ['49x49', { size: 49 }],
  ['64x64', { size: 64 }],
  ['25x25 X', { size: 25, variant: 'x' }],
  ['64x64 X', { size: 64, variant: 'x' }],
  ['25x25 with both diagonals as extra regions (a search fill)', { size: 25, regions: diagonals(25) }],
  // 50 trades: the links found no grid in 10 s (bench/fill_native.c), clause learning does
  ['25x25 jigsaw (a fill by clause learning)', { size: 25, jigsaw: jigsawMap(25, 5, 50) }],
  ['36x36 jigsaw', { size: 36, jigsaw: jigsawMap(36, 6, 36) }],
  // a caller's map: a pattern grid fitted to it, the pieces left wrong
  // completed by the search (src/core/sudoku_jigfill.c)
  ['49x49 jigsaw (a caller\'s map)', { size: 49, jigsaw: jigsawMap(49, 7, 49) }],
  ['36x36 with the disjoint groups (extra regions, a built grid)', { size: 36, regions: disjointGroups(36) }]
]) {
  test(`generate ${name}: unique and valid, the same for the same seed`, () => {
    const g = dlx.sudoku.generate({ ...shape, seed: 7, format: 'array' })
    assertGenerated(g, shape)
    assert.deepEqual(dlx.sudoku.generate({ ...shape, seed: 7, format: 'array' }), g)
  })
}

// No format asked: a line while one symbol per cell exists (up to 61x61),
// numbers past it, the form the CLI prints; a one-symbol form asked for
// past 61x61 stays an error that names what works.
test('generate with no format: a line up to 61x61, numbers at 64x64 (solve reads them back)', () => {
  assert.match(dlx.sudoku.generate({ size: 16, seed: 1 }).puzzle, /^[1-9A-G.]{256}$/)
  const g = dlx.sudoku.generate({ size: 64, seed: 2 })
  const cells = g.puzzle.trim().split(/\s+/).map(Number)
  assert.equal(cells.length, 64 * 64)
  assert.ok(cells.every((v) => Number.isInteger(v) && v >= 0 && v <= 64))
  assert.equal(cells.filter(Boolean).length, g.clues)
  const r = dlx.sudoku.solve(g.puzzle, { size: 64 })
  assert.equal(r.status, 'unique')
  assert.equal(r.solution, g.solution)
  assert.equal(dlx.sudoku.generate({ size: 64, seed: 2, format: 'numbers' }).puzzle, g.puzzle)
  for (const format of ['line', 'grid']) {
    assert.throws(() => dlx.sudoku.generate({ size: 64, seed: 2, format }), (e) => e.code === 'BAD_ALPHABET' && /use format 'numbers' or 'array'/.test(e.message), format)
  }
})

// Above 16x16 a windoku grid is built (src/core/sudoku_pattern.c): the
// search fill found none at 25x25 in millions of nodes. Several seeds, each
// checked window by window, unique by the library's count.
for (const [size, seeds] of [[25, [1, 2, 3]], [36, [1, 2]]]) {
  test(`generate ${size}x${size} windoku: unique and valid, every window checked, the same for the same seed`, () => {
    const shape = { size, variant: 'windoku' }
    const grids = new Set()
    for (const seed of seeds) {
      const g = dlx.sudoku.generate({ ...shape, seed, format: 'array' })
      assert.equal(unitsOfShape(size, shape).length, 3 * size + (Math.sqrt(size) - 1) ** 2)
      assertGenerated(g, shape)
      assert.equal(dlx.sudoku.count(g.puzzle, { ...shape, limit: 2 }), 1)
      assert.deepEqual(dlx.sudoku.generate({ ...shape, seed, format: 'array' }), g)
      grids.add(String(g.solution))
    }
    assert.equal(grids.size, seeds.length, 'each seed its own grid')
  })
}

// X with windoku above 16x16 is built too (src/core/sudoku_xwindoku.c: a
// small exact cover on the labels of the windoku construction); the search
// fill found no 25x25 in hours. Every window and both diagonals checked.
for (const [size, seeds] of [[25, [1, 2]], [36, [3]], [64, [4]]]) {
  test(`generate ${size}x${size} X + windoku: unique and valid${size === 25 ? ', the same for the same seed' : ''}`, () => {
    const shape = { size, variant: 'x+windoku' }
    const grids = new Set()
    for (const seed of seeds) {
      const g = dlx.sudoku.generate({ ...shape, seed, format: 'array' })
      assert.equal(unitsOfShape(size, shape).length, 3 * size + (Math.sqrt(size) - 1) ** 2 + 2)
      assertGenerated(g, shape)
      if (size === 25) assert.deepEqual(dlx.sudoku.generate({ ...shape, seed, format: 'array' }), g) // the bigger ones: the C test
      grids.add(String(g.solution))
    }
    assert.equal(grids.size, seeds.length, 'each seed its own grid')
  })
}

// Trades between pieces can leave no grid at all: this 16x16 jigsaw with
// windoku windows has none, which clause learning (in the module since the
// generator's fill uses it) proves in about a second; the links alone ran 20 s
// without an end (8 seeds, bench/fill_native.c).
test('generate: a jigsaw + windoku without grids ends with NO_SOLUTION, or STOPPED within maxNodes', () => {
  const shape = { size: 16, jigsaw: jigsawMap(16, 4, 16), variant: 'windoku' }
  assert.throws(() => dlx.sudoku.generate({ ...shape, seed: 1 }), { code: 'NO_SOLUTION', message: /admit no complete grid/ })
  assert.throws(() => dlx.sudoku.generate({ ...shape, seed: 1, maxNodes: 1000 }), { code: 'STOPPED' })
})

// A caller's map above 16x16 is first fitted by a pattern grid whose wrong
// pieces a solve completes (src/core/sudoku_jigfill.c): those solves pay
// from maxNodes too, and one that spends it all ends the generation STOPPED
// (the search fill after it must not start without a budget).
test('generate: a caller\'s 36x36 map keeps to maxNodes: STOPPED, then the same map generates', () => {
  const shape = { size: 36, jigsaw: jigsawMap(36, 6, 36) }
  for (const maxNodes of [20, 2000]) {
    assert.throws(() => dlx.sudoku.generate({ ...shape, seed: 7, maxNodes }), { code: 'STOPPED', message: /no complete 36x36 grid found within the node budget/ })
  }
  assertGenerated(dlx.sudoku.generate({ ...shape, seed: 7, format: 'array' }), shape)
})

test('generate: seeds give different puzzles; restarts: false is accepted', () => {
  const a = dlx.sudoku.generate({ size: 36, seed: 1 })
  const b = dlx.sudoku.generate({ size: 36, seed: 2 })
  assert.notEqual(a.puzzle, b.puzzle)
  const searched = { size: 25, regions: diagonals(25) } // a search fill
  const c = dlx.sudoku.generate({ ...searched, seed: 5, restarts: false, format: 'array', maxNodes: 5e6 })
  assertGenerated(c, searched)
  assert.throws(() => dlx.sudoku.generate({ size: 25, restarts: 'yes' }), { code: 'BAD_ARGUMENT' })
})

/** A 25x25 with 1748 solutions and a search of some 45,000 nodes: a grid with four rows cleared. */
function openPuzzle () {
  const g = dlx.sudoku.generate({ size: 25, seed: 11, format: 'array' })
  return g.solution.map((row, r) => [0, 1, 5, 6].includes(r) ? row.map(() => 0) : row)
}

test('sudoku: counts are the same with and without restarts; restarts must be true or false', () => {
  const p = openPuzzle()
  const on = dlx.sudoku.solve(p, { limit: 0 })
  const off = dlx.sudoku.solve(p, { limit: 0, restarts: false })
  assert.ok(on.count > 1)
  assert.equal(on.count, off.count)
  assert.equal(on.status, off.status)
  assert.equal(dlx.sudoku.count(p, { limit: 0, restarts: false }), on.count)
  const first = dlx.sudoku.solve(p, { limit: 1 })
  assert.equal(first.status, 'found')
  assert.deepEqual(dlx.sudoku.solveMany([p], { limit: 0, restarts: false }).map((r) => r.count), [on.count])
  assert.equal(dlx.sudoku.rate(p, { restarts: false }).status, 'multiple')
  for (const bad of [1, 'no', null]) {
    assert.throws(() => dlx.sudoku.solve(p, { restarts: bad }), { code: 'BAD_ARGUMENT' })
    assert.throws(() => dlx.sudoku.solveMany([p], { restarts: bad }), { code: 'BAD_ARGUMENT' })
    assert.throws(() => dlx.sudoku.rate(p, { restarts: bad }), { code: 'BAD_ARGUMENT' })
  }
})

/** Langford pairs of 1..n: 2 * 26 solutions for n = 7. */
function langford (n) {
  const primary = [...Array.from({ length: n }, (_, i) => `n${i + 1}`), ...Array.from({ length: 2 * n }, (_, j) => `s${j}`)]
  const options = []
  for (let i = 1; i <= n; i++) for (let j = 0; j + i + 1 < 2 * n; j++) options.push([`n${i}`, `s${j}`, `s${j + i + 1}`])
  return dlx.exactCover({ primary, options })
}

test('Problem: restarts change no count or set of solutions; solve finds a solution with them and without', () => {
  const p = langford(7)
  assert.equal(p.count(), 52)
  assert.equal(p.count({ restarts: true }), 52)
  assert.equal(p.countDetailed({ restarts: true, shard: 1, parts: 3 }).count + p.countDetailed({ shard: 0, parts: 3 }).count +
    p.countDetailed({ shard: 2, parts: 3, restarts: false }).count, 52)
  const plain = [...p.solutions()].map(String).sort()
  const restarted = [...p.solutions({ restarts: true })].map(String).sort()
  assert.deepEqual(restarted, plain)
  for (const restarts of [true, false]) {
    const s = p.solve({ restarts })
    assert.ok(plain.includes(String(s)), 'solve gives one of the solutions')
  }
  p.setRestarts(true)
  assert.equal(p.count(), 52)
  assert.equal(typeof p.stats().restarts, 'number')
  assert.ok(p.stats().restarts >= 0)
  p.setRestarts(false)
  assert.equal(p.stats().restarts, 0)
  assert.throws(() => p.setRestarts('on'), { code: 'BAD_ARGUMENT' })
  assert.throws(() => p.setRestarts(), { code: 'BAD_ARGUMENT' })
  assert.throws(() => p.solve({ restarts: 0 }), { code: 'BAD_ARGUMENT' })
  assert.throws(() => p.count({ restarts: 'x' }), { code: 'BAD_ARGUMENT' })
  const loop = p.solutions()
  loop.next()
  assert.throws(() => p.setRestarts(true), { code: 'BUSY' })
  loop.return()
  p.free()
})

const worker = await createWorker()
after(() => worker.terminate())

test('worker: a solve above 16x16 runs in slices, with the direct results, progress and restarts: false', async () => {
  const p = openPuzzle()
  const direct = dlx.sudoku.solve(p, { limit: 0, restarts: false })
  const seen = []
  const remote = await worker.sudoku.solve(p, { limit: 0, restarts: false, onProgress: (e) => seen.push(e.nodes) })
  assert.deepEqual({ ...remote, nodes: 0 }, { ...direct, nodes: 0 })
  assert.equal(await worker.sudoku.count(p, { limit: 0 }), direct.count)
  if (direct.nodes > 20000) assert.ok(seen.length > 0 && seen.every((n) => n > 0), 'progress between slices')
  const g = dlx.sudoku.generate({ size: 36, seed: 4 })
  const r = await worker.sudoku.solve(g.puzzle)
  assert.equal(r.status, 'unique')
  assert.deepEqual(r, dlx.sudoku.solve(g.puzzle))
  const stopped = await worker.sudoku.solve(p, { limit: 0, maxNodes: 500 })
  assert.equal(stopped.status, 'stopped')
  assert.equal(stopped.nodes, 500)
  await assert.rejects(worker.sudoku.solve(p, { restarts: 'no' }), { code: 'BAD_ARGUMENT' })
  await assert.rejects(worker.sudoku.solve('1'.repeat(36 * 36), { size: 36 }), { code: 'CLASH' })
})

test('worker: a hard 36x36 search stops when aborted, without the worker being replaced', async () => {
  const kept = await worker.exactCover({ primary: ['a'], options: [['a']] })
  const g = dlx.sudoku.generate({ size: 36, seed: 9, format: 'array' })
  const sparse = g.puzzle.map((row, r) => row.map((v, c) => (r * 36 + c) % 5 === 0 ? v : 0)) // 80% blank: a search with no end in sight
  const controller = new AbortController()
  let nodes = 0
  let aborted = false
  const call = worker.sudoku.count(sparse, {
    limit: 0,
    signal: controller.signal,
    onProgress: (e) => {
      nodes = e.nodes
      if (!aborted) {
        aborted = true
        controller.abort()
      }
    }
  })
  await assert.rejects(call, { code: 'ABORTED' })
  assert.ok(nodes > 0, 'the search was under way')
  // The worker saw the abort within a slice: it was not replaced (which
  // happens 100 ms after an abort it does not answer), so its problems live.
  await new Promise((resolve) => setTimeout(resolve, 300))
  assert.deepEqual(await kept.shape(), { primary: 1, items: 1, options: 1, forced: 0 })
  // The solver went back to its cache: the shape solves again.
  assert.equal((await worker.sudoku.solve(g.puzzle)).status, 'unique')
})

function cli (args, input) {
  return spawnSync(process.execPath, ['bin/dlxkit.mjs', ...args], { cwd: ROOT, input, encoding: 'utf8', timeout: HANG_MS })
}

test('CLI: --no-restarts for sudoku, generate, rate and cover, and in their help', () => {
  const g = dlx.sudoku.generate({ size: 25, seed: 2 })
  const on = cli(['sudoku', '--quiet'], g.puzzle + '\n')
  const off = cli(['sudoku', '--quiet', '--no-restarts'], g.puzzle + '\n')
  assert.equal(off.status, 0, off.stderr)
  assert.equal(off.stdout, on.stdout)
  assert.equal(off.stdout.trim(), g.solution)
  const made = cli(['generate', '--box', '5x5', '--seed', '2', '--no-restarts', '--quiet'])
  assert.equal(made.status, 0, made.stderr)
  assert.equal(made.stdout.trim(), dlx.sudoku.generate({ size: 25, seed: 2, restarts: false }).puzzle)
  assert.equal(cli(['rate', '--no-restarts', '--quiet'], g.puzzle + '\n').status, 0)
  const text = 'a b c\na\nb\nc\na b\nb c\n'
  const first = cli(['cover', '--no-restarts', '--quiet'], text)
  assert.equal(first.status, 0, first.stderr)
  assert.equal(first.stdout.trim().split('\n').length, 3) // a, b, c: Knuth's first solution
  assert.equal(cli(['cover', '--count', '--no-restarts', '--quiet'], text).stdout.trim(), '3')
  assert.equal(cli(['cover', '--count', '--quiet'], text).stdout.trim(), '3')
  const restarted = cli(['cover', '--restarts', '--quiet'], text) // a solution, in whatever order
  assert.equal(restarted.status, 0, restarted.stderr)
  assert.ok(restarted.stdout.trim().split('\n').length >= 2)
  for (const command of ['sudoku', 'generate', 'rate', 'cover']) assert.match(cli([command, '--help']).stdout, /--no-restarts/)
})
