// Issue 30's 9x9 families of sets (bench/sudoku9-sets.mjs), checked by a
// counter of this file's own that shares nothing with dlxkit: a minimal
// puzzle is unique and loses uniqueness when any clue goes; an invalid one
// has no solution; a many-solution one has at least two. Then the bench's
// check of answers and its goal table (bench/sudoku9-report.mjs) on fixed
// data, and the counted measurements on a small file.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { load } from '../src/js/dlxkit.mjs'
import { FAMILIES, makeFamily, minimize } from '../bench/sudoku9-sets.mjs'
import { checkAnswers, goals9, sudoku9Markdown } from '../bench/sudoku9-report.mjs'
import { sudokuCounted as wasmCounted } from '../bench/measure-wasm.mjs'
import { sudokuCounted as nativeCounted } from '../bench/measure-native.mjs'

const dlx = await load()
const family = (name) => FAMILIES.find((f) => f.name === name)

const UNIT_OF = Array.from({ length: 81 }, (_, k) => [Math.floor(k / 9), 9 + (k % 9), 18 + Math.floor(k / 27) * 3 + Math.floor((k % 9) / 3)])

/** Givens that clash: a digit twice in a row, column or box. */
function clashes (line) {
  const seen = new Set()
  for (let k = 0; k < 81; k++) {
    if (line[k] === '.') continue
    for (const u of UNIT_OF[k]) {
      if (seen.has(`${u}:${line[k]}`)) return true
      seen.add(`${u}:${line[k]}`)
    }
  }
  return false
}

/** Solutions of a line puzzle, up to `cap`: plain backtracking on the cell with the fewest digits left. */
function countUpTo (line, cap = 2) {
  if (clashes(line)) return 0
  const used = new Uint16Array(27) // digits taken in each unit, a bit each
  const cells = [...line].map((ch) => (ch === '.' ? 0 : Number(ch)))
  cells.forEach((d, k) => { if (d) for (const u of UNIT_OF[k]) used[u] |= 1 << d })
  let found = 0
  const free = (k) => 0b1111111110 & ~(used[UNIT_OF[k][0]] | used[UNIT_OF[k][1]] | used[UNIT_OF[k][2]])
  const bits = (m) => { let n = 0; for (; m; m &= m - 1) n++; return n }
  const go = () => {
    let best = -1
    let bestN = 10
    for (let k = 0; k < 81; k++) {
      if (cells[k]) continue
      const n = bits(free(k))
      if (n < bestN) { best = k; bestN = n }
    }
    if (best < 0) { found++; return }
    for (let d = 1, m = free(best); d <= 9 && found < cap; d++) {
      if (!(m & (1 << d))) continue
      cells[best] = d
      for (const u of UNIT_OF[best]) used[u] |= 1 << d
      go()
      for (const u of UNIT_OF[best]) used[u] &= ~(1 << d)
      cells[best] = 0
    }
  }
  go()
  return Math.min(found, cap)
}

const withoutClue = (p, k) => p.slice(0, k) + '.' + p.slice(k + 1)
const clueCells = (p) => [...p].flatMap((ch, k) => (ch === '.' ? [] : [k]))

test('the counter of this file tells none, one and several apart', () => {
  const solved = '534678912672195348198342567859761423426853791713924856961537284287419635345286179'
  assert.equal(countUpTo(solved), 1)
  assert.equal(countUpTo(withoutClue(solved, 40)), 1)
  assert.equal(countUpTo('.'.repeat(81)), 2)
  assert.equal(countUpTo('11' + '.'.repeat(79)), 0, 'a clash')
  const stuck = '12345678.' + '.'.repeat(27) + '........9' + '.'.repeat(36)
  assert.equal(clashes(stuck), false)
  assert.equal(countUpTo(stuck), 0, 'no clash, but row 1 needs a 9 where column 9 has one')
})

test('minimal: every puzzle unique, and every clue needed', () => {
  const made = makeFamily(dlx, family('minimal'), 6)
  assert.equal(made.counts, '111111')
  for (const p of made.puzzles) {
    assert.equal(countUpTo(p), 1, p)
    for (const k of clueCells(p)) assert.equal(countUpTo(withoutClue(p, k)), 2, `${p} without cell ${k}`)
  }
})

test('minimize takes away every clue a unique puzzle does not need', () => {
  const { solution } = dlx.sudoku.generate({ seed: 7 })
  const start = [...solution].map((d, k) => (k % 4 === 3 ? '.' : d)).join('')
  assert.equal(countUpTo(start), 1)
  const { puzzle, removed } = minimize(dlx, start)
  assert.ok(removed > 20, `${removed} clues went`)
  assert.equal(countUpTo(puzzle), 1)
  for (const k of clueCells(puzzle)) assert.equal(countUpTo(withoutClue(puzzle, k)), 2, `${puzzle} without cell ${k}`)
})

test('invalid: no solution, and no rule broken outright', () => {
  const made = makeFamily(dlx, family('invalid'), 8)
  assert.equal(made.counts, '0'.repeat(8))
  for (const p of made.puzzles) {
    assert.equal(clashes(p), false, p)
    assert.equal(countUpTo(p), 0, p)
  }
})

test('clash: a digit twice in a unit, one cell away from a unique puzzle', () => {
  const made = makeFamily(dlx, family('clash'), 8)
  assert.equal(made.counts, '0'.repeat(8))
  for (const p of made.puzzles) {
    assert.equal(clashes(p), true, p)
    const cleared = clueCells(p).map((k) => withoutClue(p, k)).filter((q) => !clashes(q))
    assert.ok(cleared.some((q) => countUpTo(q) === 1), `${p}: one clue less gives a unique puzzle`)
  }
})

test('many: at least two solutions, as many as the family says', () => {
  const made = makeFamily(dlx, family('many'), 8)
  assert.equal(made.counts, '2'.repeat(8))
  made.puzzles.forEach((p, i) => {
    assert.equal(countUpTo(p), 2, p)
    assert.ok(made.solutions[i] >= 2 && made.solutions[i] <= 4 * family('many').most)
    assert.equal(countUpTo(p, 10), Math.min(10, made.solutions[i]), p)
  })
})

test('easy: unique, rated easy', () => {
  const made = makeFamily(dlx, family('easy'), 4)
  for (const p of made.puzzles) {
    assert.equal(countUpTo(p), 1, p)
    assert.equal(dlx.sudoku.rate(p).difficulty, 'easy')
  }
})

test('the same seeds make the same set', () => {
  assert.deepEqual(makeFamily(dlx, family('invalid'), 5), makeFamily(dlx, family('invalid'), 5))
  assert.deepEqual(makeFamily(dlx, family('clash'), 5), makeFamily(dlx, family('clash'), 5))
})

test('checkAnswers: per puzzle, by tally, and a cell without answers', () => {
  assert.deepEqual(checkAnswers({ rate: 5, answers: '012' }, '012'), { rate: 5, checked: 'per puzzle' })
  assert.match(checkAnswers({ rate: 5, answers: '112' }, '012').error, /1 answers differ.*puzzle 1 has 1, not 0/)
  assert.match(checkAnswers({ batchAnswers: '012', callAnswers: '010' }, '012').error, /^solve\(\): .*puzzle 3 has 0, not 2/)
  assert.deepEqual(checkAnswers({ rate: 1, tally: [1, 1, 1] }, '210'), { rate: 1, checked: 'tally' })
  assert.match(checkAnswers({ rate: 1, tally: [0, 1, 2] }, '210').error, /tally 0\/1\/2 .* the set's 1\/1\/1/)
  assert.match(checkAnswers({ rate: 1 }, '1').error, /no answers/)
  assert.deepEqual(checkAnswers({ unbuilt: true }, '1'), { unbuilt: true })
})

/** A run's data: one set, rounds of { native, wasm, tdoku, tdoku.wasm } rates. */
function fixed (rounds) {
  return {
    settings: { rounds: rounds.length, minSeconds: 1 },
    machine: { cpu: 'x', cores: 2, memoryGiB: 1, os: 'y', node: 'v20', clang: 'c', emcc: 'e', cadical: 'not found', load: '1', date: 'd' },
    peers: { built: ['tdoku', 'tdoku.wasm'], unbuilt: [] },
    sets: [{ name: 'minimal', puzzles: 3, seed: 1, tally: [0, 3, 0], madeMinimal: 0 }],
    rows: [{
      set: 'minimal',
      rounds: rounds.map(([n, t, b, c, tw]) => ({
        native: { rate: n, nodesPerPuzzle: 12, checked: 'per puzzle' },
        tdoku: { rate: t, checked: 'tally' },
        kudoku: { unbuilt: true },
        jsolve: { unbuilt: true },
        fast_solv_9r2: { unbuilt: true },
        wasm: { batch: b, perCall: c, checked: 'per puzzle' },
        'tdoku.wasm': { rate: tw, checked: 'per puzzle' }
      }))
    }]
  }
}

test('goals9: medians of per-round ratios against issue 30\'s targets', () => {
  const data = fixed([[90, 100, 100, 95, 100], [80, 100, 90, 90, 100], [95, 100, 120, 100, 100]])
  const byGoal = goals9(data)
  assert.deepEqual(byGoal.map((x) => [x.measured, x.met]), [['1.00x', true], ['0.90x', true], ['0.95x', true]])
  const worse = goals9(fixed([[89, 100, 99, 94, 100]]))
  assert.deepEqual(worse.map((x) => x.met), [false, false, false])
  const md = sudoku9Markdown(data)
  assert.match(md, /3 of 3 met/)
  assert.match(md, /Every set here holds puzzles of one count only/)
  data.sets[0].tally = [1, 2, 0]
  assert.match(sudoku9Markdown(data), /On minimal \(puzzles of more than one count\) a tally can miss/)
  assert.match(md, /\| minimal \| 12\.0 \| 90\/s \|/, 'the nodes per puzzle, then the median native rate')
  assert.match(md, /\| minimal \| 3 \| 0 \/ 3 \/ 0 \|/)
})

test('a failed check shows as a failed cell and its goal as not measured', () => {
  const data = fixed([[90, 100, 100, 95, 100]])
  data.rows[0].rounds[0].tdoku = checkAnswers({ rate: 100, tally: [1, 2, 0] }, '111')
  const md = sudoku9Markdown(data)
  assert.match(md, /\*\*minimal, tdoku\*\*: \*\*failed\*\*: tally 1\/2\/0/)
  assert.deepEqual(goals9(data).map((x) => x.measured), ['1.00x', 'not measured', '0.95x'])
})

// A file of one puzzle of each kind (a clash among them) for the measuring code.
function smallSet () {
  const unique = dlx.sudoku.generate({ seed: 3 }).puzzle
  const none = makeFamily(dlx, family('invalid'), 1).puzzles[0]
  const clash = makeFamily(dlx, family('clash'), 1).puzzles[0]
  const several = '.'.repeat(81)
  const dir = mkdtempSync(join(tmpdir(), 'dlxkit-sudoku9-'))
  const file = join(dir, 'set.txt')
  const lines = [unique, none, several, clash]
  writeFileSync(file, `# a comment line the readers skip\n${lines.join('\n')}\n`)
  return { dir, file, answers: lines.map((p) => String(countUpTo(p))).join('') }
}

test('the WASM measurement gives each puzzle\'s count, in the batch and call by call', async () => {
  const { dir, file, answers } = smallSet()
  try {
    assert.equal(answers, '1020')
    const r = await wasmCounted(file, { minSeconds: 0.01 })
    assert.equal(r.batchAnswers, answers)
    assert.equal(r.callAnswers, answers)
    assert.ok(r.batch > 0 && r.perCall > 0)
  } finally {
    rmSync(dir, { recursive: true })
  }
})

test('WASM beside tdoku.wasm in one process: each path\'s answers and rate', { skip: !existsSync('build/peers/tdoku.wasm') && 'not built: build/peers/tdoku.wasm (the bench builds the peers)' }, async () => {
  const { dir, file, answers } = smallSet()
  try {
    const r = await wasmCounted(file, { minSeconds: 0.01, tdoku: true })
    assert.equal(r.batchAnswers, answers)
    assert.equal(r.callAnswers, answers)
    assert.equal(r.tdoku.answers, answers)
    assert.equal(r.tdoku.puzzles, 4)
    assert.ok(r.batch > 0 && r.perCall > 0 && r.tdoku.rate > 0)
  } finally {
    rmSync(dir, { recursive: true })
  }
})

const NATIVE = ['build/bench/sudoku_native', 'build/bench/rusage']
test('the native measurement gives each puzzle\'s count', { skip: NATIVE.some((f) => !existsSync(f)) && `not built: make ${NATIVE.join(' ')}` }, () => {
  const { dir, file, answers } = smallSet()
  try {
    const r = nativeCounted(file, { minSeconds: 0.01 })
    assert.equal(r.answers, answers)
    assert.equal(r.puzzles, 4)
  } finally {
    rmSync(dir, { recursive: true })
  }
})
