// dlxkit generate reaches every side the API does (issue 26, item 6): past
// 61x61 (--box 8x8, 7x9), where the one-symbol-per-cell forms run out of
// symbols, it prints numbers by default, --format numbers names that form,
// --json carries the numbers' text, and a one-symbol form asked for is a
// usage error that says what to use. What it prints, dlxkit sudoku solves,
// and prints back (--format numbers, --json) past 61x61 too.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { ROOT, dlxkit, lines } from './cli-helpers.mjs'
import { HANG_MS } from './helpers.mjs'

/**
 * The CLI, insisting on exit status 0. A 64x64 takes seconds of CPU; the
 * time limit is only a hang guard, far above that on a loaded machine.
 */
function ok (args, { input } = {}) {
  const r = spawnSync(process.execPath, ['bin/dlxkit.mjs', ...args], { cwd: ROOT, input, encoding: 'utf8', timeout: HANG_MS, maxBuffer: 1 << 26 })
  assert.equal(r.status, 0, `dlxkit ${args.join(' ')} exited ${r.status} (signal ${r.signal}): ${r.stderr}`)
  return r
}

/** The cells of a numbers grid: n rows of n whole numbers, 0 empty. */
function numbersGrid (text, n) {
  const rows = lines(text).map((l) => l.trim().split(/\s+/).map(Number))
  assert.equal(rows.length, n)
  for (const row of rows) {
    assert.equal(row.length, n)
    assert.ok(row.every((v) => Number.isInteger(v) && v >= 0 && v <= n), 'a cell out of range')
  }
  return rows.flat()
}

test('--box 8x8: numbers by default and with --format numbers; dlxkit sudoku finds each puzzle unique', { timeout: HANG_MS }, () => {
  const out = ok(['generate', '--box', '8x8', '--seed', '1', '--count', '2']).stdout
  const puzzles = out.trim().split('\n\n')
  assert.equal(puzzles.length, 2)
  for (const p of puzzles) assert.ok(numbersGrid(p, 64).some((v) => v === 0), 'no empty cell')
  assert.equal(ok(['generate', '--box', '8x8', '--seed', '1', '--count', '2', '--format', 'numbers']).stdout, out)
  assert.equal(ok(['sudoku', '--check', '--box', '8x8'], { input: out }).stdout, 'unique\nunique\n')
})

test('--box 7x9 --json: puzzle and solution as the numbers\' text; the solution fills the puzzle', { timeout: HANG_MS }, () => {
  const r = JSON.parse(ok(['generate', '--box', '7x9', '--seed', '3', '--json']).stdout)
  assert.equal(r.seed, 3)
  const puzzle = numbersGrid(r.puzzle, 63)
  const solution = numbersGrid(r.solution, 63)
  assert.equal(puzzle.filter(Boolean).length, r.clues)
  puzzle.forEach((v, i) => { if (v) assert.equal(solution[i], v) })
  // dlxkit sudoku: JSON and --format numbers carry the 63x63 solution as numbers; a line cannot
  const solved = JSON.parse(ok(['sudoku', '--format', 'json'], { input: r.puzzle + '\n' }).stdout)
  assert.equal(solved.status, 'unique')
  assert.deepEqual(numbersGrid(solved.solution, 63), solution)
  assert.deepEqual(numbersGrid(ok(['sudoku', '--format', 'numbers'], { input: r.puzzle + '\n' }).stdout, 63), solution)
  const line = dlxkit(['sudoku', '--format', 'line'], { input: r.puzzle + '\n' })
  assert.equal(line.status, 1)
  assert.match(line.stderr, /^dlxkit: stdin:1: the puzzle is larger than 61x61, .*use --format numbers/)
})

test('a one-symbol form past 61x61 is a usage error naming what works; up to 61x61 the forms are as before', () => {
  for (const format of ['line', 'grid']) {
    const r = dlxkit(['generate', '--box', '8x8', '--seed', '1', '--format', format])
    assert.equal(r.status, 2)
    assert.match(r.stderr, new RegExp(`^dlxkit: --format ${format} writes one symbol per cell, and a 64x64 puzzle needs 64: .*use --format numbers`))
  }
  assert.match(ok(['generate', '--box', '3x3', '--seed', '1']).stdout, /^[1-9.]{81}\n$/)
  const numbers = ok(['generate', '--box', '2x2', '--seed', '1', '--format', 'numbers']).stdout
  const line = ok(['generate', '--box', '2x2', '--seed', '1']).stdout.trim()
  assert.deepEqual(numbersGrid(numbers, 4), [...line].map((c) => c === '.' ? 0 : Number(c)))
})
