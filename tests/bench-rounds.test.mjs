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

test('runSpread: the largest slowest/fastest of one program\'s runs of a pass, over the rounds', async () => {
  const { runSpread, NOISY } = await import('../bench/rounds.mjs')
  assert.equal(runSpread([{ seconds: 1 }, { seconds: 2 }]), 1, 'passes run once spread nothing')
  assert.equal(runSpread([{ seconds: 1.5, runs: [1, 2] }, { seconds: 1.05, runs: [1, 1.1] }]), 2)
  assert.ok(runSpread([{ seconds: 1.05, runs: [1, 1.1] }]) <= NOISY)
  assert.ok(runSpread([{ seconds: 1.6, runs: [1.3, 1.88] }]) > NOISY)
})
