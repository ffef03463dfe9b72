// dlxkit cover: an exact-cover problem in Knuth's DLX format: its first
// solution, its count, or all its solutions; whole, one shard, or spread
// over worker threads shard by shard.
import { COMMON_OPTIONS, UsageError, parseCommandLine, parseJobs, parseShard, parseWholeNumber, oneOf, inputPath } from '../args.mjs'
import { InputError, openInput, readWholeText } from '../input.mjs'
import { loadKit, DlxError } from '../kit.mjs'
import { createRunner, threadCount } from '../pool.mjs'
import { runInOrder } from '../ordered.mjs'
import { searchPart } from '../cover-search.mjs'

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
  const kit = await loadKit()
  const { problem, error } = parseProblem(kit, input)
  if (error) { io.terminal.message(error); return 1 }
  const printer = new SolutionPrinter(problem, settings.json, io.out)
  const parallel = settings.threads > 1 && settings.mode !== 'first'
  const result = parallel
    ? await searchOnThreads(input.text, settings, printer, io.terminal)
    : searchHere(problem, settings, printer, io.terminal)
  io.out.flush()
  io.terminal.finish()
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

/** { problem } or { error: 'file:line:column: message' }. */
function parseProblem (kit, input) {
  try {
    return { problem: kit.parseDlx(input.text) }
  } catch (e) {
    if (!(e instanceof DlxError)) throw e
    const { line, column } = e.details
    const where = line ? `${input.name}:${line}:${column}` : input.name
    return { error: `${where}: ${e.message.replace(/^line \d+, column \d+: /, '')}` }
  }
}

/** In this thread: the whole problem, or the one shard asked for. */
function searchHere (problem, settings, printer, terminal) {
  return searchPart(problem, {
    shard: settings.shard,
    parts: settings.parts,
    limit: settings.limit,
    maxNodes: settings.maxNodes,
    onSolution: settings.mode === 'count' ? null : (s) => printer.print(s),
    onProgress: terminal.showsProgress ? (f) => terminal.progress(f, 'of the search tree (estimated)') : null
  })
}

/** On worker threads, shard by shard; solutions come back and print in shard order. */
async function searchOnThreads (text, settings, printer, terminal) {
  const parts = settings.threads * SHARDS_PER_THREAD
  const keep = settings.mode === 'all'
  // --max-nodes bounds the whole search: each shard gets its share.
  const maxNodes = settings.maxNodes && Math.ceil(settings.maxNodes / parts)
  const tasks = Array.from({ length: parts }, (_, shard) => ({ kind: 'cover', text, shard, parts, limit: settings.limit, maxNodes, keep }))
  const total = { count: 0, nodes: 0, status: 'done' }
  const runner = createRunner(settings.threads)
  let done = 0
  try {
    await runInOrder(tasks, runner, (r) => {
      for (const s of r.solutions ?? []) {
        if (settings.limit && printer.printed >= settings.limit) break
        printer.print(s)
      }
      total.count += r.count
      total.nodes += r.nodes
      if (r.status === 'stopped') total.status = 'stopped'
      terminal.count(++done, parts, 'shards')
    })
  } finally {
    runner.close()
  }
  // Each shard counted up to the limit, so the capped sum is exact.
  if (settings.limit && total.count >= settings.limit && total.status !== 'stopped') {
    total.count = settings.limit
    total.status = 'limit'
  }
  return total
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

/** Solutions as option lines (blank lines between), or as JSON lines. */
class SolutionPrinter {
  constructor (problem, json, out) {
    this._problem = problem
    this._json = json
    this._out = out
    this._lines = new Map() // option index -> its line: many solutions share options
    this.printed = 0
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
