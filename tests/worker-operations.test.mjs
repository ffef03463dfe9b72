// The worker's operations are listed once (src/js/dlxkit-operations.mjs): the
// worker serves exactly those, and the client sends nothing else. The client
// runs here against a stand-in worker that records what it is sent.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { OPERATIONS, operationsOf } from '../src/js/dlxkit-operations.mjs'
import { handlers } from '../src/js/dlxkit-worker-core.mjs'
import { createWorkerWith } from '../src/js/dlxkit-client.mjs'
import { OPTION_NAMES } from '../src/js/dlxkit-option-names.mjs'

test('the worker serves exactly the listed operations', () => {
  assert.ok(Object.keys(OPERATIONS).length >= 19)
  assert.deepEqual(Object.keys(handlers).sort(), Object.keys(OPERATIONS).sort())
  for (const [op, spec] of Object.entries(OPERATIONS)) {
    if (spec.turn) assert.ok(spec.problem, `${op} waits its turn on a problem, so it names one`)
  }
})

/** The public methods of v's prototypes. */
function methodsOf (v) {
  const methods = []
  for (let o = Object.getPrototypeOf(v); o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    methods.push(...Object.getOwnPropertyNames(o).filter((n) => n !== 'constructor' && !n.startsWith('_')))
  }
  return methods
}

/** A host whose worker answers every request at once and records its operation. */
function standIn (sent) {
  return {
    wasmUrl: () => new URL('file:///dlxkit.wasm'),
    readFile: null,
    startWorker (url, onMessage) {
      const worker = {
        postMessage (m) {
          if (m.op === undefined) return // { abort } and { more } are no operations
          sent.push(m.op)
          const result = m.op.endsWith('.exactCover') || m.op.endsWith('.parseDlx') ? 7 : m.op === 'sudoku.solveMany' ? [] : m.op === 'problem.zdd' ? { zid: 3, size: 0, bytes: 0, count: 0n } : 0
          setTimeout(() => onMessage({ id: m.id, ok: true, result }), 0)
        },
        terminate () {}
      }
      setTimeout(() => onMessage({ ready: true }), 0)
      return worker
    }
  }
}

/** Arguments for `call`: `given`, with its options ({}) where the call takes them (the client checks them there). */
function argsFor (call, given) {
  const at = OPTION_NAMES[call]?.at
  return at === undefined ? given : [...given.slice(0, at), {}]
}

test('every operation the client sends is one the worker handles, and every one has a client method', async () => {
  const sent = []
  const w = await createWorkerWith(standIn(sent))
  try {
    for (const name of Object.keys(w.sudoku)) await w.sudoku[name](...argsFor(`sudoku.${name}`, ['.'.repeat(81), {}]))
    for (const [, name] of operationsOf('worker')) await w[name]() // the worker's own (usage)
    const p = await w.exactCover({ primary: ['a'], options: [['a']] })
    await w.parseDlx('a\na\n')
    const methods = methodsOf(p)
    assert.ok(methods.includes('solutions') && methods.includes('shape'), methods.join(' '))
    const z = await p.zdd() // a ZDD the worker holds, with methods of its own
    for (const [o, ms, group] of [[z, methodsOf(z), 'zdd'], [p, methods, 'problem']]) {
      for (const name of [...ms.filter((n) => n !== 'free'), 'free']) { // free() last: the others would be FREED
        const r = o[name](...argsFor(`${group}.${name}`, [0, 1, {}]))
        if (r?.[Symbol.asyncIterator]) for await (const s of r) assert.fail(`no solution was sent, got ${s}`)
        else await r
      }
    }
  } finally {
    w.terminate()
  }
  for (const op of sent) assert.ok(Object.hasOwn(OPERATIONS, op), `the client sent ${op}, which the worker does not serve`)
  assert.deepEqual([...new Set(sent)].sort(), Object.keys(OPERATIONS).sort(), 'an operation the client has no method for')
})
