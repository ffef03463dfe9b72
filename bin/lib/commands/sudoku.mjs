// dlxkit sudoku: solve, count, check or pencil-mark a batch of puzzles.
import { COMMON_OPTIONS, parseCommandLine, parseFormat, parseJobs, parseWholeNumber, oneOf, inputPaths } from '../args.mjs'
import { SHAPE_OPTIONS, shapeOptions, checkShape } from '../sudoku-options.mjs'
import { listInputs } from '../input-list.mjs'
import { loadKit, threadCount } from '../library.mjs'
import { runPuzzleBatch } from '../puzzle-batch.mjs'
import { apiFormat } from '../puzzle-report.mjs'

const OPTIONS = {
  ...COMMON_OPTIONS,
  ...SHAPE_OPTIONS,
  count: { type: 'boolean' },
  check: { type: 'boolean' },
  candidates: { type: 'boolean' },
  limit: { type: 'string' },
  format: { type: 'string' },
  json: { type: 'boolean' },
  jobs: { type: 'string', short: 'j' }
}

/** Returns the exit status. io: { out, terminal, help }. */
export async function sudokuCommand (argv, io) {
  const { values, positionals } = parseCommandLine(argv, OPTIONS, 'sudoku')
  if (values.help || values.version) return io.about(values, 'sudoku')
  const mode = oneOf(values, ['count', 'check', 'candidates'], 'sudoku') ?? 'solve'
  const format = parseFormat(values, ['line', 'grid', 'numbers', 'json'], 'sudoku')
  const opts = await shapeOptions(values, 'sudoku')
  opts.limit = searchLimit(mode, values)
  const { format: style, layOut } = apiFormat(format, opts.alphabet)
  if (style) opts.format = style
  const threads = threadCount(parseJobs(values, 'sudoku'), values.quiet ? null : io.terminal)
  const inputs = listInputs(inputPaths(positionals, 'sudoku'), 'sudoku')
  checkShape(await loadKit(), opts, 'sudoku')
  return runPuzzleBatch(inputs, { mode, json: format === 'json', layOut, opts, threads }, io)
}

/** --check needs 2 solutions to tell unique from multiple; others take --limit. */
function searchLimit (mode, values) {
  if (mode === 'check') return 2
  return values.limit === undefined ? 2 : parseWholeNumber(values.limit, 'limit', { note: '0: all', command: 'sudoku' })
}
