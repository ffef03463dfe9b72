// dlxkit sheet: the Sudoku puzzles laid out in a workbook (.xlsx, .ods or
// .csv), solved and written beside them (or into copies of their sheets),
// everything else in the workbook kept. ExcelJS reads and writes .xlsx (and
// writes the answers to an .ods as .xlsx); it is an optional peer
// dependency, loaded only here. A .csv needs nothing more.
import { closeSync, fstatSync, openSync } from 'node:fs'
import { COMMON_OPTIONS, UsageError, parseCommandLine, parseWholeNumber } from '../args.mjs'
import { boxOption } from '../sudoku-options.mjs'
import { loadKit, DlxError } from '../library.mjs'
import { sheetRange, rangeAddress, address } from '../sheet/cells.mjs'
import { findBlocks, autoSides, readFrame, namedRanges } from '../sheet/find-blocks.mjs'
import { Occupancy, placeBeside, copySheet } from '../sheet/place.mjs'
import { checkOutput, writeFileAtomically, WriteError } from '../sheet/atomic-file.mjs'
import { readWorkbook, loadExcel, outputFormat } from '../sheet/workbook-file.mjs'
import { WorkbookError } from '../sheet/zip-entries.mjs'
import { installAdvice } from '../install-advice.mjs'

const OPTIONS = {
  ...COMMON_OPTIONS,
  out: { type: 'string', short: 'o' },
  box: { type: 'string' },
  copy: { type: 'boolean' },
  force: { type: 'boolean', short: 'f' },
  'max-nodes': { type: 'string' }
}

const MAX_SIDE = 64
const REASONS = { ENOENT: 'no such file', EACCES: 'permission denied', EISDIR: 'is a directory' }

export async function sheetCommand (argv, io) {
  const { values, positionals } = parseCommandLine(argv, OPTIONS, 'sheet')
  if (values.help || values.version) return io.about(values, 'sheet')
  if (positionals.length !== 1) {
    throw new UsageError(positionals.length ? `one workbook at a time (got ${positionals.length}: ${positionals.join(' ')})` : 'name the workbook: dlxkit sheet IN.xlsx (or IN.ods, IN.csv)', 'sheet')
  }
  const input = positionals[0]
  const output = values.out ?? defaultOutput(input)
  const shape = values.box !== undefined ? await boxOption(values.box, 'sheet') : {}
  const maxNodes = values['max-nodes'] === undefined ? 0 : parseWholeNumber(values['max-nodes'], 'max-nodes', { note: '0: no limit', command: 'sheet' })

  // A workbook needs ExcelJS: say so first (a .csv does not).
  const excel = TEXT_FILE.test(input) ? undefined : await loadExcel()
  if (excel === null) return noExcel()
  checkReadable(input)
  checkOutput(output, { force: values.force, command: 'sheet' }) // before the work, not after
  let book
  try {
    book = await readWorkbook(input, async () => excel ?? await loadExcel())
  } catch (e) {
    if (!(e instanceof WorkbookError)) throw e
    process.stderr.write(`dlxkit: ${e.message}\n`)
    return 1
  }
  if (book.missing) return noExcel()
  const kind = outputFormat(book.format)
  const named = /\.(xlsx|ods|csv|tsv|xls)$/i.exec(output)?.[1].toLowerCase().replace('tsv', 'csv')
  if (named && named !== kind) throw new UsageError(`the answers to ${article(book.format)} .${book.format} file are written as .${kind}, not .${named} (--out ${output})`, 'sheet')
  if (values.copy && !book.workbook) throw new UsageError(`--copy writes into a copy of a sheet; a .${book.format} file has one sheet and no room for another`, 'sheet')

  const sides = shape.boxCols ? [shape.boxRows * shape.boxCols] : autoSides().filter((n) => !shape.boxRows || n % shape.boxRows === 0)
  const found = findPuzzles(book.sheets, book.names, sides)
  const kit = await loadKit()
  for (const p of found.puzzles) solve(kit, p, { ...shape, maxNodes })
  writeAnswers(book.workbook, found, Boolean(values.copy))

  for (const line of reportLines(found)) io.out.line(line)
  const solved = found.puzzles.filter((p) => p.solution).length
  const failed = found.puzzles.length - solved
  if (!found.puzzles.length) {
    io.out.flush()
    process.stderr.write(`dlxkit: ${input}: no puzzle found (a block of N x N cells with whole numbers and blanks, or a named N x N range)\n`)
    return 1
  }
  try {
    await writeFileAtomically(output, book.write, { force: values.force })
  } catch (e) {
    if (!(e instanceof WriteError)) throw e
    io.out.flush()
    process.stderr.write(`dlxkit: ${e.message}\n`)
    return 1
  }
  io.out.line(`${plural(solved, 'puzzle')} solved, ${failed} not (no solution, a clash or given up), ${plural(found.skipped.length, 'block')} skipped; wrote ${output}`)
  io.out.flush()
  return failed ? 1 : 0
}

const TEXT_FILE = /\.(csv|tsv)$/i

function noExcel () {
  const { command, from } = installAdvice('exceljs')
  process.stderr.write(`dlxkit: sheet needs the package exceljs, which ${from} does not find; install it with:\n  ${command}\n`)
  return 2
}

/** Say why a file cannot be read (ENOENT, EACCES...) before anything else. */
function checkReadable (input) {
  let fd
  try {
    fd = openSync(input, 'r')
    const stat = fstatSync(fd)
    if (stat.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' })
    if (!stat.isFile()) throw new Error('not a regular file (a workbook is read whole)')
  } catch (e) {
    throw new UsageError(`cannot read '${input}': ${REASONS[e.code] ?? e.message}`, 'sheet')
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/**
 * IN.xlsx -> IN.solved.xlsx, IN.ods -> IN.solved.xlsx, IN.csv -> IN.solved.csv
 * (.tsv alike):
 * the input is never overwritten unless --out names it (and --force).
 */
function defaultOutput (input) {
  const m = /\.(xlsx|ods|csv|tsv)$/i.exec(input)
  if (!m) return `${input}.solved.xlsx`
  const ext = TEXT_FILE.test(input) ? m[1] : 'xlsx'
  return `${input.slice(0, m.index)}.solved.${ext}`
}

const article = (format) => format === 'csv' ? 'a' : 'an' // an .xlsx, an .ods, a .csv
const plural = (k, word) => `${k} ${word}${k === 1 ? '' : 's'}`

/**
 * Every sheet's puzzles: named N x N ranges first (they win over blocks
 * found in the same place), then the blocks found by layout.
 */
function findPuzzles (sheetList, definedNames, sides) {
  const names = namedRanges(definedNames)
  const puzzles = []
  const skipped = []
  for (const { sheet, cells } of sheetList) {
    const named = []
    for (const n of names.filter((x) => x.sheet === sheet.name && x.rows === x.cols && x.rows >= 4)) {
      if (n.rows > MAX_SIDE) { // never read cell by cell: a square name may span 16384 x 16384
        skipped.push({ sheet, top: n.top, left: n.left, rows: n.rows, cols: n.cols, name: n.name, reason: `a ${n.rows}x${n.cols} range is larger than a Sudoku (${MAX_SIDE}x${MAX_SIDE} at most)` })
        continue
      }
      const frame = { top: n.top, left: n.left, n: n.rows }
      const read = readFrame(cells, frame)
      const where = { sheet, top: n.top, left: n.left, rows: n.rows, cols: n.cols, name: n.name }
      if (read.reason) skipped.push({ ...where, reason: read.reason })
      else named.push({ ...where, ...frame, grid: read.grid })
    }
    const auto = findBlocks(cells, sides)
    const free = (b) => !named.some((n) => overlaps(n, b))
    // Loops, not push(...): a sheet can hold more blocks than a call takes arguments.
    for (const p of named) puzzles.push(p)
    for (const f of auto.frames) if (free({ ...f, rows: f.n, cols: f.n })) puzzles.push({ sheet, ...f, rows: f.n, cols: f.n })
    for (const s of auto.skipped) if (free(s)) skipped.push({ sheet, ...s })
  }
  const index = (s) => sheetList.findIndex((x) => x.sheet === s)
  const order = (a, b) => index(a.sheet) - index(b.sheet) || a.top - b.top || a.left - b.left
  return { puzzles: puzzles.sort(order), skipped: skipped.sort(order), sheets: sheetList }
}

function overlaps (a, b) {
  return a.top < b.top + b.rows && b.top < a.top + a.rows && a.left < b.left + b.cols && b.left < a.left + a.cols
}

/** Sets p.status (text for the report) and p.solution (rows of digits) when there is one. */
function solve (kit, p, opts) {
  try {
    const r = kit.sudoku.solve(p.grid, { ...opts, limit: 2 })
    if (r.status === 'stopped') p.status = `gave up after ${r.nodes} search nodes`
    else if (!r.solution) p.status = 'no solution'
    else {
      p.solution = r.solution
      p.status = r.status === 'unique' ? 'unique solution' : 'more than one solution (one written)'
    }
  } catch (e) {
    if (!(e instanceof DlxError)) throw e
    const d = e.details
    p.status = e.code === 'CLASH'
      ? `clash: ${address(p.top + d.row2 - 1, p.left + d.col2 - 1)} and ${address(p.top + d.row - 1, p.left + d.col - 1)} both ${d.value}`
      : `not solvable as given: ${e.message}`
  }
}

/**
 * Answers beside their puzzles where there is room, else (or with --copy)
 * filled into a copy of the sheet (a .csv has none: not written). Copies are made before anything is
 * written, so they show the sheet as it was.
 */
function writeAnswers (workbook, found, copyAll) {
  const plans = []
  for (const { sheet, cells } of found.sheets) {
    const mine = found.puzzles.filter((p) => p.sheet === sheet && p.solution)
    const occupancy = new Occupancy(cells)
    for (const p of found.puzzles.filter((q) => q.sheet === sheet)) occupancy.takeArea(p.top, p.left, p.n, p.n)
    for (const p of mine) plans.push({ p, at: copyAll ? null : placeBeside(occupancy, p) })
  }
  const copies = new Map()
  for (const { p } of plans.filter((x) => !x.at)) {
    if (workbook && !copies.has(p.sheet)) copies.set(p.sheet, copySheet(workbook, p.sheet))
  }
  for (const { p, at } of plans) {
    if (at) {
      for (let r = 0; r < p.n; r++) {
        for (let c = 0; c < p.n; c++) {
          const target = p.sheet.getCell(at.top + r, at.left + c)
          target.value = p.solution[r][c]
          target.style = structuredClone(p.sheet.getCell(p.top + r, p.left + c).style ?? {})
        }
      }
      p.written = sheetRange(p.sheet.name, rangeAddress(at.top, at.left, p.n))
    } else if (!workbook) {
      p.status += ' (no room beside it, and a .csv file has no other sheet)'
    } else {
      const copy = copies.get(p.sheet)
      for (let r = 0; r < p.n; r++) {
        for (let c = 0; c < p.n; c++) if (!p.grid[r][c]) copy.getCell(p.top + r, p.left + c).value = p.solution[r][c]
      }
      p.written = sheetRange(copy.name, rangeAddress(p.top, p.left, p.n)) + (copyAll ? '' : ' (no room beside it)')
    }
  }
}

function reportLines (found) {
  const label = (x) => sheetRange(x.sheet.name, rangeAddress(x.top, x.left, x.rows, x.cols)) + (x.name ? ` (named ${x.name})` : '')
  const lines = found.puzzles.map((p) => `${label(p)}: ${p.n}x${p.n}, ${p.status}${p.written ? `, written to ${p.written}` : '; not written'}`)
  return [...lines, ...found.skipped.map((s) => `${label(s)}: skipped: ${s.reason}`)]
}
