// dlxkit sheet on what people and attackers hand it besides a tidy .xlsx:
// workbooks whose defined names, data validations or merges span the whole
// sheet (ExcelJS builds one object per cell of those), zips that lie about
// their size, .ods and .csv files, and formats it does not read. The CLI
// runs as a child with a 256 MB heap, so reading a range cell by cell
// fails the test by aborting, not by being slow; the timeouts are hang
// guards only, far above the second these take.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ExcelJS from 'exceljs'
import { isSolution } from './helpers.mjs'
import { storedZip, minimalXlsx, minimalOds } from './zip-bytes.mjs'
import { zipEntries, readEntry } from '../bin/lib/sheet/zip-entries.mjs'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const CLI = join(ROOT, 'bin', 'dlxkit.mjs')
const FOUR = [[1, 0, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]]
const HANG_GUARD = 120000
let dir

before(() => { dir = mkdtempSync(join(tmpdir(), 'dlxkit-sheet-files-')) })
after(() => rmSync(dir, { recursive: true, force: true }))

/** The CLI in `dir` with a small heap: a range read cell by cell aborts it. */
function run (...args) {
  const r = spawnSync(process.execPath, ['--max-old-space-size=256', CLI, 'sheet', ...args], { cwd: dir, encoding: 'utf8', timeout: HANG_GUARD })
  assert.equal(r.error, undefined, `dlxkit sheet ${args.join(' ')}: ${r.error?.message}`)
  assert.equal(r.signal, null, `dlxkit sheet ${args.join(' ')} died of ${r.signal}: ${r.stderr.slice(-500)}`)
  return r
}

const file = (name, bytes) => { writeFileSync(join(dir, name), bytes); return name }
const unzip = (name) => {
  const bytes = readFileSync(join(dir, name))
  const entries = zipEntries(bytes, name, 1 << 30)
  return (part) => readEntry(bytes, entries.get(part), part).toString('utf8')
}
const solves = (grid, puzzle) => isSolution(grid.flat().map(Number), puzzle.flat(), 4, 2, 2)

const WHOLE_SHEET_NAMES = '<definedNames><definedName name="Everything">Sheet1!$A$1:$XFD$1048576</definedName>' +
  '<definedName name="Four">Sheet1!$B$2:$E$5</definedName><definedName name="Square">Sheet1!$A$1:$XFD$16384</definedName>' +
  '<definedName name="_xlnm.Print_Area" localSheetId="0">Sheet1!$A$1:$XFD$1048576</definedName></definedNames>'
const WHOLE_SHEET_VALIDATION = '<dataValidations count="1"><dataValidation type="whole" sqref="F1:XFD1048576"><formula1>1</formula1></dataValidation></dataValidations>'

test('defined names over the whole sheet (a square one too), a print area and a data validation: read within the cells the sheet holds, and kept', async () => {
  file('whole.xlsx', minimalXlsx(FOUR, { names: WHOLE_SHEET_NAMES, afterData: WHOLE_SHEET_VALIDATION }))
  const r = run('whole.xlsx')
  assert.equal(r.status, 0, r.stderr)
  // the named 4x4 is read as such, once (not again as a block found by layout)
  assert.equal(r.stdout.split('\n').slice(0, 3).join('\n'), 'Sheet1!B2:E5 (named Four): 4x4, unique solution, written to Sheet1!G2:J5\n' +
    'Sheet1!A1:XFD16384 (named Square): skipped: a 16384x16384 range is larger than a Sudoku (64x64 at most)\n' +
    '1 puzzle solved, 0 not (no solution, a clash or given up), 1 block skipped; wrote whole.solved.xlsx')
  const part = unzip('whole.solved.xlsx')
  // the names and the validation come back byte for byte
  assert.ok(part('xl/workbook.xml').includes(WHOLE_SHEET_NAMES), part('xl/workbook.xml'))
  const sheetXml = part('xl/worksheets/sheet1.xml')
  assert.ok(sheetXml.includes(WHOLE_SHEET_VALIDATION), sheetXml)
  assert.ok(sheetXml.indexOf(WHOLE_SHEET_VALIDATION) > sheetXml.indexOf('</sheetData>'))
  // the answer, read back (without the whole-sheet ranges, which would blow up this process too)
  const safe = storedZip(Object.fromEntries([...zipEntries(readFileSync(join(dir, 'whole.solved.xlsx')))].map(([name]) =>
    [name, name === 'xl/workbook.xml' ? part(name).replace(WHOLE_SHEET_NAMES, '') : name.startsWith('xl/worksheets/') ? part(name).replace(WHOLE_SHEET_VALIDATION, '') : part(name)])))
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(safe)
  const ws = wb.getWorksheet('Sheet1')
  const answer = Array.from({ length: 4 }, (_, r) => Array.from({ length: 4 }, (_, c) => ws.getCell(2 + r, 7 + c).value))
  assert.ok(solves(answer, FOUR), JSON.stringify(answer))
})

test('--copy of a sheet with one cell at XFD1048576: the cells it holds are copied, not every index up to that one', async () => {
  const far = '<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>far</t></is></c></row>'
  file('far.xlsx', minimalXlsx(FOUR, { moreRows: far }))
  const r = run('far.xlsx', '--copy')
  assert.equal(r.status, 0, r.stderr)
  assert.match(r.stdout, /^Sheet1!B2:E5: 4x4, unique solution, written to 'Sheet1 solved'!B2:E5\n/)
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.readFile(join(dir, 'far.solved.xlsx'))
  const copy = wb.getWorksheet('Sheet1 solved')
  assert.equal(copy.getCell('XFD1048576').value, 'far')
  const answer = Array.from({ length: 4 }, (_, r) => Array.from({ length: 4 }, (_, c) => copy.getCell(2 + r, 2 + c).value))
  assert.ok(solves(answer, FOUR), JSON.stringify(answer))
})

test('a merge over the whole sheet, or more cells than the budget: refused at once with the range named', () => {
  file('merged.xlsx', minimalXlsx(FOUR, { afterData: '<mergeCells count="1"><mergeCell ref="F1:XFD1048576"/></mergeCells>' }))
  let r = run('merged.xlsx')
  assert.equal(r.status, 1, r.stderr)
  assert.equal(r.stderr, "dlxkit: 'merged.xlsx' holds a merged range Sheet1!F1:XFD1048576 of 17,174,626,304 cells; dlxkit sheet reads workbooks of at most 262,144 cells\n")
  const many = Array.from({ length: 700 }, () => Array.from({ length: 400 }, () => 5))
  file('many.xlsx', minimalXlsx(many))
  r = run('many.xlsx')
  assert.equal(r.status, 1, r.stderr)
  assert.match(r.stderr, /^dlxkit: 'many\.xlsx' holds more than 262,144 cells \(with its rows and merged cells\) by Sheet1; dlxkit sheet reads workbooks of at most 262,144 cells\n$/)
})

test('a zip that claims gigabytes, or unpacks past what it claims: refused before it is unpacked', () => {
  const claims = storedZip({ 'xl/workbook.xml': '<workbook/>' }, { sizeOf: () => 0x7fffffff })
  let r = run(file('claims.xlsx', claims))
  assert.equal(r.status, 1, r.stderr)
  assert.match(r.stderr, /^dlxkit: 'claims\.xlsx' unpacks to more than 64 MiB \(xl\/workbook\.xml alone is 2048 MiB\); dlxkit sheet reads workbooks up to 64 MiB unpacked\n$/)
  const lies = storedZip({ 'xl/workbook.xml': '<workbook>' + ' '.repeat(1000) + '</workbook>' }, { sizeOf: () => 10 })
  r = run(file('lies.xlsx', lies))
  assert.equal(r.status, 1, r.stderr)
  assert.match(r.stderr, /^dlxkit: 'lies\.xlsx' is not a readable \.xlsx workbook/)
})

test('.csv: read (commas or semicolons, quoted fields) and written back as .csv beside the puzzle', () => {
  const lines = ['Four;"a ""quoted""; field";;;', ...FOUR.map((row) => ';' + row.map((v) => v || '').join(';'))]
  file('four.csv', lines.join('\r\n') + '\r\n')
  const r = run('four.csv')
  assert.equal(r.status, 0, r.stderr)
  assert.match(r.stdout, /^four!B2:E5: 4x4, unique solution, written to four!G2:J5\n/)
  const out = readFileSync(join(dir, 'four.solved.csv'), 'utf8')
  const rows = out.split('\r\n')
  assert.equal(rows[0], 'Four;"a ""quoted""; field";;;', 'the other fields as they were')
  assert.equal(rows.length, 6) // five lines and the last line end
  const answer = rows.slice(1, 5).map((line) => line.split(';').slice(6, 10).map(Number))
  assert.ok(solves(answer, FOUR), out)
  assert.deepEqual(rows.slice(1, 5).map((line) => line.split(';').slice(1, 5).map((v) => +v || 0)), FOUR, 'the puzzle as it was')
  // not UTF-8 (a Latin-1 export): every byte comes back as it was
  const latin1 = Buffer.concat([Buffer.from('Caf'), Buffer.from([0xe9]), Buffer.from(',,,,\n'), Buffer.from(FOUR.map((row) => ',' + row.map((v) => v || '').join(',')).join('\n') + '\n')])
  const l = run(file('latin1.csv', latin1))
  assert.equal(l.status, 0, l.stderr)
  const back = readFileSync(join(dir, 'latin1.solved.csv'))
  assert.deepEqual(back.subarray(0, 8), latin1.subarray(0, 8))
  assert.match(back.toString('latin1'), /^Caf\xe9,,,,\n,1,,,,,1,3,2,4\n/)
  // one sheet: no copy of it to write into
  const c = run('four.csv', '--copy', '--out', 'copy.csv')
  assert.equal(c.status, 2)
  assert.match(c.stderr, /^dlxkit: --copy writes into a copy of a sheet; a \.csv file has one sheet/)
})

const cellsOf = (row) => row.map((v) => v ? `<table:table-cell office:value-type="float" office:value="${v}"><text:p>${v}</text:p></table:table-cell>` : '<table:table-cell/>').join('')

test('.ods: its tables read (repeated empty rows and cells to the sheet\'s end cost nothing), the answers written as .xlsx', async () => {
  const rows = FOUR.map((row) => `<table:table-row><table:table-cell/>${cellsOf(row)}<table:table-cell table:number-columns-repeated="16379"/></table:table-row>`).join('')
  const label = '<table:table-row><table:table-cell office:value-type="string"><text:p>Four &amp; more</text:p><office:annotation><text:p>7</text:p></office:annotation></table:table-cell></table:table-row>'
  const tail = '<table:table-row table:number-rows-repeated="1048571"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>'
  file('four.ods', minimalOds(`<table:table table:name="Puzzles"><table:table-column table:number-columns-repeated="16384"/>${label}${rows}${tail}</table:table>`))
  const r = run('four.ods')
  assert.equal(r.status, 0, r.stderr)
  assert.match(r.stdout, /^Puzzles!B2:E5: 4x4, unique solution, written to Puzzles!G2:J5\n[^\n]*wrote four\.solved\.xlsx\n$/)
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.readFile(join(dir, 'four.solved.xlsx'))
  const ws = wb.getWorksheet('Puzzles')
  assert.equal(ws.getCell('A1').value, 'Four & more', 'text kept, the comment not taken for it')
  const answer = Array.from({ length: 4 }, (_, r) => Array.from({ length: 4 }, (_, c) => ws.getCell(2 + r, 7 + c).value))
  assert.ok(solves(answer, FOUR), JSON.stringify(answer))
  // --out must not name an .ods: it would not be one
  const o = run('four.ods', '--out', 'x.ods')
  assert.equal(o.status, 2)
  assert.match(o.stderr, /^dlxkit: the answers to an \.ods file are written as \.xlsx, not \.ods \(--out x\.ods\)\n/)
})

test('.ods: a value repeated over the whole sheet is refused, never written out cell by cell', () => {
  const flood = '<table:table-row table:number-rows-repeated="1048576"><table:table-cell table:number-columns-repeated="16384" office:value-type="float" office:value="7"><text:p>7</text:p></table:table-cell></table:table-row>'
  const r = run(file('flood.ods', minimalOds(`<table:table table:name="Flood">${flood}</table:table>`)))
  assert.equal(r.status, 1, r.stderr)
  assert.equal(r.stderr, "dlxkit: 'flood.ods' holds more than 262,144 cells with values (counting repeated rows and cells); dlxkit sheet reads at most that\n")
})

test('formats not read are named, with the ones that are', () => {
  const SUPPORTED = 'dlxkit sheet reads .xlsx (Excel), .ods (LibreOffice, OpenDocument) and .csv\n'
  const cases = [
    ['old.xls', Buffer.from('d0cf11e0a1b11ae1' + '00'.repeat(504), 'hex'), 'is an .xls (Excel 97-2003) workbook, a password-protected workbook or another OLE file; save it as .xlsx without a password'],
    ['letter.odt', storedZip({ mimetype: 'application/vnd.oasis.opendocument.text', 'content.xml': '<x/>' }), 'is an OpenDocument file of type application/vnd.oasis.opendocument.text, not a spreadsheet'],
    ['photos.zip', storedZip({ 'a.jpg': 'x' }), 'is a zip file but no workbook'],
    ['binary.xlsb', storedZip({ 'xl/workbook.bin': 'x' }), 'is an .xlsb (Excel binary) workbook; save it as .xlsx'],
    ['notes.md', '# notes\n', 'is not a workbook (a .md file)'],
    ['nul.csv', Buffer.from('1,2\0\n'), 'is named .csv but holds NUL bytes: not a text file']
  ]
  for (const [name, bytes, is] of cases) {
    const r = run(file(name, bytes))
    assert.equal(r.status, 1, `${name}: ${r.stderr}`)
    assert.equal(r.stderr, `dlxkit: '${name}' ${is}; ${SUPPORTED}`)
  }
})
