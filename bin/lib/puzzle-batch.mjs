// A batch of puzzles from its inputs, in turn: read as streams and cut by the
// library's reader, solved in chunks on the library (or its workers with
// --jobs), reported in input order. Shared by `dlxkit sudoku` and `dlxkit rate`.
import { InputError } from './input.mjs'
import { readPuzzlesInTurn } from './input-list.mjs'
import { DlxError, Pool, loadKit, optionsFor, runInOrder } from './library.mjs'
import { reportPuzzle } from './puzzle-report.mjs'
import { pastTheSymbols } from './past-symbols.mjs'

const MAX_CHUNK = 256
const MAX_CHUNK_CHARS = 1 << 20 // so that the chunks in flight stay small in memory
// A puzzle longer than this (above 20x20) may take minutes: it goes alone,
// solved by itself so that its search reports its nodes on the bar.
const BIG_PUZZLE_CHARS = 400

// `yes | dlxkit sudoku` (or rate, explain) or a file of prose must end:
// this many lines in a row whose pieces the reader cannot read stop the
// reading. Their reports wait, and are printed as soon as a puzzle follows;
// a run that stops the reading shows only its first (what is wrong) and the stop.
const MAX_UNREADABLE_LINES = 256
const READER_ERRORS = new Set(['BAD_LENGTH', 'BAD_SYMBOL'])

/**
 * The reports of a run's puzzles ({ out, message, failed }, puzzle-report.mjs),
 * in input order: out on stdout, message on stderr; `failed` once any
 * failed. The unreadable ones in a row wait (see MAX_UNREADABLE_LINES);
 * add() throws the InputError that stops the reading, flush() prints what
 * waits. Shared by the batch below and by `dlxkit explain`.
 */
export class PuzzleReports {
  constructor ({ out, terminal }) {
    this._out = out
    this._terminal = terminal
    this._unreadable = [] // reports of the unreadable pieces in a row so far
    this.failed = false
  }

  add (puzzle, result, report) {
    const unreadable = this._unreadable
    // A run of unreadable lines ends with its input.
    if (unreadable.length && unreadable[0].source !== puzzle.source) this.flush()
    if (result.status === 'invalid' && READER_ERRORS.has(result.error.code)) {
      unreadable.push({ report, line: puzzle.line, source: puzzle.source })
      if (puzzle.line - unreadable[0].line >= MAX_UNREADABLE_LINES) {
        const [first] = unreadable.splice(0)
        this._print(first.report)
        throw new InputError(`${first.source}:${first.line}: ${MAX_UNREADABLE_LINES} lines in a row hold no readable puzzle (is this a puzzle file?); stopped reading`)
      }
      return
    }
    this.flush()
    this._print(report)
  }

  flush () {
    for (const u of this._unreadable.splice(0)) this._print(u.report)
  }

  /** The run's exit status, once its inputs are read: 1 if a puzzle failed or an input held none (said here). */
  status (list) {
    const empty = list.files.filter((f) => f.ended && !f.puzzles)
    for (const f of empty) this._terminal.message(`${f.name}: no puzzle found`)
    return this.failed || empty.length ? 1 : 0
  }

  _print (report) {
    if (report.out !== null) this._out.item(report.out)
    if (report.message) { this._out.flush(); this._terminal.message(report.message) }
    this.failed ||= report.failed
  }
}

/**
 * list: the inputs (see input-list.mjs); settings: { mode, json, opts,
 * threads } (see puzzle-report.mjs). Returns the exit status: 0, or 1 if
 * any puzzle failed, an input held none or could not be read to its end.
 */
export async function runPuzzleBatch (list, settings, { out, terminal }) {
  const source = { puzzles: 0, chars: 0, ended: false }
  const kit = await loadKit()
  const chunks = chunksOf(readPuzzlesInTurn(list, kit.sudoku, settings.opts), settings.threads, source)
  const several = list.files.length > 1
  const pool = new Pool(settings.threads, { offThread: terminal.showsProgress })
  const reports = new PuzzleReports({ out, terminal })
  let done = 0
  // The bar follows the count: of all the puzzles once the input is read,
  // else of as many as the input holds at the size of a puzzle read so far
  // (under 100%: more is to come).
  const estimate = () => list.size && source.puzzles ? Math.min(0.99, done * source.chars / source.puzzles / list.size) : null
  const showCount = () => source.ended ? terminal.count(done, source.puzzles, 'puzzles') : terminal.tally(done, 'puzzles', estimate())
  // Long puzzles under way, alone (BIG_PUZZLE_CHARS): their nodes so far.
  const searching = new Map()
  const onNodes = terminal.showsProgress && ((puzzle, nodes) => {
    if (!searching.size) terminal.startItem()
    searching.set(puzzle, nodes)
    const total = [...searching.values()].reduce((a, b) => a + b, 0)
    const fraction = source.ended ? done / source.puzzles : estimate() ?? 0
    terminal.item(fraction, source.ended ? `${done}/${source.puzzles} puzzles` : `${done} puzzles`, total)
  })
  terminal.begin(`0 puzzles`)
  try {
    await runInOrder(chunks, pool, async (api, chunk) => {
      try {
        return await runChunk(api, settings, chunk, onNodes)
      } finally {
        searching.delete(chunk[0])
      }
    }, (results) => {
      for (const { puzzle, result } of results) reports.add(puzzle, result, reportPuzzle(puzzle, result, { ...settings, several }))
      done += results.length
      showCount()
    })
    reports.flush()
    terminal.count(done, source.puzzles, 'puzzles')
  } catch (e) {
    if (!(e instanceof InputError)) throw e
    reports.flush() // read before the input failed
    out.flush()
    terminal.message(e.message)
    return 1
  } finally {
    pool.close()
    out.flush()
    terminal.finish()
  }
  return reports.status(list)
}

/**
 * Chunks of the puzzles read so far ({ text, line, index }), as the input
 * comes: small enough to share the work out evenly, big enough to batch.
 */
async function * chunksOf (batches, threads, source) {
  for await (const puzzles of batches) {
    for (const p of puzzles) {
      p.index = ++source.puzzles
      source.chars += p.text.length + 1 // and its line's end
    }
    const size = Math.max(1, Math.min(MAX_CHUNK, Math.ceil(puzzles.length / (threads * 8))))
    let chunk = []
    let chars = 0
    for (const p of puzzles) {
      if (p.text.length > BIG_PUZZLE_CHARS) {
        if (chunk.length) yield chunk
        yield [p]
        chunk = []
        chars = 0
        continue
      }
      chunk.push(p)
      chars += p.text.length
      if (chunk.length >= size || chars >= MAX_CHUNK_CHARS) {
        yield chunk
        chunk = []
        chars = 0
      }
    }
    if (chunk.length) yield chunk
  }
  source.ended = true
}

/**
 * [{ puzzle, result }] for a chunk, on `api` (the library or a worker).
 * mode: 'solve' | 'count' | 'check' (all three: solve up to opts.limit),
 * 'candidates' or 'rate'. onNodes(puzzle, nodes), if given, hears the
 * search of a puzzle solved alone on a worker.
 */
async function runChunk (api, { mode, opts, json }, chunk, onNodes) {
  const texts = chunk.map((p) => p.text)
  const alone = onNodes && chunk.length === 1 && chunk[0].text.length > BIG_PUZZLE_CHARS
  let results
  switch (mode) {
    case 'solve': case 'count': case 'check':
      if (alone) onNodes(chunk[0], 0) // its time counts from here
      results = alone
        ? await eachPuzzle(texts, (p) => api.sudoku.solve(p, { ...opts, onProgress: ({ nodes }) => onNodes(chunk[0], nodes) }))
        : await solveChunk(api, texts, opts)
      results = await pastTheSymbols(api, texts, results, { json, opts })
      break
    case 'candidates': results = await eachPuzzle(texts, async (p) => ({ status: 'ok', candidates: await api.sudoku.candidates(p, optionsFor('sudoku.candidates', opts)) })); break
    case 'rate': results = await eachPuzzle(texts, (p) => api.sudoku.rate(p, opts)); break
    default: throw new Error(`unknown puzzle mode ${mode}`)
  }
  return results.map((result, k) => ({ puzzle: chunk[k], result: chunk[k].rejected ?? result })) // rejected: a line that is no puzzle
}

/** solveMany for speed (one call per chunk); an invalid puzzle alone again, for the detailed error. */
async function solveChunk (api, puzzles, opts) {
  let results
  try {
    results = await api.sudoku.solveMany(puzzles, opts)
  } catch (e) {
    if (!(e instanceof DlxError)) throw e
    return eachPuzzle(puzzles, (p) => api.sudoku.solve(p, opts)) // find which puzzle, and why
  }
  return Promise.all(results.map(async (r, k) => {
    if (r.status !== 'invalid') return r
    const [again] = await eachPuzzle([puzzles[k]], (p) => api.sudoku.solve(p, opts)) // solveMany's errors are terse
    return again.status === 'invalid' ? again : r
  }))
}

/** fn per puzzle; an API error makes that puzzle's result 'invalid'. */
function eachPuzzle (puzzles, fn) {
  return Promise.all(puzzles.map(async (p) => {
    try {
      return await fn(p)
    } catch (e) {
      if (e instanceof DlxError) return { status: 'invalid', error: e }
      throw e
    }
  }))
}
