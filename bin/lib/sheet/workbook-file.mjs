// Which file dlxkit sheet was given, read into sheets, and written back:
//   .xlsx  read through ExcelJS (its hostile ranges kept from it, see
//          xlsx-parts.mjs), written as .xlsx;
//   .ods   its tables' values read here, written as an .xlsx workbook
//          (values and answers; writing OpenDocument is not done);
//   .csv   one sheet, written back as .csv.
// Anything else is named and refused.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename } from 'node:path'
import { WorkbookError, zipEntries, readEntry, unpackAll, MAX_UNPACKED } from './zip-entries.mjs'
import { prepareXlsx } from './xlsx-parts.mjs'
import { odsTables } from './ods-tables.mjs'
import { CsvSheet } from './csv-sheet.mjs'
import { sheetCells } from './cells.mjs'

export const READ = 'dlxkit sheet reads .xlsx (Excel), .ods (LibreOffice, OpenDocument) and .csv'
const ODS_TYPE = 'application/vnd.oasis.opendocument.spreadsheet'

/** 'xlsx' | 'ods' | 'csv' for the bytes of `name`, or a WorkbookError naming what it is. */
export function formatOf (bytes, name) {
  const what = `'${name}'`
  const ext = /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase()
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50) {
    const entries = zipEntries(bytes, what)
    if (entries.has('mimetype')) {
      const type = readEntry(bytes, entries.get('mimetype'), 'mimetype').toString('utf8').trim()
      if (type === ODS_TYPE) return 'ods'
      throw refused(what, `an OpenDocument file of type ${type}, not a spreadsheet`)
    }
    if (entries.has('xl/workbook.xml')) return 'xlsx'
    if (entries.has('xl/workbook.bin')) throw refused(what, 'an .xlsb (Excel binary) workbook; save it as .xlsx')
    throw refused(what, 'a zip file but no workbook')
  }
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0xd0cf11e0) throw refused(what, 'an .xls (Excel 97-2003) workbook, a password-protected workbook or another OLE file; save it as .xlsx without a password')
  if (ext === 'csv' || ext === 'tsv') {
    if (bytes.includes(0)) throw refused(what, 'named .csv but holds NUL bytes: not a text file')
    return 'csv'
  }
  if (ext === 'xlsx' || ext === 'ods') throw refused(what, `not a readable .${ext} workbook (not a zip file)`)
  throw refused(what, `not a workbook${ext ? ` (a .${ext} file)` : ''}`)
}

const refused = (what, is) => new WorkbookError('NOT_A_WORKBOOK', `${what} is ${is}; ${READ}`)

/** The output's format for an input format: .ods answers go into an .xlsx. */
export const outputFormat = (format) => format === 'csv' ? 'csv' : 'xlsx'

/**
 * Read `path` (already known to be a readable file). Returns { format,
 * sheets: [{ sheet, cells }], names, workbook, write(stream) } where each
 * sheet answers .name and .getCell(row, col) as ExcelJS sheets do.
 */
export async function readWorkbook (path, loadExcel) {
  const bytes = readFileSync(path)
  const what = `'${path}'`
  if (bytes.length > MAX_UNPACKED) throw new WorkbookError('TOO_LARGE', `${what} is ${Math.round(bytes.length / (1 << 20))} MiB; dlxkit sheet reads files up to ${MAX_UNPACKED >> 20} MiB`)
  const format = formatOf(bytes, path)
  if (format === 'csv') {
    // Not UTF-8: read as Latin-1, one character per byte, so that every byte
    // is written back as it was (the answers are ASCII digits either way).
    const encoding = isUtf8(bytes) ? 'utf8' : 'latin1'
    const sheet = new CsvSheet(bytes.toString(encoding), what, basename(path).replace(/\.[^.]*$/, '') || 'csv')
    return { format, sheets: [{ sheet, cells: sheet.cells() }], names: [], write: (stream) => endWith(stream, Buffer.from(sheet.toString(), encoding)) }
  }
  const excel = await loadExcel()
  if (!excel) return { format, missing: true }
  const { ExcelJS, JSZip } = excel
  const files = unpackAll(bytes, what)
  const workbook = new ExcelJS.Workbook()
  let names = []
  let restore = (written) => written
  if (format === 'xlsx') {
    const safe = prepareXlsx(files, what)
    names = safe.names
    restore = safe.restore
    try {
      await workbook.xlsx.load(await pack(JSZip, safe.files, 'STORE'))
    } catch (e) {
      throw new WorkbookError('BAD_XLSX', `${what} is not a readable .xlsx workbook (${e.message})`)
    }
  } else {
    const content = files.get('content.xml')
    if (!content) throw new WorkbookError('BAD_ODS', `${what} is an .ods file without content.xml`)
    for (const table of odsTables(content.toString('utf8'), what)) {
      const ws = workbook.addWorksheet(uniqueName(workbook, table.name))
      for (const { row, col, value } of table.cells) ws.getCell(row, col).value = value
    }
  }
  const sheets = workbook.worksheets.map((sheet) => ({ sheet, cells: sheetCells(sheet) }))
  const write = async (stream) => {
    // ExcelJS stores, this packs: the bytes are deflated once.
    const written = unpackAll(Buffer.from(await workbook.xlsx.writeBuffer({ zip: { compression: 'STORE' } })), 'the workbook written', 1 << 30)
    await endWith(stream, await pack(JSZip, restore(written), 'DEFLATE'))
  }
  return { format, sheets, names, workbook, write }
}

function isUtf8 (bytes) {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

/** A zip of the files (a Map of name -> Buffer), in their order. */
function pack (JSZip, files, compression) {
  const zip = new JSZip()
  for (const [name, data] of files) zip.file(name, data)
  return zip.generateAsync({ type: 'nodebuffer', compression })
}

function endWith (stream, data) {
  return new Promise((resolve, reject) => stream.write(data, (e) => e ? reject(e) : resolve()))
}

/** Excel's sheet names: 31 characters, none of []:*?/\ , unique. */
function uniqueName (workbook, name) {
  const base = name.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet'
  const taken = (n) => workbook.worksheets.some((s) => s.name.toLowerCase() === n.toLowerCase())
  let candidate = base
  for (let k = 2; taken(candidate); k++) candidate = `${base.slice(0, 31 - String(k).length - 1)} ${k}`
  return candidate
}

/** { ExcelJS, JSZip } (JSZip is ExcelJS's own dependency), or null when exceljs is not installed. */
export async function loadExcel () {
  let ExcelJS
  try {
    const m = await import('exceljs')
    ExcelJS = m.default ?? m
  } catch (e) {
    if (e.code === 'ERR_MODULE_NOT_FOUND' && /exceljs/.test(e.message)) return null
    throw e
  }
  const require = createRequire(import.meta.url)
  const JSZip = createRequire(require.resolve('exceljs'))('jszip')
  return { ExcelJS, JSZip }
}
