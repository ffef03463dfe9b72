// Multiplicities (Knuth's DLX3): primary items as { name, min, max } in
// exactCover and `lo:hi|name` / `hi|name` in parseDlx, checked against a
// brute force over option subsets on random small problems with colors,
// through the worker and the CLI too; every bad bound is a BAD_BOUND that says where.
// Shards (plain, balanced, on the worker, --shard and --sum), estimates, seeds
// and the resumable steps work with bounds.
// Run: node --test tests/multiplicity.test.mjs
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { load, createWorker, DlxError } from '../src/js/dlxkit.mjs'
import { DATA, dataFile, HANG_MS, rng } from './helpers.mjs'

const BIN = fileURLToPath(new URL('../bin/dlxkit.mjs', import.meta.url))

const dlx = await load()
const w = await createWorker()
after(() => w.terminate())

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
  // Bounds without a name are refused, not read as an item "[object Object]" covered once.
  for (const spec of [{ primary: [{ min: 2 }], options: [[0], [0]] }, { primary: ['a'], secondary: [{}], options: [['a']] }]) {
    const which = spec.secondary ? /secondary\[0\] is an object without a name/ : /primary\[0\] is an object without a name/
    assert.throws(() => dlx.exactCover(spec), (e) => e.code === 'BAD_INPUT' && which.test(e.message) && e.details.index === 0)
    await assert.rejects(w.exactCover(spec), (e) => e.code === 'BAD_INPUT' && which.test(e.message))
  }
  assert.equal(dlx.exactCover({ primary: [{ name: 'a', min: 2 }], options: [[0], [0]] }).count(), 1)
  // A key other than name, min and max (a typo) is refused, not dropped with its bound.
  for (const key of ['mni', 'Max', 'times']) {
    const spec = { primary: [{ name: 'a', [key]: 2 }], options: [[0], [0]] }
    const said = new RegExp(`primary\\[0\\] has the key "${key}"`)
    assert.throws(() => dlx.exactCover(spec), (e) => e.code === 'BAD_INPUT' && said.test(e.message) && e.details.key === key)
    await assert.rejects(w.exactCover(spec), (e) => e.code === 'BAD_INPUT' && said.test(e.message))
  }
  // The instance stays usable.
  assert.equal(dlx.parseDlx('2|a\na\na\na\n').count(), 3)
})

test('with bounds, plain and balanced shards partition the solutions, the worker\'s too', async () => {
  const rand = rng(36)
  let split = 0
  for (let round = 0; round < 120; round++) {
    const spec = randomSpec(rand)
    const want = sortedSolutions(bruteForce(spec))
    const p = dlx.exactCover(spec)
    const parts = 2 + rand(4)
    for (const balanced of [false, true]) {
      const got = []
      let sum = 0
      for (let shard = 0; shard < parts; shard++) {
        got.push(...p.solutions({ shard, parts, balanced }))
        sum += p.count({ shard, parts, balanced })
      }
      assert.deepEqual(sortedSolutions(got), want, JSON.stringify({ spec, parts, balanced }))
      assert.equal(sum, want.length)
    }
    split += p.shardPrefixes(0, parts).some((prefix) => prefix.some((step) => step < 0)) // a part leaves options out
    assert.equal(p.shape.forced, 0) // nothing left behind
    assert.equal(p.count(), want.length)
    p.free()
  }
  assert.ok(split > 20, `only ${split} splits left an option out`)
  const text = '0:2|a b\na\na b\na\nb\n'
  const remote = await w.parseDlx(text)
  let sum = 0
  for (let shard = 0; shard < 3; shard++) sum += await remote.count({ shard, parts: 3, balanced: true })
  assert.equal(sum, dlx.parseDlx(text).count())
})

test('with bounds: estimates, seeds, left-out options, and the resumable steps with progress', () => {
  const rand = rng(7)
  let reordered = 0
  for (let round = 0; round < 150; round++) {
    const spec = randomSpec(rand)
    const want = sortedSolutions(bruteForce(spec))
    const p = dlx.exactCover(spec)
    const { nodes, steps } = p.estimate({ probes: 50, seed: round })
    assert.ok(Number.isFinite(nodes) && nodes >= 1 && steps >= 50, JSON.stringify({ nodes, steps }))
    const plain = [...p.solutions()].map(String)
    p.setSeed(round + 1)
    const seeded = [...p.solutions()]
    assert.deepEqual(sortedSolutions(seeded), want)
    reordered += String(seeded.map(String)) !== String(plain)
    // Step by step, a few nodes at a time: the same solutions, progress from 0 to 1.
    p.restart()
    const stepped = []
    for (let r; (r = p.search(2)) !== 'done';) {
      const { progress } = p.stats()
      assert.ok(progress >= 0 && progress <= 1, `progress ${progress}`)
      if (r === 'solution') stepped.push(p.solution())
    }
    assert.equal(p.stats().progress, 1)
    assert.deepEqual(sortedSolutions(stepped), want)
    // A left-out option: the solutions without it; taken back, all of them.
    const k = rand(spec.options.length)
    if (spec.primary.some(({ min, max }) => min !== 1 || max !== 1)) {
      p.exclude(k)
      assert.equal(p.count(), want.filter((s) => !s.includes(k)).length)
      p.unexclude()
    }
    assert.equal(p.count(), want.length)
    p.free()
  }
  assert.ok(reordered > 20, `only ${reordered} seeded orders differ`)
  const exact = dlx.parseDlx('a b\na\nb\na b\n')
  assert.throws(() => exact.exclude(0), (e) => e.code === 'BAD_BOUND')
  const bounded = dlx.parseDlx('2|a b\na\nb\na b\n')
  assert.throws(() => bounded.unexclude(), (e) => e.code === 'NOTHING_FORCED')
  assert.throws(() => bounded.exclude(9), (e) => e.code === 'BAD_OPTION')
  assert.equal(bounded.itemNeed(0), 2)
  bounded.force(2)
  assert.equal(bounded.itemNeed(0), 1)
  assert.equal(bounded.count(), 1)
})

test('dlxkit cover counts and prints bounded problems, on --jobs and in --shard parts that --sum adds up', () => {
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
  const whole = cli(['--count', file]).stdout
  assert.equal(cli(['--count', '--jobs', '2', file]).stdout, whole)
  const parts = [1, 2, 3].map((k) => cli(['--count', '--json', '--shard', `${k}/3`, file]))
  for (const r of parts) assert.equal(r.status, 0, r.stderr)
  const counts = parts.map((r) => JSON.parse(r.stdout).count)
  assert.ok(counts.every((c) => c > 0), `parts ${counts}: each should hold some`)
  const sum = cli(['--sum', '-'], parts.map((r) => r.stdout).join(''))
  assert.equal(sum.status, 0, sum.stderr)
  assert.equal(sum.stdout, whole)
})
