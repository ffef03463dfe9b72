// Exact-cover options given as 0/1 rows ({ row }, a typed array) as well as
// item lists, and a value of the user's carried per option ({ items | row,
// data }) and given back with each chosen option (withData, data(k),
// chosen(s)), on the main thread and through a worker. Every bad row or flag
// has its code, and the instance goes on working.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { load, createWorker, DlxError } from '../src/js/dlxkit.mjs'
import { dataFile } from './helpers.mjs'

const dlx = await load()
const w = await createWorker()
after(() => w.terminate())

/** A DLX text as { primary, secondary, options } of item names (no colors in these files). */
function specOf (text) {
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('|'))
  const items = lines[0].split(/\s+/)
  const bar = items.indexOf('|')
  return {
    primary: bar < 0 ? items : items.slice(0, bar),
    secondary: bar < 0 ? [] : items.slice(bar + 1),
    options: lines.slice(1).map((l) => l.split(/\s+/))
  }
}

/** The same options as 0/1 rows, one entry per item (primary, then secondary). */
function rowsOf ({ primary, secondary = [], options }, make) {
  const all = [...primary, ...secondary]
  return options.map((opt) => make(all.map((name) => opt.includes(name) ? 1 : 0)))
}

function codeOf (fn) {
  try {
    fn()?.free?.()
  } catch (e) {
    assert.ok(e instanceof DlxError, `expected a DlxError, got ${e?.message}`)
    return e
  }
  assert.fail('no error was thrown')
}

// Knuth's example (TAOCP 7.2.2.1 (6)): one cover, options 0, 3 and 4.
const KNUTH = {
  primary: ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
  options: [['c', 'e'], ['a', 'd', 'g'], ['b', 'c', 'f'], ['a', 'd', 'f'], ['b', 'g'], ['d', 'e', 'g']]
}
// With a secondary item x, which at most one chosen option may hold.
const WITH_SECONDARY = {
  primary: ['p', 'q', 'r'],
  secondary: ['x'],
  options: [['p', 'x'], ['q', 'x'], ['q'], ['r', 'x'], ['r'], ['p'], ['p', 'q', 'r']]
}

test('0/1 rows in every form give the same problem and solutions as item lists', () => {
  for (const spec of [KNUTH, WITH_SECONDARY]) {
    const byItems = dlx.exactCover(spec)
    const want = [...byItems.solutions()]
    assert.ok(want.length >= 1)
    const forms = {
      numbers: (r) => ({ row: r }),
      booleans: (r) => ({ row: r.map((v) => v === 1) }),
      'Uint8Array in { row }': (r) => ({ row: Uint8Array.from(r) }),
      'bare Uint8Array': (r) => Uint8Array.from(r)
    }
    for (const [form, make] of Object.entries(forms)) {
      const byRows = dlx.exactCover({ ...spec, options: rowsOf(spec, make) })
      assert.deepEqual(byRows.shape, byItems.shape, form)
      assert.deepEqual([...byRows.solutions()], want, form)
      assert.equal(byRows.count(), want.length, form)
      for (let k = 0; k < spec.options.length; k++) assert.deepEqual(byRows.option(k), spec.options[k], `${form}: option ${k}`)
      byRows.free()
    }
    byItems.free()
  }
  const knuth = dlx.exactCover({ primary: 7, options: rowsOf(KNUTH, (r) => ({ row: r })) })
  assert.deepEqual(knuth.solve(), [0, 3, 4])
  knuth.free()
})

test('pentomino 6x10 as rows agrees with the item lists and with the DLX text', () => {
  const text = dataFile('exact-cover', 'pentomino-6x10.dlx')
  const spec = specOf(text)
  const fromText = dlx.parseDlx(text)
  const byItems = dlx.exactCover(spec)
  const byRows = dlx.exactCover({ primary: spec.primary, options: rowsOf(spec, (r) => Uint8Array.from(r)) })
  assert.equal(byRows.shape.options, 2056)
  for (const p of [byItems, byRows]) assert.deepEqual(p.shape, fromText.shape)
  const first = (p) => [...p.solutions({ limit: 40 })]
  const want = first(fromText)
  assert.equal(want.length, 40)
  assert.deepEqual(first(byItems), want)
  assert.deepEqual(first(byRows), want)
  // One shard of 64: the same subtree counted both ways (the whole is 9356).
  const shard = fromText.count({ shard: 5, parts: 64 })
  assert.ok(shard > 0)
  assert.equal(byRows.count({ shard: 5, parts: 64 }), shard)
  for (const p of [fromText, byItems, byRows]) p.free()
})

test('a plain array is always an item list: [0, 1] names items 0 and 1', () => {
  const p = dlx.exactCover({ primary: 3, options: [[0, 1], [2], { row: [0, 1, 1] }, { row: [1, 0, 0] }] })
  assert.deepEqual(p.option(0), ['0', '1'])
  assert.deepEqual(p.option(2), ['1', '2'])
  assert.deepEqual([...p.solutions()], [[0, 1], [2, 3]])
  p.free()
})

// Data of kinds structured clone keeps; identity is kept on the main thread.
const LABELS = [
  { name: 'F', at: new Date(0) },
  'second',
  undefined, // given as { row } with no data
  new Map([['k', [1, 2]]]),
  7
]
function labelled () {
  return {
    primary: ['a', 'b', 'c'],
    secondary: ['x'],
    options: [
      { row: [1, 0, 0, 1], data: LABELS[0] },
      { items: ['b', 'c'], data: LABELS[1] },
      { row: [0, 1, 0, 0] },
      { row: new Uint8Array([0, 0, 1, 0]), data: LABELS[3] },
      { items: ['a'], data: LABELS[4] }
    ]
  }
}
const ALL = [[0, 1], [0, 2, 3], [1, 4], [2, 3, 4]]

test('data per option: solve and solutions withData, data(k), chosen(s) on the main thread', () => {
  const p = dlx.exactCover(labelled())
  assert.deepEqual([...p.solutions()], ALL)
  const withData = [...p.solutions({ withData: true })]
  assert.deepEqual(withData, ALL.map((s) => s.map((index) => ({ index, data: LABELS[index] }))))
  assert.equal(withData[0][0].data, LABELS[0], 'the very value given, not a copy')
  assert.deepEqual(p.solve({ withData: true }), withData[0])
  assert.deepEqual(p.solve({ withData: false }), ALL[0])
  assert.deepEqual(p.solve(), ALL[0])
  for (let k = 0; k < LABELS.length; k++) assert.equal(p.data(k), LABELS[k])
  assert.deepEqual(p.chosen([4, 1]), [{ index: 4, data: 7 }, { index: 1, data: 'second' }])
  assert.deepEqual([...p.solutions({ withData: true, limit: 1, shard: 0, parts: 1 })], withData.slice(0, 1))
  p.free()
  // No data at all (item lists, DLX text): each chosen option's data is undefined.
  const q = dlx.parseDlx('a b\na\nb\n')
  assert.deepEqual(q.solve({ withData: true }), [{ index: 0, data: undefined }, { index: 1, data: undefined }])
  assert.equal(q.data(1), undefined)
  q.free()
  const none = dlx.exactCover({ primary: ['a', 'b'], options: [{ items: ['a'], data: 1 }] })
  assert.equal(none.solve({ withData: true }), null)
  none.free()
})

test('data per option through a worker: it survives structured clone both ways', async () => {
  const p = await w.exactCover(labelled())
  const withData = []
  for await (const s of p.solutions({ withData: true })) withData.push(s)
  assert.deepEqual(withData, ALL.map((s) => s.map((index) => ({ index, data: LABELS[index] }))))
  assert.ok(withData[0][0].data.at instanceof Date && withData[1][2].data instanceof Map, 'a Date and a Map come back as such')
  assert.deepEqual(await p.solve({ withData: true }), withData[0])
  assert.deepEqual(await p.solve(), ALL[0])
  const plain = []
  for await (const s of p.solutions({ limit: 2 })) plain.push(s)
  assert.deepEqual(plain, ALL.slice(0, 2))
  for (let k = 0; k < LABELS.length; k++) assert.deepEqual(await p.data(k), LABELS[k])
  await p.free()
  // Rows as typed arrays and boolean arrays go through as they are.
  const rows = await w.exactCover({ ...KNUTH, options: rowsOf(KNUTH, (r) => Uint8Array.from(r)) })
  assert.deepEqual(await rows.solve(), [0, 3, 4])
  await rows.free()
})

test('data a worker cannot hold is BAD_ARGUMENT naming the option, and the worker goes on', async () => {
  for (const data of [() => 1, Symbol('s'), { f () {} }]) {
    const spec = { primary: 2, options: [{ row: [1, 0], data: 1 }, { row: [0, 1], data }] }
    const direct = dlx.exactCover(spec) // the main thread keeps any value
    assert.equal(direct.data(1), data)
    direct.free()
    await assert.rejects(w.exactCover(spec), (e) => e instanceof DlxError && e.code === 'BAD_ARGUMENT' && e.details.index === 1 && /option 1/.test(e.message))
  }
  const p = await w.exactCover({ primary: 1, options: [{ row: [1], data: 'ok' }] })
  assert.deepEqual(await p.solve({ withData: true }), [{ index: 0, data: 'ok' }])
  await p.free()
})

// [what, options of a problem with primary a, b and secondary x, code, details]
const BAD_ROWS = [
  ['a row too short', [{ row: [1, 0] }], 'BAD_LENGTH', { index: 1, length: 2, expected: 3 }],
  ['a row too long', [{ row: [1, 0, 0, 0] }], 'BAD_LENGTH', { index: 1, length: 4, expected: 3 }],
  ['a Uint8Array of the wrong length', [new Uint8Array(5)], 'BAD_LENGTH', { index: 1, length: 5, expected: 3 }],
  ['a 2', [{ row: [0, 2, 0] }], 'BAD_VALUE', { index: 1, entry: 1 }],
  ['a 2 in a Uint8Array', [Uint8Array.of(0, 1, 2)], 'BAD_VALUE', { index: 1, entry: 2 }],
  ['a "1"', [{ row: ['1', 0, 0] }], 'BAD_VALUE', { index: 1, entry: 0 }],
  ['a null', [{ row: [1, null, 0] }], 'BAD_VALUE', { index: 1, entry: 1 }],
  ['a hole', [{ row: [1, , 0] }], 'BAD_VALUE', { index: 1, entry: 1 }], // eslint-disable-line no-sparse-arrays
  ['a 0.5', [{ row: [0.5, 1, 0] }], 'BAD_VALUE', { index: 1, entry: 0 }],
  ['no item at all', [{ row: [0, 0, 0] }], 'NO_PRIMARY_ITEM', { index: 1 }],
  ['only the secondary item', [{ row: [0, 0, 1] }], 'NO_PRIMARY_ITEM', { index: 1 }],
  ['both items and row', [{ items: ['a'], row: [1, 0, 0] }], 'BAD_INPUT', { index: 1 }],
  ['neither items nor row', [{ data: 1 }], 'BAD_INPUT', { index: 1 }],
  ['a row that is text', [{ row: '100' }], 'BAD_INPUT', { index: 1 }],
  ['items that are not a list', [{ items: 'a' }], 'BAD_INPUT', { index: 1 }],
  ['a number for an option', [5], 'BAD_INPUT', { index: 1 }],
  ['null for an option', [null], 'BAD_INPUT', { index: 1 }]
]
const badSpec = (options) => ({ primary: ['a', 'b'], secondary: ['x'], options: [{ row: [1, 1, 0] }, ...options] })

test('each bad row or option form has its code and details, and the instance goes on', () => {
  const live = dlx._live
  for (const [what, options, code, details] of BAD_ROWS) {
    const e = codeOf(() => dlx.exactCover(badSpec(options)))
    assert.equal(e.code, code, `${what}: ${e.message}`)
    for (const [k, v] of Object.entries(details)) assert.equal(e.details[k], v, `${what}: details.${k} (${e.message})`)
    assert.match(e.message, /option 1/, what)
    const p = dlx.exactCover(badSpec([{ row: [1, 0, 0] }, { row: [0, 1, 0] }]))
    assert.equal(p.count(), 2, `${what}: the instance still builds and counts`)
    p.free()
  }
  assert.equal(dlx._live, live, 'no problem was left allocated by a refused spec')
})

test('bad withData, data(k) and chosen(s) arguments have their codes', () => {
  const p = dlx.exactCover(labelled())
  for (const v of [1, 'yes', null, {}]) {
    assert.equal(codeOf(() => p.solve({ withData: v })).code, 'BAD_ARGUMENT')
    assert.equal(codeOf(() => [...p.solutions({ withData: v })]).code, 'BAD_ARGUMENT')
  }
  assert.equal(codeOf(() => p.data(5)).code, 'BAD_OPTION')
  assert.equal(codeOf(() => p.data(-1)).code, 'BAD_OPTION')
  assert.equal(codeOf(() => p.data(1.5)).code, 'BAD_ARGUMENT')
  assert.equal(codeOf(() => p.chosen([0, 9])).code, 'BAD_OPTION')
  assert.equal(codeOf(() => p.chosen('0')).code, 'BAD_ARGUMENT')
  assert.deepEqual(p.solve(), ALL[0], 'the problem is unharmed')
  p.free()
  assert.equal(codeOf(() => p.data(0)).code, 'FREED')
})

test('through a worker, each bad row has the direct code and details, and the worker goes on', async () => {
  for (const [what, options, code, details] of BAD_ROWS) {
    await assert.rejects(w.exactCover(badSpec(options)), (e) => {
      assert.ok(e instanceof DlxError, `${what}: ${e?.message}`)
      assert.equal(e.code, code, `${what}: ${e.message}`)
      for (const [k, v] of Object.entries(details)) assert.equal(e.details[k], v, `${what}: details.${k}`)
      return true
    })
  }
  const p = await w.exactCover(labelled())
  await assert.rejects(p.solve({ withData: 'yes' }), (e) => e.code === 'BAD_ARGUMENT')
  await assert.rejects(async () => { for await (const s of p.solutions({ withData: 1 })) assert.fail(`no solution expected, got ${s}`) }, (e) => e.code === 'BAD_ARGUMENT')
  await assert.rejects(p.data(9), (e) => e.code === 'BAD_OPTION')
  assert.equal(await p.count(), ALL.length)
  await p.free()
})
