// dlxkit sheet as a user runs it: real .xlsx workbooks built with ExcelJS
// (several sheets, formulas, styles, merged cells, a named range, puzzles of
// 4x4, 9x9 and 16x16, a clash, tables of numbers that are not puzzles), the
// CLI spawned, the result opened again and checked with an independent
// Sudoku checker; everything else must have survived.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, readFileSync, writeFileSync, cpSync, existsSync, readdirSync, chmodSync, mkdirSync, statSync, realpathSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ExcelJS from 'exceljs'
import { load } from '../src/js/dlxkit.mjs'
import { isSolution, cellsOf, HANG_MS } from './helpers.mjs'
import { PUZZLE } from './browser.mjs'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const CLI = join(ROOT, 'bin', 'dlxkit.mjs')
const FOUR = [[1, 0, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]]

let dir, big

function run (args, cwd = dir) {
  return spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', timeout: HANG_MS })
}

const hash = (path) => createHash('sha256').update(readFileSync(path)).digest('hex')

/** rows of numbers (0 = blank) written at (top, left); some as text, as people type them. */
function put (ws, top, left, rows, { text = false } = {}) {
  rows.forEach((row, r) => row.forEach((v, c) => {
    if (v) ws.getCell(top + r, left + c).value = text && (r + c) % 2 ? String(v) : v
  }))
}

/** n x n values read back from (top, left); blanks as 0. */
function grab (ws, top, left, n) {
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => {
    const v = ws.getCell(top + r, left + c).value
    return v === null ? 0 : Number(v)
  }))
}

const nineRows = (line) => Array.from({ length: 9 }, (_, r) => cellsOf(line.slice(r * 9, r * 9 + 9)))

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dlxkit-sheet-'))
  const kit = await load()
  big = kit.sudoku.generate({ size: 16, seed: 11, format: 'array' }).puzzle

  const wb = new ExcelJS.Workbook()
  const p = wb.addWorksheet('Puzzles')
  p.getCell('B1').value = 'Classic' // a label right above the puzzle
  put(p, 2, 2, nineRows(PUZZLE), { text: true })
  for (let r = 2; r <= 10; r++) for (let c = 2; c <= 10; c++) p.getCell(r, c).border = { top: { style: 'thin' }, left: { style: 'thin' }, bottom: { style: 'thin' }, right: { style: 'thin' } }
  p.getCell('C2').fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFFF00' } }
  put(p, 13, 2, FOUR)
  p.getCell('A20').value = { formula: 'B2*2', result: 10 }
  p.getCell('A22').value = 'note'
  p.getCell('A22').font = { bold: true, color: { argb: 'FFFF0000' } }
  p.mergeCells('A24:C24')
  p.getCell('A24').value = 'merged note'
  p.getColumn(1).width = 30
  put(p, 13, 13, [[120, 75, 3, 18], [4, 2, 1, 9], [33, 12, 7, 5]]) // a table: 3x4, not square
  p.getCell(15, 14).value = 12.5
  put(p, 13, 19, [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]) // a filled grid: no blank

  const b = wb.addWorksheet('Big')
  put(b, 1, 1, big)
  b.getCell('T5').value = 'in the way' // no room to the right: the answer goes below

  const x = wb.addWorksheet('Clash')
  const clash = nineRows(PUZZLE)
  clash[0][4] = 5
  put(x, 1, 1, clash)

  const n = wb.addWorksheet('Named one')
  put(n, 3, 3, FOUR)
  n.getCell('G4').value = 42 // touches the puzzle: only the name finds it
  wb.definedNames.add("'Named one'!$C$3:$F$6", 'Small')

  const notes = wb.addWorksheet('Notes')
  notes.getCell('A1').value = 'untouched'
  notes.getCell('A2').value = { formula: 'Puzzles!A20+1', result: 11 }
  await wb.xlsx.writeFile(join(dir, 'in.xlsx'))

  const ok = new ExcelJS.Workbook()
  const s = ok.addWorksheet('Only')
  put(s, 2, 2, nineRows(PUZZLE))
  put(s, 2, 12, FOUR) // right of the 9x9 (L2): the 9x9 answer must go below
  s.getCell('A1').value = 'kept'
  await ok.xlsx.writeFile(join(dir, 'ok.xlsx'))
})

after(() => { if (dir) rmSync(dir, { recursive: true, force: true }) })

test('finds every puzzle, writes each solution beside it, reports, and exits 1 for the clash', async () => {
  const before = hash(join(dir, 'in.xlsx'))
  const r = run(['sheet', 'in.xlsx'])
  assert.equal(r.status, 1, r.stderr)
  const out = r.stdout
  assert.match(out, /^Puzzles!B2:J10: 9x9, unique solution, written to Puzzles!L2:T10$/m)
  assert.match(out, /^Puzzles!B13:E16: 4x4, (unique solution|more than one solution \(one written\)), written to Puzzles!G13:J16$/m)
  assert.match(out, /^Big!A1:P16: 16x16, unique solution, written to Big!A18:P33$/m)
  assert.match(out, /^Clash!A1:I9: 9x9, clash: A1 and E1 both 5; not written$/m)
  assert.match(out, /^'Named one'!C3:F6 \(named Small\): 4x4, .*written to 'Named one'!C8:F11$/m)
  assert.match(out, /^Puzzles!M13:P15: skipped: a 3x4 block of numbers is not square$/m)
  assert.match(out, /^Puzzles!S13:V16: skipped: no empty cell/m)
  assert.match(out, /4 puzzles solved, 1 not .*2 blocks skipped; wrote in\.solved\.xlsx$/m)
  assert.equal(hash(join(dir, 'in.xlsx')), before, 'the input is never overwritten by default')

  const wb = new ExcelJS.Workbook()
  await wb.xlsx.readFile(join(dir, 'in.solved.xlsx'))
  const p = wb.getWorksheet('Puzzles')
  const nine = grab(p, 2, 12, 9)
  assert.ok(isSolution(nine.flat(), nineRows(PUZZLE).flat()), 'the 9x9 answer solves the puzzle')
  assert.ok(isSolution(grab(p, 13, 7, 4).flat(), FOUR.flat(), 4, 2, 2))
  assert.deepEqual(grab(p, 2, 11, 9).map((row) => row[0]), new Array(9).fill(0), 'one empty column between puzzle and answer')
  assert.equal(p.getCell('M2').fill?.fgColor?.argb, 'FFFFFF00', 'the answer takes the puzzle cells\' styles')
  assert.equal(p.getCell('L3').border?.top?.style, 'thin')
  const b = wb.getWorksheet('Big')
  assert.ok(isSolution(grab(b, 18, 1, 16).flat(), big.flat(), 16, 4, 4))
  assert.equal(b.getCell('R1').value, null, 'nothing to the right of the 16x16')
  assert.deepEqual(grab(wb.getWorksheet('Clash'), 1, 11, 9).flat(), new Array(81).fill(0), 'no answer for the clash')
  assert.ok(isSolution(grab(wb.getWorksheet('Named one'), 8, 3, 4).flat(), FOUR.flat(), 4, 2, 2))

  // everything else as it was
  assert.equal(p.getCell('B1').value, 'Classic')
  assert.deepEqual(grab(p, 2, 2, 9), nineRows(PUZZLE), 'the givens stay')
  assert.equal(p.getCell('A20').formula, 'B2*2')
  assert.equal(p.getCell('A22').font.bold, true)
  assert.equal(p.getCell('A22').font.color.argb, 'FFFF0000')
  assert.ok(p.model.merges.includes('A24:C24'))
  assert.equal(p.getCell('B24').master.address, 'A24')
  assert.equal(p.getColumn(1).width, 30)
  assert.equal(p.getCell('N15').value, 12.5)
  assert.equal(b.getCell('T5').value, 'in the way')
  assert.equal(wb.getWorksheet('Named one').getCell('G4').value, 42)
  assert.equal(wb.getWorksheet('Notes').getCell('A1').value, 'untouched')
  assert.equal(wb.getWorksheet('Notes').getCell('A2').formula, 'Puzzles!A20+1')
  assert.deepEqual(wb.worksheets.map((s) => s.name), ['Puzzles', 'Big', 'Clash', 'Named one', 'Notes'])
  assert.ok(wb.definedNames.model.some((d) => d.name === 'Small'))
})

test('no room beside a puzzle: below; --copy: a new sheet "<name> solved" with the blanks filled', async () => {
  let r = run(['sheet', 'ok.xlsx', '--out', 'ok-beside.xlsx'])
  assert.equal(r.status, 0, r.stderr + r.stdout)
  assert.match(r.stdout, /^Only!B2:J10: 9x9, unique solution, written to Only!B12:J20$/m)
  assert.match(r.stdout, /^Only!L2:O5: 4x4, .*written to Only!Q2:T5$/m)

  r = run(['sheet', 'ok.xlsx', '--copy', '-o', 'ok-copy.xlsx'])
  assert.equal(r.status, 0, r.stderr + r.stdout)
  assert.match(r.stdout, /^Only!B2:J10: 9x9, unique solution, written to 'Only solved'!B2:J10$/m)
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.readFile(join(dir, 'ok-copy.xlsx'))
  assert.deepEqual(wb.worksheets.map((s) => s.name), ['Only', 'Only solved'])
  const copy = wb.getWorksheet('Only solved')
  assert.ok(isSolution(grab(copy, 2, 2, 9).flat(), nineRows(PUZZLE).flat()))
  assert.ok(isSolution(grab(copy, 2, 12, 4).flat(), FOUR.flat(), 4, 2, 2))
  assert.equal(copy.getCell('A1').value, 'kept')
  const original = wb.getWorksheet('Only')
  assert.deepEqual(grab(original, 2, 2, 9), nineRows(PUZZLE), 'the original sheet keeps its blanks')
  assert.equal(original.getCell('B12').value, null)
})

test('--box restricts the sides looked for; a 6x6 needs it to be read as 2x3', async () => {
  const wb = new ExcelJS.Workbook()
  const s = wb.addWorksheet('Six')
  const six = [[1, 0, 0, 0, 0, 6], [0, 0, 3, 0, 0, 0], [0, 0, 0, 0, 5, 0], [0, 4, 0, 0, 0, 0], [0, 0, 0, 2, 0, 0], [6, 0, 0, 0, 0, 1]]
  put(s, 1, 1, six)
  await wb.xlsx.writeFile(join(dir, 'six.xlsx'))
  const r = run(['sheet', 'six.xlsx', '--box', '3x2'])
  assert.match(r.stdout, /^Six!A1:F6: 6x6, .*written to Six!H1:M6$/m, r.stderr)
  const out = new ExcelJS.Workbook()
  await out.xlsx.readFile(join(dir, 'six.solved.xlsx'))
  assert.ok(isSolution(grab(out.getWorksheet('Six'), 1, 8, 6).flat(), six.flat(), 6, 3, 2))
  const nine = run(['sheet', 'six.xlsx', '--box', '3x3', '--out', 'none.xlsx'])
  assert.equal(nine.status, 1)
  assert.match(nine.stdout, /skipped: a 6x6 block: no Sudoku of side 6/)
  assert.match(nine.stderr, /no puzzle found/)
  assert.ok(!existsSync(join(dir, 'none.xlsx')), 'nothing written when nothing was found')
})

test('usage and input errors: exit 2 or 1 with a message that says what is wrong', () => {
  let r = run(['sheet'])
  assert.equal(r.status, 2)
  assert.match(r.stderr, /name the workbook/)
  r = run(['sheet', 'missing.xlsx'])
  assert.equal(r.status, 2)
  assert.match(r.stderr, /cannot read 'missing.xlsx': no such file/)
  r = run(['sheet', 'in.xlsx', '--box', 'nine'])
  assert.equal(r.status, 2)
  writeFileSync(join(dir, 'text.xlsx'), 'not a workbook\n')
  r = run(['sheet', 'text.xlsx'])
  assert.equal(r.status, 1)
  assert.match(r.stderr, /^dlxkit: 'text\.xlsx' is not a readable \.xlsx workbook \(not a zip file\); dlxkit sheet reads \.xlsx \(Excel\), \.ods \(LibreOffice, OpenDocument\) and \.csv\n$/)
})

test('without exceljs installed: exit 2 and how to install it', () => {
  const bare = join(dir, 'bare')
  for (const part of ['bin', 'src', 'dist', 'package.json']) cpSync(join(ROOT, part), join(bare, part), { recursive: true })
  const r = spawnSync(process.execPath, [join(bare, 'bin', 'dlxkit.mjs'), 'sheet', join(dir, 'in.xlsx')], { cwd: bare, encoding: 'utf8', timeout: HANG_MS })
  assert.equal(r.status, 2, r.stderr)
  // a copied source folder: npm install there brings the development dependencies, exceljs among them
  assert.equal(r.stderr, `dlxkit: sheet needs the package exceljs, which the dlxkit source folder ${realpathSync(bare)} does not find; install it with:\n  cd ${realpathSync(bare)} && npm install\n`)
  // the rest of the CLI does not need it
  const s = spawnSync(process.execPath, [join(bare, 'bin', 'dlxkit.mjs'), 'sudoku', '--check'], { input: PUZZLE + '\n', encoding: 'utf8', timeout: HANG_MS })
  assert.equal(s.stdout.trim(), 'unique')
})

// ---- the output file: never half-written, never overwritten unasked -------------

const temporaries = (folder) => readdirSync(folder).filter((f) => f.endsWith('.tmp'))

test('an existing output file is overwritten only with --force; --out naming the input counts too', async () => {
  const before = hash(join(dir, 'ok.xlsx'))
  const taken = join(dir, 'taken.xlsx')
  writeFileSync(taken, 'keep me')
  for (const args of [['ok.xlsx', '--out', 'taken.xlsx'], ['ok.xlsx', '--out', 'ok.xlsx'], ['ok.xlsx', '-o', './ok.xlsx', '--copy']]) {
    const r = run(['sheet', ...args])
    assert.equal(r.status, 2, r.stderr)
    assert.match(r.stderr, /^dlxkit: '.*' exists; use --force to overwrite\nTry 'dlxkit sheet --help'\.\n$/)
    assert.equal(r.stdout, '', 'refused before any work')
  }
  assert.equal(readFileSync(taken, 'utf8'), 'keep me')
  assert.equal(hash(join(dir, 'ok.xlsx')), before)
  // the default output, IN.solved.xlsx, too
  cpSync(join(dir, 'ok.xlsx'), join(dir, 'again.xlsx'))
  assert.equal(run(['sheet', 'again.xlsx']).status, 0)
  const second = run(['sheet', 'again.xlsx'])
  assert.equal(second.status, 2)
  assert.match(second.stderr, /'again\.solved\.xlsx' exists; use --force to overwrite/)
  assert.equal(run(['sheet', 'again.xlsx', '--force']).status, 0)
  // --force: replaced by a complete workbook, no temporary file left
  const r = run(['sheet', 'ok.xlsx', '--out', 'taken.xlsx', '--force'])
  assert.equal(r.status, 0, r.stderr)
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.readFile(taken)
  assert.ok(isSolution(grab(wb.getWorksheet('Only'), 12, 2, 9).flat(), nineRows(PUZZLE).flat()))
  assert.deepEqual(temporaries(dir), [])
  assert.match(run(['sheet', '--help']).stdout, /--force +replace OUT\.xlsx if it exists/)
  // a folder as the output, an output folder that cannot be written
  const asFolder = run(['sheet', 'ok.xlsx', '--out', '.', '--force'])
  assert.equal(asFolder.status, 2)
  assert.match(asFolder.stderr, /cannot write '\.': is a directory/)
  if (process.getuid?.() !== 0) { // root writes anywhere
    const locked = join(dir, 'locked')
    mkdirSync(locked)
    chmodSync(locked, 0o555)
    const r2 = run(['sheet', 'ok.xlsx', '--out', join(locked, 'out.xlsx')])
    assert.equal(r2.status, 1)
    assert.match(r2.stderr, /cannot write '.*out\.xlsx': permission denied/)
    assert.deepEqual(temporaries(locked), [])
  }
})

/**
 * Start `dlxkit sheet IN --out IN --force` and send `signal` at a moment:
 * { after: ms } from the start, or { writing: ms } after the writing shows
 * (a temporary file appears, or IN itself changes). Resolves to { status,
 * signal } when it has ended.
 */
function interrupted (folder, name, signal, when) {
  const stamp = () => { const s = statSync(join(folder, name), { throwIfNoEntry: false }); return s ? `${s.size} ${s.mtimeMs}` : 'gone' }
  const first = stamp()
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, 'sheet', name, '--out', name, '--force'], { cwd: folder, stdio: 'ignore' })
    let timer = null
    let poll = null
    const fire = (ms) => { timer = setTimeout(() => child.kill(signal), ms) }
    if (when.after !== undefined) fire(when.after)
    else {
      poll = setInterval(() => {
        if (!temporaries(folder).length && stamp() === first) return
        clearInterval(poll)
        poll = null
        fire(when.writing)
      }, 1)
    }
    child.on('exit', (status, sig) => {
      clearTimeout(timer)
      if (poll) clearInterval(poll)
      resolve({ status, signal: sig })
    })
  })
}

test('killed or interrupted while writing IN over itself: IN is the old file or the whole new one, never cut short', { timeout: HANG_MS }, async () => {
  // a workbook big enough that writing it takes a while: 4 sheets, each a 4x4 puzzle and 50,000 texts
  const folder = mkdtempSync(join(tmpdir(), 'dlxkit-kill-'))
  try {
    const wb = new ExcelJS.Workbook()
    for (let k = 0; k < 4; k++) {
      const s = wb.addWorksheet(`S${k}`)
      put(s, 1, 1, FOUR)
      for (let r = 10; r < 5010; r++) {
        const row = s.getRow(r)
        for (let c = 1; c <= 10; c++) row.getCell(c).value = `t${r}x${c}`
      }
    }
    const original = join(folder, 'original.xlsx')
    await wb.xlsx.writeFile(original)
    const originalHash = hash(original)
    const target = join(folder, 'big.xlsx')

    /** The target is the original, byte for byte, or a readable workbook with every answer. */
    const assertWhole = async (what) => {
      if (hash(target) === originalHash) return 'old'
      const out = new ExcelJS.Workbook()
      await assert.doesNotReject(out.xlsx.readFile(target), `${what}: the file is neither the old one nor a readable workbook`)
      for (let k = 0; k < 4; k++) assert.ok(isSolution(grab(out.getWorksheet(`S${k}`), 1, 6, 4).flat(), FOUR.flat(), 4, 2, 2), `${what}: sheet S${k} lacks its answer`)
      assert.equal(out.getWorksheet('S3').getCell(5009, 10).value, 't5009x10', `${what}: the last cell`)
      return 'new'
    }

    // one whole run, to know how long it takes
    cpSync(original, target)
    const start = Date.now()
    const whole = spawnSync(process.execPath, [CLI, 'sheet', 'big.xlsx', '--out', 'big.xlsx', '--force'], { cwd: folder, encoding: 'utf8', timeout: HANG_MS })
    const took = Date.now() - start
    assert.equal(whole.status, 0, whole.stderr)
    assert.equal(await assertWhole('a run to its end'), 'new')

    const plans = [
      ...[0.3, 0.6, 0.8, 0.9, 0.95, 0.98].map((f) => ['SIGKILL', { after: Math.round(f * took) }]),
      ...[0, 30, 150, 400].map((ms) => ['SIGKILL', { writing: ms }]),
      ['SIGINT', { writing: 20 }],
      ['SIGTERM', { writing: 200 }],
      ['SIGINT', { after: Math.round(0.8 * took) }]
    ]
    const seen = { old: 0, new: 0 }
    for (const [signal, when] of plans) {
      const what = `${signal} ${JSON.stringify(when)}`
      cpSync(original, target)
      const r = await interrupted(folder, 'big.xlsx', signal, when)
      const stopped = r.signal === signal || r.status === (signal === 'SIGINT' ? 130 : 143)
      assert.ok(stopped || r.status === 0, `${what}: ended with status ${r.status}, signal ${r.signal}`)
      seen[await assertWhole(what)]++
      if (signal !== 'SIGKILL') assert.deepEqual(temporaries(folder), [], `${what}: the temporary file is removed`)
      for (const t of temporaries(folder)) rmSync(join(folder, t)) // what a kill -9 leaves (never the target)
    }
    assert.ok(seen.old > 0, 'some kill came before the rename')
    if (process.env.DEBUG_KILL) console.log(seen)
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
})

// ---- labels beside a grid, formulas inside it -------------------------------------

test('row and column labels beside a grid are not part of it; formula cells read as their results', async () => {
  const wb = new ExcelJS.Workbook()
  const nine = nineRows(PUZZLE)
  // row numbers 1..9 in column A, letters A..I above: the grid is B2:J10
  const a = wb.addWorksheet('Letters')
  put(a, 2, 2, nine)
  for (let k = 0; k < 9; k++) {
    a.getCell(2 + k, 1).value = k + 1
    a.getCell(1, 2 + k).value = String.fromCharCode(65 + k)
  }
  // numbers on both sides, as a printed grid has them: 1..9 left and above, the corner empty
  const b = wb.addWorksheet('Numbers')
  put(b, 2, 2, nine)
  for (let k = 0; k < 9; k++) {
    b.getCell(2 + k, 1).value = k + 1
    b.getCell(1, 2 + k).value = k + 1
  }
  // row numbers on the right of a 4x4 (as text), column numbers below it
  const c = wb.addWorksheet('Right')
  put(c, 1, 1, FOUR)
  for (let k = 0; k < 4; k++) {
    c.getCell(1 + k, 5).value = String(k + 1)
    c.getCell(5, 1 + k).value = k + 1
  }
  // givens as formulas: results Excel saved with them (numbers, and a number as text)
  const f = wb.addWorksheet('Formulas')
  put(f, 1, 1, nine)
  f.getCell('A1').value = { formula: '2+3', result: 5 } // the 5 of the puzzle
  f.getCell('B1').value = { formula: 'N1', result: 3 }
  f.getCell('N1').value = 3
  f.getCell('E1').value = { formula: 'TEXT(7,"0")', result: '7' }
  // a grid whose first column happens to read 1..9 is a grid, not a label
  const g = wb.addWorksheet('Solved column')
  const own = nineRows(PUZZLE)
  const ownSolution = (await load()).sudoku.solve(own).solution
  const keepers = ownSolution.map((row) => row[0])
  const perm = Object.fromEntries(keepers.map((d, k) => [d, k + 1])) // rename digits so column 1 reads 1..9
  const renamed = own.map((row, r) => row.map((v, cc) => cc === 0 ? perm[ownSolution[r][0]] : (v ? perm[v] : 0)))
  put(g, 1, 1, renamed)
  await wb.xlsx.writeFile(join(dir, 'labels.xlsx'))

  const r = run(['sheet', 'labels.xlsx'])
  assert.equal(r.status, 0, r.stdout + r.stderr)
  assert.doesNotMatch(r.stdout, /10x10|: clash|skipped:/)
  assert.match(r.stdout, /^Letters!B2:J10: 9x9, unique solution, written to Letters!L2:T10$/m)
  assert.match(r.stdout, /^Numbers!B2:J10: 9x9, unique solution, written to Numbers!L2:T10$/m)
  assert.match(r.stdout, /^Right!A1:D4: 4x4, .*written to 'Right solved'!A1:D4 \(no room beside it\)$/m) // the labels take the gaps
  assert.match(r.stdout, /^Formulas!A1:I9: 9x9, unique solution, written to Formulas!A11:I19$/m)
  assert.match(r.stdout, /^'Solved column'!A1:I9: 9x9, unique solution, written to 'Solved column'!K1:S9$/m)

  const out = new ExcelJS.Workbook()
  await out.xlsx.readFile(join(dir, 'labels.solved.xlsx'))
  assert.ok(isSolution(grab(out.getWorksheet('Letters'), 2, 12, 9).flat(), nine.flat()))
  assert.ok(isSolution(grab(out.getWorksheet('Numbers'), 2, 12, 9).flat(), nine.flat()))
  assert.ok(isSolution(grab(out.getWorksheet('Right solved'), 1, 1, 4).flat(), FOUR.flat(), 4, 2, 2))
  const fo = out.getWorksheet('Formulas')
  assert.ok(isSolution(grab(fo, 11, 1, 9).flat(), nine.flat()), 'the formulas count as their givens')
  assert.equal(fo.getCell('A1').formula, '2+3', 'the formulas stay')
  assert.equal(fo.getCell('E1').formula, 'TEXT(7,"0")')
  assert.ok(isSolution(grab(out.getWorksheet('Solved column'), 1, 11, 9).flat(), renamed.flat()))
})

test('a formula with no saved result, or a result that is not a digit, skips its puzzle with the cell named', async () => {
  const wb = new ExcelJS.Workbook()
  const s = wb.addWorksheet('S')
  put(s, 1, 1, nineRows(PUZZLE))
  s.getCell('E4').value = { formula: 'Z9*0+6' } // no result saved
  put(s, 1, 12, nineRows(PUZZLE))
  s.getCell('P4').value = { formula: '"six"', result: 'six' }
  await wb.xlsx.writeFile(join(dir, 'noresult.xlsx'))
  const r = run(['sheet', 'noresult.xlsx'])
  assert.equal(r.status, 1)
  assert.match(r.stdout, /^S!A1:I9: skipped: E4 holds something other than a number$/m)
  assert.match(r.stdout, /^S!L1:T9: skipped: P4 holds something other than a number$/m)
})
