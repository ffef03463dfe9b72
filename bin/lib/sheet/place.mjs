// Where a solution goes: to the right of its puzzle after one empty column,
// else below after one empty row, when every cell there (and the gap) is
// empty and not planned for another answer; else nowhere (the caller then
// uses a copy of the sheet).
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
