// Multiplicities (Knuth's DLX3): primary items as { name, min, max } in
// exactCover and `lo:hi|name` / `hi|name` in parseDlx, checked against a
// brute force over option subsets on random small problems with colors,
// through the worker and the CLI too; every bad bound is a BAD_BOUND that says where.
// Run: node --test tests/multiplicity.test.mjs
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { load, createWorker, DlxError } from '../src/js/dlxkit.mjs'
import { DATA, dataFile, HANG_MS } from './helpers.mjs'

const BIN = fileURLToPath(new URL('../bin/dlxkit.mjs', import.meta.url))

const dlx = await load()
const w = await createWorker()
after(() => w.terminate())

function rng (seed) {
  let s = seed >>> 0
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return Math.floor((s / 2 ** 32) * n)
  }
}

/** A random problem: { primary (with bounds), secondary, options (names, 'x:c' colors) }. */
function randomSpec (rand) {
  const nP = 1 + rand(3)
  const nS = rand(3)
  const primary = []
  for (let i = 0; i < nP; i++) {
    const max = 1 + rand(3)
    primary.push({ name: `p${i}`, min: rand(max + 1), max })
  }
  const secondary = Array.from({ length: nS }, (_, i) => `s${i}`)
  const options = []
  for (let k = 1 + rand(11); k > 0; k--) {
    const o = [`p${rand(nP)}`]
    for (let i = 0; i < nP; i++) if (rand(3) === 0 && !o.includes(`p${i}`)) o.push(`p${i}`)
    for (const s of secondary) if (rand(3) === 0) o.push(rand(2) ? `${s}:${'ab'[rand(2)]}` : s)
    options.push(o)
  }
  return { primary, secondary, options }
}

/** Every subset of the options meeting the bounds and agreeing on colors, as sorted index lists. */
function bruteForce ({ primary, secondary = [], options }) {
  const out = []
  for (let mask = 0; mask < 2 ** options.length; mask++) {
    const uses = new Map()
    const colors = new Map()
    let ok = true
    const chosen = []
    options.forEach((o, k) => {
      if (!(mask >> k & 1)) return
      chosen.push(k)
      for (const entry of o) {
        const [name, color = ''] = entry.split(':')
        uses.set(name, (uses.get(name) ?? 0) + 1)
        if (secondary.includes(name)) {
          if (uses.get(name) > 1 && (!color || colors.get(name) !== color)) ok = false
          colors.set(name, color)
        }
      }
    })
    for (const { name, min, max } of primary) {
      const n = uses.get(name) ?? 0
      if (n < min || n > max) ok = false
    }
    if (ok) out.push(chosen)
  }
  return out
}

const sortedSolutions = (it) => [...it].map((s) => [...s].sort((a, b) => a - b)).sort((a, b) => String(a).localeCompare(String(b)))

test('exactCover with { name, min, max }: the brute force\'s solutions, each once, and the same count', () => {
  const rand = rng(29)
  let total = 0
  for (let round = 0; round < 300; round++) {
    const spec = randomSpec(rand)
    const want = sortedSolutions(bruteForce(spec))
    const p = dlx.exactCover(spec)
    assert.deepEqual(sortedSolutions(p.solutions()), want, JSON.stringify(spec))
    assert.equal(p.count(), want.length)
    p.free()
    total += want.length
  }
  assert.ok(total > 300, `only ${total} solutions in all: the problems are too tight to test much`)
})

test('parseDlx reads DLX3 bounds; the worker counts the same', async () => {
  const text = '1:3|F 2|G H | x\nF\nF x:a\nG H\nG\nG x:b\nF G\n'
  const spec = {
    primary: [{ name: 'F', min: 1, max: 3 }, { name: 'G', min: 2, max: 2 }, 'H'],
    secondary: ['x'],
    options: [['F'], ['F', 'x:a'], ['G', 'H'], ['G'], ['G', 'x:b'], ['F', 'G']]
  }
  const want = bruteForce({ ...spec, primary: [spec.primary[0], spec.primary[1], { name: 'H', min: 1, max: 1 }] }).length
  assert.equal(want, 8)
  assert.equal(dlx.parseDlx(text).count(), want)
  assert.equal(dlx.exactCover(spec).count(), want)
  const remote = await w.parseDlx(text)
  assert.equal(await remote.count(), want)
  const remoteSpec = await w.exactCover(spec)
  assert.equal(await remoteSpec.count(), want)
})

test('bad bounds: BAD_BOUND with the place (line and column in DLX text, the item in a spec)', async () => {
  const cases = [
    ['3:2|x\nx\n', 1, 1, /lower bound 3 is above the upper bound 2/],
    ['a | 2|x\na x\n', 1, 5, /secondary/],
    ['a 0|x\n', 1, 3, /upper bound is 0/],
    ['a\na b:c\nb 1:z|y\n', 1, 1, null] // the item line comes first: b is unknown there
  ]
  for (const [text, line, column, message] of cases.slice(0, 3)) {
    assert.throws(() => dlx.parseDlx(text), (e) => {
      assert.ok(e instanceof DlxError)
      assert.equal(e.code, 'BAD_BOUND', e.message)
      assert.equal(e.details.line, line)
      assert.equal(e.details.column, column)
      assert.match(e.message, message)
      return true
    })
  }
  const bad = [
    [{ primary: [{ name: 'a', min: 3, max: 2 }], options: [['a']] }, /min 3 is above its max 2/],
    [{ primary: [{ name: 'a', max: 0 }], options: [['a']] }, /max/],
    [{ primary: [{ name: 'a', min: 'x' }], options: [['a']] }, /min/],
    [{ primary: ['a'], secondary: [{ name: 's', max: 2 }], options: [['a']] }, /only primary items/]
  ]
  for (const [spec, message] of bad) {
    assert.throws(() => dlx.exactCover(spec), (e) => e.code === 'BAD_BOUND' && message.test(e.message) && /primary\[0\]|secondary\[0\]/.test(e.message))
    await assert.rejects(w.exactCover(spec), (e) => e.code === 'BAD_BOUND')
  }
  // The instance stays usable.
  assert.equal(dlx.parseDlx('2|a\na\na\na\n').count(), 3)
})

test('with bounds a split into shards is refused, not answered wrongly', () => {
  const p = dlx.parseDlx('0:2|a b\na\na b\na\nb\n')
  assert.equal(p.count(), 7)
  assert.throws(() => p.count({ shard: 0, parts: 2 }), (e) => e.code === 'BAD_BOUND')
  assert.equal(p.count(), 7)
})

test('dlxkit cover counts and prints bounded problems; --jobs and --shard say they cannot split them', () => {
  const cli = (args, input) => spawnSync(process.execPath, [BIN, 'cover', ...args], { input, encoding: 'utf8', timeout: HANG_MS })
  const file = join(DATA, 'exact-cover', 'pentomino-5x6-twice.dlx')
  assert.equal(cli(['--count', file]).stdout, `${dlx.parseDlx(dataFile('exact-cover', 'pentomino-5x6-twice.dlx')).count()}\n`)
  const text = '1:3|F 2|G H | x\nF\nF x:a\nG H\nG\nG x:b\nF G\n'
  const all = cli(['--all', '-'], text)
  assert.equal(all.status, 0)
  assert.equal(all.stdout.trim().split('\n\n').length, 8)
  const bad = cli(['--count', '-'], 'a 3:2|x\nx\n')
  assert.equal(bad.status, 1)
  assert.match(bad.stderr, /^dlxkit: stdin:1:3: the lower bound 3 is above the upper bound 2\n/)
  for (const split of [['--jobs', '2'], ['--shard', '1/2']]) {
    const r = cli(['--count', ...split, '-'], text)
    assert.equal(r.status, 1)
    assert.match(r.stderr, /do not work with multiplicities/)
  }
})
