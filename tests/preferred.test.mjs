// Preferred items (DLX2-sharp): a primary item whose name starts with `#`
// wins a tie of the fewest options, through parseDlx and exactCover (seen in
// branchItem() and in the order of the first solution's options); counts
// are the same with and without `#` names on random problems.
// Run: node --test tests/preferred.test.mjs
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { load } from '../src/js/dlxkit.mjs'
import { rng } from './helpers.mjs'

const dlx = await load()

// x and y tie at two options; branching on x finds options [0, 1] first, on y [1, 0].
for (const [how, make] of [
  ['parseDlx', (y) => dlx.parseDlx(`x ${y}\nx\n${y}\nx ${y}\n`)],
  ['exactCover', (y) => dlx.exactCover({ primary: ['x', y], options: [['x'], [y], ['x', y]] })]
]) {
  test(`${how}: a # item wins the tie, counts unchanged`, () => {
    const plain = make('y')
    const sharp = make('#y')
    try {
      assert.equal(plain.itemName(plain.branchItem()), 'x')
      assert.equal(sharp.itemName(sharp.branchItem()), '#y')
      assert.equal(plain.search(), 'solution')
      assert.deepEqual(plain.solution(), [0, 1])
      assert.equal(sharp.search(), 'solution')
      assert.deepEqual(sharp.solution(), [1, 0])
      assert.equal(sharp.count(), plain.count())
    } finally {
      plain.free()
      sharp.free()
    }
  })
}

test('random problems: the same counts with and without # names', () => {
  const rand = rng(29)
  let solvable = 0
  for (let round = 0; round < 150; round++) {
    const n = 1 + rand(7)
    const sharp = Array.from({ length: n }, () => rand(3) === 0)
    const options = []
    for (let k = 1 + rand(30); k > 0; k--) {
      const items = []
      for (let i = 0; i < n; i++) if (rand(100) < 30) items.push(i)
      options.push(items.length ? items : [rand(n)])
    }
    const spec = (named) => {
      const name = (i) => (named && sharp[i] ? `#i${i}` : `i${i}`)
      return { primary: Array.from({ length: n }, (_, i) => name(i)), options: options.map((o) => o.map(name)) }
    }
    const a = dlx.exactCover(spec(false))
    const b = dlx.exactCover(spec(true))
    try {
      const count = a.count()
      assert.equal(b.count(), count, `round ${round}`)
      if (count > 1) solvable++
    } finally {
      a.free()
      b.free()
    }
  }
  assert.ok(solvable >= 15, `only ${solvable} rounds with more than one solution`)
})
