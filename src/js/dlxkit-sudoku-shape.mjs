// The Sudoku vocabulary the C core defines once (include/sudoku.h), for
// dlx.sudoku: a shape's box (sudoku_box_of), the box spelling
// (sudoku_parse_box) and the pattern-grid shortcut (sudoku_pattern_fill). The default box needs no module:
// defaultBox in dlxkit-sudoku-args.mjs reads the header's table.
import { DlxError, describe } from './dlxkit-errors.mjs'
import { checkSide } from './dlxkit-sudoku-args.mjs'

/** The box of side n as options give it (0, 0: the default; one side: the other): [rows, cols], or BAD_SIZE. */
export function boxOf (api, n, boxRows, boxCols) {
  return api._native.sudokuBoxOf(n, boxRows, boxCols)
}

/**
 * dlx.sudoku.parseBox(text): "RxC" ("3x3", "2 X 3", "2*3", "2×3") or "R"
 * alone (the rows; the columns follow from the side), as the CLI, the
 * sheets and Typst read it: { boxRows, boxCols } or { boxRows }; BAD_BOX for
 * another spelling, BAD_SIZE for numbers out of range.
 */
export function parseBox (api, text) {
  if (typeof text === 'number' && Number.isFinite(text)) text = String(text)
  if (typeof text !== 'string') throw new DlxError('BAD_BOX', `a box is text such as "3x3" or "2x3" (got ${describe(text).slice(0, 60)})`)
  // Past the C parser's limit (SUDOKU_BOX_TEXT_MAX, 256 bytes) a text is
  // refused, so it need not be copied whole: 1024 characters are past it too.
  const [boxRows, boxCols] = api._native.sudokuParseBox(text.length > 1024 ? text.slice(0, 1024) : text)
  return boxCols ? { boxRows, boxCols } : { boxRows }
}

/**
 * dlx.sudoku.pattern(puzzle, opts): the classic complete grid of a plain
 * shape, its digits renamed to keep the givens, at once. Above 16x16 a
 * search can get lost in a huge tree where this grid answers at once, so
 * callers (the sheets) try it first; it is no search, so it says nothing
 * about puzzles whose givens it cannot hold. The puzzle as solve takes it;
 * options size, boxRows, boxCols (one of them gives the other), alphabet, format (no variant,
 * jigsaw or regions: BAD_ARGUMENT, dlxkit-option-names.mjs). { solution, free } (free: the digits
 * no given named, so their free! renamings are all solutions), or null when
 * the givens do not fit the pattern.
 */
export function pattern (api, puzzle, opts) {
  const br = checkSide(opts.boxRows, 'boxRows')
  const bc = checkSide(opts.boxCols, 'boxCols')
  const input = api._read(puzzle, opts)
  try {
    const fit = api._native.sudokuPattern(input.size, br, bc, input.cells)
    return fit && { solution: api._write(input, fit.cells, opts), free: fit.free }
  } finally {
    api._release(input)
  }
}
