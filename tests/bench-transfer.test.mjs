// The transfer matrix (bench/transfer.mjs) that checks the memo family's
// rows past 2^64 (bench/memo-run.mjs): on small boxes against known counts
// (domino tilings of 8x8, of 2 x n: Fibonacci, of 3 x n), against a plain
// backtracking count written here (trominoes), and on the big rows against
// Kasteleyn's product formula for dominoes (floating point: 12 digits).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { countTilings, orientations } from '../bench/transfer.mjs'
import { DOMINO, PENTOMINO, TROMINO } from '../bench/tilings.mjs'

test('orientations: 2 of a domino, 4 of an L tromino, 63 of the 12 pentominoes', () => {
  assert.equal(orientations(DOMINO.D).length, 2)
  assert.equal(orientations(TROMINO.L).length, 4)
  assert.deepEqual(Object.values(PENTOMINO).map((s) => orientations(s).length), [8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4])
})

test('domino tilings: 8x8, 2 x n (Fibonacci), 3 x n, odd areas', () => {
  assert.equal(countTilings(8, 8, DOMINO), 12988816n)
  let [a, b] = [1n, 2n]
  for (let n = 1; n <= 40; n++, [a, b] = [b, a + b]) assert.equal(countTilings(2, n, DOMINO), a, `2 x ${n}`)
  assert.deepEqual([2, 4, 6, 8, 10].map((n) => countTilings(3, n, DOMINO)), [3n, 11n, 41n, 153n, 571n])
  assert.equal(countTilings(5, 7, DOMINO), 0n)
  assert.equal(countTilings(12, 12, DOMINO), 53060477521960000n) // the table
})

/** Kasteleyn's formula for the domino tilings of an m x n box, as a float. */
function kasteleyn (m, n) {
  let p = 1
  for (let j = 1; j <= Math.ceil(m / 2); j++) {
    for (let k = 1; k <= Math.ceil(n / 2); k++) p *= 4 * Math.cos(Math.PI * j / (m + 1)) ** 2 + 4 * Math.cos(Math.PI * k / (n + 1)) ** 2
  }
  return p
}

test('domino tilings past 2^64 (the memo rows) agree with Kasteleyn\'s formula to 12 digits', () => {
  for (const [m, n] of [[8, 30], [12, 24], [10, 10]]) {
    const exact = countTilings(m, n, DOMINO), approx = kasteleyn(m, n)
    assert.ok(Math.abs(Number(exact) / approx - 1) < 1e-12, `${m} x ${n}: ${exact} against ${approx}`)
  }
  assert.ok(countTilings(8, 30, DOMINO) > 2n ** 64n)
})

/** Tilings by plain backtracking over placements as cell sets (first empty cell in row order). */
function backtrack (rows, cols, shapes) {
  const placements = []
  for (const cells of Object.values(shapes)) {
    const seen = new Set()
    for (const [a, b, c, d] of [[1, 0, 0, 1], [0, -1, 1, 0], [-1, 0, 0, -1], [0, 1, -1, 0], [-1, 0, 0, 1], [1, 0, 0, -1], [0, 1, 1, 0], [0, -1, -1, 0]]) {
      const t = cells.map(([r, q]) => [a * r + b * q, c * r + d * q])
      for (let dr = -8; dr < rows + 8; dr++) {
        for (let dq = -8; dq < cols + 8; dq++) {
          const at = t.map(([r, q]) => [r + dr, q + dq])
          if (!at.every(([r, q]) => r >= 0 && r < rows && q >= 0 && q < cols)) continue
          const key = at.map(([r, q]) => r * cols + q).sort((x, y) => x - y)
          if (!seen.has(String(key))) { seen.add(String(key)); placements.push(key) }
        }
      }
    }
  }
  const used = new Array(rows * cols).fill(false)
  const go = () => {
    const first = used.indexOf(false)
    if (first < 0) return 1n
    let n = 0n
    for (const p of placements) {
      if (p[0] !== first || p.some((k) => used[k])) continue
      for (const k of p) used[k] = true
      n += go()
      for (const k of p) used[k] = false
    }
    return n
  }
  return go()
}

test('tromino tilings on small boxes agree with plain backtracking; 6x12 with DLX6 (bench/MEMO.md)', () => {
  for (const [r, c] of [[2, 3], [2, 6], [3, 3], [3, 4], [4, 6], [3, 8], [5, 6], [6, 6], [4, 9]]) {
    assert.equal(countTilings(r, c, TROMINO), backtrack(r, c, TROMINO), `${r} x ${c}`)
  }
  assert.equal(countTilings(3, 4, TROMINO), backtrack(4, 3, TROMINO))
  assert.equal(countTilings(6, 12, TROMINO), 27438555522n)
  assert.equal(countTilings(4, 5, TROMINO), 0n)
})

test('a few pentomino boxes (copies allowed) agree with plain backtracking', () => {
  for (const [r, c] of [[5, 5], [3, 10], [5, 6]]) assert.equal(countTilings(r, c, PENTOMINO), backtrack(r, c, PENTOMINO), `${r} x ${c}`)
})

test('a bad box or a window too wide is a RangeError', () => {
  assert.throws(() => countTilings(0, 4, DOMINO), RangeError)
  assert.throws(() => countTilings(2.5, 4, DOMINO), RangeError)
  assert.throws(() => countTilings(20, 4, PENTOMINO), /window/)
})
