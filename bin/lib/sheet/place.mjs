// Where a solution goes: to the right of its puzzle after one empty column,
// else below after one empty row, when every cell there (and the gap) is
// empty and not planned for another answer; else nowhere (the caller then
// uses a copy of the sheet, made by copySheet below).
import { key, MAX_COLUMNS } from './cells.mjs'

const MAX_ROWS = 1048576

/** Cells taken: every cell with content, puzzle frames, answers placed so far. */
export class Occupancy {
  constructor (cells) {
    this._taken = new Set(cells.keys())
  }

  takeArea (top, left, rows, cols) {
    for (let r = top; r < top + rows; r++) for (let c = left; c < left + cols; c++) this._taken.add(key(r, c))
  }

  isFree (top, left, rows, cols) {
    if (top < 1 || left < 1 || top + rows - 1 > MAX_ROWS || left + cols - 1 > MAX_COLUMNS) return false
    for (let r = top; r < top + rows; r++) for (let c = left; c < left + cols; c++) if (this._taken.has(key(r, c))) return false
    return true
  }
}

/** { top, left } of the answer to the frame, or null; the area is then taken. */
export function placeBeside (occupancy, { top, left, n }) {
  const right = { top, left: left + n + 1 }
  const below = { top: top + n + 1, left }
  if (occupancy.isFree(top, left + n, n, n + 1)) {
    occupancy.takeArea(right.top, right.left, n, n)
    return right
  }
  if (occupancy.isFree(top + n, left, n + 1, n)) {
    occupancy.takeArea(below.top, below.left, n, n)
    return below
  }
  return null
}

// ---- --copy: a copy of a worksheet in the same workbook: values (formulas
// as formulas), styles, merged cells, column widths, row heights and the
// sheet's view.

/** A new sheet "<name> solved" (Excel's 31 characters at most, unique in the workbook). */
export function copySheet (workbook, sheet) {
  const copy = workbook.addWorksheet(copyName(workbook, sheet.name), {
    properties: structuredClone(sheet.properties ?? {}),
    views: structuredClone(sheet.views ?? []),
    pageSetup: structuredClone(sheet.pageSetup ?? {})
  })
  const columns = sheet.columnCount // a getter that goes through every row: once, not per column
  for (let c = 1; c <= columns; c++) {
    const from = sheet.getColumn(c)
    const to = copy.getColumn(c)
    if (from.width !== undefined) to.width = from.width
    if (from.hidden) to.hidden = true
  }
  // The rows and cells the sheet holds, not every index up to the last one:
  // forEach skips the holes of ExcelJS's sparse arrays, so one cell at
  // XFD1048576 costs one cell, not a billion. (eachRow and eachCell would
  // visit every index with includeEmpty, or skip styled empty cells without.)
  sheet._rows.forEach((row) => {
    const to = copy.getRow(row.number)
    if (row.height !== undefined) to.height = row.height
    if (row.hidden) to.hidden = true
    row._cells.forEach((cell) => {
      const target = to.getCell(cell.col)
      if (!cell.isMerged || cell.master === cell) target.value = valueOf(cell)
      target.style = structuredClone(cell.style ?? {})
    })
  })
  for (const range of sheet.model.merges ?? []) copy.mergeCells(range)
  return copy
}

/** A cell's value to write elsewhere: a shared formula becomes its own formula. */
function valueOf (cell) {
  const v = cell.value
  if (v && typeof v === 'object' && 'sharedFormula' in v) return { formula: cell.formula, result: v.result }
  return v && typeof v === 'object' ? structuredClone(v) : v
}

function copyName (workbook, name) {
  const taken = (n) => workbook.worksheets.some((s) => s.name.toLowerCase() === n.toLowerCase())
  for (let k = 1; ; k++) {
    const suffix = k === 1 ? ' solved' : ` solved ${k}`
    const candidate = name.slice(0, 31 - suffix.length) + suffix
    if (!taken(candidate)) return candidate
  }
}
