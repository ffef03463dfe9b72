// dlxkit cover: an exact-cover problem in Knuth's DLX format: its first
// solution, its count, or all its solutions. The whole search runs on a
// library worker (budgeted slices, progress); --jobs N counts shard by shard
// on N workers; --shard K/N searches one shard in this thread.
import { COMMON_OPTIONS, UsageError, parseCommandLine, parseJobs, parseShard, parseWholeNumber, oneOf, inputPath } from '../args.mjs'
import { InputError, openInput, readWholeText } from '../input.mjs'
import { DlxError, Pool, createWorker, loadKit, runInOrder, threadCount } from '../library.mjs'

const OPTIONS = {
  ...COMMON_OPTIONS,
  count: { type: 'boolean' },
  all: { type: 'boolean' },
  limit: { type: 'string' },
  'max-nodes': { type: 'string' },
  json: { type: 'boolean' },
  jobs: { type: 'string', short: 'j' },
  shard: { type: 'string' }
}

// An endless input (`yes |`) must end in an error, not fill the memory; the
// problem and its links take several times its text in the module's 4 GiB.
const MAX_TEXT_BYTES = 256 << 20

// Shards per thread with --jobs: more shards than threads evens out the work.
const SHARDS_PER_THREAD = 4

const PROGRESS_LABEL = 'of the search tree (estimated)'

export async function coverCommand (argv, io) {
  const { values, positionals } = parseCommandLine(argv, OPTIONS, 'cover')
  if (values.help) return io.help('cover')
  const settings = coverSettings(values, io)
  const input = openInput(inputPath(positionals, 'cover'), 'cover')
  try {
    input.text = await readWholeText(input, { maxBytes: MAX_TEXT_BYTES, what: 'an exact-cover problem' })
  } catch (e) {
    if (!(e instanceof InputError)) throw e
    io.terminal.message(e.message)
    return 1
  }
  let result
  try {
    result = settings.sharded
      ? await searchShard(input.text, settings, io)
      : settings.threads > 1 && settings.mode === 'count' && !settings.limit && !settings.maxNodes
        ? await countOnWorkers(input.text, settings, io)
        : await searchOnWorker(input.text, settings, io)
  } catch (e) {
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
    mode: oneOf(values, ['count', 'all'], 'cover') ?? 'first',
    json: Boolean(values.json),
    limit: values.limit === undefined ? 0 : parseWholeNumber(values.limit, 'limit', { command: 'cover' }),
    maxNodes: values['max-nodes'] === undefined ? 0 : parseWholeNumber(values['max-nodes'], 'max-nodes', { command: 'cover' }),
    threads: threadCount(parseJobs(values, 'cover'), values.quiet ? null : io.terminal),
    shard: 0,
    parts: 1,
    sharded: values.shard !== undefined
  }
  if (settings.sharded) Object.assign(settings, parseShard(values.shard, 'cover'))
  if (settings.sharded && settings.threads > 1) throw new UsageError('--shard and --jobs cannot be combined (run one shard per process)', 'cover')
  if (settings.mode === 'first') settings.limit = 1
  return settings
}

/** A problem text the library refused (a DlxError with line and column). */
class ParseError extends Error {
  constructor (error) {
    super(error.message)
    this.error = error
  }
}

/** api.parseDlx(text), its DlxError a ParseError. */
async function parse (api, text) {
  try {
    return await api.parseDlx(text)
  } catch (e) {
    throw e instanceof DlxError ? new ParseError(e) : e
  }
}

/** 'file:line:column: message'. */
function whereIs (e, inputName) {
  const { line, column } = e.details
  const where = line ? `${inputName}:${line}:${column}` : inputName
  return `${where}: ${e.message.replace(/^line \d+, column \d+: /, '')}`
}

/**
 * The whole search on a library worker: count, or solutions as they come.
 * Returns { count, nodes, status: 'done' | 'limit' | 'stopped' }.
 */
async function searchOnWorker (text, settings, { out, terminal }) {
  const worker = await createWorker()
  try {
    const problem = await parse(worker, text)
    const { limit, maxNodes } = settings
    const onProgress = terminal.showsProgress ? (p) => terminal.progress(p.progress ?? 0, PROGRESS_LABEL) : undefined
    if (settings.mode === 'count') {
      const { count, nodes, status } = await problem.count({ limit, maxNodes, onProgress })
      return { count, nodes, status }
    }
    const printer = new SolutionPrinter(problem, settings.json, out)
    try {
      for await (const s of problem.solutions({ limit, maxNodes, onProgress })) {
        await printer.prepare(s)
        printer.print(s)
      }
    } catch (e) {
      if (e?.code !== 'STOPPED') throw e
      return { count: printer.printed, nodes: maxNodes, status: 'stopped' }
    }
    return { count: printer.printed, nodes: null, status: limit && printer.printed >= limit ? 'limit' : 'done' }
  } finally {
    worker.terminate()
  }
}

/** --jobs N --count: the shards counted on N workers, each parsing the problem once. */
async function countOnWorkers (text, settings, { terminal }) {
  const parts = settings.threads * SHARDS_PER_THREAD
  const pool = new Pool(settings.threads)
  const problems = new Map() // worker -> its RemoteProblem (a promise)
  const problemOn = (api) => {
    if (!problems.has(api)) problems.set(api, parse(api, text))
    return problems.get(api)
  }
  const total = { count: 0, nodes: null, status: 'done' }
  let done = 0
  try {
    const shards = Array.from({ length: parts }, (_, k) => k)
    await runInOrder(shards, pool, async (api, shard) => (await problemOn(api)).countShard(shard, parts), (count) => {
      total.count += count
      terminal.count(++done, parts, 'shards')
    })
  } finally {
    pool.close()
  }
  return total
}

/** --shard K/N in this thread: Problem.shardPrefixes, each prefix forced in turn. */
async function searchShard (text, settings, { out, terminal }) {
  const problem = await parse(await loadKit(), text)
  const printer = new SolutionPrinter(problem, settings.json, out)
  try {
    return searchPart(problem, {
      shard: settings.shard,
      parts: settings.parts,
      limit: settings.limit,
      maxNodes: settings.maxNodes,
      onSolution: settings.mode === 'count' ? null : (s) => printer.print(s),
      onProgress: terminal.showsProgress ? (f) => terminal.progress(f, PROGRESS_LABEL) : null
    })
  } finally {
    problem.free()
  }
}

/** Prints the count (--count) and says what went wrong. Returns the exit status. */
function reportOutcome (result, settings, inputName, { out, terminal }) {
  if (settings.mode === 'count' && (result.status !== 'stopped' || settings.json)) {
    out.line(settings.json ? JSON.stringify(result) : String(result.count))
    out.flush()
  }
  if (result.status === 'stopped') {
    terminal.message(`${inputName}: stopped after ${result.nodes} search nodes (--max-nodes ${settings.maxNodes}) with ${result.count} solution${result.count === 1 ? '' : 's'} so far`)
    return 1
  }
  if (result.count === 0 && !settings.sharded) {
    if (settings.mode !== 'count') terminal.message(`${inputName}: no solution`)
    return 1
  }
  return 0
}

/**
 * Solutions as option lines (blank lines between), or as JSON lines.
 * problem: a Problem, or a worker's RemoteProblem, whose option lines
 * prepare() fetches first (they come async).
 */
class SolutionPrinter {
  constructor (problem, json, out) {
    this._problem = problem
    this._json = json
    this._out = out
    this._lines = new Map() // option index -> its line: many solutions share options
    this.printed = 0
  }

  async prepare (options) {
    for (const k of options) if (!this._lines.has(k)) this._lines.set(k, await this._problem.formatOption(k))
  }

  print (options) {
    const lines = options.map((k) => this._line(k))
    if (this._json) this._out.line(JSON.stringify({ solution: options, options: lines }))
    else this._out.block(lines.join('\n'))
    this.printed++
  }

  _line (k) {
    let line = this._lines.get(k)
    if (line === undefined) this._lines.set(k, line = this._problem.formatOption(k))
    return line
  }
}

// ---- one shard in this thread: a node budget per step, so that a long
// search can report progress. (The library's worker has no sharded search
// with limits and solutions yet; when it has, this goes.)

const STEP_NODES = 100000
const SOLUTIONS_BETWEEN_LOOKS = 64 // how often to look at the node counter between budget steps

/**
 * Search `problem` as it stands (with any forced options).
 * { limit, maxNodes }: stop at that many solutions or nodes (0: never).
 * onSolution(sortedOptionIndices) sees each solution; onProgress(fraction)
 * is called every STEP_NODES nodes with the engine's estimate.
 * Returns { count, nodes, status: 'done' | 'limit' | 'stopped' }.
 */
function walk (problem, { limit = 0, maxNodes = 0, onSolution = null, onProgress = null } = {}) {
  // Counting alone runs in one call into the module: the fast path.
  if (!onSolution && !onProgress) return problem.countDetailed({ limit, maxNodes })
  problem.restart()
  let count = 0
  let status = 'done'
  let reportAt = STEP_NODES
  for (;;) {
    // The budget is per call; a solution ends a call early, so with a node
    // limit the nodes spent so far are asked for every time.
    const left = maxNodes ? maxNodes - problem.stats().nodes : STEP_NODES
    if (left <= 0) { status = 'stopped'; break }
    const r = problem.search(Math.min(left, STEP_NODES))
    if (r === 'done') break
    if (r === 'solution') {
      count++
      onSolution?.(problem.solution().sort((a, b) => a - b))
      if (limit && count >= limit) { status = 'limit'; break }
      if (!onProgress || count % SOLUTIONS_BETWEEN_LOOKS) continue
    }
    const stats = problem.stats()
    if (onProgress && (r === 'budget' || stats.nodes >= reportAt)) {
      onProgress(stats.progress)
      reportAt = stats.nodes + STEP_NODES
    }
  }
  const { nodes } = problem.stats()
  problem.restart()
  return { count, nodes, status }
}

/**
 * Search only part `shard` (0-based) of `parts` (Problem.shardPrefixes: the
 * options of the first levels of the tree, dealt round-robin): for each
 * prefix, force it, walk, unforce. The counts of all parts add up to the
 * whole count. Limits and budgets apply to the part as a whole.
 */
function searchPart (problem, { shard = 0, parts = 1, limit = 0, maxNodes = 0, onSolution = null, onProgress = null } = {}) {
  const prefixes = parts === 1 ? [[]] : problem.shardPrefixes(shard, parts)
  const total = { count: 0, nodes: 0, status: 'done' }
  for (const [i, prefix] of prefixes.entries()) {
    if (maxNodes && total.nodes >= maxNodes) { total.status = 'stopped'; break }
    for (const k of prefix) problem.force(k)
    try {
      const r = walk(problem, {
        limit: limit ? limit - total.count : 0,
        maxNodes: maxNodes ? maxNodes - total.nodes : 0,
        onSolution,
        onProgress: onProgress && ((f) => onProgress((i + f) / prefixes.length))
      })
      total.count += r.count
      total.nodes += r.nodes
      if (r.status !== 'done') { total.status = r.status; break }
    } finally {
      for (let j = 0; j < prefix.length; j++) problem.unforce()
    }
    onProgress?.((i + 1) / prefixes.length)
  }
  return total
}
