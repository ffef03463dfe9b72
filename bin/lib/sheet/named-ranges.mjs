// Defined names (named ranges) that point at an N x N range: puzzles the
// workbook names itself, whatever the layout around them.
import { columnNumber } from './cells.mjs'

const REF = /^(?:'((?:[^']|'')+)'|([^'!]+))!\$?([A-Za-z]{1,3})\$?(\d+):\$?([A-Za-z]{1,3})\$?(\d+)$/

/** [{ name, sheet, top, left, rows, cols }] for the names that are one rectangular range. */
export function namedRanges (workbook) {
  const out = []
  for (const { name, ranges } of workbook.definedNames.model ?? []) {
    if (!ranges || ranges.length !== 1) continue
    const m = REF.exec(ranges[0])
    if (!m) continue
    const sheet = m[1] !== undefined ? m[1].replace(/''/g, "'") : m[2]
    const [c1, r1, c2, r2] = [columnNumber(m[3]), +m[4], columnNumber(m[5]), +m[6]]
    out.push({ name, sheet, top: Math.min(r1, r2), left: Math.min(c1, c2), rows: Math.abs(r2 - r1) + 1, cols: Math.abs(c2 - c1) + 1 })
  }
  return out
}
