// The progress bar on stderr: its rate and time left (terminal.mjs, with a
// fake clock), and the CLI under a pseudo-terminal (script(1)): a bar while
// it works, erased with the cursor shown again at the end and on Ctrl-C
// (exit status 130); no bar under TERM=dumb or in a pipe; explain under a
// terminal, stopped by Ctrl-C.
// Run: node --test tests/cli-terminal.test.mjs
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DATA, dlxkit, ok, onTerminal, noTerminal } from './cli-helpers.mjs'
import { Terminal, drawsOn, duration, shortNumber } from '../bin/lib/terminal.mjs'
import { HANG_MS } from './helpers.mjs'

const ERASE = '\r\x1b[K'
const HIDE_CURSOR = '\x1b[?25l'
const SHOW_CURSOR = '\x1b[?25h'

/** A stream that keeps what is written, and a clock set by hand. */
function fakeTerminal ({ isTTY = true } = {}) {
  const stream = { isTTY, columns: 100, text: '', write (s) { this.text += s } }
  const clock = { ms: 0 }
  const terminal = new Terminal({ stream, show: drawsOn(stream, { TERM: 'xterm' }), now: () => clock.ms })
  return { stream, clock, terminal }
}

describe('terminal.mjs', () => {
  test('a bar is drawn on a terminal, not on a pipe nor under TERM=dumb', () => {
    assert.equal(drawsOn({ isTTY: true }, { TERM: 'xterm-256color' }), true)
    assert.equal(drawsOn({ isTTY: true }, {}), true)
    assert.equal(drawsOn({ isTTY: true }, { TERM: 'dumb' }), false)
    assert.equal(drawsOn({ isTTY: false }, { TERM: 'xterm' }), false)
    assert.equal(drawsOn({}, { TERM: 'xterm' }), false)
  })

  test('counted work shows done/total, the rate and the time left', () => {
    const { stream, clock, terminal } = fakeTerminal()
    terminal.begin('0 puzzles')
    assert.equal(stream.text, '', 'nothing drawn at first: a quick run shows no bar')
    clock.ms = 4000
    terminal.count(100, 500, 'puzzles') // 25/s, 400 left: 16 s
    assert.ok(stream.text.startsWith(HIDE_CURSOR), 'the cursor is hidden while the bar is up')
    assert.match(stream.text, /\r\[#+\.+\]  20%  100\/500 puzzles  25 puzzles\/s  16s left\x1b\[K$/)
    clock.ms = 4050
    const before = stream.text
    terminal.count(101, 500, 'puzzles')
    assert.equal(stream.text, before, 'redrawn at most every 100 ms')
    clock.ms = 8000
    terminal.count(500, 500, 'puzzles')
    assert.match(stream.text, /100%  500\/500 puzzles  63 puzzles\/s\x1b\[K$/, 'no time left at the end')
    terminal.finish()
    assert.ok(stream.text.endsWith(ERASE + SHOW_CURSOR), 'the line erased, the cursor shown')
    assert.equal(stream.text.split(HIDE_CURSOR).length, 2, 'hidden once')
  })

  test('a search shows nodes/s and the time left from the estimated fraction', () => {
    const { stream, clock, terminal } = fakeTerminal()
    clock.ms = 10000
    terminal.search(0.25, 3_000_000)
    assert.match(stream.text, /25%  of the search tree \(estimated\)  300k nodes\/s  30s left/)
    terminal.message('a note')
    assert.ok(stream.text.endsWith(`${ERASE}${SHOW_CURSOR}dlxkit: a note\n`), 'a message takes the bar away first')
  })

  test('no bar, no escape codes: not a terminal, or --quiet', () => {
    const { stream, terminal } = fakeTerminal({ isTTY: false })
    terminal.begin('x')
    terminal.count(1, 2, 'puzzles')
    terminal.finish()
    assert.equal(stream.text, '')
    assert.equal(Terminal.forOptions({ quiet: true, progress: true }).showsProgress, false)
  })

  test('numbers and durations, short', () => {
    assert.deepEqual([0.5, 9.96, 100, 950, 999.7, 12345, 999950, 4.56e6].map(shortNumber), ['0.5', '10', '100', '950', '1k', '12.3k', '1M', '4.56M'])
    assert.deepEqual([500, 42000, 187000, 7500000].map(duration), ['1s', '42s', '3m07s', '2h05m'])
  })
})

/** N queens in DLX format: rows and columns primary, diagonals secondary. */
function queens (n) {
  const range = (k, f) => Array.from({ length: k }, (_, i) => f(i))
  const items = [...range(n, (i) => `r${i}`), ...range(n, (i) => `c${i}`), '|', ...range(2 * n - 1, (i) => `a${i}`), ...range(2 * n - 1, (i) => `b${i}`)]
  const options = range(n * n, (k) => { const [r, c] = [Math.floor(k / n), k % n]; return `r${r} c${c} a${r + c} b${r - c + n - 1}` })
  return [items.join(' '), ...options].join('\n') + '\n'
}

/** After the last bar: the line erased and the cursor shown, nothing drawn again. */
function assertCleanedUp (output) {
  const erased = output.lastIndexOf(ERASE + SHOW_CURSOR)
  assert.ok(erased !== -1, `the bar was never erased: ${JSON.stringify(output.slice(-300))}`)
  assert.ok(output.lastIndexOf(HIDE_CURSOR) < erased, 'the cursor is shown again after it was hidden')
  const after = output.slice(erased + ERASE.length + SHOW_CURSOR.length)
  assert.doesNotMatch(after, /%|\x1b\[\?25l|nodes\/s|puzzles\/s/, `a bar after the clean-up: ${JSON.stringify(after)}`)
}

describe('under a terminal', { skip: noTerminal }, () => {
  let dir
  let endless // a count that would take hours
  let puzzles // 300 puzzles
  let many // 50,000 puzzles: a batch that runs for a while
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'dlxkit-tty-'))
    endless = join(dir, 'queens-20.dlx')
    writeFileSync(endless, queens(20))
    puzzles = join(dir, 'puzzles.txt')
    writeFileSync(puzzles, readFileSync(join(DATA, 'sudoku', 'top1465.txt'), 'utf8').split('\n').filter((l) => /^\S{81}/.test(l)).slice(0, 300).join('\n') + '\n')
    many = join(dir, 'many.txt')
    writeFileSync(many, (readFileSync(join(DATA, 'sudoku', '17-clue.txt'), 'utf8').split('\n').filter((l) => /^\S{81}/.test(l)).join('\n') + '\n').repeat(50))
  })
  after(() => rmSync(dir, { recursive: true, force: true }))

  test('cover --count: a bar with nodes/s and time left; Ctrl-C erases it and exits 130', { timeout: HANG_MS }, async () => {
    const run = onTerminal(['cover', '--count', endless], { env: { TERM: 'xterm' } })
    await run.waitFor(/\d+%  of the search tree \(estimated\)  [\d.]+k?M? nodes\/s  \S+ left/)
    run.child.stdin.write('\x03')
    const { status, output } = await run.done
    assert.equal(status, 130, JSON.stringify(output.slice(-300)))
    assertCleanedUp(output)
  })

  test('cover --jobs 2: the bar moves before any part of the search has ended', { timeout: HANG_MS }, async () => {
    const run = onTerminal(['cover', '--count', '--jobs', '2', endless], { env: { TERM: 'xterm' } })
    // No shard of queens-20 ends for minutes: a bar with a rate comes from the shards' own progress.
    await run.waitFor(/\d+%  of the search tree \(estimated\)  [\d.]+k?M? nodes\/s/)
    run.child.stdin.write('\x03')
    const { status, output } = await run.done
    assert.equal(status, 130)
    assertCleanedUp(output)
  })

  test('sudoku: a bar with puzzles/s; Ctrl-C in the middle erases it and exits 130', { timeout: HANG_MS }, async () => {
    const run = onTerminal(['sudoku', '--count', '--progress', many], { env: { TERM: 'xterm' } })
    await run.waitFor(/\d+\/?\d* puzzles  [\d.]+k?M? puzzles\/s/)
    run.child.stdin.write('\x03')
    const { status, output } = await run.done
    assert.equal(status, 130)
    assertCleanedUp(output)
  })

  test('explain: the steps on the terminal as they come; Ctrl-C in the middle of a batch exits 130', { timeout: HANG_MS }, async () => {
    const run = onTerminal(['explain', many], { env: { TERM: 'xterm' } })
    await run.waitFor(/steps; the hardest: [^\r\n]+\r\n\r\n1\. /) // one puzzle explained, the next begun
    run.child.stdin.write('\x03')
    const { status, output } = await run.done
    assert.equal(status, 130, JSON.stringify(output.slice(-300)))
    assert.match(output, /^1\. (Full house|Naked single|Hidden single)/, 'the steps, numbered, one a line')
    assert.ok(!output.includes(HIDE_CURSOR), 'no bar: the steps themselves show the run moving')
  })

  test('at the end of a run the bar is gone and the cursor back; TERM=dumb: no bar at all', { timeout: HANG_MS }, async () => {
    // --progress: the bar at once (shown by itself, it waits; the run may be over by then)
    const shown = await onTerminal(['sudoku', '--count', '--progress', puzzles], { env: { TERM: 'xterm' } }).done
    assert.equal(shown.status, 0)
    assert.match(shown.output, /100%  300\/300 puzzles/, 'a terminal: a bar')
    assertCleanedUp(shown.output)
    // what the screen shows: of each line, what was written after its last carriage return
    const screen = shown.output.split('\n').map((l) => l.replace(/\r$/, '').split('\r').pop().replace(/\x1b\[[?\d;]*[A-Za-z]/g, ''))
    assert.deepEqual(screen, [...Array(300).fill('1'), ''])
    const dumb = await onTerminal(['sudoku', '--count', puzzles], { env: { TERM: 'dumb' } }).done
    assert.equal(dumb.status, 0)
    assert.doesNotMatch(dumb.output, /\x1b|%|puzzles\/s/)
    assert.equal(dumb.output, '1\r\n'.repeat(300))
  })
})

describe('in a pipe', () => {
  test('no bar on stderr; --progress draws one, with its rate', () => {
    const input = readFileSync(join(DATA, 'sudoku', 'top1465.txt'), 'utf8')
    const count = input.split('\n').filter((l) => /^\S{81}/.test(l)).length
    const r = ok(['sudoku', '--count', '-'], { input, env: { TERM: 'xterm' } })
    assert.equal(r.stderr, '')
    assert.equal(dlxkit(['cover', '--count', join(DATA, 'exact-cover', 'queens-12.dlx')], { env: { TERM: 'xterm' } }).stderr, '')
    assert.match(ok(['sudoku', '--count', '--progress', '-'], { input }).stderr, new RegExp(`${count}/${count} puzzles  [\\d.]+k? puzzles/s`))
  })
})
