// Ctrl-C and SIGTERM while a progress bar is up, and the bar of one long
// puzzle: the CLI under a pseudo-terminal (script(1), see cli-helpers.mjs).
// A long solve (sudoku, rate, generate under a bar; sheet, which draws
// none) must end at once on either signal (exit 130 / 143), print no answer
// and leave the terminal clean; the bar of one long puzzle shows its nodes;
// a quick run draws nothing.
// Run: node --test tests/cli-signals.test.mjs
import { test, describe, before, after, afterEach } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { onTerminal, noTerminal } from './cli-helpers.mjs'
import { HANG_MS } from './helpers.mjs'
import { Terminal } from '../bin/lib/terminal.mjs'
import { load } from '../src/js/dlxkit.mjs'
import ExcelJS from 'exceljs'

const ERASE = '\r\x1b[K'
const HIDE_CURSOR = '\x1b[?25l'
const SHOW_CURSOR = '\x1b[?25h'
const SIGNAL_GUARD_MS = 30000 // a hang guard only: the run ends well within a second of the signal
const QUICK = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'
const ANSWER = /[.\dA-Za-z]{100}/ // a line of a 36x36 puzzle or answer (no bar has one)

/**
 * A 36x36 puzzle: a full grid with about half its cells blanked. Its solve
 * (limit 2, as sudoku and rate search) takes about 700,000 nodes, a minute
 * of CPU here: it is still searching whenever the signal comes.
 */
async function longPuzzle () {
  return holes(await fullGrid(), 0.5, 1)
}

/** A full 36x36 grid (the first solution of the empty one). */
async function fullGrid () {
  const kit = await load()
  return kit.sudoku.solve('.'.repeat(36 * 36), { limit: 1 }).solution
}

/** The grid with about `share` of its cells blanked, at random from `seed`. */
function holes (full, share, seed) {
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  return [...full].map((c) => next() < share ? '.' : c).join('')
}

/** The process under script(1) whose command line is `node bin/dlxkit.mjs ...`, a descendant of `root`. */
function cliPid (root) {
  const parent = new Map()
  const command = new Map()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
      command.set(Number(name), readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0'))
    } catch { } // it ended meanwhile
  }
  const under = (pid) => pid === root || (parent.has(pid) && pid > 1 && under(parent.get(pid)))
  for (const [pid, argv] of command) {
    if (argv[0] === process.execPath && argv[1] === 'bin/dlxkit.mjs' && under(pid)) return pid
  }
  return null
}

/** The run's end, or 'hung' (after which the CLI is killed) if it has not ended SIGNAL_GUARD_MS after the signal. */
async function endOf (run, pid) {
  let timer
  const hung = new Promise((resolve) => { timer = setTimeout(() => resolve('hung'), SIGNAL_GUARD_MS) })
  const end = await Promise.race([run.done, hung])
  clearTimeout(timer)
  if (end !== 'hung') return end
  try { process.kill(pid, 'SIGKILL') } catch { }
  return 'hung'
}

/** After the last bar: the line erased and the cursor shown, nothing drawn again. */
function assertCleanedUp (output) {
  const erased = output.lastIndexOf(ERASE + SHOW_CURSOR)
  assert.ok(erased !== -1, `the bar was never erased: ${JSON.stringify(output.slice(-300))}`)
  assert.ok(output.lastIndexOf(HIDE_CURSOR) < erased, 'the cursor is shown again after it was hidden')
  const after = output.slice(erased + ERASE.length + SHOW_CURSOR.length)
  assert.doesNotMatch(after, /%|\x1b\[\?25l|\/s|so far/, `a bar after the clean-up: ${JSON.stringify(after)}`)
}

/** A terminal writing to a string, on a clock set by hand. */
function fakeTerminal (options = {}) {
  const stream = { isTTY: true, columns: 120, text: '', write (s) { this.text += s } }
  const clock = { ms: 0 }
  return { stream, clock, terminal: new Terminal({ stream, show: true, now: () => clock.ms, ...options }) }
}

describe('terminal.mjs: the bar of a long item, its delay, its signal handlers', () => {
  test('shown by itself, the bar waits a second: a quick run draws nothing', () => {
    const { stream, clock, terminal } = fakeTerminal()
    terminal.begin('0 puzzles')
    clock.ms = 900
    terminal.count(1, 1, 'puzzles')
    terminal.finish()
    assert.equal(stream.text, '')
    const forced = fakeTerminal({ delay: 0 }) // --progress: at once
    forced.terminal.begin('0 puzzles')
    assert.match(forced.stream.text, /0 puzzles/)
  })

  test('one long item: its nodes, their rate and its time so far; the percentage is the count\'s', () => {
    const { stream, clock, terminal } = fakeTerminal()
    terminal.begin('0 puzzles')
    clock.ms = 2000
    terminal.startItem()
    clock.ms = 6000
    terminal.item(0 / 2, '0/2 puzzles', 120000) // 30k nodes/s over its 4 s
    assert.match(stream.text, /\[\.+\]   0%  0\/2 puzzles  120k nodes  30k nodes\/s  4s so far\x1b\[K$/)
  })

  test('work that says nothing: the bar still shows the time so far', () => {
    const { stream, clock, terminal } = fakeTerminal()
    terminal.begin('0/1 puzzles')
    clock.ms = 3000
    terminal.count(0, 1, 'puzzles')
    assert.match(stream.text, /   0%  0\/1 puzzles  3s so far\x1b\[K$/)
    clock.ms = 5000
    terminal._tick() // what the ticker does every half second
    assert.match(stream.text, /   0%  0\/1 puzzles  5s so far\x1b\[K$/)
    terminal.finish()
  })

  test('the signal handlers come with the first bar drawn, not before', () => {
    const before = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') }
    const added = () => Object.entries(before).map(([signal, old]) => process.listeners(signal).filter((l) => !old.includes(l))).flat()
    const { clock, terminal } = fakeTerminal()
    const exits = process.listeners('exit')
    try {
      terminal.cleanUpOnExit()
      terminal.begin('0 puzzles')
      // A busy thread could not run them: until a bar is up, Ctrl-C keeps its default.
      assert.equal(added().length, 0)
      clock.ms = 1500
      terminal.count(1, 2, 'puzzles')
      assert.equal(added().length, 2)
    } finally {
      terminal.finish()
      for (const signal of Object.keys(before)) for (const l of process.listeners(signal)) if (!before[signal].includes(l)) process.removeListener(signal, l)
      for (const l of process.listeners('exit')) if (!exits.includes(l)) process.removeListener('exit', l)
    }
  })
})

describe('a long single solve under a bar', { skip: noTerminal }, () => {
  let dir, long, longThenQuick, quick, workbook, twenty
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dlxkit-signals-'))
    const puzzle = await longPuzzle()
    // 20 puzzles of a fraction of a second each, read in one go (37 KB)
    const full = await fullGrid()
    twenty = join(dir, 'twenty.txt')
    writeFileSync(twenty, Array.from({ length: 20 }, (_, k) => holes(full, 0.7, k + 2) + '\n').join(''))
    // The same puzzle in a workbook, as numbers 1..36 and blank cells.
    const kit = await load()
    const rows = kit.sudoku.read(puzzle, { size: 36 }).cells
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('Long')
    rows.forEach((row, r) => row.forEach((v, c) => { if (v) ws.getCell(r + 1, c + 1).value = v }))
    workbook = join(dir, 'long.xlsx')
    await wb.xlsx.writeFile(workbook)
    long = join(dir, 'long.txt')
    writeFileSync(long, puzzle + '\n')
    longThenQuick = join(dir, 'long-then-quick.txt')
    writeFileSync(longThenQuick, `${puzzle}\n${QUICK}\n`)
    quick = join(dir, 'quick.txt')
    writeFileSync(quick, QUICK + '\n')
  })
  after(() => rmSync(dir, { recursive: true, force: true }))
  // A test that fails half-way leaves no run behind (one that ignores SIGTERM too).
  const runs = []
  const start = (args) => {
    const run = onTerminal(args, { env: { TERM: 'xterm' } })
    run.ended = false
    run.done.then(() => { run.ended = true })
    runs.push(run)
    return run
  }
  afterEach(() => {
    for (const run of runs.splice(0)) {
      if (run.ended) continue
      const pid = cliPid(run.child.pid)
      if (pid) process.kill(pid, 'SIGKILL')
    }
  })

  // Each command that draws a bar, with work that runs far past the signal.
  const commands = [
    ['sudoku --progress', () => ['sudoku', '--progress', long], /nodes\/s/],
    ['sudoku --jobs 1 --progress', () => ['sudoku', '--jobs', '1', '--progress', long], /nodes\/s/],
    ['rate --progress', () => ['rate', '--progress', long], /\ds so far/],
    ['generate --progress (36x36, minimal)', () => ['generate', '--progress', '--box', '6x6', '--minimal', '--seed', '1'], /\ds so far/]
  ]
  for (const [name, args, working] of commands) {
    for (const [signal, status] of [['SIGINT', 130], ['SIGTERM', 143]]) {
      test(`${name}: ${signal === 'SIGINT' ? 'Ctrl-C' : 'SIGTERM'} ends it with ${status}, no answer, the bar erased`, { timeout: HANG_MS }, async () => {
        const run = start(args())
        await run.waitFor(/puzzles/) // the bar is up
        await Promise.race([run.waitFor(working), sleep(3000)]) // and the search under way
        const pid = cliPid(run.child.pid)
        assert.ok(pid, 'the CLI process is found')
        if (signal === 'SIGINT') run.child.stdin.write('\x03') // typed at the keyboard
        else process.kill(pid, 'SIGTERM')
        const end = await endOf(run, pid)
        assert.notEqual(end, 'hung', `${signal} did not end the run within ${SIGNAL_GUARD_MS / 1000} s`)
        assert.equal(end.status, status, JSON.stringify(end.output.slice(-300)))
        assert.doesNotMatch(end.output, ANSWER, 'no answer printed')
        assert.doesNotMatch(end.output, /\b(easy|medium|hard|expert)\b/, 'no rating printed')
        assertCleanedUp(end.output)
      })
    }
  }

  // sheet draws no bar: its solve runs in this thread, and the signals keep
  // their default (a handler in JavaScript could not run until it ends).
  for (const [signal, status] of [['SIGINT', 130], ['SIGTERM', 143]]) {
    test(`sheet on a long puzzle: ${signal} ends it at once with ${status}, nothing written`, { timeout: HANG_MS }, async () => {
      const out = join(dir, `long-${signal}.solved.xlsx`)
      const run = start(['sheet', workbook, '--out', out])
      let pid = null
      for (let k = 0; k < 200 && !pid; k++) { await sleep(50); pid = cliPid(run.child.pid) }
      assert.ok(pid, 'the CLI process is found')
      await sleep(3000) // the workbook read, the search under way
      if (signal === 'SIGINT') run.child.stdin.write('\x03')
      else process.kill(pid, 'SIGTERM')
      const end = await endOf(run, pid)
      assert.notEqual(end, 'hung', `${signal} did not end the run within ${SIGNAL_GUARD_MS / 1000} s`)
      assert.equal(end.status, status, JSON.stringify(end.output.slice(-300)))
      assert.doesNotMatch(end.output, /solved|wrote/)
      assert.equal(readdirSync(dir).includes(`long-${signal}.solved.xlsx`), false)
    })
  }

  test('one long puzzle: the bar shows its nodes, their rate and the time so far; its percentage follows the count', { timeout: HANG_MS }, async () => {
    // Shown by itself (no --progress): a terminal draws the bar once the run takes a while.
    const run = start(['sudoku', longThenQuick])
    const lastCount = (text) => [...text.matchAll(/([\d.]+[kMG]?) nodes  /g)].pop()?.[1]
    const first = lastCount(await run.waitFor(/nodes  [\d.]+[kMG]? nodes\/s  \d+s so far/))
    await run.waitFor({ test: (text) => lastCount(text) !== first }) // the count moves
    run.child.stdin.write('\x03')
    const end = await endOf(run, cliPid(run.child.pid))
    assert.notEqual(end, 'hung')
    const bars = end.output.split('\r').filter((l) => l.includes('nodes'))
    assert.ok(bars.length >= 2)
    // Nothing is done while the first puzzle is searched (the second waits behind it).
    for (const bar of bars) assert.match(bar, /^\[\.+\]   0%  0(\/2)? puzzles  /, JSON.stringify(bar))
  })

  test('the percentage follows the puzzles done, not the bytes read', { timeout: HANG_MS }, async () => {
    const { status, output } = await start(['sudoku', '--count', '--progress', twenty]).done
    assert.equal(status, 0)
    const bars = [...output.matchAll(/\] +(\d+)%  (\d+)(?:\/\d+)? puzzles/g)].map((m) => [Number(m[1]), Number(m[2])])
    assert.ok(bars.length >= 2, JSON.stringify(output.slice(-300)))
    for (const [percent, done] of bars) assert.ok(percent <= Math.floor(100 * done / 20) + 1, `${percent}% with ${done} of 20 puzzles done`)
  })

  test('a quick run on a terminal draws nothing: no bar, no escape codes', { timeout: HANG_MS }, async () => {
    const { status, output } = await start(['sudoku', quick]).done
    assert.equal(status, 0)
    assert.doesNotMatch(output, /\x1b|%|puzzles/, JSON.stringify(output))
    assert.match(output, /^[1-9]{81}\r\n$/)
  })
})
