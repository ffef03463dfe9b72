// What a worksheet cell holds, as puzzle finding sees it: nothing, a number
// (numbers, whole-number text, and formulas whose last result is one of
// those), a blank marker ('.' or 0) or anything else (text, dates, merged
// cells, formulas without a result...), which is never part of a puzzle and
// never overwritten.

const TEXT_TYPES = new Set([3, 7, 8]) // ExcelJS ValueType String, SharedString, RichText
const NUMBER = 2
const NULL = 0
const FORMULA = 6

/** { kind: 'empty' | 'number' | 'marker' | 'other', value } for an ExcelJS cell. */
export function classify (cell) {
  if (cell.isMerged) return { kind: 'other' }
  if (cell.type === NULL) return { kind: 'empty' }
  if (cell.type === NUMBER) return ofNumber(cell.value)
  if (TEXT_TYPES.has(cell.type)) return classifyText(cell.text)
  if (cell.type === FORMULA) return ofResult(cell.result)
  return { kind: 'other' }
}

const ofNumber = (v) => v === 0 ? { kind: 'marker', value: 0 } : { kind: 'number', value: v }

/** A cell's text as puzzle finding sees it (a .csv field, a text cell). */
export function classifyText (raw) {
  const text = raw.trim()
  if (text === '') return { kind: 'empty' }
  if (text === '.' || text === '0') return { kind: 'marker', value: 0 }
  if (/^\d+$/.test(text)) return { kind: 'number', value: Number(text) }
  return { kind: 'other' }
}

/**
 * A formula cell reads as the result Excel saved with it (=2+3 as 5). An
 * empty-text result is not a blank: the formula is still there to keep, so
 * it is 'other'; no saved result (a file written by a program that did not
 * compute it) is 'other' too.
 */
function ofResult (result) {
  if (typeof result === 'number') return ofNumber(result)
  if (typeof result === 'string') {
    const k = classifyText(result)
    return k.kind === 'empty' ? { kind: 'other' } : k
  }
  return { kind: 'other' }
}

/** Every cell that is not empty: Map of key(row, col) -> { row, col, kind, value }. */
export function sheetCells (worksheet) {
  const cells = new Map()
  worksheet.eachRow({ includeEmpty: false }, (row, r) => {
    row.eachCell({ includeEmpty: false }, (cell, c) => {
      const k = classify(cell)
      if (k.kind !== 'empty') cells.set(key(r, c), { row: r, col: c, ...k })
    })
  })
  return cells
}

export const MAX_COLUMNS = 16384
export const key = (row, col) => row * (MAX_COLUMNS + 1) + col

/** "A1" from a 1-based row and column. */
export function address (row, col) {
  let letters = ''
  for (let c = col; c > 0; c = Math.floor((c - 1) / 26)) letters = String.fromCharCode(65 + ((c - 1) % 26)) + letters
  return `${letters}${row}`
}

/** "B2:J10" for a frame { top, left, n } (or rows x cols). */
export function rangeAddress (top, left, rows, cols = rows) {
  return `${address(top, left)}:${address(top + rows - 1, left + cols - 1)}`
}

/** "'My sheet'!B2:J10": sheet names with anything but letters, digits and _ are quoted. */
export function sheetRange (sheetName, range) {
  const name = /^[A-Za-z_][A-Za-z0-9_.]*$/.test(sheetName) ? sheetName : `'${sheetName.replace(/'/g, "''")}'`
  return `${name}!${range}`
}

/** A column number from letters ("A" -> 1, "AA" -> 27). */
export function columnNumber (letters) {
  let n = 0
  for (const ch of letters.toUpperCase()) n = n * 26 + ch.charCodeAt(0) - 64
  return n
}
