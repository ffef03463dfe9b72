// A line that is no puzzle is reported at its line, with its place in the
// file, and the puzzles after it are still solved (issue 26, item 7; the
// docs/cli.md: "a line that is no puzzle is reported at its line (on stderr and
// in --json) and the puzzles after it are still read"). Titles before a
// puzzle ("Grid 01", "Puzzle 3:") still go without a word. The puzzles are
// made here (no shared data needed).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { dlxkit, ok, lines } from './cli-helpers.mjs'

const CLASSIC = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'
const rows = CLASSIC.match(/.{9}/g)
const grid = (title) => [title, ...rows].filter(Boolean).join('\n')

/** --check over `text`: { status, checks (one per piece), errors ([line, message]) }. */
function check (text, args = []) {
  const r = dlxkit(['sudoku', '--check', ...args], { input: text })
  const errors = lines(r.stderr).map((e) => { const m = /^dlxkit: stdin:(\d+): (.*)$/.exec(e); assert.ok(m, e); return [Number(m[1]), m[2]] })
  return { status: r.status, checks: lines(r.stdout), errors }
}

test('a line of words between one-line puzzles is reported at its line, exit 1; the puzzles after it are solved', () => {
  for (const junk of ['hello world', 'hello', 'Puzzle two:']) {
    const r = check(`${CLASSIC}\n${junk}\n${CLASSIC}\n`)
    assert.equal(r.status, 1, junk)
    assert.deepEqual(r.checks, ['unique', 'invalid', 'unique'], junk)
    assert.deepEqual(r.errors.map(([line]) => line), [2], junk)
    assert.match(r.errors[0][1], /is no puzzle: a line of words right after a one-line puzzle/)
  }
  // in --json too: its own object, at its line, with a code
  const json = lines(dlxkit(['sudoku', '--format', 'json'], { input: `${CLASSIC}\nhello world\n${CLASSIC}\n` }).stdout).map((l) => JSON.parse(l))
  assert.deepEqual(json.map((o) => [o.puzzle, o.line, o.status]), [[1, 1, 'unique'], [2, 2, 'invalid'], [3, 3, 'unique']])
  assert.equal(json[1].error.code, 'BAD_SYMBOL')
  // rate reports it the same way
  const rate = dlxkit(['rate'], { input: `${CLASSIC}\nhello world\n${CLASSIC}\n` })
  assert.equal(rate.status, 1)
  assert.equal(lines(rate.stdout).length, 2)
  assert.match(rate.stderr, /^dlxkit: stdin:2: 'hello world' is no puzzle/)
})

test('a line of words after the last puzzle, with no puzzle after it, is reported', () => {
  for (const [text, at] of [[`${CLASSIC}\n\nthe end\n`, 3], [`${grid('Grid 01')}\nthe end\n`, 11], ['the end\n', 1]]) {
    const r = check(text)
    assert.equal(r.status, 1, text)
    assert.deepEqual(r.errors.map(([line]) => line), [at], text)
    assert.match(r.errors[0][1], /^'the end' is no puzzle/)
  }
})

test('titles that open a section and come before their puzzle go without a word', () => {
  const texts = [
    `hello\n${CLASSIC}\n\n# next\nPuzzle two:\n${CLASSIC}\n`, // at the start; after a comment
    `${grid('Grid 01')}\n${grid('Grid 02')}\n${grid('Grid 03')}\n`, // Project Euler's form: a title right after a grid
    `Sudoku collection\nGrid 01\n\n${grid('')}\n\nPuzzle two:\n${CLASSIC}\n`, // two titles; a blank line between title and puzzle
    `${CLASSIC}\n\nPuzzle two:\n+-------+\n${CLASSIC}\n` // after a blank line, before a border
  ]
  for (const text of texts) {
    const r = check(text)
    assert.equal(r.status, 0, `${text}: ${JSON.stringify(r.errors)}`)
    assert.ok(r.checks.length >= 2 && r.checks.every((c) => c === 'unique'), text)
  }
})

test('titled grids across many reads (over 64 KiB): every title is one, every grid solved', () => {
  const text = Array.from({ length: 3000 }, (_, k) => `Puzzle ${k + 1}:\n\n${grid('')}\n`).join('\n')
  assert.ok(text.length > 4 * 65536)
  const r = check(text, ['--jobs', '2'])
  assert.equal(r.status, 0, JSON.stringify(r.errors.slice(0, 3)))
  assert.equal(r.checks.length, 3000)
})

test('an error inside a puzzle names its place in the file, not in the puzzle ("line 1" of the second line)', () => {
  const r = check(`${CLASSIC}\n12345\n${CLASSIC}\n`)
  assert.deepEqual(r.errors, [[2, 'found 5 cells; a 2x2 puzzle needs 4 (they end at column 6)']])
  // a bad row in a grid that starts at line 3: the row is line 7
  const bad = rows.map((row, k) => k === 4 ? `z${row.slice(1)}` : row)
  const g = check(`${CLASSIC}\n\n${bad.join('\n')}\n`)
  assert.equal(g.errors.length, 1)
  assert.equal(g.errors[0][0], 7)
  assert.doesNotMatch(g.errors[0][1], /line \d/)
  assert.match(g.errors[0][1], / at column 1 /)
  // in --json, where no prefix names the line, the place says it
  const json = lines(dlxkit(['sudoku', '--json'], { input: `${CLASSIC}\n1234\n12345\n` }).stdout).map((l) => JSON.parse(l))
  assert.equal(json[1].line, 2)
  assert.match(json[1].error.message, /at line 3, column 5/)
})

test('explain reports a bad puzzle at the file\'s line, its places in the file\'s lines, as sudoku and rate do', () => {
  // a title, then a grid whose fifth row (line 6 of the file) holds an 'x'
  const bad = ['Grid 01', ...rows.slice(0, 4), rows[4].slice(0, 7) + 'x' + rows[4].slice(8), ...rows.slice(5)].join('\n') + '\n'
  for (const args of [['sudoku'], ['rate'], ['explain'], ['explain', '--hint', '2'], ['explain', '--json']]) {
    const r = dlxkit(args, { input: bad })
    assert.equal(r.status, 1, args.join(' '))
    assert.match(r.stderr, /^dlxkit: stdin:6: symbol 'x' \(\d+\) at column 8 /, args.join(' '))
  }
  // a one-line puzzle on line 3 that is a cell short
  const short = `${CLASSIC}\n\n${CLASSIC.slice(0, 80)}\n`
  for (const args of [['sudoku'], ['explain']]) {
    assert.match(dlxkit(args, { input: short }).stderr, /^dlxkit: stdin:3: found 80 cells; a 9x9 puzzle needs 81 \(they end at column 81\)\n$/m, args.join(' '))
  }
})

test('explain words a bad input as sudoku and rate do, the same line and exit status: a bad symbol, a wrong size, a clash, no solution, prose, an empty or missing file', () => {
  const cases = [
    ['a bad symbol', `${CLASSIC.slice(0, 80)}x\n`],
    ['a wrong size', `${CLASSIC.slice(0, 79)}\n`],
    ['a 4x4 under --box 3x3', '1...\n..3.\n.4..\n...2\n', ['--box', '3x3']],
    ['a clash', `${CLASSIC.slice(0, 2)}5${CLASSIC.slice(3)}\n`], // two 5s in row 1
    ['no solution', `12345678.${'.'.repeat(8)}9${'.'.repeat(63)}\n`],
    ['prose', 'hello world\nthis is no puzzle\n'],
    ['an empty input', '']
  ]
  for (const [what, input, extra = []] of cases) {
    const want = dlxkit(['sudoku', ...extra], { input })
    assert.equal(want.status, 1, what)
    assert.match(want.stderr, /^dlxkit: stdin(:\d+)?: /, what)
    for (const command of [['rate'], ['explain'], ['explain', '--hint', '1'], ['explain', '--json']]) {
      const r = dlxkit([...command, ...extra], { input })
      assert.equal(r.status, want.status, `${command.join(' ')}: ${what}`)
      assert.equal(r.stderr, want.stderr, `${command.join(' ')}: ${what}`)
    }
  }
  for (const command of ['sudoku', 'rate', 'explain']) {
    const r = dlxkit([command, '/no/such/file'])
    assert.equal(r.status, 2, command)
    assert.equal(lines(r.stderr)[0], "dlxkit: cannot read '/no/such/file': no such file", command)
  }
})

test('explain stops at a run of unreadable lines as sudoku and rate do (yes | dlxkit explain ends)', () => {
  const input = 'y\n'.repeat(1000)
  for (const command of ['sudoku', 'rate', 'explain']) {
    const r = dlxkit([command], { input })
    assert.equal(r.status, 1, command)
    assert.equal(lines(r.stderr).length, 2, `${command}: ${r.stderr.slice(0, 300)}`)
    assert.match(lines(r.stderr)[1], /^dlxkit: stdin:1: 256 lines in a row hold no readable puzzle/, command)
  }
})
