// dlxkit generate: puzzles with a unique solution from consecutive seeds.
import { COMMON_OPTIONS, UsageError, parseCommandLine, parseFormat, parseJobs, parseWholeNumber } from '../args.mjs'
import { SHAPE_OPTIONS, shapeOptions, checkShape } from '../sudoku-options.mjs'
import { DlxError, Pool, loadKit, runInOrder, threadCount } from '../library.mjs'
import { apiFormat, lineToGrid } from '../puzzle-report.mjs'

const OPTIONS = {
  ...COMMON_OPTIONS,
  ...SHAPE_OPTIONS,
  count: { type: 'string', short: 'n' },
  seed: { type: 'string' },
  minimal: { type: 'boolean' },
  symmetric: { type: 'boolean' },
  clues: { type: 'string' },
  difficulty: { type: 'string' },
  attempts: { type: 'string' },
  format: { type: 'string' },
  json: { type: 'boolean' },
  jobs: { type: 'string', short: 'j' }
}

const MAX_CHUNK = 16
const ONE_SYMBOL_SIDES = 61 // the default symbols: 1-9, A-Z, a-z

export async function generateCommand (argv, io) {
  const { values, positionals } = parseCommandLine(argv, OPTIONS, 'generate')
  if (values.help || values.version) return io.about(values, 'generate')
  if (positionals.length) throw new UsageError(`generate reads no input (got '${positionals[0]}')`, 'generate')
  const asked = parseFormat(values, ['line', 'grid', 'numbers', 'json'], 'generate')
  const shape = await shapeOptions(values, 'generate')
  const format = formatFor(asked, shape.size ?? 9, shape.alphabet)
  const opts = generateOptions(values, { ...shape }, format)
  const seeds = seedList(values)
  const threads = threadCount(parseJobs(values, 'generate'), values.quiet ? null : io.terminal)
  const madeMap = opts.variant?.includes('jigsaw')
  if (madeMap && format.format !== 'json') {
    throw new UsageError('--variant jigsaw without --jigsaw makes a map with each puzzle, which only --json carries (as "jigsaw"); or give a map with --jigsaw FILE', 'generate')
  }
  const kit = await loadKit()
  // 9x9 unless the options say otherwise; a map made later, so the boxes' shape
  checkShape(kit, { size: 9, ...opts, ...(madeMap && { variant: opts.variant.filter((v) => v !== 'jigsaw') }) }, 'generate')
  checkDifficulty(kit, opts.difficulty)
  return printPuzzles(seeds, opts, format.format, threads, io)
}

/**
 * The form to print: one symbol per cell (a line; a grid) while the side
 * has symbols enough (the default 1-9, A-Z, a-z: 61; or --alphabet), else
 * numbers, as the API writes a 64x64. JSON carries the puzzle in the same
 * form: a line, or for a side past the symbols the numbers' text.
 */
function formatFor (asked, size, alphabet) {
  const oneSymbol = Boolean(alphabet) || size <= ONE_SYMBOL_SIDES
  if (asked === 'json') return { format: 'json', text: oneSymbol ? 'line' : 'numbers' }
  if (asked === null) return { format: oneSymbol ? 'line' : 'numbers' }
  if (!oneSymbol && asked !== 'numbers') {
    throw new UsageError(`--format ${asked} writes one symbol per cell, and a ${size}x${size} puzzle needs ${size}: the symbols 1-9, A-Z, a-z are ${ONE_SYMBOL_SIDES}; use --format numbers (the default for it) or --alphabet with ${size} symbols`, 'generate')
  }
  return { format: asked }
}

/** The API's options: the shape's, the clues' and the form to write (text: JSON's). */
function generateOptions (values, opts, { format, text }) {
  opts.minimal = Boolean(values.minimal)
  opts.symmetric = Boolean(values.symmetric)
  if (values.clues !== undefined) opts.clues = parseWholeNumber(values.clues, 'clues', { note: 'at most the number of cells', command: 'generate' })
  if (values.difficulty !== undefined) opts.difficulty = values.difficulty // the library names the levels it knows
  if (values.attempts !== undefined) opts.attempts = parseWholeNumber(values.attempts, 'attempts', { min: 1, max: 2 ** 31 - 1, command: 'generate' })
  opts.format = apiFormat(text ?? format, opts.alphabet).format ?? 'line'
  return opts
}

/** --difficulty names one of the library's levels (before any work). */
function checkDifficulty (kit, difficulty) {
  if (difficulty === undefined) return
  const names = kit.sudoku.difficulties().map((l) => l.name)
  if (!names.includes(difficulty)) throw new UsageError(`--difficulty '${difficulty}' is not allowed: it takes ${names.join(', ')}`, 'generate')
}

/** S, S+1, ..., S+K-1; S random unless --seed. */
function seedList (values) {
  const count = parseWholeNumber(values.count ?? '1', 'count', { min: 1, command: 'generate' })
  const first = values.seed === undefined
    ? Math.floor(Math.random() * 2 ** 32)
    : parseWholeNumber(values.seed, 'seed', { command: 'generate' })
  if (!Number.isSafeInteger(first + count)) throw new UsageError('--seed plus --count goes past 2^53', 'generate')
  return Array.from({ length: count }, (_, k) => first + k)
}

async function printPuzzles (seeds, opts, format, threads, { out, terminal }) {
  const { layOut } = apiFormat(format, opts.alphabet)
  const size = Math.max(1, Math.min(MAX_CHUNK, Math.ceil(seeds.length / (threads * 4))))
  const tasks = []
  for (let i = 0; i < seeds.length; i += size) tasks.push(seeds.slice(i, i + size))
  const pool = new Pool(Math.min(threads, tasks.length), { offThread: terminal.showsProgress })
  let failed = false
  let done = 0
  terminal.begin(`0/${seeds.length} puzzles`)
  try {
    await runInOrder(tasks, pool, (api, chunk) => generateChunk(api, chunk, opts), (results) => {
      for (const r of results) {
        if (r.error) {
          out.flush()
          terminal.message(`generate --seed ${r.seed}: ${r.error.message}`)
          failed = true
        } else if (format === 'json') {
          const { seed, puzzle, solution, clues, jigsaw, difficulty, rating, technique, steps, attempts } = r
          out.line(JSON.stringify({ seed, puzzle, solution, clues, jigsaw, difficulty, rating, technique, steps, attempts }))
        } else {
          out.item(layOut ? lineToGrid(r.puzzle) : r.puzzle)
        }
      }
      done += results.length
      terminal.count(done, seeds.length, 'puzzles')
    })
  } finally {
    pool.close()
    out.flush()
    terminal.finish()
  }
  return failed ? 1 : 0
}

/** One result per seed: { seed, puzzle, solution, clues } or { seed, error }. */
function generateChunk (api, seeds, opts) {
  return Promise.all(seeds.map(async (seed) => {
    try {
      return await api.sudoku.generate({ ...opts, seed })
    } catch (e) {
      if (e instanceof DlxError) return { seed, error: e }
      throw e
    }
  }))
}
