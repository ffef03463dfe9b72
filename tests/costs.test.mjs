// Costs (Knuth's DLX5): options as { items, cost } in exactCover and with
// `|n` in parseDlx; best({ k }) checked against a brute force over every
// solution (solutions() and the options' costs) on random small problems,
// some with multiplicity bounds,
// through the worker and both CLIs (dlxkit cover --best, build/dlx --best)
// too; every bad cost is a BAD_COST that says where.
// Run: node --test tests/costs.test.mjs
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { load, createWorker, DlxError } from '../src/js/dlxkit.mjs'
import { HANG_MS, rng } from './helpers.mjs'

const BIN = fileURLToPath(new URL('../bin/dlxkit.mjs', import.meta.url))
const NATIVE = fileURLToPath(new URL('../build/dlx', import.meta.url))

const dlx = await load()
const w = await createWorker()
after(() => w.terminate())

/** A random problem with costs: { primary, secondary, options: [{ items, cost }] }. */
function randomSpec (rand) {
  const nP = 1 + rand(5)
  const nS = rand(3)
  const bounded = rand(3) === 0
  const primary = Array.from({ length: nP }, (_, i) => {
    if (!bounded) return `p${i}`
    const max = 1 + rand(3)
    return { name: `p${i}`, min: rand(max + 1), max }
  })
  const names = primary.map((p) => p.name ?? p)
  const secondary = Array.from({ length: nS }, (_, i) => `s${i}`)
  const spread = rand(3) === 0 ? 3 : 40 // small spreads: many ties
  const options = []
  for (let k = 1 + rand(13); k > 0; k--) {
    const items = [`p${rand(nP)}`]
    for (const p of names) if (rand(3) === 0 && !items.includes(p)) items.push(p)
    for (const s of secondary) if (rand(3) === 0) items.push(rand(2) ? `${s}:${'ab'[rand(2)]}` : s)
    options.push({ items, cost: rand(4) === 0 ? 0 : rand(spread) })
  }
  return { primary, secondary, options }
}

/** The same problem as DLX text. */
const textOf = ({ primary, secondary, options }) =>
  [[...primary.map((p) => p.name ? `${p.min}:${p.max}|${p.name}` : p), ...(secondary.length ? ['|', ...secondary] : [])].join(' '), ...options.map((o) => `${o.items.join(' ')}${o.cost ? ` |${o.cost}` : ''}`)].join('\n') + '\n'

/** Every solution's cost, cheapest first, by the plain search and the options' costs. */
function bruteCosts (problem) {
  const costs = []
  for (const s of problem.solutions()) costs.push(s.reduce((sum, k) => sum + problem.optionCost(k), 0))
  return costs.sort((a, b) => a - b)
}

/** best()'s answer checked: the k cheapest costs, each a solution of the cost it says, all distinct. */
function checkBest (problem, best, want, k, context) {
  assert.deepEqual(best.map((s) => s.cost), want.slice(0, k), context)
  const all = new Set([...problem.solutions()].map((s) => String([...s].sort((a, b) => a - b))))
  const seen = new Set()
  for (const { cost, options } of best) {
    assert.ok(all.has(String(options)), `${context}: ${options} is no solution`)
    assert.equal(options.reduce((sum, j) => sum + problem.optionCost(j), 0), cost, context)
    assert.ok(!seen.has(String(options)), `${context}: ${options} twice`)
    seen.add(String(options))
  }
}

test('best({ k }): the k cheapest of the brute force, from exactCover and from DLX text', () => {
  const rand = rng(35)
  let total = 0
  for (let round = 0; round < 300; round++) {
    const spec = randomSpec(rand)
    const k = [1, 2, 3, 7, 50][round % 5]
    for (const p of [dlx.exactCover(spec), dlx.parseDlx(textOf(spec))]) {
      const want = bruteCosts(p)
      const improvements = []
      const best = p.best({ k, onImprovement: (s) => improvements.push(s) })
      checkBest(p, best, want, k, `round ${round}: ${textOf(spec)}`)
      // Each improvement enters the k cheapest so far: with k = 1 each is cheaper than the last.
      if (k === 1) improvements.forEach((s, j) => j && assert.ok(s.cost < improvements[j - 1].cost))
      // Every one kept was heard as an improvement when it was found.
      assert.ok(best.every((b) => improvements.some((s) => String(s.options) === String(b.options))))
      assert.equal(p.count(), want.length) // costs change nothing else
      p.free()
    }
    total += Math.min(k, dlx.exactCover(spec).count())
  }
  assert.ok(total > 300, `only ${total} solutions kept in all: the problems are too tight to test much`)
})

test('best with forced options counts their costs; withData; the problem stays usable', () => {
  const spec = { primary: ['a', 'b', 'c'], options: [{ items: ['a'], cost: 5, data: 'A' }, { items: ['b', 'c'], cost: 1 }, { items: ['a', 'b'], cost: 2 }, { items: ['c'], cost: 2 }, { items: ['b'], cost: 0 }] }
  const p = dlx.exactCover(spec)
  const want = bruteCosts(p)
  checkBest(p, p.best({ k: 9 }), want, 9, 'all')
  p.force(0)
  const forced = [...p.solutions()].map((s) => s.reduce((sum, k) => sum + p.optionCost(k), 0)).sort((x, y) => x - y)
  assert.deepEqual(p.best({ k: 9 }).map((s) => s.cost), forced)
  p.unforce()
  const [first] = p.best({ withData: true })
  assert.equal(first.cost, want[0])
  assert.ok(first.options.every((c) => typeof c.index === 'number' && 'data' in c))
  assert.equal(p.count(), want.length)
})

test('best at maxNodes: STOPPED with the cheapest so far; bad k; the callback may not move the search', () => {
  const p = dlx.parseDlx('a b c\na b |7\na |2\nb |1 |2\nc |4\nc |1\nb c |1\n')
  assert.throws(() => p.best({ maxNodes: 1 }), (e) => e.code === 'STOPPED' && Array.isArray(e.details.best))
  assert.throws(() => p.best({ k: 0 }), (e) => e.code === 'BAD_ARGUMENT')
  assert.throws(() => p.best({ onImprovement: 3 }), (e) => e.code === 'BAD_ARGUMENT')
  assert.throws(() => p.best({ onImprovement: () => p.count() }), (e) => e.code === 'BUSY')
  assert.deepEqual(p.best(), [{ cost: 3, options: [1, 5] }])
  assert.equal(p.formatOption(2), 'b |3') // |1 |2 add up
})

test('bad costs: BAD_COST with the place; a cost past 2^53 is a bigint; costs with bounds', () => {
  const cases = [
    ['a\na |x\n', 2, 4, /not a number/],
    ['a\na |-1\n', 2, 4, /negative/],
    ['a\na |\n', 2, 3, /no cost/],
    ['a\na |9223372036854775808\n', 2, 4, /2\^63 - 1/],
    ['a\na |9223372036854775807\na |1\n', 3, 3, /add up/]
  ]
  for (const [text, line, column, message] of cases) {
    assert.throws(() => dlx.parseDlx(text), (e) => {
      assert.ok(e instanceof DlxError)
      assert.equal(e.code, 'BAD_COST', e.message)
      assert.equal(e.details.line, line)
      assert.equal(e.details.column, column)
      assert.match(e.message, message)
      return true
    })
  }
  for (const cost of [-1, 1.5, '3', 2 ** 53, NaN, -Infinity]) {
    assert.throws(() => dlx.exactCover({ primary: ['a'], options: [['a'], { items: ['a'], cost }] }), (e) => e.code === 'BAD_COST' && e.details.index === 1 && /option 1/.test(e.message))
  }
  // The value as given, not as JSON writes it (null)
  assert.throws(() => dlx.exactCover({ primary: ['a'], options: [{ items: ['a'], cost: NaN }] }), /\(got NaN\)/)
  const big = dlx.parseDlx('a\na |9007199254740993\n')
  assert.deepEqual(big.best(), [{ cost: 9007199254740993n, options: [0] }])
  // a twice: the two cheapest options of a, and the others' order; 5 options in one solution
  assert.deepEqual(dlx.parseDlx('2|a\na |4\na |1\na\n').best({ k: 3 }).map((s) => s.cost), [1, 4, 5])
  assert.deepEqual(dlx.parseDlx('5|a\na |1\na |1\na |1\na |1\na |1\na |1\n').best()[0].options.length, 5)
})

test('the worker: best with each improvement and progress, STOPPED with the best so far', async () => {
  const rand = rng(7)
  for (let round = 0; round < 20; round++) {
    const spec = randomSpec(rand)
    const direct = dlx.exactCover(spec)
    const remote = await w.exactCover(spec)
    const heard = []
    const progress = []
    const best = await remote.best({ k: 3, onImprovement: (s) => heard.push(s), onProgress: (p) => progress.push(p) })
    checkBest(direct, best, bruteCosts(direct), 3, `worker round ${round}`)
    assert.deepEqual(heard, (() => { const h = []; direct.best({ k: 3, onImprovement: (s) => h.push(s) }); return h })())
    assert.equal(progress.at(-1).solutions, heard.length)
    direct.free()
    await remote.free()
  }
  const remote = await w.parseDlx('a b c\na b |7\na |2\nb |1 |2\nc |4\nc |1\nb c |1\n')
  await assert.rejects(remote.best({ maxNodes: 1 }), (e) => e.code === 'STOPPED' && Array.isArray(e.details.best))
})

test('dlxkit cover --best K and build/dlx --best K: the K cheapest, --json each improvement as found', { skip: !existsSync(NATIVE) && 'build/dlx is not built' }, () => {
  const rand = rng(11)
  for (let round = 0; round < 12; round++) {
    const spec = randomSpec(rand)
    const text = textOf(spec)
    const p = dlx.parseDlx(text)
    const want = bruteCosts(p)
    const k = 1 + rand(4)
    for (const [cmd, args] of [[process.execPath, [BIN, 'cover']], [NATIVE, []]]) {
      const r = spawnSync(cmd, [...args, '--best', String(k), '--json', '-'], { input: text, encoding: 'utf8', timeout: HANG_MS })
      const rows = r.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l))
      const ranks = rows.filter((row) => row.rank !== undefined)
      const improvements = rows.filter((row) => row.improvement !== undefined)
      assert.deepEqual(ranks.map((row) => row.cost), want.slice(0, k), `${cmd}: ${text}`)
      if (!want.length) continue
      checkBest(p, ranks.map((row) => ({ cost: row.cost, options: row.solution })), want, k, `${cmd}: ${text}`)
      assert.deepEqual(ranks.map((row) => row.options), ranks.map((row) => row.solution.map((j) => p.formatOption(j))))
      assert.deepEqual(improvements.map((row) => row.improvement), improvements.map((_, j) => j + 1))
      assert.deepEqual(rows.at(-1), { complete: true, nodes: rows.at(-1).nodes })
      assert.equal(r.status, 0)
      // Without --json: 'cost C' and the option lines, blank lines between.
      const plain = spawnSync(cmd, [...args, '--best', String(k), '-'], { input: text, encoding: 'utf8', timeout: HANG_MS })
      assert.deepEqual(plain.stdout.trim().split('\n\n').map((b) => b.split('\n')[0]), want.slice(0, k).map((c) => `cost ${c}`))
    }
  }
})
