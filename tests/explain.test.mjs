// The explainer behind the JS API (issue 32): sudoku.steps and sudoku.hint on
// the tests' Sudoku sets and on generated puzzles of several shapes and
// variants, each step checked against the solution found by the solver (not
// by the explainer): a placement is the solution's digit in an empty cell,
// an elimination never the solution's digit, and the steps in order fill the
// grid. The hints at each depth agree with the first step; the worker and
// the CLI give the same steps; bad input gets its code and the instance
// stays usable. A hint's time in WebAssembly is printed, never asserted.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { load, createWorker } from '../src/js/dlxkit.mjs'
import { HANG_MS, puzzles, cellsOf } from './helpers.mjs'

const dlx = await load()
const CLI = new URL('../bin/dlxkit.mjs', import.meta.url).pathname
// The techniques whose sentence names every house the step uses (chains and wings name cells).
const NAMES_HOUSES = /^(Full house|Hidden single|Pointing|Claiming|(Naked|Hidden) (pair|triple|quad))$/
const KINDS = new Set(['row', 'column', 'box', 'piece', 'diagonal', 'window', 'region'])

/** A house as the module's sentences name it. */
const houseName = ({ kind, index }) => kind === 'diagonal' ? (index ? 'the anti-diagonal' : 'the main diagonal') : `${kind} ${index + 1}`

/** Check every step of r against the solution (flat digits) from the givens (flat, 0 blank); the number of guesses. */
function checkSteps (r, givens, solution, n, where) {
  const grid = givens.slice()
  let guesses = 0
  r.steps.forEach((s, k) => {
    const at = `${where}, step ${k + 1} (${s.text})`
    assert.equal(typeof s.text, 'string', at)
    assert.ok(s.text.length > 0 && s.rating >= 1 && s.rating <= 11, at)
    assert.ok(s.placements.length + s.eliminations.length > 0, `${at}: a step places or removes something`)
    for (const { row, col, digit } of s.placements) {
      assert.equal(grid[row * n + col], 0, `${at}: r${row + 1}c${col + 1} was empty`)
      assert.equal(digit, solution[row * n + col], `${at}: placement is the solution's digit`)
      grid[row * n + col] = digit
    }
    for (const { row, col, digit } of s.eliminations) {
      assert.ok(row >= 0 && row < n && col >= 0 && col < n && digit >= 1 && digit <= n, at)
      assert.notEqual(digit, solution[row * n + col], `${at}: an elimination is not the solution's digit`)
    }
    for (const c of s.cells) assert.ok(c.row >= 0 && c.row < n && c.col >= 0 && c.col < n, at)
    for (const h of s.houses) {
      assert.ok(KINDS.has(h.kind) && h.index >= 0, at)
      if (NAMES_HOUSES.test(s.technique)) assert.ok(s.text.includes(houseName(h)), `${at}: names ${houseName(h)}`)
    }
    if (s.technique === 'Guess') guesses++
  })
  assert.deepEqual(grid, solution, `${where}: the steps fill the grid`)
  assert.equal(r.solved, guesses === 0, where)
  const hardest = Math.max(...r.steps.map((s) => s.rating))
  assert.deepEqual([r.rating.rating, r.rating.steps], [hardest, r.steps.length], where)
  assert.equal(r.steps.find((s) => s.rating === hardest).technique, r.rating.technique, where)
  return guesses
}

const SETS = [['top1465.txt', Infinity], ['hardest1106.txt', Infinity], ['17-clue.txt', 300]]

for (const [set, max] of SETS) {
  test(`steps: every step of ${set} (up to ${max}) is right by the solver's solution`, () => {
    let guessed = 0
    const list = puzzles(set, max)
    for (const p of list) {
      const solution = cellsOf(dlx.sudoku.solve(p).solution)
      guessed += checkSteps(dlx.sudoku.steps(p), cellsOf(p), solution, 9, `${set} ${p}`) > 0
    }
    console.log(`# ${set}: ${list.length} puzzles, ${list.length - guessed} without a guess`)
  })
}

const MAP = (() => {
  const map = []
  for (let r = 0; r < 9; r++) map.push(Array.from({ length: 9 }, (_, c) => Math.floor(r / 3) * 3 + Math.floor(c / 3)))
  ;[map[2][2], map[0][3]] = [map[0][3], map[2][2]]
  return map
})()
const DIAGONAL = Array.from({ length: 9 }, (_, i) => [i, 8 - i])
const SHAPES = [
  ['4x4', { size: 4 }], ['6x6 (2x3)', { boxRows: 2, boxCols: 3 }], ['8x8 (2x4)', { boxRows: 2, boxCols: 4 }],
  ['12x12', { size: 12 }], ['16x16', { size: 16 }], ['X', { variant: 'x' }], ['windoku', { variant: 'windoku' }],
  ['jigsaw', { jigsaw: MAP }], ['extra region', { regions: [DIAGONAL] }], ['X + windoku', { variant: ['x', 'windoku'] }]
]

test('steps: generated puzzles of ten shapes and variants, every step right, houses of the shape named', () => {
  const kinds = new Set()
  for (const [name, shape] of SHAPES) {
    for (let seed = 1; seed <= 6; seed++) {
      const g = dlx.sudoku.generate({ ...shape, seed, minimal: true, format: 'array' })
      const n = g.puzzle.length
      const r = dlx.sudoku.steps(g.puzzle, shape)
      checkSteps(r, g.puzzle.flat(), g.solution.flat(), n, `${name} seed ${seed}`)
      for (const s of r.steps) for (const h of s.houses) kinds.add(`${name}:${h.kind}`)
    }
  }
  for (const k of ['X:diagonal', 'windoku:window', 'jigsaw:piece', 'extra region:region', 'X + windoku:window']) assert.ok(kinds.has(k), `a step uses ${k}`)
  assert.ok(!kinds.has('jigsaw:box') && !kinds.has('4x4:window'))
})

test('hint: depths 1, 2 and 3 agree with the first step, and time in WebAssembly is printed', () => {
  const ms = []
  for (const p of puzzles('top1465.txt')) {
    const t = process.cpuUsage()
    const h3 = dlx.sudoku.hint(p, { depth: 3 })
    const used = process.cpuUsage(t)
    ms.push((used.user + used.system) / 1000)
    const first = dlx.sudoku.steps(p).steps[0]
    assert.deepEqual(h3, { depth: 3, ...first })
    assert.deepEqual(dlx.sudoku.hint(p), h3, 'depth 3 by default')
    const h2 = dlx.sudoku.hint(p, { depth: 2 })
    assert.deepEqual([h2.depth, h2.technique, h2.rating, h2.cells, h2.houses], [2, first.technique, first.rating, first.cells, first.houses])
    assert.ok(h2.text.startsWith(first.technique === 'Guess' ? 'No technique' : first.technique) && !('placements' in h2))
    const h1 = dlx.sudoku.hint(p, { depth: 1 })
    assert.deepEqual(h1.houses, first.houses.slice(0, 1))
    assert.deepEqual(h1.cells, first.houses.length ? [] : first.cells.slice(0, 1))
    assert.ok(!('technique' in h1) && h1.text.startsWith('Look at '))
  }
  ms.sort((a, b) => a - b)
  console.log(`# hint on top1465 (${ms.length}) in WebAssembly, CPU ms: median ${ms[ms.length >> 1].toFixed(2)}, max ${ms[ms.length - 1].toFixed(2)}`)
  const solved = dlx.sudoku.solve(puzzles('top1465.txt', 1)[0]).solution
  assert.equal(dlx.sudoku.hint(solved), null, 'a full grid has no hint')
  assert.deepEqual(dlx.sudoku.steps(solved), { steps: [], solved: true, rating: { technique: null, rating: 0, steps: 0, difficulty: 'easy' } })
})

const GOOD = puzzles('17-clue.txt', 1)[0]

test('hint after k steps: the explanation\'s step k at each depth, so hints walk past steps that only remove candidates', () => {
  for (const p of puzzles('top1465.txt', 3)) {
    const { steps } = dlx.sudoku.steps(p)
    const picks = [0, 1, steps.findIndex((s) => !s.placements.length), steps.length - 1].filter((k) => k >= 0)
    assert.ok(picks.length === 4, 'the sample has a step that only removes candidates')
    for (const k of picks) {
      assert.deepEqual(dlx.sudoku.hint(p, { after: k }), { depth: 3, ...steps[k] }, `step ${k}`)
      assert.deepEqual(dlx.sudoku.hint(p, { after: k, depth: 2 }).cells, steps[k].cells, `step ${k}, depth 2`)
    }
    assert.deepEqual(dlx.sudoku.hint(p, { after: 0 }), dlx.sudoku.hint(p), 'after 0 is the next step')
    assert.equal(dlx.sudoku.hint(p, { after: steps.length }), null, 'past the last step: none')
  }
  for (const after of [-1, 1.5, '2']) assert.throws(() => dlx.sudoku.hint(GOOD, { after }), (e) => e.code === 'BAD_ARGUMENT' && /after/.test(e.message))
})


test('bad input gets its code, and the instance stays usable', () => {
  const clash = '11' + GOOD.slice(2)
  const none = (() => { // a clue that clashes with no other but leaves no solution
    const sol = dlx.sudoku.solve(GOOD).solution
    for (let i = 0; i < 81; i++) {
      if (GOOD[i] !== '.') continue
      for (let d = 1; d <= 9; d++) {
        const p = GOOD.slice(0, i) + d + GOOD.slice(i + 1)
        if (String(d) !== sol[i] && dlx.sudoku.solve(p).status === 'none' && !dlx.sudoku.candidates(GOOD)[Math.floor(i / 9)][i % 9].every((x) => x !== d)) return p
      }
    }
  })()
  const cases = [
    [clash, {}, 'CLASH'], [none, {}, 'UNSOLVABLE'], ['.'.repeat(81), {}, 'AMBIGUOUS'],
    [GOOD, { depth: 4 }, 'BAD_ARGUMENT', 'hint'], [GOOD, { maxNodes: -1 }, 'BAD_ARGUMENT'],
    ['1'.repeat(80), {}, 'BAD_LENGTH'], [GOOD, { variant: 'nope' }, 'BAD_ARGUMENT']
  ]
  const good = dlx.sudoku.steps(GOOD)
  for (const [p, opts, code, only] of cases) {
    for (const method of only ? [only] : ['steps', 'hint']) {
      assert.throws(() => dlx.sudoku[method](p, opts), (e) => e.code === code && e.message.length > 10, `${method} ${code}`)
      assert.deepEqual(dlx.sudoku.steps(GOOD), good, `usable after ${code}`)
    }
  }
  assert.throws(() => dlx.sudoku.steps(GOOD, { maxNodes: 1 }), (e) => e.code === 'STOPPED', 'a proof out of nodes')
})

test('the worker gives the same steps and hints, and the same codes', { timeout: HANG_MS }, async () => {
  const worker = await createWorker()
  after(() => worker.terminate())
  for (const p of [...puzzles('top1465.txt', 5), ...puzzles('hardest1106.txt', 3)]) {
    assert.deepEqual(await worker.sudoku.steps(p), dlx.sudoku.steps(p))
    for (const depth of [1, 2, 3]) assert.deepEqual(await worker.sudoku.hint(p, { depth }), dlx.sudoku.hint(p, { depth }))
  }
  const g = dlx.sudoku.generate({ jigsaw: MAP, seed: 3, format: 'array' })
  assert.deepEqual(await worker.sudoku.steps(g.puzzle, { jigsaw: MAP }), dlx.sudoku.steps(g.puzzle, { jigsaw: MAP }))
  await assert.rejects(worker.sudoku.steps('.'.repeat(81)), (e) => e.code === 'AMBIGUOUS')
  await assert.rejects(worker.sudoku.hint(GOOD, { depth: 0 }), (e) => e.code === 'BAD_ARGUMENT')
  assert.deepEqual(await worker.sudoku.hint(GOOD), dlx.sudoku.hint(GOOD))
})

/** dlxkit with args and input on stdin: { status, stdout, stderr }. */
function cli (args, input) {
  const r = spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8', timeout: HANG_MS })
  return { status: r.status, stdout: r.stdout, stderr: r.stderr }
}

test('the CLI: dlxkit explain gives the same steps as text, --json and --hint N, and errors as sudoku words them', () => {
  const list = [...puzzles('top1465.txt', 3), ...puzzles('hardest1106.txt', 2)]
  const expected = list.map((p) => dlx.sudoku.steps(p))
  const text = cli(['explain'], list.join('\n') + '\n')
  assert.equal(text.status, 0, text.stderr)
  const blocks = text.stdout.trimEnd().split('\n\n')
  assert.equal(blocks.length, list.length)
  blocks.forEach((block, i) => {
    const lines = block.split('\n')
    assert.deepEqual(lines.slice(0, -1), expected[i].steps.map((s, k) => `${k + 1}. ${s.text}`))
    assert.match(lines.at(-1), new RegExp(`^${expected[i].steps.length} steps; the hardest: ${expected[i].rating.technique}`))
  })
  const json = cli(['explain', '--json'], list.join('\n'))
  assert.deepEqual(json.stdout.trimEnd().split('\n').map((l) => JSON.parse(l)), list.map((p, i) => ({ puzzle: p, line: i + 1, ...expected[i] })))
  for (const depth of [1, 2, 3]) {
    const h = cli(['explain', '--hint', String(depth)], list.join('\n'))
    assert.deepEqual(h.stdout.trimEnd().split('\n'), list.map((p) => dlx.sudoku.hint(p, { depth }).text))
    const hj = cli(['explain', '--json', '--hint', String(depth)], list.join('\n'))
    assert.deepEqual(hj.stdout.trimEnd().split('\n').map((l) => JSON.parse(l).hint), list.map((p) => dlx.sudoku.hint(p, { depth })))
  }
  const g = dlx.sudoku.generate({ variant: 'x', seed: 4 })
  assert.deepEqual(JSON.parse(cli(['explain', '--json', '--variant', 'x'], g.puzzle).stdout).steps, dlx.sudoku.steps(g.puzzle, { variant: 'x' }).steps)
  const bad = cli(['explain'], `${'.'.repeat(81)}\n${list[0]}\n`)
  assert.equal(bad.status, 1)
  assert.equal(bad.stderr, 'dlxkit: stdin:1: more than one solution; nothing to explain: the steps a person can follow need exactly one to lead to\n')
  assert.match(bad.stdout, /^1\. /, 'the good puzzle after it is still explained')
  assert.equal(cli(['explain', '--hint', '4'], list[0]).status, 2)
  // --after K: the hint after K steps made, and a clear line past the last
  const steps = expected[0].steps
  for (const after of [1, 5, steps.length - 1]) {
    assert.equal(cli(['explain', '--hint', '3', '--after', String(after)], list[0]).stdout, dlx.sudoku.hint(list[0], { depth: 3, after }).text + '\n')
    assert.equal(dlx.sudoku.hint(list[0], { depth: 3, after }).technique, steps[after].technique)
  }
  assert.match(cli(['explain', '--hint', '1', '--after', String(steps.length)], list[0]).stdout, /no step after \d+/)
  assert.equal(cli(['explain', '--after', '2'], list[0]).status, 2, '--after without --hint')
  assert.equal(cli(['explain', '--hint', '1', '--after', '-1'], list[0]).status, 2)
})
