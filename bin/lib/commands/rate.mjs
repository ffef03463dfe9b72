// dlxkit rate: the difficulty of each puzzle of a batch.
import { COMMON_OPTIONS, parseCommandLine, parseFormat, parseJobs, inputPaths } from '../args.mjs'
import { SHAPE_OPTIONS, shapeOptions, checkShape } from '../sudoku-options.mjs'
import { listInputs } from '../input-list.mjs'
import { loadKit, threadCount } from '../library.mjs'
import { runPuzzleBatch } from '../puzzle-batch.mjs'

const { 'max-nodes': _unused, ...RATE_SHAPE_OPTIONS } = SHAPE_OPTIONS // a rating searches to the end

const OPTIONS = {
  ...COMMON_OPTIONS,
  ...RATE_SHAPE_OPTIONS,
  format: { type: 'string' },
  json: { type: 'boolean' },
  jobs: { type: 'string', short: 'j' }
}

export async function rateCommand (argv, io) {
  const { values, positionals } = parseCommandLine(argv, OPTIONS, 'rate')
  if (values.help || values.version) return io.about(values, 'rate')
  const format = parseFormat(values, ['line', 'json'], 'rate')
  const opts = await shapeOptions(values, 'rate')
  const threads = threadCount(parseJobs(values, 'rate'), values.quiet ? null : io.terminal)
  const inputs = listInputs(inputPaths(positionals, 'rate'), 'rate')
  checkShape(await loadKit(), opts, 'rate')
  return runPuzzleBatch(inputs, { mode: 'rate', json: format === 'json', opts, threads }, io)
}
