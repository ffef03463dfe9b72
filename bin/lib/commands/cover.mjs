// dlxkit cover: an exact-cover problem in Knuth's DLX format: its first
// solution, its count, all its solutions, or its K cheapest (cover-best.mjs). The whole search runs on a
// library worker (budgeted slices, progress; this thread stays free to
// answer Ctrl-C); --shard K/N searches one shard of it there; --jobs N
// searches shard by shard on N workers (cover-jobs.mjs).
import { COMMON_OPTIONS, UsageError, parseBytes, parseCommandLine, parseJobs, parseShard, parseWholeNumber, oneOf, inputPaths } from '../args.mjs'
import { InputError, openInput, readWholeText } from '../input.mjs'
import { DlxError, createWorker, threadCount } from '../library.mjs'
import { ParseError, SolutionPrinter, parse } from '../cover-problem.mjs'
import { searchOnWorkers } from '../cover-jobs.mjs'
import { searchBest } from '../cover-best.mjs'
import { searchZdd } from '../cover-zdd.mjs'
import { sumParts } from '../cover-sum.mjs'
import { problemDigest, resultJson } from '../cover-part.mjs'
import { version } from '../help.mjs'

const OPTIONS = {
  ...COMMON_OPTIONS,
  count: { type: 'boolean' },
  all: { type: 'boolean' },
  best: { type: 'string' },
  limit: { type: 'string' },
  'max-nodes': { type: 'string' },
  'max-memory': { type: 'string' },
  restarts: { type: 'boolean' },
  'no-restarts': { type: 'boolean' },
  memo: { type: 'boolean' },
  'no-memo': { type: 'boolean' },
  json: { type: 'boolean' },
  jobs: { type: 'string', short: 'j' },
  shard: { type: 'string' },
  'split-seed': { type: 'string' },
  sum: { type: 'boolean' },
  zdd: { type: 'string' },
  random: { type: 'string' },
  seed: { type: 'string' },
  nth: { type: 'string' }
}

// An endless input (`yes |`) must end in an error, not fill the memory; the
// problem and its links take several times its text in the module's 4 GiB.
const MAX_TEXT_BYTES = 256 << 20

// --random N: printed as they are drawn (cover-zdd.mjs), so any number; the
// API's bound.
const MAX_DRAWS = 2 ** 31 - 1

// --max-memory: below this the module cannot start (its own data and stack).
const MIN_MEMORY = 4 << 20

export async function coverCommand (argv, io) {
  const { values, positionals } = parseCommandLine(argv, OPTIONS, 'cover')
  if (values.help || values.version) return io.about(values, 'cover')
  if (values.sum) return printSum(positionals, values, io)
  const settings = coverSettings(values, io)
  const input = openInput(inputPaths(positionals, 'cover', { many: false })[0], 'cover')
  try {
    input.text = await readWholeText(input, { maxBytes: MAX_TEXT_BYTES, what: 'an exact-cover problem' })
  } catch (e) {
    if (!(e instanceof InputError)) throw e
    io.terminal.message(e.message)
    return 1
  }
  let result
  try {
    result = settings.threads > 1
      ? await searchOnWorkers(input.text, settings, io)
      : await searchOnWorker(input.text, settings, io)
  } catch (e) {
    if (e instanceof DlxError && e.code === 'OUT_OF_MEMORY') {
      io.terminal.message(`${input.name}: ${e.message}${settings.maxMemory ? ` (--max-memory ${settings.maxMemory} bytes)` : ''}`)
      return 1
    }
    if (!(e instanceof ParseError)) throw e
    io.terminal.message(whereIs(e.error, input.name))
    return 1
  } finally {
    io.out.flush()
    io.terminal.finish()
  }
  return reportOutcome(result, settings, input.name, io)
}

function coverSettings (values, io) {
  const settings = {
    mode: oneOf(values, ['count', 'all', 'best'], 'cover') ?? 'first',
    best: values.best === undefined ? 0 : parseWholeNumber(values.best, 'best', { min: 1, max: 2 ** 31 - 1, command: 'cover' }),
    json: Boolean(values.json),
    limit: values.limit === undefined ? 0 : parseWholeNumber(values.limit, 'limit', { note: '0: no limit', command: 'cover' }),
    maxNodes: values['max-nodes'] === undefined ? 0 : parseWholeNumber(values['max-nodes'], 'max-nodes', { note: '0: no limit', command: 'cover' }),
    // each worker's module, and with it the memo's cache and the ZDD (0: the module's own 4 GiB)
    maxMemory: values['max-memory'] === undefined ? 0 : parseBytes(values['max-memory'], 'max-memory', { min: MIN_MEMORY, command: 'cover' }),
    threads: threadCount(parseJobs(values, 'cover'), values.quiet ? null : io.terminal),
    shard: 0,
    parts: 1,
    sharded: values.shard !== undefined,
    splitSeed: values['split-seed'] === undefined ? 1 : parseWholeNumber(values['split-seed'], 'split-seed', { command: 'cover' }),
    // Restarts may help find a first solution of a hard problem, on request;
    // by default, and always for counting and listing, Knuth's order.
    restarts: Boolean(values.restarts) && !values['no-restarts'],
    // --count: memoized (--memo), never (--no-memo), or as the engine rules
    memo: values.memo ? true : values['no-memo'] ? false : 'auto'
  }
  if (values.memo && values['no-memo']) throw new UsageError('--memo and --no-memo cannot be combined', 'cover')
  if (settings.sharded) Object.assign(settings, parseShard(values.shard, 'cover'))
  if (settings.splitSeed >= 2 ** 20) throw new UsageError(`--split-seed must be below ${2 ** 20} (got ${settings.splitSeed})`, 'cover')
  if (values['split-seed'] !== undefined && !settings.sharded) throw new UsageError('--split-seed goes with --shard', 'cover')
  if (settings.sharded && settings.threads > 1) throw new UsageError('--shard and --jobs cannot be combined (run one shard per process)', 'cover')
  if (settings.mode === 'best') {
    if (settings.threads > 1 || settings.sharded || settings.limit) throw new UsageError('--best goes with neither --jobs, --shard nor --limit', 'cover')
  }
  zddSettings(settings, values)
  if (settings.mode === 'first') settings.limit = 1
  else settings.restarts = false
  return settings
}

/**
 * --zdd OUT, --random N, --seed S, --nth K: settings.mode 'zdd' when any of
 * them is given (not with another mode, a limit, shards or --no-memo;
 * --max-nodes bounds the build).
 */
function zddSettings (settings, values) {
  const { zdd, random, seed, nth } = values
  if (seed !== undefined && random === undefined) throw new UsageError('--seed goes with --random', 'cover')
  if (zdd === undefined && random === undefined && nth === undefined) return
  const other = ['count', 'all', 'best', 'limit', 'jobs', 'shard', 'no-memo', 'restarts'].filter((k) => values[k] !== undefined)
  if (other.length) throw new UsageError(`--zdd, --random and --nth go without --${other[0]}`, 'cover')
  if (zdd === '') throw new UsageError('--zdd needs a file name (- for standard output)', 'cover')
  if (nth !== undefined && !/^\s*\d+\s*$/.test(nth)) throw new UsageError(`--nth '${nth}' is not allowed: it takes a whole number, 0 or more (0-based)`, 'cover')
  Object.assign(settings, {
    mode: 'zdd',
    quiet: Boolean(values.quiet),
    zddOut: zdd,
    nth: nth === undefined ? undefined : BigInt(nth.trim()),
    draws: random === undefined ? 0 : parseWholeNumber(random, 'random', { min: 1, max: MAX_DRAWS, command: 'cover' }),
    seed: seed === undefined ? 0n : parseSeed(seed)
  })
}

/** --seed S: the generator's state, 0 .. 2^64 - 1 as build/dlx takes it (a bigint). */
function parseSeed (text) {
  const seed = /^\s*\d+\s*$/.test(text) ? BigInt(text.trim()) : -1n
  if (seed < 0n || seed >= 1n << 64n) throw new UsageError(`--seed '${text}' is not allowed: it takes a whole number, from 0 to 2^64 - 1`, 'cover')
  return seed
}

/** 'file:line:column: message'. */
function whereIs (e, inputName) {
  const { line, column } = e.details
  const where = line ? `${inputName}:${line}:${column}` : inputName
  return `${where}: ${e.message.replace(/^line \d+, column \d+: /, '')}`
}

/**
 * The search (or its shard) on a library worker: count, or solutions as
 * they come. Returns { count, nodes, status: 'done' | 'limit' | 'stopped' }.
 */
async function searchOnWorker (text, settings, { out, terminal }) {
  terminal.begin('starting the search')
  const worker = await createWorker({ maxMemory: settings.maxMemory })
  try {
    const problem = await parse(worker, text)
    const { limit, maxNodes, shard, parts, splitSeed, restarts } = settings
    // --shard K/N: balanced parts, the same split in every process; the
    // result names its part (1-based, as on the command line) and what it is
    // a part of, for --sum.
    const balanced = settings.sharded
    const part = balanced ? { shard: shard + 1, parts, splitSeed, problem: problemDigest(text), dlxkit: version() } : {}
    const onProgress = terminal.showsProgress ? (p) => terminal.search(p.progress ?? 0, p.nodes) : undefined
    if (settings.mode === 'count') {
      const { count, nodes, status } = await problem.countDetailed({ shard, parts, balanced, splitSeed, limit, maxNodes, memo: settings.memo, onProgress, bigint: true })
      return { count, nodes, status, ...part }
    }
    if (settings.mode === 'best') return await searchBest(problem, settings, { out, terminal })
    if (settings.mode === 'zdd') return await searchZdd(problem, settings, { out, terminal })
    const printer = new SolutionPrinter(problem, settings.json, out)
    try {
      for await (const s of problem.solutions({ shard, parts, balanced, splitSeed, limit, maxNodes, restarts, onProgress })) {
        await printer.prepare(s)
        printer.print(s)
      }
    } catch (e) {
      if (e?.code !== 'STOPPED') throw e
      return { count: printer.printed, nodes: maxNodes, status: 'stopped', ...part }
    }
    return { count: printer.printed, nodes: null, status: limit && printer.printed >= limit ? 'limit' : 'done', ...part }
  } finally {
    worker.terminate()
  }
}

/** --sum PART...: the total count of a sharded count's parts (JSON with --json). */
async function printSum (paths, values, { out, terminal }) {
  let total
  try {
    total = await sumParts(paths, 'cover')
  } catch (e) {
    if (!(e instanceof InputError)) throw e
    terminal.message(e.message)
    return 1
  }
  out.line(values.json ? resultJson(total) : String(total.count))
  out.flush()
  return 0
}

/** Prints the count (--count) and says what went wrong. Returns the exit status. */
function reportOutcome (result, settings, inputName, { out, terminal }) {
  if (result.failed) {
    terminal.message(`${inputName}: ${result.failed}`)
    return 1
  }
  const count = BigInt(result.count) // exact at any size: printed in full, never rounded
  if (settings.mode === 'count' && (result.status !== 'stopped' || settings.json)) {
    out.line(settings.json ? resultJson(result) : String(count))
    out.flush()
  }
  // --json answers every run with a line: none found says why (as sudoku's status).
  if (settings.json && settings.mode !== 'count' && count === 0n) {
    out.line(JSON.stringify(result.status === 'stopped' ? { solution: null, status: 'stopped', nodes: result.nodes } : { solution: null, status: 'none' }))
    out.flush()
  }
  if (result.status === 'stopped' && settings.mode === 'zdd') {
    terminal.message(`${inputName}: the ZDD's build stopped after ${result.nodes} search nodes (--max-nodes ${settings.maxNodes}), unfinished: nothing written`)
    return 1
  }
  if (result.status === 'stopped') {
    const what = settings.mode === 'best' ? 'cheapest solution' : 'solution'
    terminal.message(`${inputName}: stopped after ${result.nodes} search nodes (--max-nodes ${settings.maxNodes}) with ${count} ${what}${count === 1n ? '' : 's'} so far`)
    return 1
  }
  if (count === 0n && !settings.sharded) {
    if (settings.mode !== 'count') terminal.message(`${inputName}: no solution`)
    return 1
  }
  return 0
}
