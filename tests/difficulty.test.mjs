// Difficulty by technique (issue 32): rate's technique fields against
// steps(), the levels against the tests' samples of the shared sets,
// generate({ difficulty }) checked through steps() for every level it can
// reach on several shapes, its budget's error, the worker and the CLI.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { load, createWorker } from '../src/js/dlxkit.mjs'
import { HANG_MS, puzzles } from './helpers.mjs'

const dlx = await load()
const CLI = new URL('../bin/dlxkit.mjs', import.meta.url).pathname
const cli = (args, input = '') => spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8', timeout: HANG_MS })
const LEVELS = ['easy', 'medium', 'hard', 'fiendish', 'diabolical', 'beyond']

/** rate's technique fields as steps() gives them for the same puzzle. */
function fromSteps (puzzle, opts = {}) {
  const { rating } = dlx.sudoku.steps(puzzle, opts)
  return { difficulty: rating.difficulty, technique: rating.technique, rating: rating.rating, steps: rating.steps }
}
const techniqueFields = ({ difficulty, technique, rating, steps }) => ({ difficulty, technique, rating, steps })

test('the levels: six contiguous ranges of the 1-to-11 scale, easiest first', () => {
  const levels = dlx.sudoku.difficulties()
  assert.deepEqual(levels.map((l) => l.name), LEVELS)
  assert.equal(levels[0].from, 1)
  assert.equal(levels.at(-1).to, 11)
  levels.forEach((l, k) => {
    assert.ok(l.from <= l.to, l.name)
    if (k) assert.equal(Math.round((l.from - levels[k - 1].to) * 10), 1, `${l.name} starts just above ${levels[k - 1].name}`)
  })
  assert.ok(Object.isFrozen(levels))
})

test("rate: the technique fields agree with steps() on the samples (and the search's fields stay)", () => {
  const sample = [...puzzles('top1465.txt', 40), ...puzzles('hardest1106.txt', 10), ...puzzles('17-clue.txt', 40)]
  const seen = new Set()
  for (const p of sample) {
    const r = dlx.sudoku.rate(p)
    assert.equal(r.status, 'unique')
    assert.ok(['easy', 'medium', 'hard', 'expert'].includes(r.level) && r.nodes > 0 && r.score >= 0, p)
    const want = fromSteps(p)
    assert.deepEqual(techniqueFields(r), want, p)
    const level = dlx.sudoku.difficulties().find((l) => l.name === r.difficulty)
    assert.ok(r.rating >= level.from && r.rating <= level.to, `${p}: ${r.rating} in ${r.difficulty}`)
    seen.add(r.difficulty)
  }
  assert.ok(seen.size >= 4, `the samples span levels: ${[...seen]}`)
  const x = dlx.sudoku.generate({ variant: 'x', seed: 3 })
  assert.deepEqual(techniqueFields(dlx.sudoku.rate(x.puzzle, { variant: 'x' })), fromSteps(x.puzzle, { variant: 'x' }))
})

test('rate: without one solution, or with techniques: false, the technique fields are null', () => {
  const nulls = { difficulty: null, technique: null, rating: null, steps: null }
  const open = dlx.sudoku.rate('.'.repeat(81))
  assert.equal(open.status, 'multiple')
  assert.deepEqual(techniqueFields(open), nulls)
  const p = puzzles('top1465.txt', 1)[0]
  const quick = dlx.sudoku.rate(p, { techniques: false })
  assert.deepEqual(techniqueFields(quick), nulls)
  assert.equal(quick.nodes, dlx.sudoku.rate(p).nodes)
  assert.throws(() => dlx.sudoku.rate(p, { techniques: 'no' }), { code: 'BAD_ARGUMENT' })
  const full = dlx.sudoku.solve(p).solution
  assert.deepEqual(techniqueFields(dlx.sudoku.rate(full)), { difficulty: 'easy', technique: null, rating: 0, steps: 0 })
})

test('the levels order the samples: 17-clue mostly easy, hardest1106 mostly beyond', () => {
  const share = (set, max, level) => {
    const list = puzzles(set, max)
    return list.filter((p) => dlx.sudoku.rate(p).difficulty === level).length / list.length
  }
  const easy = share('17-clue.txt', 300, 'easy')
  const beyond = share('hardest1106.txt', 60, 'beyond')
  console.log(`# 17-clue (300): ${(100 * easy).toFixed(1)}% easy; hardest1106 (60): ${(100 * beyond).toFixed(1)}% beyond`)
  assert.ok(easy > 0.6, `17-clue: ${easy} easy`)
  assert.ok(beyond > 0.9, `hardest1106: ${beyond} beyond`)
})

// A 9x9 jigsaw map: in each band of three rows, piece (band, k) takes the
// cells whose column plus row, mod 9, falls in k's third.
const JIGSAW = Array.from({ length: 9 }, (_, r) => Array.from({ length: 9 }, (_, c) => Math.floor(r / 3) * 3 + Math.floor(((c + r) % 9) / 3)))

// Each level on 9x9 with two seeds, and shapes and variants at levels they reach.
const CASES = [
  ...LEVELS.slice(0, 5).flatMap((difficulty) => [1, 2].map((seed) => ({ difficulty, seed }))),
  { difficulty: 'hard', seed: 1, boxRows: 2, boxCols: 3 },
  { difficulty: 'fiendish', seed: 2, boxRows: 2, boxCols: 4 },
  { difficulty: 'medium', seed: 1, variant: 'x' },
  { difficulty: 'fiendish', seed: 1, variant: 'windoku' },
  { difficulty: 'easy', seed: 3, size: 16 },
  { difficulty: 'diabolical', seed: 1, size: 4 * 4 },
  { difficulty: 'hard', seed: 4, symmetric: true },
  { difficulty: 'medium', seed: 5, minimal: true, attempts: 400 },
  { difficulty: 'beyond', seed: 2, jigsaw: JIGSAW }
]

test('generate({ difficulty }): the puzzle needs exactly that level, checked through steps()', () => {
  for (const { seed, attempts, ...opts } of CASES) {
    const what = JSON.stringify({ seed, ...opts })
    const g = dlx.sudoku.generate({ seed, attempts, ...opts })
    const shape = { ...opts }
    delete shape.difficulty
    delete shape.symmetric
    delete shape.minimal
    const r = dlx.sudoku.steps(g.puzzle, shape)
    assert.equal(r.rating.difficulty, opts.difficulty, what)
    assert.deepEqual(techniqueFields(g), { difficulty: r.rating.difficulty, technique: r.rating.technique, rating: r.rating.rating, steps: r.rating.steps }, what)
    assert.ok(Number.isInteger(g.attempts) && g.attempts >= 1, what)
    assert.equal(dlx.sudoku.solve(g.puzzle, shape).solution, g.solution, what)
    if (opts.symmetric) {
      const n = g.puzzle.length
      for (let c = 0; c < n; c++) assert.equal(g.puzzle[c] === '.', g.puzzle[n - 1 - c] === '.', `${what}: symmetric at ${c}`)
    }
    if (opts.minimal) { // no clue can go
      for (let c = 0; c < g.puzzle.length; c++) {
        if (g.puzzle[c] !== '.') assert.equal(dlx.sudoku.count(g.puzzle.slice(0, c) + '.' + g.puzzle.slice(c + 1)), 2, `${what}: clue ${c} is needed`)
      }
    }
  }
})

test('generate({ difficulty }): seeded and reproducible, without a difficulty as before', () => {
  const a = dlx.sudoku.generate({ seed: 7, difficulty: 'fiendish' })
  assert.deepEqual(dlx.sudoku.generate({ seed: 7, difficulty: 'fiendish' }), a)
  assert.notEqual(dlx.sudoku.generate({ seed: 8, difficulty: 'fiendish' }).puzzle, a.puzzle)
  const plain = dlx.sudoku.generate({ seed: 7 })
  assert.deepEqual(Object.keys(plain), ['puzzle', 'solution', 'clues', 'seed'])
})

test('generate({ difficulty }): past its attempts NOT_FOUND, bad options BAD_ARGUMENT, the instance stays usable', () => {
  // A 9x9 that needs a guess is one in millions: 5 attempts do not find one.
  assert.throws(() => dlx.sudoku.generate({ seed: 1, difficulty: 'beyond', attempts: 5 }),
    (e) => e.code === 'NOT_FOUND' && /no beyond puzzle in 5 attempts \(seed 1\): 5 came out easier/.test(e.message))
  assert.throws(() => dlx.sudoku.generate({ seed: 1, difficulty: 'beyond' }), /no beyond puzzle in 200 attempts/) // the default
  // A 4x4 has nothing past the easy level.
  assert.throws(() => dlx.sudoku.generate({ size: 4, seed: 1, difficulty: 'medium', attempts: 50 }), { code: 'NOT_FOUND' })
  assert.throws(() => dlx.sudoku.generate({ seed: 1, difficulty: 'nasty' }), (e) => e.code === 'BAD_ARGUMENT' && e.details.option === 'difficulty' && /easy, medium, hard, fiendish, diabolical, beyond/.test(e.message))
  assert.throws(() => dlx.sudoku.generate({ seed: 1, difficulty: 3 }), { code: 'BAD_ARGUMENT' })
  assert.throws(() => dlx.sudoku.generate({ seed: 1, difficulty: 'easy', attempts: -1 }), { code: 'BAD_ARGUMENT' })
  assert.throws(() => dlx.sudoku.generate({ seed: 1, difficulty: 'easy', attempts: 2 ** 31 }), { code: 'BAD_ARGUMENT' })
  assert.equal(dlx.sudoku.generate({ seed: 1, difficulty: 'easy' }).difficulty, 'easy')
})

test('the worker: the same rating and the same generated puzzle, NOT_FOUND by code', async () => {
  const worker = await createWorker()
  after(() => worker.terminate())
  const p = puzzles('top1465.txt', 1)[0]
  assert.deepEqual(await worker.sudoku.rate(p), dlx.sudoku.rate(p))
  assert.deepEqual(await worker.sudoku.generate({ seed: 3, difficulty: 'hard' }), dlx.sudoku.generate({ seed: 3, difficulty: 'hard' }))
  await assert.rejects(worker.sudoku.generate({ seed: 1, difficulty: 'beyond', attempts: 2 }), { code: 'NOT_FOUND' })
})

test('the CLI: rate prints the technique fields (text and JSON); generate --difficulty, and its errors', () => {
  const list = [...puzzles('top1465.txt', 3), ...puzzles('17-clue.txt', 2)]
  const text = cli(['rate'], list.join('\n') + '\n')
  assert.equal(text.status, 0, text.stderr)
  assert.deepEqual(text.stdout.trimEnd().split('\n'), list.map((p) => {
    const r = dlx.sudoku.rate(p)
    return `level=${r.level} score=${r.score} nodes=${r.nodes} guesses=${r.guesses} difficulty=${r.difficulty} rating=${r.rating} technique="${r.technique}" steps=${r.steps}`
  }))
  const json = cli(['rate', '--json'], list.join('\n'))
  assert.deepEqual(json.stdout.trimEnd().split('\n').map((l) => techniqueFields(JSON.parse(l))), list.map((p) => fromSteps(p)))
  const many = cli(['rate'], '.'.repeat(81))
  assert.match(many.stdout, /status=multiple$/m)
  assert.doesNotMatch(many.stdout, /difficulty=/)

  const g = cli(['generate', '--difficulty', 'fiendish', '--seed', '7', '--count', '2', '--json'])
  assert.equal(g.status, 0, g.stderr)
  const made = g.stdout.trimEnd().split('\n').map((l) => JSON.parse(l))
  assert.deepEqual(made, [7, 8].map((seed) => ({ ...dlx.sudoku.generate({ seed, difficulty: 'fiendish' }) })).map(({ seed, puzzle, solution, clues, difficulty, rating, technique, steps, attempts }) => ({ seed, puzzle, solution, clues, difficulty, rating, technique, steps, attempts })))
  const line = cli(['generate', '--difficulty', 'hard', '--seed', '1'])
  assert.equal(line.stdout.trim(), dlx.sudoku.generate({ seed: 1, difficulty: 'hard' }).puzzle)
  const none = cli(['generate', '--difficulty', 'beyond', '--attempts', '2', '--seed', '1'])
  assert.equal(none.status, 1)
  assert.match(none.stderr, /generate --seed 1: no beyond puzzle in 2 attempts/)
  const bad = cli(['generate', '--difficulty', 'nasty'])
  assert.equal(bad.status, 2)
  assert.match(bad.stderr, /--difficulty 'nasty' is not allowed: it takes easy, medium, hard, fiendish, diabolical, beyond/)
  assert.equal(cli(['generate', '--difficulty', 'easy', '--attempts', '0']).status, 2)
})
