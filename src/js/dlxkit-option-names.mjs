// The option names each call of the API takes, written once, and the one
// check of an options object against them: a name a call does not take (a
// misspelt 'limt', a solve option given to generate) would otherwise be
// ignored without a word, the call running with its default. The calls and
// the worker's client (dlxkit-client.mjs, dlxkit-remote-problem.mjs) check
// by this table; tests/option-names.test.mjs holds it to dlxkit.d.ts.
import { DlxError, describe } from './dlxkit-errors.mjs'

// Groups the .d.ts names too (ShapeOptions, CountOptions, MemoOptions).
const SHAPE = ['size', 'boxRows', 'boxCols', 'variant', 'regions', 'jigsaw', 'alphabet', 'restarts']
const SOLVE = [...SHAPE, 'limit', 'maxNodes', 'format']
const COUNT = ['limit', 'maxNodes', 'shard', 'parts', 'balanced', 'splitSeed', 'restarts']
const MEMO = ['memo', 'memoBytes']

/**
 * For each call, as the user makes it (a Problem's are problem.*, a Zdd's
 * zdd.*): `at`, the argument that holds its options (0 the first), and the
 * names it takes, in the order its error lists them.
 */
const CALLS = {
  'sudoku.solve': [1, SOLVE],
  'sudoku.count': [1, SOLVE],
  'sudoku.solveMany': [1, SOLVE],
  'sudoku.candidates': [1, SHAPE],
  'sudoku.split': [1, ['size', 'alphabet']],
  'sudoku.read': [1, ['size', 'alphabet', 'boxRows', 'boxCols']],
  'sudoku.generate': [0, [...SHAPE, 'seed', 'minimal', 'symmetric', 'clues', 'maxNodes', 'difficulty', 'attempts', 'format']],
  'sudoku.rate': [1, [...SHAPE, 'techniques', 'maxNodes']],
  'sudoku.steps': [1, [...SHAPE, 'maxNodes']],
  'sudoku.hint': [1, [...SHAPE, 'maxNodes', 'depth', 'after']],
  'sudoku.pattern': [1, ['size', 'boxRows', 'boxCols', 'alphabet', 'format']],
  exactCover: [0, ['primary', 'secondary', 'options']],
  parseDlx: [1, []],
  'problem.solve': [0, ['maxNodes', 'restarts', 'withData']],
  'problem.count': [0, [...COUNT, ...MEMO]],
  'problem.countBig': [0, [...COUNT, ...MEMO]],
  'problem.countDetailed': [0, [...COUNT, ...MEMO, 'bigint']],
  'problem.countShard': [2, ['maxNodes']],
  'problem.solutions': [0, [...COUNT, 'withData']],
  'problem.best': [0, ['k', 'maxNodes', 'withData', 'onImprovement']],
  'problem.zdd': [0, ['maxMemory', 'maxNodes', 'onProgress']],
  'problem.estimate': [0, ['probes', 'seed']],
  'problem.shardPrefixes': [2, ['balanced', 'splitSeed']],
  'problem.balancedShards': [1, ['splitSeed']],
  'zdd.random': [0, ['seed']],
  'zdd.sample': [1, ['seed']],
  'zdd.draw': [1, ['seed']],
  runSearch: [1, [...COUNT, ...MEMO, 'bigint', 'onSolution', 'onProgress', 'stop']],
  load: [0, ['wasm', 'maxMemory']],
  createWorker: [0, ['wasm', 'maxMemory', 'workerUrl']]
}

/** What every call through a worker takes besides its own options (dlxkit-client.mjs keeps them on its side). */
export const WORKER_EXTRAS = Object.freeze(['signal', 'onProgress'])

// A name's entry is true, an inherited one ('toString', '__proto__') never is;
// a plain object, not one without a prototype: V8 keeps that one a
// dictionary, 25 ns a lookup against 8 (session 48).
const lookup = (names) => Object.freeze(Object.fromEntries(names.map((n) => [n, true])))
const WORKER_HAS = lookup(WORKER_EXTRAS)

/** call -> { at, names (frozen), has (name -> true) } */
export const OPTION_NAMES = Object.freeze(Object.fromEntries(Object.entries(CALLS).map(([call, [at, names]]) =>
  [call, Object.freeze({ at, names: Object.freeze(names), has: lookup(names) })])))

/**
 * `opts`, the options of `call`, checked: undefined passes (the defaults),
 * anything but an object is BAD_ARGUMENT, and so is a name the call does not
 * take, unless its value is undefined (a spread of optional fields).
 * `worker`: the call came through a worker, which takes signal and
 * onProgress too. No allocation: one for-in over the names given.
 */
export function checkOptions (call, opts, worker = false) {
  if (opts === undefined) return opts
  const { has } = OPTION_NAMES[call]
  if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) {
    throw new DlxError('BAD_ARGUMENT', `${call}'s options must be an object (got ${opts === null ? 'null' : describe(opts)})`)
  }
  for (const name in opts) {
    if (has[name] !== true && opts[name] !== undefined && !(worker && WORKER_HAS[name] === true)) throw unknownOption(call, name)
  }
  return opts
}

function unknownOption (call, name) {
  const { names } = OPTION_NAMES[call]
  const takes = names.length ? `it takes ${names.join(', ')}` : 'it takes none'
  return new DlxError('BAD_ARGUMENT', `${call} has no option '${name}' (${takes})`, { option: name })
}

/** The options argument of a call's arguments (as the user passed them), checked as coming through a worker. */
export function checkCallArgs (call, args) {
  const entry = OPTION_NAMES[call]
  if (entry) checkOptions(call, args[entry.at], true)
}

/**
 * The options of `opts` that `call` takes, in a new object: for a caller
 * that holds one set of options for several calls (the CLI's shape options
 * and its solve's, say) and hands each call its own.
 */
export function optionsFor (call, opts) {
  const out = {}
  for (const name of OPTION_NAMES[call].names) if (opts[name] !== undefined) out[name] = opts[name]
  return out
}
