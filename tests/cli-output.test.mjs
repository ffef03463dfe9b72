// What the CLI writes when there is nothing to write or nowhere to write it
// (issue 26, item 9): cover --json answers a problem with no solution with a
// status line, and every command writing to a full disk (> /dev/full) ends
// with one line on stderr and exit status 1, not an uncaught exception.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { ROOT, dlxkit, lines } from './cli-helpers.mjs'
import { HANG_MS } from './helpers.mjs'

const CLASSIC = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'
// a has two options, b none of its own: no exact cover
const NO_COVER = 'a b\na\n'
const TWO_COVERS = 'a b\na\nb\na b\n'

let dir
const file = (name, text) => { const p = join(dir, name); writeFileSync(p, text); return p }
before(() => { dir = mkdtempSync(join(tmpdir(), 'dlxkit-output-')) })
after(() => rmSync(dir, { recursive: true, force: true }))

test('cover --json on a problem with no solution prints a status line (first, --all, --jobs 2, a shard) and exits as before', () => {
  const none = file('none.dlx', NO_COVER)
  for (const args of [[], ['--all'], ['--all', '--jobs', '2'], ['--jobs', '2']]) {
    const r = dlxkit(['cover', '--json', ...args, none])
    assert.equal(r.status, 1, args.join(' '))
    assert.deepEqual(lines(r.stdout).map((l) => JSON.parse(l)), [{ solution: null, status: 'none' }], args.join(' '))
    assert.match(r.stderr, /no solution/)
  }
  const shard = dlxkit(['cover', '--json', '--shard', '1/2', none]) // a shard may well hold none: exit 0
  assert.equal(shard.status, 0)
  assert.deepEqual(JSON.parse(shard.stdout), { solution: null, status: 'none' })
  // a solution found: only the solutions, no status line
  const two = dlxkit(['cover', '--json', '--all', file('two.dlx', TWO_COVERS)])
  assert.equal(two.status, 0)
  assert.deepEqual(lines(two.stdout).map((l) => JSON.parse(l).solution.length).sort(), [1, 2])
})

test('cover --json stopped by --max-nodes before any solution says so on stdout too', () => {
  const rows = Array.from({ length: 40 }, (_, k) => `x${k}`)
  // 40 items, each option covers one: one solution, 40 levels down
  const deep = file('deep.dlx', `${rows.join(' ')}\n${rows.join('\n')}\n`)
  const r = dlxkit(['cover', '--json', '--max-nodes', '5', deep])
  assert.equal(r.status, 1)
  assert.deepEqual(JSON.parse(r.stdout), { solution: null, status: 'stopped', nodes: 5 })
})

const noFull = !existsSync('/dev/full') && 'no /dev/full here'

test('every command writing to a full disk: one line on stderr, exit 1, no stack trace', { skip: noFull }, async () => {
  const book = new ExcelJS.Workbook()
  const ws = book.addWorksheet('four')
  ;[[1, 0, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]].forEach((row, r) => row.forEach((v, c) => { if (v) ws.getCell(r + 1, c + 1).value = v }))
  const xlsx = join(dir, 'four.xlsx')
  await book.xlsx.writeFile(xlsx)
  const q = file('q.dlx', TWO_COVERS)
  const part = file('part.json', dlxkit(['cover', '--count', '--json', '--shard', '1/1', q]).stdout)
  const runs = [
    [['sudoku'], CLASSIC + '\n'],
    [['sudoku', '--jobs', '2'], (CLASSIC + '\n').repeat(2000)], // past the 64 KiB buffer: a write mid-run
    [['sudoku', '--json'], CLASSIC + '\n'],
    [['rate'], CLASSIC + '\n'],
    [['generate', '--seed', '1'], ''],
    [['cover', q], ''],
    [['cover', '--count', '--jobs', '2', q], ''],
    [['cover', '--sum', part], ''],
    [['sheet', '--out', join(dir, 'out.xlsx'), xlsx], ''],
    [['--help'], ''],
    [['--version'], ''],
    [['cover', '--help'], '']
  ]
  const full = openSync('/dev/full', 'w')
  try {
    for (const [args, input] of runs) {
      const r = spawnSync(process.execPath, ['bin/dlxkit.mjs', ...args], { cwd: ROOT, input, stdio: ['pipe', full, 'pipe'], encoding: 'utf8', timeout: HANG_MS })
      assert.equal(r.status, 1, `${args.join(' ')}: exit ${r.status}: ${r.stderr}`)
      assert.match(r.stderr, /^dlxkit: cannot write to stdout: ENOSPC \(no space left on device\)\n$/, args.join(' '))
    }
  } finally {
    closeSync(full)
  }
})

test('a reader that goes away (| head -1) still ends the run quietly, exit 0', () => {
  const r = spawnSync('sh', ['-c', `("${process.execPath}" bin/dlxkit.mjs generate --box 2x2 --count 5000 --seed 1; echo "status $?" >&2) | head -1`], { cwd: ROOT, encoding: 'utf8', timeout: HANG_MS })
  assert.equal(lines(r.stdout).length, 1)
  assert.equal(r.stderr, 'status 0\n')
})

test('a reader that goes away is met soon when each result is slow: generate --box 4x4 --count 100000 | head -1 ends at once, exit 0', () => {
  // In this thread the work never let stdout's EPIPE through: 100,000 16x16
  // puzzles were all made for a reader long gone (a hang, until the guard).
  const r = spawnSync('sh', ['-c', `("${process.execPath}" bin/dlxkit.mjs generate --box 4x4 --count 100000 --seed 1; echo "status $?" >&2) | head -1`], { cwd: ROOT, encoding: 'utf8', timeout: HANG_MS })
  assert.equal(r.signal, null, 'ended by the hang guard')
  assert.equal(lines(r.stdout).length, 1)
  assert.equal(r.stderr, 'status 0\n')
})

test('stdout text is written at 64 KiB, or once its oldest line has waited 200 ms (a timer; a check at each write)', async () => {
  const { Output } = await import('../bin/lib/output.mjs')
  const written = []
  const stream = { write: (text) => written.push(text) }
  // the timer: a line, then nothing more for a while
  const out = new Output(stream)
  out.line('first')
  assert.deepEqual(written, [])
  await new Promise((resolve) => setTimeout(resolve, 400)) // timers fire in order: the Output's 200 ms one first
  assert.deepEqual(written, ['first\n'])
  // the check at each write, for work that keeps the thread busy (no timer can fire)
  let now = 1000
  const busy = new Output(stream, { clock: () => now })
  busy.line('a')
  now += 100
  busy.line('b')
  assert.equal(written.length, 1)
  now += 100
  busy.line('c')
  assert.deepEqual(written, ['first\n', 'a\nb\nc\n'])
  busy.flush()
})
