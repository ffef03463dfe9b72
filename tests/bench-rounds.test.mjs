// bench/rounds.mjs, the family runners' round loop: a row of short runs is
// run several times a round and each program keeps its median pass; a row
// of long runs once; a count that changes between passes is an error.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { runRounds } from '../bench/rounds.mjs'

/** A program whose runs take the given seconds, one after another, counting `solutions`. */
function scripted (seconds, solutions = 7) {
  let k = 0
  return () => ({ seconds: seconds[k++ % seconds.length], solutions })
}

const quiet = (fn) => {
  const write = process.stderr.write
  process.stderr.write = () => true
  try { return fn() } finally { process.stderr.write = write }
}

test('a row of short runs takes each program\'s median of `repeats` passes; a long row one pass', () => {
  const rows = [{ id: 'tiny', file: 'a' }, { id: 'big', file: 'b' }]
  const calls = { a: 0, b: 0 }
  const fast = scripted([0.004, 0.001, 0.009, 0.002, 0.003])
  const slow = (file) => { calls[file]++; return file === 'a' ? { seconds: 0.006, solutions: 7 } : { seconds: 2, solutions: 7 } }
  const runs = quiet(() => runRounds(rows, [['fast', (f) => f === 'a' ? fast() : { seconds: 1, solutions: 7 }], ['slow', slow]], 1, { repeatBelow: 0.05, repeats: 5 }))
  assert.equal(calls.a, 5, 'the short row runs 5 passes')
  assert.equal(calls.b, 1, 'the long row runs once')
  assert.equal(runs[0].fast.length, 1, 'one result per round')
  assert.equal(runs[0].fast[0].seconds, 0.003, 'the median of 0.004, 0.001, 0.009, 0.002, 0.003')
  assert.equal(runs[1].fast[0].seconds, 1)
})

test('without repeatBelow every row runs once a round, as before', () => {
  let n = 0
  const runs = quiet(() => runRounds([{ id: 'tiny', file: 'a' }], [['p', () => { n++; return { seconds: 0.001, solutions: 1 } }]], 3))
  assert.equal(n, 3)
  assert.equal(runs[0].p.length, 3)
})

test('a count that changes between the passes of a round is an error', () => {
  let k = 0
  const flaky = () => ({ seconds: 0.001, solutions: k++ === 2 ? 8 : 7 })
  assert.throws(() => quiet(() => runRounds([{ id: 'tiny', file: 'a' }], [['p', flaky]], 1, { repeatBelow: 0.05, repeats: 5 })), /tiny: p counted 7, then 8/)
})

test('a pair runs side by side, then again in the other order after the rest, each timed by its mean', () => {
  const log = []
  const program = (name, seconds) => [name, () => { log.push(name); return { seconds: seconds[log.filter((n) => n === name).length - 1], solutions: 3 } }]
  // the machine slows down over the pass: every run of the pair's second half takes twice as long
  const runs = quiet(() => runRounds([{ id: 'row', file: 'f' }],
    [program('peer', [9]), program('native', [1, 2]), program('wasm', [1.25, 2.5])], 1, { pair: ['native', 'wasm'] }))
  assert.deepEqual(log, ['native', 'wasm', 'peer', 'wasm', 'native'])
  assert.equal(runs[0].native[0].seconds, 1.5)
  assert.equal(runs[0].wasm[0].seconds, 1.875)
  assert.equal(runs[0].peer[0].seconds, 9)
  assert.throws(() => quiet(() => runRounds([{ id: 'row', file: 'f' }], [program('native', [1])], 1, { pair: ['native', 'wasm'] })), /no program named wasm/)
})

test('a pair\'s two runs of a pass must count the same', () => {
  let k = 0
  const flaky = () => ({ seconds: 1, solutions: k++ === 0 ? 7 : 8 })
  assert.throws(() => quiet(() => runRounds([{ id: 'row', file: 'f' }], [['a', flaky], ['b', () => ({ seconds: 1, solutions: 7 })]], 1, { pair: ['a', 'b'] })), /row: a counted 7, then 8/)
})

test('each couple of the pair\'s runs next to each other gives a ratio; pairRatio takes their median over the rounds', async () => {
  const { pairRatio, pairCell } = await import('../bench/rounds.mjs')
  const log = []
  const program = (name, seconds) => [name, () => { log.push(name); return { seconds: seconds[(log.filter((n) => n === name).length - 1) % seconds.length], solutions: 3 } }]
  // native's runs 1, 2, 4, 8 s (the machine slowing down), wasm's 1.25x native's in the same couple
  const runs = quiet(() => runRounds([{ id: 'row', file: 'f' }],
    [program('native', [1, 2, 4, 8]), program('wasm', [1.25, 2.5, 5, 10]), program('peer', [9])], 1, { pair: ['native', 'wasm'], more: { above: 0.5, couples: 2 } }))
  assert.deepEqual(log, ['native', 'wasm', 'peer', 'wasm', 'native', 'native', 'wasm', 'wasm', 'native'])
  assert.deepEqual(runs[0].native[0].couples, [0.8, 0.8, 0.8, 0.8], 'every couple: native / wasm in it')
  assert.equal(runs[0].native[0].seconds, 3.75, 'the mean of its four runs')
  const p = pairRatio(runs[0].native)
  assert.deepEqual(p, { ratio: 0.8, lo: 0.8, hi: 0.8, couples: 4 })
  assert.equal(pairCell(p), '0.80x (0.80-0.80, 4)')
  assert.equal(pairRatio([{ seconds: 1 }]), undefined, 'no couples: no ratio')
  assert.equal(pairCell(undefined), '')
})

test('more couples only where the first run of the pair took over `above`; a failed run gives no couple', async () => {
  const { pairRatio } = await import('../bench/rounds.mjs')
  let n = 0
  const native = ['native', () => { n++; return { seconds: 0.1, solutions: 1 } }]
  const wasm = ['wasm', () => ({ seconds: 0.2, solutions: 1 })]
  const runs = quiet(() => runRounds([{ id: 'row', file: 'f' }], [native, wasm], 2, { pair: ['native', 'wasm'], more: { above: 0.5, couples: 4 } }))
  assert.equal(n, 4, 'two runs a round, no more under 0.5 s')
  assert.deepEqual(pairRatio(runs[0].native), { ratio: 0.5, lo: 0.5, hi: 0.5, couples: 4 })
  const broken = ['wasm', () => ({ error: 'no' })]
  const failed = quiet(() => runRounds([{ id: 'row', file: 'f' }], [native, broken], 1, { pair: ['native', 'wasm'] }))
  assert.equal(pairRatio(failed[0].native), undefined)
})

test('a short row\'s passes all give their couples to the round', async () => {
  const { pairRatio } = await import('../bench/rounds.mjs')
  const runs = quiet(() => runRounds([{ id: 'row', file: 'f' }], [['native', () => ({ seconds: 0.001, solutions: 1 })], ['wasm', () => ({ seconds: 0.004, solutions: 1 })]], 1,
    { repeatBelow: 0.05, repeats: 3, pair: ['native', 'wasm'] }))
  assert.equal(pairRatio(runs[0].native).couples, 6)
})
