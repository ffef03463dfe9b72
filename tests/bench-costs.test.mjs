// The cost family's generators (bench/costs.mjs): what they write is well
// formed DLX5 text, the seeds vary it, and the cheapest cost dlxkit finds
// on a small generated assignment is the brute force's. DLX5 itself lives
// outside the repository, which no test reads.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { assignment, costedPentominoes, costedSudoku, pieceWeights, ROWS } from '../bench/costs.mjs'
import { load } from '../src/js/dlxkit.mjs'

const dlx = await load()

/** [items line, ...[items, cost]] of DLX5 text with one `|n` per option. */
function parse (text) {
  const [head, ...rest] = text.trimEnd().split('\n')
  return { items: head.split(' '), options: rest.map((l) => { const m = /^(.*) \|(\d+)$/.exec(l); assert.ok(m, l); return [m[1].split(' '), Number(m[2])] }) }
}

test('rows: unique names, k in the name when over 1, every generator at two seeds or sizes at least', () => {
  const ids = ROWS.map((r) => r.id)
  assert.equal(new Set(ids).size, ids.length)
  for (const r of ROWS) assert.equal(r.id.endsWith(`-k${r.k}`), r.k > 1, r.id)
  for (const family of ['assign', 'pento', 'sudoku']) {
    const rows = ROWS.filter((r) => r.id.startsWith(family + '-'))
    assert.ok(new Set(rows.map((r) => r.id.replace(/-k\d+$/, '').replace(/^[a-z]+-[^-]+-/, ''))).size >= 2, `${family}: one seed only`)
  }
})

test('piece weights: 1..12 in order at seed 0, a permutation of them otherwise, seeds differ', () => {
  assert.deepEqual(pieceWeights(0), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
  for (const seed of [1, 2, 3]) assert.deepEqual([...pieceWeights(seed)].sort((a, b) => a - b), pieceWeights(0))
  assert.notDeepEqual(pieceWeights(1), pieceWeights(2))
})

test('costed pentominoes: 12 pieces and w x h cells; each option a piece and 5 cells of the box, costing its weight x its top row', () => {
  const weight = pieceWeights(3)
  const { items, options } = parse(costedPentominoes(15, 4, 3))
  assert.equal(items.length, 12 + 60)
  const pieces = items.slice(0, 12)
  for (const [names, cost] of options) {
    assert.equal(names.length, 6)
    const p = pieces.indexOf(names[0])
    assert.ok(p >= 0)
    const rows = names.slice(1).map((c) => { assert.ok(items.includes(c), c); return Number(c.split('.')[1]) })
    assert.equal(cost, weight[p] * Math.min(...rows))
  }
  assert.notEqual(costedPentominoes(15, 4, 3), costedPentominoes(15, 4, 4))
})

test('costed Sudoku: 324 items; a given cell keeps one digit, the others nine', () => {
  const { items, options } = parse(costedSudoku(17, 10, 5))
  assert.equal(items.length, 324)
  assert.equal(options.length, 17 + 64 * 9)
  assert.ok(options.every(([names, cost]) => names.length === 4 && cost < 10))
  assert.notEqual(costedSudoku(17, 10, 5), costedSudoku(17, 10, 6))
})

test('a generated 7 x 7 assignment: best() finds the brute force\'s cheapest cost over the 5,040 permutations', () => {
  for (const seed of [1, 2, 3]) {
    const text = assignment(7, 1000, seed)
    const cost = parse(text).options.map(([, c]) => c) // worker i, job j at 7i + j
    let want = Infinity
    const perm = (i, used, sum) => {
      if (i === 7) { want = Math.min(want, sum); return }
      for (let j = 0; j < 7; j++) if (!(used >> j & 1)) perm(i + 1, used | 1 << j, sum + cost[7 * i + j])
    }
    perm(0, 0, 0)
    const problem = dlx.parseDlx(text)
    try {
      assert.equal(problem.best()[0].cost, want, `seed ${seed}`)
    } finally {
      problem.free()
    }
  }
})
