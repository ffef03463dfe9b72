// dlx.sudoku.generate: a new puzzle with a unique solution, for any shape,
// in the form asked for (the module's sudoku_generate does the work).
import { DlxError, checkCount } from './dlxkit-errors.mjs'
import { STYLE, checkAlphabet, styleOf, variantList } from './dlxkit-sudoku-args.mjs'
import { difficultyNumber, logicFields } from './dlxkit-sudoku-difficulty.mjs'
import { checkOptions } from './dlxkit-option-names.mjs'

/**
 * A new puzzle with a unique solution: opts size (or boxRows/boxCols),
 * variant, regions, jigsaw, seed, minimal, symmetric, clues (a target),
 * maxNodes, restarts (the fill's; on unless false), format ('line' |
 * 'grid' | 'numbers' | 'array'; none: a line, or numbers for a side past
 * the symbols, as the CLI prints it); difficulty (a level's name: puzzles
 * generated until one needs that level's techniques and no harder, C's
 * sudoku_generate_at) and attempts (its budget, 0: C's default; NOT_FOUND past it).
 * Variant 'jigsaw' without a jigsaw option: a map is made for the seed
 * (sudoku_make_jigsaw: the boxes reshaped around a grid, so one always
 * exists) and returned as `jigsaw`, N rows of N piece numbers.
 */
export function generate (api, opts = {}) {
  checkOptions('sudoku.generate', opts) // a misspelt 'minimall' or a solve option such as 'limit' is refused
  let size = opts.size ?? (opts.boxRows && opts.boxCols ? opts.boxRows * opts.boxCols : 9)
  if (!Number.isInteger(size) || size < 1 || size > 64) throw new DlxError('BAD_SIZE', `size must be 1..64 (got ${size})`)
  const seed = checkCount(opts.seed ?? Math.floor(Math.random() * 2 ** 32), 'seed')
  const alphabet = checkAlphabet(opts.alphabet)
  let style = !opts.format ? STYLE.line : opts.format === 'array' ? -1 : styleOf(opts.format)
  const clues = checkCount(opts.clues ?? 0, 'clues')
  if (clues > size * size) throw new DlxError('BAD_ARGUMENT', `clues must be 0..${size * size} for a ${size}x${size} puzzle (got ${clues})`)
  const maxNodes = checkCount(opts.maxNodes ?? 0, 'maxNodes')
  const difficulty = opts.difficulty === undefined ? undefined : difficultyNumber(api._native, opts.difficulty)
  const attempts = checkCount(opts.attempts ?? 0, 'attempts')
  if (attempts > 2 ** 31 - 1) throw new DlxError('BAD_ARGUMENT', `attempts must be at most ${2 ** 31 - 1} (got ${attempts})`, { option: 'attempts' })
  // Every option is checked before the work (a 64x64 takes seconds).
  const names = variantList(opts.variant)
  const makeMap = opts.jigsaw == null && names.some((v) => String(v).toLowerCase() === 'jigsaw')
  const shape = makeMap ? { ...opts, variant: names.filter((v) => String(v).toLowerCase() !== 'jigsaw') } : opts
  let h = api._solverFor(size, shape)
  size = api._native.sudokuSize(h)
  let symbols = null
  if (style === STYLE.line || style === STYLE.grid) { // one symbol per cell: enough of them, before the work
    if (alphabet) checkAlphabet(alphabet, size)
    symbols = api._lines.symbols(size, alphabet) // as the C printer writes them
    if (!symbols && !opts.format) style = STYLE.numbers // no format asked: one that can say it
    else if (!symbols) throw new DlxError('BAD_ALPHABET', `a ${size}x${size} puzzle has no one-symbol-per-cell form; use format 'numbers' or 'array'`)
  }
  const native = api._native
  let map = null
  let grid = null
  if (makeMap) {
    ({ map, grid } = native.sudokuMakeJigsaw(h, seed, maxNodes, size * size))
    h = api._solverFor(size, { ...shape, jigsaw: map })
  }
  const made = difficulty !== undefined
    ? native.sudokuGenerateAt(h, { seed, minimal: opts.minimal, symmetric: opts.symmetric, clues, maxNodes, difficulty, attempts }, size * size)
    : grid
      ? native.sudokuGenerateFrom(h, grid, seed, opts.minimal, opts.symmetric, clues, maxNodes)
      : native.sudokuGenerate(h, seed, opts.minimal, opts.symmetric, clues, maxNodes, size * size)
  const form = style < 0
    ? { kind: 'array', size }
    : { kind: style ? 'text' : 'line', size, style, symbols, blank: '.' }
  // A grid prints like an empty line read in the alphabet: its symbols
  const [puzzle, solution] = form.kind === 'text' && style === STYLE.grid && alphabet
    ? api._lines.withEmpty(size, alphabet, (text) => [made.puzzle, made.solution].map((v) => api._write({ ...form, text }, v)))
    : [made.puzzle, made.solution].map((v) => api._write(form, v))
  return {
    puzzle,
    solution,
    clues: made.puzzle.reduce((a, v) => a + (v ? 1 : 0), 0),
    seed,
    ...(map && { jigsaw: Array.from({ length: size }, (_, r) => map.slice(r * size, (r + 1) * size)) }),
    ...(made.logic && { ...logicFields(native, made.logic), attempts: made.logic.attempts })
  }
}
