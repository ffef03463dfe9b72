// The tables of an OpenDocument spreadsheet (.ods, LibreOffice's format):
// content.xml's <table:table> elements, their rows and cells. Runs of equal
// rows or cells (number-rows-repeated, number-columns-repeated) are how a
// sheet says "the rest is empty": an empty run only moves the position on;
// a run that holds something is written out, within a budget of cells, so a
// hostile "this value, a billion times" is refused, never expanded.
import { WorkbookError } from './zip-entries.mjs'
import { decode, MAX_CELLS } from './xlsx-parts.mjs'
import { MAX_COLUMNS } from './cells.mjs'

const MAX_ROWS = 1048576
const NUMERIC = new Set(['float', 'percentage', 'currency'])
const MAX_TABLES = 1024

/** [{ name, cells: [{ row, col, value }] }]: values are numbers or text; empty cells are left out. */
export function odsTables (xml, what) {
  const tables = []
  let table = null
  let row = 0 // the row being read (1-based), and how many times it repeats
  let rowRepeat = 1
  let rowCells = []
  let col = 0
  let cell = null // the cell being read: { value, type, repeat, text }
  let hidden = 0 // depth inside an annotation (a comment: not the cell's text)
  let paragraphs = 0
  let budget = MAX_CELLS
  const tag = /<(\/?)([\w.-]+:[\w.-]+|[\w.-]+)((?:\s[^>]*?)?)(\/?)>|([^<]+)/g
  for (const m of xml.matchAll(tag)) {
    const [, closing, name, attrs, selfClosing, chars] = m
    if (chars !== undefined) {
      if (cell && !hidden) cell.text += decode(chars)
      continue
    }
    if (name === 'table:table') {
      if (closing) { table = null; continue }
      if (tables.length >= MAX_TABLES) throw new WorkbookError('TOO_LARGE', `${what} holds more than ${MAX_TABLES} tables (sheets); dlxkit sheet reads at most that`)
      table = { name: attr(attrs, 'table:name') ?? `Sheet${tables.length + 1}`, cells: [] }
      tables.push(table)
      row = 0
      rowRepeat = 1
    } else if (name === 'table:table-row' && table) {
      if (closing) { endRow(); continue }
      row += rowRepeat
      rowRepeat = repeat(attrs, 'table:number-rows-repeated')
      rowCells = []
      col = 1
      if (selfClosing) endRow()
    } else if ((name === 'table:table-cell' || name === 'table:covered-table-cell') && table) {
      if (closing) { endCell(); continue }
      cell = { type: attr(attrs, 'office:value-type'), value: attr(attrs, 'office:value'), repeat: repeat(attrs, 'table:number-columns-repeated'), text: '' }
      paragraphs = 0
      if (selfClosing) endCell()
    } else if (name === 'office:annotation' && cell) {
      if (!selfClosing) hidden += closing ? -1 : 1
    } else if (name === 'text:p' && cell && !hidden && !closing) {
      if (paragraphs++) cell.text += '\n'
    } else if (name === 'text:s' && cell && !hidden && !closing) {
      cell.text += ' '.repeat(repeat(attrs, 'text:c'))
    }
  }
  return tables

  function endCell () {
    const value = valueOf(cell)
    if (value !== null) {
      if (col + cell.repeat - 1 > MAX_COLUMNS) throw new WorkbookError('TOO_LARGE', `${what}: ${table.name} has a value beyond column ${MAX_COLUMNS}, the last of a sheet`)
      if (rowCells.length + cell.repeat > budget) spend(rowCells.length + cell.repeat) // refused before it is written out
      for (let k = 0; k < cell.repeat; k++) rowCells.push({ col: col + k, value })
    }
    col += cell.repeat
    cell = null
  }

  function endRow () {
    if (rowCells.length) {
      if (row + rowRepeat - 1 > MAX_ROWS) throw new WorkbookError('TOO_LARGE', `${what}: ${table.name} has a value beyond row ${MAX_ROWS}, the last of a sheet`)
      spend(rowCells.length * rowRepeat)
      for (let k = 0; k < rowRepeat; k++) for (const c of rowCells) table.cells.push({ row: row + k, col: c.col, value: c.value })
    }
    rowCells = []
  }

  function spend (n) {
    budget -= n
    if (budget < 0) throw new WorkbookError('TOO_LARGE', `${what} holds more than ${MAX_CELLS.toLocaleString('en-US')} cells with values (counting repeated rows and cells); dlxkit sheet reads at most that`)
  }
}

/** A number for numeric cells, the text for others, null for an empty cell. */
function valueOf (cell) {
  if (NUMERIC.has(cell.type) && cell.value !== undefined && Number.isFinite(Number(cell.value))) return Number(cell.value)
  return cell.text === '' ? null : cell.text
}

function attr (attrs, name) {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(attrs)
  return m ? decode(m[1]) : undefined
}

/** A repeat count: 1 when absent; any whole number (a huge one is fine: empty runs cost nothing). */
function repeat (attrs, name) {
  const v = attr(attrs, name)
  const n = v === undefined ? 1 : Number(v)
  return Number.isSafeInteger(n) && n >= 1 ? n : 1
}
