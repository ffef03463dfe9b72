// A .csv file as one sheet: fields separated by commas (or semicolons or
// tabs, as LibreOffice writes them in some languages), quoted fields with
// "" inside, CRLF or LF lines. The sheet answers getCell(row, col) like an
// ExcelJS sheet, so solutions are placed the same way, and writes itself
// back in the same separator and line ending.
import { WorkbookError } from './zip-entries.mjs'
import { classifyText, key, MAX_COLUMNS } from './cells.mjs'
import { MAX_CELLS } from './xlsx-parts.mjs'

const MAX_ROWS = 1048576
const MAX_FIELDS = 1 << 22 // empty ones too: each is a slot in memory

export class CsvSheet {
  constructor (text, what, name) {
    this.name = name // the file's name without .csv, as LibreOffice names the sheet
    this.bom = text.startsWith('\ufeff')
    const body = this.bom ? text.slice(1) : text
    this.eol = /\r\n/.test(body) ? '\r\n' : '\n'
    this.separator = separatorOf(body)
    this.rows = parse(body, this.separator, what)
  }

  /** Every cell that is not empty, as sheetCells() gives them. */
  cells () {
    const cells = new Map()
    this.rows.forEach((fields, r) => fields.forEach((f, c) => {
      const k = classifyText(f)
      if (k.kind !== 'empty') cells.set(key(r + 1, c + 1), { row: r + 1, col: c + 1, ...k })
    }))
    return cells
  }

  getCell (row, col) {
    const rows = this.rows
    return {
      get value () { return rows[row - 1]?.[col - 1] ?? null },
      set value (v) {
        while (rows.length < row) rows.push([])
        const fields = rows[row - 1]
        while (fields.length < col) fields.push('')
        fields[col - 1] = String(v)
      },
      style: {}
    }
  }

  toString () {
    const quote = (f) => f.includes(this.separator) || /["\r\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f
    const lines = this.rows.map((fields) => fields.map(quote).join(this.separator))
    return (this.bom ? '\ufeff' : '') + lines.join(this.eol) + (lines.length ? this.eol : '')
  }
}

/** The separator of the first line with one: the most frequent of , ; and tab outside quotes. */
function separatorOf (text) {
  const line = text.slice(0, text.indexOf('\n') < 0 ? text.length : text.indexOf('\n')).replace(/"[^"]*"/g, '')
  let best = ','
  let most = 0
  for (const s of [',', ';', '\t']) {
    const n = line.split(s).length - 1
    if (n > most) { best = s; most = n }
  }
  return best
}

/** Rows of fields (strings, quotes removed). */
function parse (text, sep, what) {
  const rows = []
  let fields = []
  let field = ''
  let quoted = false
  let i = 0
  let total = 0
  let filled = 0
  const endField = () => {
    if (fields.length >= MAX_COLUMNS) throw new WorkbookError('TOO_LARGE', `${what}: line ${rows.length + 1} has more than ${MAX_COLUMNS} fields (a sheet's columns)`)
    if (++total > MAX_FIELDS || (field !== '' && ++filled > MAX_CELLS)) {
      throw new WorkbookError('TOO_LARGE', `${what} holds more than ${(total > MAX_FIELDS ? MAX_FIELDS : MAX_CELLS).toLocaleString('en-US')} ${total > MAX_FIELDS ? 'fields' : 'cells with values'}; dlxkit sheet reads at most that`)
    }
    fields.push(field)
    field = ''
  }
  const endRow = () => {
    endField()
    if (rows.length >= MAX_ROWS) throw new WorkbookError('TOO_LARGE', `${what} has more than ${MAX_ROWS} lines (a sheet's rows)`)
    rows.push(fields.length === 1 && fields[0] === '' ? [] : fields)
    fields = []
  }
  while (i < text.length) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') { field += '"'; i += 2; continue }
        quoted = false
      } else field += ch
      i++
      continue
    }
    if (ch === '"' && field === '') quoted = true
    else if (ch === sep) endField()
    else if (ch === '\n' || ch === '\r') {
      endRow()
      if (ch === '\r' && text[i + 1] === '\n') i++
    } else field += ch
    i++
  }
  if (quoted) throw new WorkbookError('BAD_CSV', `${what}: a quoted field opened on line ${rows.length + 1} is never closed`)
  if (field !== '' || fields.length) endRow()
  return rows
}
