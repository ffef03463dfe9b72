// The option names each call takes are written once (src/js/dlxkit-option-names.mjs),
// and a name a call does not take is BAD_ARGUMENT, never ignored: here the
// table is held to the types (src/js/dlxkit.d.ts, read by the typescript
// devDependency), and every call refuses a misspelt option with the name in
// its message, the instance usable afterwards, directly and through a worker
// (the same code and message).
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { load, createWorker, runSearch } from '../src/js/dlxkit.mjs'
import { OPTION_NAMES, WORKER_EXTRAS, checkOptions } from '../src/js/dlxkit-option-names.mjs'

const DTS = fileURLToPath(new URL('../src/js/dlxkit.d.ts', import.meta.url))
const LINE = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'
const SOLUTION = '534678912672195348198342567859761423426853791713924856961537284287419635345286179'

/**
 * From the .d.ts: for each call (named as the table names it) whose
 * declaration has a parameter at the table's `at` or a parameter named
 * opts/options, the option names of that parameter's type over all
 * overloads; `worker` the same for the worker's calls.
 */
function declaredOptions () {
  const program = ts.createProgram([DTS], { strict: true, noEmit: true, skipLibCheck: true })
  const checker = program.getTypeChecker()
  const file = program.getSourceFile(DTS)
  const direct = new Map()
  const worker = new Map()
  const namesOf = (type) => {
    const t = checker.getNonNullableType(type)
    const parts = t.isUnion() ? t.types : [t]
    return parts.flatMap((p) => checker.getPropertiesOfType(p).map((s) => s.getName()))
  }
  const methods = (type, prefix, into) => {
    for (const member of checker.getPropertiesOfType(type)) {
      const call = prefix + member.getName()
      const declType = checker.getTypeOfSymbolAtLocation(member, file)
      for (const sig of declType.getCallSignatures()) {
        const at = OPTION_NAMES[call]?.at
        sig.getParameters().forEach((param, k) => {
          if (k !== at && !['opts', 'options'].includes(param.getName())) return
          const names = namesOf(checker.getTypeOfSymbolAtLocation(param, file))
          into.set(call, new Set([...(into.get(call) ?? []), ...names]))
        })
        if (at !== undefined && !into.has(call)) into.set(call, new Set()) // no such parameter: it takes none
      }
    }
  }
  const declared = (name) => {
    const decl = file.statements.find((st) => st.name?.text === name)
    assert.ok(decl, `${name} is declared`)
    return decl
  }
  const instance = (name) => checker.getTypeAtLocation(declared(name).name)
  methods(instance('SudokuApi'), 'sudoku.', direct)
  methods(instance('Problem'), 'problem.', direct)
  methods(instance('Zdd'), 'zdd.', direct)
  methods(instance('Dlxkit'), '', direct)
  for (const name of ['load', 'createWorker', 'runSearch']) {
    const at = OPTION_NAMES[name].at
    const sigs = file.statements.filter((st) => ts.isFunctionDeclaration(st) && st.name?.text === name).map((d) => checker.getSignatureFromDeclaration(d))
    assert.ok(sigs.length, `${name} is declared`)
    direct.set(name, new Set(sigs.flatMap((sig) => {
      const param = sig.getParameters()[at]
      return param ? namesOf(checker.getTypeOfSymbolAtLocation(param, file)) : []
    })))
  }
  const dlxWorker = instance('DlxWorker')
  methods(checker.getTypeOfSymbolAtLocation(dlxWorker.getProperty('sudoku'), file), 'sudoku.', worker)
  methods(dlxWorker, '', worker)
  methods(instance('RemoteProblem'), 'problem.', worker)
  methods(instance('RemoteZdd'), 'zdd.', worker)
  return { direct, worker }
}

test('the table of option names and dlxkit.d.ts agree, call by call', () => {
  const { direct, worker } = declaredOptions()
  for (const [call, names] of direct) {
    assert.ok(Object.hasOwn(OPTION_NAMES, call), `${call} takes options in dlxkit.d.ts (${[...names].join(', ')}) but is not in the table`)
    assert.deepEqual([...names].sort(), [...OPTION_NAMES[call].names].sort(), `${call}: dlxkit.d.ts and the table`)
  }
  for (const call of Object.keys(OPTION_NAMES)) assert.ok(direct.has(call), `${call} of the table is not declared with its options in dlxkit.d.ts`)
  // The worker's calls: the same names, and signal and onProgress (which the
  // client keeps); pattern and parseBox's types leave those out.
  for (const [call, names] of worker) {
    const own = [...names].filter((n) => !WORKER_EXTRAS.includes(n) || OPTION_NAMES[call]?.names.includes(n))
    assert.ok(Object.hasOwn(OPTION_NAMES, call), `the worker's ${call} takes options but is not in the table`)
    assert.deepEqual(own.sort(), [...OPTION_NAMES[call].names].sort(), `the worker's ${call}: dlxkit.d.ts and the table`)
  }
})

test('the check: undefined passes, an object of known names passes, a name unknown or a value not an object is BAD_ARGUMENT', () => {
  assert.equal(checkOptions('sudoku.solve', undefined), undefined)
  const opts = { limit: 2, maxNodes: undefined, typo: undefined } // undefined values are no options given
  assert.equal(checkOptions('sudoku.solve', opts), opts)
  assert.throws(() => checkOptions('sudoku.solve', { limt: 2 }), {
    code: 'BAD_ARGUMENT', message: "sudoku.solve has no option 'limt' (it takes size, boxRows, boxCols, variant, regions, jigsaw, alphabet, restarts, limit, maxNodes, format)", details: { option: 'limt' }
  })
  assert.throws(() => checkOptions('sudoku.solve', { toString: 1 }), { details: { option: 'toString' } }) // no prototype to trip on
  assert.throws(() => checkOptions('sudoku.solve', { signal: null }), { details: { option: 'signal' } }) // a worker's, not a direct call's
  checkOptions('sudoku.solve', { signal: null, onProgress: null }, true)
  assert.throws(() => checkOptions('parseDlx', { x: 1 }), { message: "parseDlx has no option 'x' (it takes none)" })
  for (const bad of [null, 0, 2, 'limit', [], () => {}]) {
    assert.throws(() => checkOptions('sudoku.count', bad), { code: 'BAD_ARGUMENT', message: /^sudoku\.count's options must be an object \(got / })
  }
})

// Each call with one misspelt option: [call, (api, typo) => promise or value]. `api`
// is the direct instance or the worker (whose calls are async); the problems
// and the ZDD are made fresh on it.
const CALLS = [
  ['sudoku.solve', (a, o) => a.sudoku.solve(LINE, o)],
  ['sudoku.count', (a, o) => a.sudoku.count(LINE, o)],
  ['sudoku.solveMany', (a, o) => a.sudoku.solveMany([LINE], o)],
  ['sudoku.candidates', (a, o) => a.sudoku.candidates(LINE, o)],
  ['sudoku.split', (a, o) => a.sudoku.split(LINE, o)],
  ['sudoku.read', (a, o) => a.sudoku.read(LINE, o)],
  ['sudoku.generate', (a, o) => a.sudoku.generate(o)],
  ['sudoku.rate', (a, o) => a.sudoku.rate(LINE, o)],
  ['sudoku.steps', (a, o) => a.sudoku.steps(LINE, o)],
  ['sudoku.hint', (a, o) => a.sudoku.hint(LINE, o)],
  ['sudoku.pattern', (a, o) => a.sudoku.pattern(LINE, o)],
  ['exactCover', (a, o) => a.exactCover({ primary: ['a'], options: [['a']], ...o })],
  ['parseDlx', (a, o) => a.parseDlx('a\na\n', o)],
  ['problem.solve', (a, o, p) => p.solve(o)],
  ['problem.count', (a, o, p) => p.count(o)],
  ['problem.countBig', (a, o, p) => p.countBig(o)],
  ['problem.countDetailed', (a, o, p) => p.countDetailed(o)],
  ['problem.countShard', (a, o, p) => p.countShard(0, 1, o)],
  ['problem.solutions', async (a, o, p) => { for await (const s of p.solutions(o)) s.join() }],
  ['problem.best', (a, o, p) => p.best(o)],
  ['problem.zdd', (a, o, p) => p.zdd(o)],
  ['problem.estimate', (a, o, p) => p.estimate(o), 'direct'],
  ['problem.shardPrefixes', (a, o, p) => p.shardPrefixes(0, 1, o), 'direct'],
  ['problem.balancedShards', (a, o, p) => p.balancedShards(1, o), 'direct'],
  ['zdd.random', (a, o, p, z) => z.random(o)],
  ['zdd.sample', (a, o, p, z) => z.sample(2, o)],
  ['runSearch', (a, o, p) => runSearch(p, o), 'direct']
]

let kit, worker
before(async () => {
  kit = await load()
  worker = await createWorker()
})
after(() => worker?.terminate())

/** The error `fn` throws or rejects with. */
async function errorOf (fn) {
  try {
    await fn()
  } catch (e) {
    return e
  }
  assert.fail('no error')
}

for (const [how, apiOf] of [['directly', () => kit], ['through a worker', () => worker]]) {
  test(`every call refuses a misspelt option (${how}): BAD_ARGUMENT naming it, and the instance works on`, async () => {
    const api = apiOf()
    const p = await api.exactCover({ primary: ['a', 'b'], options: [['a'], ['b'], ['a', 'b']] })
    const z = await p.zdd()
    for (const [call, run, only] of CALLS) {
      if (only === 'direct' && api === worker) continue
      const e = await errorOf(() => run(api, { limt: 1 }, p, z))
      assert.equal(e.code, 'BAD_ARGUMENT', `${call}: ${e.message}`)
      assert.equal(e.message, `${call} has no option 'limt' (it takes ${OPTION_NAMES[call].names.join(', ') || 'none'})`)
      assert.deepEqual(e.details, { option: 'limt' })
      const n = await errorOf(() => run(api, call === 'exactCover' ? { x: 1 } : 7, p, z))
      assert.equal(n.code, 'BAD_ARGUMENT', `${call} with options 7: ${n.message}`)
    }
    // Usable afterwards: the problem, its ZDD and the solver.
    assert.equal(await p.count(), 2)
    assert.equal(await z.count(), 2)
    assert.equal((await api.sudoku.solve(LINE, { limit: 2 })).solution, SOLUTION)
    assert.equal(await api.sudoku.count(LINE), 1)
    await p.free()
  })
}

test('a worker gives the direct call\'s error, code and message, and takes signal and onProgress besides', async () => {
  const p = kit.exactCover({ primary: ['a'], options: [['a']] })
  const rp = await worker.exactCover({ primary: ['a'], options: [['a']] })
  const pairs = [
    [() => kit.sudoku.solve(LINE, { limit: 2, maxNode: 1 }), () => worker.sudoku.solve(LINE, { limit: 2, maxNode: 1 })],
    [() => kit.sudoku.generate({ seed: 1, minimall: true }), () => worker.sudoku.generate({ seed: 1, minimall: true })],
    [() => kit.sudoku.solve(LINE, null), () => worker.sudoku.solve(LINE, null)],
    [() => p.countDetailed({ bigInt: true }), () => rp.countDetailed({ bigInt: true })],
    [() => p.best({ onImprove: () => {} }), () => rp.best({ onImprove: () => {} })],
    [() => kit.exactCover({ primary: 1, option: [[0]] }), () => worker.exactCover({ primary: 1, option: [[0]] })],
    [() => kit.exactCover('a'), () => worker.exactCover('a')] // not an object: the spec's own error
  ]
  for (const [direct, remote] of pairs) {
    const d = await errorOf(direct)
    const r = await errorOf(remote)
    assert.deepEqual([r.code, r.message, r.details], [d.code, d.message, d.details])
  }
  const heard = []
  const r = await worker.sudoku.solve(LINE, { limit: 2, signal: new AbortController().signal, onProgress: (x) => heard.push(x) })
  assert.equal(r.solution, SOLUTION)
  assert.equal(await rp.count({ signal: new AbortController().signal }), 1)
  // The direct call takes neither: they are a worker's.
  assert.equal((await errorOf(() => p.count({ signal: null }))).details.option, 'signal')
  await rp.free()
  p.free()
})

test('load and createWorker refuse a misspelt option before loading anything', async () => {
  const l = await errorOf(() => load({ maxMemry: 1 << 26 }))
  assert.equal(l.message, "load has no option 'maxMemry' (it takes wasm, maxMemory)")
  const w = await errorOf(() => createWorker({ workerURL: 'x' }))
  assert.equal(w.message, "createWorker has no option 'workerURL' (it takes wasm, maxMemory, workerUrl)")
  assert.equal((await errorOf(() => load(5))).code, 'BAD_ARGUMENT')
})
