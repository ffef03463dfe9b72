// The ZDD as a result (issue 31) behind the JS API: problem.zdd() gives
// DLX6's text byte for byte as build/dlx --zdd does, the problem's exact
// count, every solution once by nth(k), seeded uniform draws (a chi-square
// test), and coded errors that leave the problem usable.
// Run: node --test tests/zdd.test.mjs
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { load } from '../src/js/dlxkit.mjs'
import { DOMINO, TROMINO, packing } from '../bench/tilings.mjs'
import { HANG_MS, rng } from './helpers.mjs'

const dlx = await load()
const NATIVE = fileURLToPath(new URL('../build/dlx', import.meta.url))
const noNative = !existsSync(NATIVE) && 'build/dlx is not built'

/** A seeded random problem as DLX text: n primary items, two secondary, options of 1-4 items. */
function randomText (seed, n, options) {
  const rand = rng(seed)
  const lines = [Array.from({ length: n }, (_, i) => `p${i}`).join(' ') + ' | x y']
  for (let k = 0; k < options; k++) {
    const items = new Set([`p${rand(n)}`]) // a primary item first: an option needs one
    for (let j = 1 + rand(4); j > 0; j--) {
      const i = rand(n + 2)
      items.add(i < n ? `p${i}` : 'xy'[i - n])
    }
    lines.push([...items].join(' '))
  }
  return lines.join('\n') + '\n'
}

const PROBLEMS = [
  ['dominoes 3x4', packing(3, 4, DOMINO)],
  ['dominoes 4x6', packing(4, 6, DOMINO)],
  ['trominoes 3x6', packing(3, 6, TROMINO)],
  ...[3, 17, 29].map((seed) => [`random ${seed}`, randomText(seed, 10, 40)])
]

/** Whether options (indices) cover every primary item of p once and every secondary at most once. */
function isCover (p, options) {
  const { primary, items } = p.shape
  const seen = new Array(items).fill(0)
  for (const k of options) for (const name of p.option(k)) seen[itemIndex(p, name)]++
  return seen.every((n, i) => (i < primary ? n === 1 : n <= 1))
}

function itemIndex (p, name) {
  p._index ??= new Map(Array.from({ length: p.shape.items }, (_, i) => [p.itemName(i), i]))
  return p._index.get(name)
}

test('toText is build/dlx --zdd\'s output byte for byte', { skip: noNative }, () => {
  for (const [name, text] of PROBLEMS) {
    const r = spawnSync(NATIVE, ['--zdd', '-', '--quiet', '-'], { input: text, encoding: 'utf8', timeout: HANG_MS })
    assert.equal(r.status, 0, r.stderr)
    const p = dlx.parseDlx(text)
    const z = p.zdd()
    assert.equal(z.toText(), r.stdout, name)
    assert.ok(z.size > 0 && z.bytes > 0, name)
    z.free()
    p.free()
  }
})

test('nth and sample draw what build/dlx --nth and --random --seed print', { skip: noNative }, () => {
  const [, text] = PROBLEMS[2]
  const p = dlx.parseDlx(text)
  const z = p.zdd()
  const native = (...args) => {
    const r = spawnSync(NATIVE, [...args, '--quiet', '-'], { input: text, encoding: 'utf8', timeout: HANG_MS })
    assert.equal(r.status, 0, r.stderr)
    return r.stdout.trim().split('\n\n').map((block) => block.split('\n').sort().join('\n'))
  }
  const lines = (s) => s.map((k) => p.formatOption(k)).sort().join('\n') // build/dlx prints from the root down
  for (const k of [0, 7, z.count() - 1]) assert.deepEqual(native('--nth', String(k)), [lines(z.nth(k))])
  assert.deepEqual(native('--random', '25', '--seed', '99'), z.sample(25, { seed: 99 }).map(lines))
  assert.deepEqual(native('--random', '1'), [lines(z.random())])
})

test('countBig is the problem\'s count, past 2^53 too', () => {
  for (const [name, text] of PROBLEMS) {
    const p = dlx.parseDlx(text)
    const z = p.zdd()
    assert.equal(z.countBig(), p.countBig({ memo: false }), name)
    assert.equal(z.count(), Number(z.countBig()))
    z.free()
    p.free()
  }
  const p = dlx.parseDlx(packing(12, 12, DOMINO))
  const z = p.zdd()
  assert.equal(z.countBig(), 53060477521960000n) // domino tilings of 12x12 (OEIS A004003)
  assert.equal(z.countBig(), p.countBig({ memo: true }))
  assert.throws(() => z.count(), { code: 'UNSAFE_COUNT' })
  const k = z.countBig() - 1n // the last solution, past 2^53
  assert.ok(isCover(p, z.nth(k)))
  assert.notDeepEqual(z.nth(k), z.nth(k - 1n))
  z.free()
  p.free()
})

test('nth(k) for every k: valid covers, each solution once, the whole enumeration', () => {
  for (const [name, text] of PROBLEMS) {
    const p = dlx.parseDlx(text)
    const z = p.zdd()
    const all = new Set([...p.solutions()].map((s) => s.join(' ')))
    const seen = new Set()
    for (let k = 0; k < z.count(); k++) {
      const s = z.nth(k)
      assert.ok(isCover(p, s), `${name}: solution ${k}`)
      assert.deepEqual(z.nth(BigInt(k)), s)
      seen.add(s.join(' '))
    }
    assert.equal(seen.size, z.count(), `${name}: no solution twice`)
    assert.deepEqual([...seen].sort(), [...all].sort(), name)
    z.free()
    p.free()
  }
})

test('forced options are in every solution of the ZDD', () => {
  const p = dlx.parseDlx(packing(4, 4, DOMINO))
  p.force(3)
  const z = p.zdd()
  assert.equal(z.countBig(), p.countBig())
  assert.ok(z.count() > 1)
  for (let k = 0; k < z.count(); k++) assert.ok(z.nth(k).includes(3) && isCover(p, z.nth(k)))
  p.unforce()
  assert.ok(p.zdd().countBig() > z.countBig())
})

test('random draws: valid, the same for a seed, a sample goes on from it', () => {
  const p = dlx.parseDlx(packing(4, 5, DOMINO))
  const z = p.zdd()
  const a = z.sample(50, { seed: 7 })
  assert.equal(a.length, 50)
  assert.ok(a.every((s) => isCover(p, s)))
  assert.deepEqual(z.sample(50, { seed: 7 }), a)
  assert.deepEqual(z.random({ seed: 7 }), a[0])
  assert.deepEqual(z.random({ seed: 7 }), z.random({ seed: 7 }))
  assert.notDeepEqual(z.sample(50, { seed: 8 }), a)
  assert.ok(new Set(a.map((s) => s.join(' '))).size > 10)
  assert.deepEqual(z.random(), z.random({ seed: 0 }))
  assert.deepEqual(z.sample(0), [])
})

test('draw: sample\'s solutions a few at a time, the seed it returns drawing on from them (a number or a bigint)', () => {
  const p = dlx.parseDlx(packing(4, 5, DOMINO))
  const z = p.zdd()
  const all = z.sample(50, { seed: 7 })
  let seed = 7
  const drawn = []
  for (const n of [1, 2, 0, 13, 34]) {
    const d = z.draw(n, { seed })
    assert.equal(typeof d.seed, 'bigint')
    assert.ok(d.seed >= 0n && d.seed < 1n << 64n)
    drawn.push(...d.solutions)
    seed = d.seed
  }
  assert.deepEqual(drawn, all)
  assert.deepEqual(z.draw(3, { seed: 7n }).solutions, all.slice(0, 3))
  assert.deepEqual(z.sample(2, { seed: (1n << 64n) - 1n }).length, 2)
  for (const seed of [-1n, 1n << 64n, -1, 1.5, '3']) {
    assert.throws(() => z.draw(1, { seed }), (e) => e.code === 'BAD_ARGUMENT' && /seed/.test(e.message), String(seed))
  }
})

/** Pearson's statistic of the counts against the same expectation for each. */
function chiSquare (counts, draws) {
  const expected = draws / counts.length
  return counts.reduce((sum, o) => sum + (o - expected) ** 2 / expected, 0)
}

test('random draws are uniform: a chi-square test over 36 solutions', () => {
  // Domino tilings of 4x4: 36 solutions, 35 degrees of freedom. The
  // critical value at significance 0.001 (chi-square table, df 35) is
  // 66.619: a uniform sampler passes with probability 0.999.
  const CRITICAL = 66.619
  const p = dlx.parseDlx(packing(4, 4, DOMINO))
  const z = p.zdd()
  assert.equal(z.count(), 36)
  const index = new Map(Array.from({ length: 36 }, (_, k) => [z.nth(k).join(' '), k]))
  const draws = 36 * 300
  const counts = new Array(36).fill(0)
  for (const s of z.sample(draws, { seed: 2026 })) counts[index.get(s.join(' '))]++
  const stat = chiSquare(counts, draws)
  assert.ok(stat < CRITICAL, `chi-square ${stat.toFixed(2)} >= ${CRITICAL}`)
  // The test tells a skewed sampler: one solution of the 36 drawn half again as often.
  const skewed = counts.map((c, k) => (k === 0 ? Math.round(c * 1.5) : c))
  assert.ok(chiSquare(skewed, skewed.reduce((a, b) => a + b)) > CRITICAL)
})

test('bad input and the ZDD\'s bounds: coded errors, the problem usable afterwards', () => {
  const p = dlx.parseDlx(packing(3, 4, DOMINO))
  for (const bad of [-1, 1.5, 'big', 2 ** 64]) assert.throws(() => p.zdd({ maxMemory: bad }), { code: 'BAD_ARGUMENT' })
  assert.throws(() => p.zdd({ maxMemory: 100 }), (e) => e.code === 'OUT_OF_MEMORY' && /raise maxMemory/.test(e.message) && e.details.maxMemory === 100)
  const z = p.zdd()
  assert.equal(z.count(), p.count())
  for (const bad of [-1, 0.5, '1', null, -1n]) assert.throws(() => z.nth(bad), { code: 'BAD_ARGUMENT' }, String(bad))
  assert.throws(() => z.nth(2 ** 60), (e) => e.code === 'BAD_ARGUMENT' && /give it as a bigint/.test(e.message))
  for (const past of [11, 11n, 2n ** 64n, 2n ** 200n]) {
    assert.throws(() => z.nth(past), (e) => e.code === 'NO_SOLUTION' && /holds 11 \(k counts from 0 to 10\)/.test(e.message) && e.details.count === 11n, String(past))
  }
  for (const bad of [-1, 0.5, 'x']) assert.throws(() => z.random({ seed: bad }), { code: 'BAD_ARGUMENT' })
  assert.throws(() => z.sample(-1), { code: 'BAD_ARGUMENT' })
  assert.ok(isCover(p, z.nth(10)))
  p.free() // the ZDD holds nothing of the problem
  assert.ok(z.nth(3).length === 6 && z.toText().length > 0)
  z.free()
  z.free() // twice is harmless
  for (const read of [() => z.size, () => z.countBig(), () => z.nth(0), () => z.random(), () => z.toText()]) assert.throws(read, { code: 'FREED' })

  const colored = dlx.parseDlx('a b | x\na x:red\nb x:red\nb x:blue\n')
  assert.equal(colored.zdd().countBig(), 1n) // colors: tests/memo-colors.test.mjs
  assert.equal(colored.count(), 1)
  const bounded = dlx.parseDlx('2:2|a b\na\na b\nb\n')
  assert.equal(bounded.count(), 1) // {a, a b}: a twice, b once
  const bz = bounded.zdd() // bounds: tests/c/test_zdd_multi.c checks them against a brute force
  assert.equal(bz.countBig(), 1n)
  assert.deepEqual(bz.nth(0), [0, 1])
  const quotas = dlx.parseDlx('2:2|r0 2:2|r1 2:2|r2 2:2|r3 1:3|c0 1:3|c1 1:3|c2 1:3|c3\n' + Array.from({ length: 16 }, (_, k) => `r${k >> 2} c${k & 3}`).join('\n') + '\n')
  const qz = quotas.zdd()
  assert.equal(qz.countBig(), quotas.countBig()) // 4x4 matrices, two ones a row, one to three a column
  for (const s of qz.sample(50, { seed: 3 })) { // every drawn matrix keeps the bounds
    assert.equal(s.length, 8)
    for (let r = 0; r < 4; r++) assert.equal(s.filter((k) => k >> 2 === r).length, 2)
  }
  const wide = dlx.parseDlx('12:12|a b\n' + 'a\n'.repeat(12) + 'b\n') // a solution of 13 options, more than the 3 of a first guess
  assert.equal(wide.zdd().countBig(), wide.countBig())
  assert.equal(wide.zdd().nth(0).length, 13)
  const many = dlx.parseDlx('0:1|a 2:2|b c\n' + 'a\nb\nc b\n'.repeat(2731)) // over 8,192 options: the walk on its lists
  const ways = 2732n * 2731n * 2731n // a: none or one of 2,731; c once (one of 2,731, each a b too), so one b alone
  assert.equal(many.zdd().countBig(), ways)
  assert.equal(many.countBig({ memo: true }), ways)

  const none = dlx.parseDlx('a b\na\n') // no solution
  const empty = none.zdd()
  assert.equal(empty.countBig(), 0n)
  assert.equal(empty.toText(), '2: (~0?0:0)\n')
  assert.throws(() => empty.nth(0), { code: 'NO_SOLUTION' })
  assert.throws(() => empty.random(), { code: 'NO_SOLUTION' })
})

test('a ZDD past the instance\'s maxMemory: OUT_OF_MEMORY, the instance and problem usable', async () => {
  const small = await load({ maxMemory: 4 << 20 })
  const p = small.parseDlx(packing(12, 12, DOMINO)) // its ZDD takes 2 MB, its build more
  assert.throws(() => p.zdd(), { code: 'OUT_OF_MEMORY' })
  assert.equal(p.count({ limit: 5 }), 5)
  const q = small.parseDlx(packing(6, 6, DOMINO))
  assert.equal(q.zdd().countBig(), 6728n)
})

test('a solutions() loop under way refuses a ZDD build (BUSY)', () => {
  const p = dlx.parseDlx(packing(3, 4, DOMINO))
  for (const _ of p.solutions()) { // eslint-disable-line no-unused-vars
    assert.throws(() => p.zdd(), { code: 'BUSY' })
    break
  }
  assert.equal(p.zdd().count(), 11)
})
