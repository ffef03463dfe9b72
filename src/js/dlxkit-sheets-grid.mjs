// dlxkit/sheets: a Sudoku range and its box argument read as the sheet
// functions take them (dlxkit-sheets.mjs and dlxkit-sheets-explain.mjs).
import { DlxError } from './dlxkit-errors.mjs'
import { bad, cellNumber, isBlank, rowsOf, show } from './dlxkit-sheets-cells.mjs'

const MAX_SIDE = 64

/** A Sudoku range: N x N cells holding 1..N, 0 or blanks. Returns number rows (0 = blank). */
export function readGrid (range) {
  const rows = rowsOf(range, 'a Sudoku', (n, w) => {
    if (n !== w) throw bad(`the range is ${n} rows by ${w} columns; a Sudoku range is square (4x4, 9x9, 16x16, ...)`)
    if (n > MAX_SIDE) throw bad(`the range is ${n}x${n}; the largest Sudoku is ${MAX_SIDE}x${MAX_SIDE}`)
  })
  const n = rows.length
  return rows.map((row, r) => row.map((v, c) => {
    if (isBlank(v)) return 0
    const d = cellNumber(v)
    if (!(Number.isInteger(d) && d >= 0 && d <= n)) {
      throw bad(`R${r + 1}C${c + 1} holds ${show(v)}; cells of a ${n}x${n} Sudoku hold 1..${n} or stay empty`)
    }
    return d
  }))
}

/**
 * The box: empty (the default for N), or as the one C parser reads it
 * (dlx.sudoku.parseBox): "RxC" (rows x columns of one box, e.g. "2x3"), or
 * the rows of a box alone (a number or "3"; columns = N / rows). Whether it
 * tiles the grid is the solver's check (BAD_SIZE).
 */
export function readBox (kit, box) {
  if (isBlank(box) || box === 0) return {}
  try {
    return kit.sudoku.parseBox(box)
  } catch (e) {
    if (e instanceof DlxError) throw bad(`${e.code}: ${e.message}`)
    throw e
  }
}
