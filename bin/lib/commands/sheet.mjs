// dlxkit sheet: the Sudoku puzzles laid out in an .xlsx workbook, solved and
// written beside them (or into copies of their sheets), everything else in
// the workbook kept. ExcelJS reads and writes the file; it is an optional
// peer dependency, loaded only here.
import { closeSync, fstatSync, openSync } from 'node:fs'
import { COMMON_OPTIONS, UsageError, parseCommandLine, parseBox, parseWholeNumber } from '../args.mjs'
import { loadKit, DlxError } from '../library.mjs'
import { sheetCells, sheetRange, rangeAddress, address } from '../sheet/cells.mjs'
import { findBlocks, autoSides, readFrame, namedRanges } from '../sheet/find-blocks.mjs'
import { Occupancy, placeBeside, copySheet } from '../sheet/place.mjs'
import { checkOutput, writeFileAtomically, WriteError } from '../sheet/atomic-file.mjs'
import { installAdvice } from '../install-advice.mjs'

const OPTIONS = {
  ...COMMON_OPTIONS,
  out: { type: 'string', short: 'o' },
  box: { type: 'string' },
  copy: { type: 'boolean' },
  force: { type: 'boolean', short: 'f' },
  'max-nodes': { type: 'string' }
}

const REASONS = { ENOENT: 'no such file', EACCES: 'permission denied', EISDIR: 'is a directory' }

export async function sheetCommand (argv, io) {
  const { values, positionals } = parseCommandLine(argv, OPTIONS, 'sheet')
  if (values.help || values.version) return io.about(values, 'sheet')
  if (positionals.length !== 1) {
    throw new UsageError(positionals.length ? `one workbook at a time (got ${positionals.length}: ${positionals.join(' ')})` : 'name the workbook: dlxkit sheet IN.xlsx', 'sheet')
  }
  const input = positionals[0]
  const output = values.out ?? defaultOutput(input)
  const shape = values.box ? parseBox(values.box, 'sheet') : {}
  if (shape.boxRows * shape.boxCols > 64) throw new UsageError(`--box ${values.box} makes a side of ${shape.boxRows * shape.boxCols}; the largest is 64`, 'sheet')
  const maxNodes = values['max-nodes'] === undefined ? 0 : parseWholeNumber(values['max-nodes'], 'max-nodes', { note: '0: no limit', command: 'sheet' })

  const ExcelJS = await importExcelJS()
  if (!ExcelJS) {
    const { command, from } = installAdvice('exceljs')
    process.stderr.write(`dlxkit: sheet needs the package exceljs, which ${from} does not find; install it with:\n  ${command}\n`)
    return 2
  }
  checkReadable(input)
  checkOutput(output, { force: values.force, command: 'sheet' }) // before the work, not after
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.readFile(input)
  } catch (e) {
    if (REASONS[e.code]) throw new UsageError(`cannot read '${input}': ${REASONS[e.code]}`, 'sheet')
    process.stderr.write(`dlxkit: ${input}: not a readable .xlsx workbook (${e.message})\n`)
    return 1
  }

  const sides = shape.boxRows ? [shape.boxRows * shape.boxCols] : autoSides()
  const found = findPuzzles(workbook, sides)
  const kit = await loadKit()
  for (const p of found.puzzles) solve(kit, p, { ...shape, maxNodes })
  writeAnswers(workbook, found, Boolean(values.copy))

  for (const line of reportLines(found)) io.out.line(line)
  const solved = found.puzzles.filter((p) => p.solution).length
  const failed = found.puzzles.length - solved
  if (!found.puzzles.length) {
    io.out.flush()
    process.stderr.write(`dlxkit: ${input}: no puzzle found (a block of N x N cells with whole numbers and blanks, or a named N x N range)\n`)
    return 1
  }
  try {
    await writeFileAtomically(output, (stream) => workbook.xlsx.write(stream), { force: values.force })
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

/** ExcelJS would say "File not found" without the reason. */
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

/** IN.xlsx -> IN.solved.xlsx: the input is never overwritten unless --out names it (and --force). */
function defaultOutput (input) {
  return /\.xlsx$/i.test(input) ? input.replace(/\.xlsx$/i, '.solved.xlsx') : `${input}.solved.xlsx`
}

async function importExcelJS () {
  try {
    const m = await import('exceljs')
    return m.default ?? m
  } catch (e) {
    if (e.code === 'ERR_MODULE_NOT_FOUND' && /exceljs/.test(e.message)) return null
    throw e
  }
}

const plural = (k, word) => `${k} ${word}${k === 1 ? '' : 's'}`

/**
 * Every sheet's puzzles: named N x N ranges first (they win over blocks
 * found in the same place), then the blocks found by layout.
 */
function findPuzzles (workbook, sides) {
  const names = namedRanges(workbook)
  const puzzles = []
  const skipped = []
  const sheets = []
  for (const sheet of [...workbook.worksheets]) {
    const cells = sheetCells(sheet)
    const named = []
    for (const n of names.filter((x) => x.sheet === sheet.name && x.rows === x.cols && x.rows >= 4)) {
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
    for (const f of auto.frames) if (free(f)) puzzles.push({ sheet, ...f, rows: f.n, cols: f.n })
    for (const s of auto.skipped) if (free(s)) skipped.push({ sheet, ...s })
    sheets.push({ sheet, cells })
  }
  const order = (a, b) => workbook.worksheets.indexOf(a.sheet) - workbook.worksheets.indexOf(b.sheet) || a.top - b.top || a.left - b.left
  return { puzzles: puzzles.sort(order), skipped: skipped.sort(order), sheets }
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
 * filled into a copy of the sheet. Copies are made before anything is
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
    if (!copies.has(p.sheet)) copies.set(p.sheet, copySheet(workbook, p.sheet))
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
