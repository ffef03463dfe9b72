// Pencil marks as a readable grid: each cell lists the digits still possible
// (a given shows as its own digit), columns aligned, '|' and '-+-' rules
// between boxes.

const DEFAULT_SYMBOLS = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/**
 * rows[r][c] = digits (1..N). box: { boxRows, boxCols } to draw, or null for
 * no box rules (jigsaw). alphabet: the symbols of digits 1..N.
 */
export function formatCandidates (rows, { box = null, alphabet = '' } = {}) {
  const n = rows.length
  const symbols = alphabet || DEFAULT_SYMBOLS
  const asText = n <= symbols.length
    ? (digits) => digits.map((d) => symbols[d - 1]).join('')
    : (digits) => digits.join(',') // no one-symbol form: numbers
  const cells = rows.map((row) => row.map((digits) => digits.length ? asText(digits) : '-'))
  const width = cells.flat().reduce((w, s) => Math.max(w, s.length), 0)
  const lines = []
  cells.forEach((row, r) => {
    if (box && r > 0 && r % box.boxRows === 0) lines.push(ruleLine(n, width, box.boxCols))
    lines.push(rowLine(row, width, box?.boxCols).trimEnd())
  })
  return lines.join('\n') + '\n'
}

function rowLine (row, width, boxCols) {
  return row.map((s, c) => (boxCols && c > 0 && c % boxCols === 0 ? '| ' : '') + s.padEnd(width + 1)).join('')
}

function ruleLine (n, width, boxCols) {
  const boxes = n / boxCols
  return Array.from({ length: boxes }, (_, b) => '-'.repeat(boxCols * (width + 1) + (b > 0 ? 1 : 0))).join('+')
}

/** The box the API picks when none is given: rows = largest divisor <= sqrt N. */
export function defaultBox (n) {
  let rows = Math.floor(Math.sqrt(n))
  while (n % rows) rows--
  return { boxRows: rows, boxCols: n / rows }
}
