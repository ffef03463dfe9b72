// The CLI as a user runs it: `node bin/dlxkit.mjs ...` with files and stdin,
// checked against an independent Sudoku checker and the known counts of the
// exact-cover instances of tests/data. Run: node --test tests/cli.test.mjs
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os, { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT, DATA, exactCover, dlxkit, ok, lines } from './cli-helpers.mjs'
import { HANG_MS } from './helpers.mjs'

const FIXTURES = join(ROOT, 'tests/fixtures')
const fixture = (name) => join(FIXTURES, name)

/** The first `count` puzzles of a Sudoku set of tests/data. */
function sharedPuzzles (name, count) {
  return readFileSync(join(DATA, 'sudoku', name), 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).slice(0, count)
}

// ---- an independent Sudoku checker -------------------------------------------

const SYMBOLS = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** Cell values (0 for a blank) of a one-line puzzle or a grid (decorations skipped). */
function cellsOf (text, alphabet = SYMBOLS) {
  return [...text].filter((ch) => alphabet.includes(ch) || ch === '.').map((ch) => alphabet.indexOf(ch) + 1)
}

/** Rows, columns, and boxes (or jigsaw pieces), plus diagonals and extra regions. */
function unitsOf (n, { box = null, pieces = null, x = false, regions = [] } = {}) {
  const units = []
  const range = (f) => Array.from({ length: n }, (_, k) => f(k))
  for (let u = 0; u < n; u++) {
    units.push(range((k) => u * n + k), range((k) => k * n + u))
  }
  if (pieces) {
    for (let p = 0; p < n; p++) units.push(pieces.flatMap((q, cell) => q === p ? [cell] : []))
  } else {
    const [br, bc] = box ?? [Math.sqrt(n), Math.sqrt(n)]
    for (let b = 0; b < n; b++) {
      const r0 = Math.floor(b / (n / bc)) * br
      const c0 = (b % (n / bc)) * bc
      units.push(range((k) => (r0 + Math.floor(k / bc)) * n + c0 + (k % bc)))
    }
  }
  if (x) units.push(range((k) => k * n + k), range((k) => k * n + n - 1 - k))
  return units.concat(regions)
}

/** Whether `solution` fills `puzzle` (same givens) and every unit holds 1..N once. */
function assertSolves (solution, puzzle, shape = {}) {
  const n = Math.round(Math.sqrt(solution.length))
  assert.equal(solution.length, puzzle.length, 'solution and puzzle differ in size')
  puzzle.forEach((v, i) => { if (v) assert.equal(solution[i], v, `given at cell ${i} changed`) })
  for (const unit of unitsOf(n, shape)) {
    assert.equal(new Set(unit.map((c) => solution[c])).size, n, `unit ${unit} repeats a digit`)
  }
}

/** The puzzles of a fixture file (one-line puzzles, comments skipped). */
function fixtureLines (name) {
  return lines(readFileSync(fixture(name), 'utf8')).filter((l) => !l.startsWith('#'))
}

// ---- dlxkit sudoku ------------------------------------------------------------

describe('dlxkit sudoku', () => {
  let dir
  before(() => { dir = mkdtempSync(join(tmpdir(), 'dlxkit-cli-')) })
  after(() => rmSync(dir, { recursive: true, force: true }))
  const temp = (name, text) => { const p = join(dir, name); writeFileSync(p, text); return p }

  test('solves a file of one-line puzzles, one valid solution per line', () => {
    const puzzles = sharedPuzzles('top1465.txt', 30)
    const file = temp('thirty.txt', '# a comment\n' + puzzles.join('\n') + '\n')
    const out = lines(ok(['sudoku', file]).stdout)
    assert.equal(out.length, puzzles.length)
    out.forEach((s, i) => assertSolves(cellsOf(s), cellsOf(puzzles[i])))
  })

  test('reads standard input, with - or without a file', () => {
    const [p] = sharedPuzzles('17-clue.txt', 1)
    const a = ok(['sudoku', '-'], { input: p + '\n' }).stdout
    const b = ok(['sudoku'], { input: p + '\n' }).stdout
    assert.equal(a, b)
    assertSolves(cellsOf(a.trim()), cellsOf(p))
  })

  test('a grid with decorations comes back as a grid with the same decorations', () => {
    const input = readFileSync(fixture('decorated-grids.txt'), 'utf8')
    const out = ok(['sudoku', fixture('decorated-grids.txt')]).stdout
    const grids = input.replace(/^#.*\n/gm, '').trim().split(/\n\s*\n/)
    const solved = out.trim().split(/\n\s*\n/)
    assert.equal(solved.length, 2)
    solved.forEach((s, i) => {
      const layout = (t) => t.replace(/[1-9.]/g, '*')
      assert.equal(layout(s), layout(grids[i]), 'the decorations changed')
      assertSolves(cellsOf(s), cellsOf(grids[i]))
      assert.ok(!s.includes('.'), 'the grid is not complete')
    })
  })

  test('--format line and --format grid choose the style', () => {
    const line = ok(['sudoku', '--format', 'line', fixture('decorated-grids.txt')]).stdout
    assert.deepEqual(lines(line).map((l) => l.length), [81, 81])
    const [p] = sharedPuzzles('top1465.txt', 1)
    const grid = ok(['sudoku', '--format', 'grid'], { input: p }).stdout
    assert.equal(lines(grid).length, 9)
    assertSolves(cellsOf(grid), cellsOf(p))
  })

  test('--count counts up to --limit (default 2)', () => {
    const empty4 = '.'.repeat(16)
    assert.equal(ok(['sudoku', '--count'], { input: empty4 }).stdout, '2\n')
    assert.equal(ok(['sudoku', '--count', '--limit', '0'], { input: empty4 }).stdout, '288\n')
    assert.equal(ok(['sudoku', '--count', '--limit', '10'], { input: empty4 }).stdout, '10\n')
    const [p] = sharedPuzzles('top1465.txt', 1)
    assert.equal(ok(['sudoku', '--count'], { input: p }).stdout, '1\n')
  })

  test('--check says unique, multiple or none (none exits 1)', () => {
    const [p] = sharedPuzzles('top1465.txt', 1)
    const input = [p, '.'.repeat(81)].join('\n')
    assert.equal(ok(['sudoku', '--check'], { input }).stdout, 'unique\nmultiple\n')
    const none = dlxkit(['sudoku', '--check'], { input: '1.3.......1..4..\n' })
    assert.equal(none.stdout, 'none\n')
    assert.equal(none.status, 1)
  })

  test('--candidates prints the pencil marks as an aligned grid', () => {
    const p = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'
    const out = ok(['sudoku', '--candidates'], { input: p }).stdout
    const rows = lines(out).filter((l) => !/^[-+]+$/.test(l))
    assert.equal(rows.length, 9)
    assert.deepEqual(rows[0].split(/\s+/).filter((f) => f !== '|'), ['5', '3', '124', '26', '7', '2468', '1489', '1249', '248'])
    assert.equal(new Set(rows.map((r) => r.indexOf('|'))).size, 1, 'the box rules do not line up')
  })

  test('--box 2x3 solves 6x6 puzzles, lines and grids', () => {
    const out = ok(['sudoku', '--box', '2x3', fixture('six-by-six.txt')]).stdout
    const input = readFileSync(fixture('six-by-six.txt'), 'utf8').replace(/^#.*\n/gm, '')
    const puzzles = [...lines(input.split('\n\n')[0]), ...input.split('\n\n').slice(1)]
    const solved = [...lines(out.split('\n\n')[0]), ...out.split('\n\n').slice(1)]
    assert.equal(solved.length, 7)
    solved.forEach((s, i) => assertSolves(cellsOf(s), cellsOf(puzzles[i]), { box: [2, 3] }))
    assert.equal(lines(solved[6]).length, 6, 'a grid came back as a line')
  })

  test('--variant x adds the diagonals', () => {
    const puzzles = fixtureLines('x-sudoku.txt')
    const out = lines(ok(['sudoku', '--variant', 'x', fixture('x-sudoku.txt')]).stdout)
    out.forEach((s, i) => assertSolves(cellsOf(s), cellsOf(puzzles[i]), { x: true }))
    assert.deepEqual(lines(ok(['sudoku', '--check', '--variant', 'x', fixture('x-sudoku.txt')]).stdout), ['unique', 'unique', 'unique'])
    assert.deepEqual(lines(ok(['sudoku', '--check', fixture('x-sudoku.txt')]).stdout), ['multiple', 'multiple', 'multiple'])
  })

  test('--regions adds the regions of a JSON file ([row, col] pairs or cell numbers)', () => {
    const regionsFile = fixture('extra-regions.json')
    const regions = JSON.parse(readFileSync(regionsFile, 'utf8')).map((r) => r.map((c) => Array.isArray(c) ? c[0] * 9 + c[1] : c))
    const puzzles = fixtureLines('extra-regions.txt')
    const out = lines(ok(['sudoku', '--regions', regionsFile, fixture('extra-regions.txt')]).stdout)
    out.forEach((s, i) => assertSolves(cellsOf(s), cellsOf(puzzles[i]), { regions }))
    assert.deepEqual(lines(ok(['sudoku', '--check', '--regions', regionsFile, fixture('extra-regions.txt')]).stdout), ['unique', 'unique', 'unique'])
    assert.deepEqual(lines(ok(['sudoku', '--check', fixture('extra-regions.txt')]).stdout), ['multiple', 'multiple', 'multiple'])
  })

  test('--jigsaw replaces the boxes with the pieces of a map', () => {
    const map = readFileSync(fixture('jigsaw-map.txt'), 'utf8').replace(/\s/g, '')
    const pieces = [...map].map((ch) => 'ABCDEF'.indexOf(ch))
    const puzzles = fixtureLines('jigsaw.txt')
    const out = lines(ok(['sudoku', '--jigsaw', fixture('jigsaw-map.txt'), fixture('jigsaw.txt')]).stdout)
    assert.equal(out.length, puzzles.length)
    out.forEach((s, i) => assertSolves(cellsOf(s), cellsOf(puzzles[i]), { pieces }))
  })

  test('--alphabet reads and writes other symbols (hex Sudoku)', () => {
    const alphabet = '0123456789ABCDEF'
    const puzzle = ok(['generate', '--box', '4x4', '--seed', '1', '--alphabet', alphabet]).stdout.trim()
    const solution = ok(['sudoku', '--alphabet', alphabet], { input: puzzle }).stdout.trim()
    assertSolves(cellsOf(solution, alphabet), cellsOf(puzzle, alphabet), { box: [4, 4] })
    const grid = ok(['sudoku', '--alphabet', alphabet, '--format', 'grid'], { input: puzzle }).stdout
    assert.equal(grid.replace(/\s/g, ''), solution)
  })

  test('--format json: one object per puzzle per line', () => {
    const [p] = sharedPuzzles('top1465.txt', 1)
    const r = dlxkit(['sudoku', '--format', 'json'], { input: [p, '55' + '.'.repeat(79), '.'.repeat(81)].join('\n') })
    assert.equal(r.status, 1)
    const objects = lines(r.stdout).map((l) => JSON.parse(l))
    assert.deepEqual(objects.map((o) => o.status), ['unique', 'invalid', 'multiple'])
    assert.deepEqual(objects.map((o) => o.line), [1, 2, 3])
    assertSolves(cellsOf(objects[0].solution), cellsOf(p))
    assert.equal(objects[0].count, 1)
    assert.ok(objects[0].nodes > 0)
    assert.equal(objects[1].error.code, 'CLASH')
  })

  test('--jobs 2 prints the same as --jobs 1, in input order', () => {
    const file = temp('two-hundred.txt', sharedPuzzles('top1465.txt', 200).join('\n') + '\n')
    const one = ok(['sudoku', '--jobs', '1', file]).stdout
    const two = ok(['sudoku', '--jobs', '2', file]).stdout
    assert.equal(lines(one).length, 200)
    assert.equal(two, one)
    assert.equal(ok(['sudoku', '--check', '--jobs', '2', file]).stdout, 'unique\n'.repeat(200))
  })

  test('an invalid puzzle among valid ones: the others are printed, exit 1', () => {
    const [a, b] = sharedPuzzles('top1465.txt', 2)
    const clash = '55' + '.'.repeat(79)
    const file = temp('mixed.txt', [a, clash, b.slice(0, 80), b].join('\n') + '\n')
    const r = dlxkit(['sudoku', file])
    assert.equal(r.status, 1)
    const out = lines(r.stdout)
    assert.equal(out.length, 2)
    assertSolves(cellsOf(out[0]), cellsOf(a))
    assertSolves(cellsOf(out[1]), cellsOf(b))
    const errors = lines(r.stderr)
    assert.equal(errors.length, 2)
    assert.match(errors[0], new RegExp(`^dlxkit: ${file}:2: .*clash`))
    assert.match(errors[1], new RegExp(`^dlxkit: ${file}:3: .*81`))
  })

  // A line that is no puzzle must not swallow the puzzles after it: each bad
  // piece is reported at its own line (stderr and --json), the rest solve.
  const recoveries = () => {
    const [p] = sharedPuzzles('top1465.txt', 1)
    const rows = p.match(/.{9}/g)
    return [
      { name: 'junk lines between one-line puzzles', text: [p, '1 2 3', p, p.slice(1), p], lines: [1, 2, 3, 4, 5], bad: [2, 4], errorLines: [2, 4] },
      { name: 'a bad first grid row, then one-line puzzles', text: [rows[0] + 'x', p, p], lines: [1, 2, 3], bad: [1], errorLines: [1] },
      { name: 'a grid a row short, then a one-line puzzle', text: [...rows.slice(0, 8), p], lines: [1, 9], bad: [1], errorLines: [9] },
      { name: 'a bad row inside a grid, then a blank line and a puzzle', text: [...rows.slice(0, 4), rows[4].replace(/\d/, 'z'), ...rows.slice(5), '', p], lines: [1, 11], bad: [1], errorLines: [5] }
    ].map((c) => ({ ...c, text: c.text.join('\n') + '\n' }))
  }

  test('recovery after a bad line: the puzzles after it are solved, the error names its line', () => {
    for (const c of recoveries()) {
      const r = dlxkit(['sudoku', '--check'], { input: c.text })
      assert.equal(r.status, 1, c.name)
      assert.deepEqual(lines(r.stdout), c.lines.map((l, k) => c.bad.includes(l) ? 'invalid' : 'unique'), c.name)
      assert.deepEqual(lines(r.stderr).map((e) => Number(/^dlxkit: stdin:(\d+): /.exec(e)?.[1])), c.errorLines, `${c.name}: ${r.stderr}`)
      const json = lines(dlxkit(['sudoku', '--format', 'json'], { input: c.text }).stdout).map((l) => JSON.parse(l))
      assert.deepEqual(json.map((o) => o.line), c.lines, c.name)
      assert.deepEqual(json.map((o) => o.puzzle), c.lines.map((_, k) => k + 1), c.name)
      assert.deepEqual(json.filter((o) => o.status === 'invalid').map((o) => o.line), c.bad, c.name)
    }
  })

  test('a line before a puzzle that reads as its title goes with it: the puzzle is solved, at its own line', () => {
    const [p, q] = sharedPuzzles('top1465.txt', 2)
    const r = dlxkit(['sudoku', '--format', 'json'], { input: `hello\n${p}\n\n# next\nPuzzle two:\n${q}\n` })
    assert.equal(r.status, 0, r.stderr)
    const out = lines(r.stdout).map((l) => JSON.parse(l))
    assert.deepEqual(out.map((o) => [o.status, o.line]), [['unique', 2], ['unique', 6]])
    const bad = dlxkit(['sudoku'], { input: `hello\n${p.slice(1)}\n` })
    assert.equal(bad.status, 1)
    assert.match(bad.stderr, /^dlxkit: stdin:2: /)
  })

  test('grids cut across the reads of a long file come back whole, each at its line', () => {
    const puzzles = Array(3).fill(sharedPuzzles('top1465.txt', 500)).flat() // 1,500 grids
    const grid = (p) => p.match(/.{9}/g).map((r, i) => `${r.slice(0, 3)} | ${r.slice(3, 6)} | ${r.slice(6)}` + (i === 2 || i === 5 ? '\n------+-------+------' : '')).join('\n')
    const file = temp('grids.txt', puzzles.map(grid).join('\n\n') + '\n') // 280 KB: several 64 KiB reads
    const out = ok(['sudoku', '--format', 'json', '--jobs', '2', file]).stdout
    const objects = lines(out).map((l) => JSON.parse(l))
    assert.equal(objects.length, puzzles.length)
    assert.deepEqual(objects.map((o) => o.line), puzzles.map((_, k) => 1 + 12 * k))
    assert.ok(objects.every((o) => o.status === 'unique'), 'a grid was cut')
    assert.equal(ok(['sudoku', file]).stdout.trim().split('\n\n').length, puzzles.length)
  })

  test('a puzzle without a solution exits 1 and says so', () => {
    const r = dlxkit(['sudoku'], { input: '1.3.......1..4..\n' })
    assert.equal(r.status, 1)
    assert.equal(r.stdout, '')
    assert.match(r.stderr, /^dlxkit: stdin:1: no solution/)
  })

  test('--progress draws a bar on stderr; without a terminal it stays quiet', () => {
    const input = sharedPuzzles('top1465.txt', 20).join('\n')
    assert.equal(ok(['sudoku'], { input }).stderr, '')
    assert.match(ok(['sudoku', '--progress'], { input }).stderr, /20\/20 puzzles/)
  })
})

// ---- dlxkit generate and rate -------------------------------------------------

describe('dlxkit generate', () => {
  test('the same seed gives the same puzzles, and each is unique', () => {
    const args = ['generate', '--count', '5', '--seed', '42']
    const first = ok(args).stdout
    assert.equal(ok(args).stdout, first)
    assert.equal(lines(first).length, 5)
    assert.equal(new Set(lines(first)).size, 5)
    assert.equal(ok(['sudoku', '--check'], { input: first }).stdout, 'unique\n'.repeat(5))
    // puzzle k comes from seed S+k-1
    assert.equal(ok(['generate', '--seed', '44']).stdout, lines(first)[2] + '\n')
  })

  test('--box 2x3 --symmetric --format grid, and --json', () => {
    const grids = ok(['generate', '--box', '2x3', '--count', '2', '--seed', '7', '--symmetric', '--format', 'grid']).stdout
    const blocks = grids.trim().split('\n\n')
    assert.equal(blocks.length, 2)
    for (const g of blocks) {
      const cells = cellsOf(g)
      assert.equal(cells.length, 36)
      cells.forEach((v, i) => assert.equal(Boolean(v), Boolean(cells[35 - i]), 'clues not symmetric'))
    }
    assert.equal(ok(['sudoku', '--check', '--box', '2x3'], { input: grids }).stdout, 'unique\nunique\n')
    const json = lines(ok(['generate', '--json', '--seed', '3', '--count', '2', '--minimal']).stdout).map((l) => JSON.parse(l))
    assert.deepEqual(json.map((o) => o.seed), [3, 4])
    for (const o of json) {
      assertSolves(cellsOf(o.solution), cellsOf(o.puzzle))
      assert.equal(o.clues, cellsOf(o.puzzle).filter(Boolean).length)
    }
  })

  test('--variant jigsaw without --jigsaw makes a map with each puzzle, carried by --json', () => {
    const json = lines(ok(['generate', '--variant', 'jigsaw,windoku', '--seed', '5', '--count', '2', '--json']).stdout).map((l) => JSON.parse(l))
    assert.deepEqual(json.map((o) => o.seed), [5, 6])
    const dir = mkdtempSync(join(tmpdir(), 'dlxkit-made-map-'))
    try {
      for (const o of json) {
        assert.equal(o.jigsaw.length, 9)
        assertSolves(cellsOf(o.solution), cellsOf(o.puzzle), { pieces: o.jigsaw.flat() })
        const file = join(dir, `map-${o.seed}.txt`)
        writeFileSync(file, o.jigsaw.map((row) => row.join(' ')).join('\n') + '\n')
        assert.equal(ok(['sudoku', '--check', '--variant', 'windoku', '--jigsaw', file], { input: o.puzzle }).stdout, 'unique\n')
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    const text = dlxkit(['generate', '--variant', 'jigsaw', '--seed', '5'])
    assert.equal(text.status, 2)
    assert.match(text.stderr, /only --json carries/)
    assert.match(dlxkit(['sudoku', '--variant', 'jigsaw'], { input: '' }).stderr, /--variant must be x or windoku/)
  })

  test('--variant x makes X-Sudoku', () => {
    const puzzles = ok(['generate', '--variant', 'x', '--seed', '1', '--count', '2']).stdout
    assert.equal(ok(['sudoku', '--check', '--variant', 'x'], { input: puzzles }).stdout, 'unique\nunique\n')
    const solutions = lines(ok(['sudoku', '--variant', 'x'], { input: puzzles }).stdout)
    solutions.forEach((s, i) => assertSolves(cellsOf(s), cellsOf(lines(puzzles)[i]), { x: true }))
  })
})

describe('dlxkit rate', () => {
  test('level, score, nodes and guesses per puzzle, then the rating by technique', () => {
    const puzzles = sharedPuzzles('top1465.txt', 10)
    const out = lines(ok(['rate'], { input: puzzles.join('\n') }).stdout)
    assert.equal(out.length, 10)
    for (const l of out) assert.match(l, /^level=(easy|medium|hard|expert) score=[\d.]+ nodes=\d+ guesses=\d+ difficulty=\w+ rating=[\d.]+ technique="[\w -]+" steps=\d+$/)
    const json = lines(ok(['rate', '--json'], { input: puzzles[0] }).stdout).map((l) => JSON.parse(l))
    assert.ok(['easy', 'medium', 'hard', 'expert'].includes(json[0].level))
    assert.equal(typeof json[0].score, 'number')
  })
})

// ---- dlxkit cover -----------------------------------------------------------

/** Whether the option lines are an n-queens solution (rows and columns once each). */
function assertQueens (optionLines, n) {
  assert.equal(optionLines.length, n)
  const items = optionLines.flatMap((l) => l.split(' ').filter((it) => /^[rc]\d+$/.test(it)))
  assert.equal(new Set(items).size, 2 * n)
}

describe('dlxkit cover', () => {
  test('--count on the instances of tests/data', () => {
    assert.equal(ok(['cover', '--count', exactCover('queens-12.dlx')]).stdout, '14200\n')
    assert.equal(ok(['cover', '--count', exactCover('langford-11.dlx')]).stdout, '35584\n')
  })

  test('--shard K/3: the three counts add up to the whole count', () => {
    const counts = [1, 2, 3].map((k) => Number(ok(['cover', '--count', '--shard', `${k}/3`, exactCover('queens-12.dlx')]).stdout))
    assert.equal(counts.reduce((a, b) => a + b), 14200)
    assert.ok(counts.every((c) => c > 0 && c < 14200), `uneven shards: ${counts}`)
  })

  test('--jobs 2 counts the whole on two threads', () => {
    assert.equal(ok(['cover', '--count', '--jobs', '2', exactCover('queens-12.dlx')]).stdout, '14200\n')
    assert.equal(ok(['cover', '--count', '--jobs', '2', '--limit', '100', exactCover('queens-12.dlx')]).stdout, '100\n')
  })

  test('--jobs 2 runs --count with --limit or --max-nodes, --all and the first solution on two workers: the results of --jobs 1', () => {
    const queens = exactCover('queens-12.dlx')
    const both = (args) => [1, 2].map((j) => dlxkit(['cover', ...args, '--jobs', String(j), '-q', queens]))
    // the count, with real node counts: the shards' nodes are the whole search's but for the tree's top
    const [one, two] = both(['--count', '--json']).map((r) => JSON.parse(r.stdout))
    assert.deepEqual([one.count, one.status, two.count, two.status], [14200, 'done', 14200, 'done'])
    assert.ok(two.nodes > 0.99 * one.nodes && two.nodes <= one.nodes, `nodes ${two.nodes} for ${one.nodes}`)
    for (const limit of ['1', '100', '14200', '20000']) {
      const [a, b] = both(['--count', '--json', '--limit', limit]).map((r) => JSON.parse(r.stdout))
      assert.deepEqual([b.count, b.status], [a.count, a.status], `--limit ${limit}`)
      assert.ok(b.nodes > 0)
    }
    // with --limit (and by default: the first), the first solutions in one job's order
    for (const args of [[], ['--all', '--limit', '7'], ['--all', '--limit', '3000', '--json']]) {
      const [a, b] = both(args)
      assert.equal(b.status, 0, b.stderr)
      assert.equal(b.stdout, a.stdout, args.join(' '))
    }
    // a budget the whole search fits in; one it does not (exit 1, the shards' nodes together)
    const [a, b] = both(['--count', '--json', '--max-nodes', '400000']).map((r) => JSON.parse(r.stdout))
    assert.deepEqual([b.count, b.status], [a.count, a.status])
    for (const args of [['--count'], ['--all']]) {
      const r = dlxkit(['cover', ...args, '--jobs', '2', '--max-nodes', '50000', queens])
      assert.equal(r.status, 1)
      const [, nodes, found] = r.stderr.match(/stopped after (\d+) search nodes \(--max-nodes 50000\) with (\d+) solutions so far/)
      assert.ok(Number(nodes) >= 50000 && Number(nodes) < 50000 + 2 * 5e6 && Number(found) < 14200, r.stderr)
      if (args[0] === '--all') assert.equal(r.stdout.trim().split('\n\n').length, Number(found))
    }
  })

  test('--shard K/3 --all: the shards list every solution once', () => {
    const seen = [1, 2, 3].flatMap((k) => ok(['cover', '--all', '--shard', `${k}/3`, exactCover('queens-12.dlx')]).stdout.trim().split('\n\n'))
    assert.equal(seen.length, 14200)
    assert.equal(new Set(seen).size, 14200)
    const r = JSON.parse(ok(['cover', '--count', '--json', '--shard', '2/3', '--limit', '5', exactCover('queens-12.dlx')]).stdout)
    assert.deepEqual([r.count, r.status], [5, 'limit'])
  })

  test('the first solution as option lines, by default', () => {
    const out = ok(['cover', exactCover('queens-12.dlx')]).stdout
    assertQueens(lines(out), 12)
  })

  test('--all --limit 3 prints 3 solutions separated by blank lines', () => {
    const solutions = ok(['cover', '--all', '--limit', '3', exactCover('queens-12.dlx')]).stdout.trim().split('\n\n')
    assert.equal(solutions.length, 3)
    assert.equal(new Set(solutions).size, 3)
    for (const s of solutions) assertQueens(lines(s), 12)
  })

  test('--all --jobs 2 lists the same solutions as one thread', () => {
    const sorted = (text) => text.trim().split('\n\n').sort()
    const one = sorted(ok(['cover', '--all', exactCover('langford-11.dlx')]).stdout)
    const two = sorted(ok(['cover', '--all', '--jobs', '2', exactCover('langford-11.dlx')]).stdout)
    assert.equal(one.length, 35584)
    assert.deepEqual(two, one)
  })

  test('--json', () => {
    const count = JSON.parse(ok(['cover', '--count', '--json', exactCover('queens-12.dlx')]).stdout)
    assert.equal(count.count, 14200)
    assert.equal(count.status, 'done')
    const first = JSON.parse(ok(['cover', '--json', exactCover('queens-12.dlx')]).stdout)
    assert.equal(first.solution.length, 12)
    assertQueens(first.options, 12)
  })

  test('reads stdin; a malformed file is reported with line and column, exit 1', () => {
    const tiny = 'a b | c\na c:1\nb c:1\nb\n'
    assert.equal(ok(['cover', '--count'], { input: tiny }).stdout, '2\n')
    const r = dlxkit(['cover'], { input: 'a b\na x\n' })
    assert.equal(r.status, 1)
    assert.match(r.stderr, /^dlxkit: stdin:2:\d+: .*x/)
  })

  test('--max-nodes stops the search: exit 1', () => {
    const r = dlxkit(['cover', '--count', '--max-nodes', '1000', exactCover('queens-12.dlx')])
    assert.equal(r.status, 1)
    assert.match(r.stderr, /stopped after 1000 search nodes/)
  })

  test('no solution: exit 1', () => {
    const r = dlxkit(['cover'], { input: 'a b\na\n' })
    assert.equal(r.status, 1)
    assert.match(r.stderr, /no solution/)
  })
})

// ---- endless, binary and slow input ----------------------------------------------

const TIME = '/usr/bin/time' // GNU time: the peak memory of a run, when installed

/**
 * Run the CLI with its stdin a real pipe from a child running `writer`
 * (JavaScript), as `producer | dlxkit ...` in a shell. Resolves to
 * { status, signal, stdout, stderr, peakKB } once the CLI has exited (the
 * writer is then stopped). peakKB: the CLI's peak memory, or null.
 */
function piped (args, writer, { stdinFile = null } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'dlxkit-pipe-'))
  const peakFile = join(dir, 'peak')
  const timed = existsSync(TIME)
  const argv = [process.execPath, 'bin/dlxkit.mjs', ...args]
  const producer = writer && spawn(process.execPath, ['-e', writer], { stdio: ['ignore', 'pipe', 'ignore'] })
  const stdin = producer ? producer.stdout : stdinFile ? 'pipe' : 'ignore'
  const cli = timed
    ? spawn(TIME, ['-f', '%M', '-o', peakFile, ...argv], { cwd: ROOT, stdio: [stdin, 'pipe', 'pipe'] })
    : spawn(argv[0], argv.slice(1), { cwd: ROOT, stdio: [stdin, 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  cli.stdout.on('data', (d) => { stdout += d })
  cli.stderr.on('data', (d) => { stderr += d })
  return new Promise((resolve) => {
    cli.on('close', (status, signal) => {
      producer?.kill('SIGKILL')
      const peakKB = timed && existsSync(peakFile) ? Number(readFileSync(peakFile, 'utf8').trim().split('\n').pop()) : null
      rmSync(dir, { recursive: true, force: true })
      resolve({ status, signal, stdout, stderr: stderr.replace(/^Command exited with non-zero status \d+\n/m, ''), peakKB })
    })
  })
}

/** A writer that writes `chunk` (a JS string expression) forever, as fast as the pipe takes it. */
const forever = (chunk) => `const b = Buffer.from(${chunk}); const w = () => { while (process.stdout.write(b)); process.stdout.once('drain', w) }; process.stdout.on('error', () => process.exit(0)); w()`

describe('endless, binary and slow input', () => {
  const MB = 1024

  test('/dev/zero: NUL bytes and no newline end at once in a clear error, in little memory', { timeout: HANG_MS }, async () => {
    for (const command of ['sudoku', 'rate']) {
      const r = await piped([command, '/dev/zero'], null)
      assert.equal(r.status, 1, r.stderr)
      assert.match(r.stderr, /^dlxkit: \/dev\/zero:1: a line of more than 65536 characters \(it holds NUL bytes.*the largest puzzle, 64x64.*stopped reading\n$/)
      if (r.peakKB !== null) assert.ok(r.peakKB < 300 * MB, `peak memory ${r.peakKB} KB`)
    }
    const c = await piped(['cover', '/dev/zero'], null)
    assert.equal(c.status, 1, c.stderr)
    assert.match(c.stderr, /^dlxkit: \/dev\/zero:1:1: character 0x00/)
  })

  test('an endless stream on stdin (yes, borders, one endless line) ends in an error naming the line', { timeout: HANG_MS }, async () => {
    const cases = [
      // yes | dlxkit sudoku: the first line's error, then the stop
      ["'y\\n'.repeat(4096)", /^dlxkit: stdin:1: symbol 'y' .*\ndlxkit: stdin:1: 256 lines in a row hold no readable puzzle \(is this a puzzle file\?\); stopped reading\n$/],
      ["'------+------+------\\n'.repeat(4096)", /^dlxkit: stdin:1: a puzzle text of more than 256 lines/],
      ["'1'.repeat(1 << 16)", /^dlxkit: stdin:1: a line of more than 65536 characters: longer than the largest puzzle, 64x64/],
      ["'\\0'.repeat(1 << 16)", /^dlxkit: stdin:1: a line of more than 65536 characters \(it holds NUL bytes/]
    ]
    for (const [chunk, message] of cases) {
      const r = await piped(['sudoku'], forever(chunk))
      assert.equal(r.status, 1, `${chunk}: ${r.stderr}`)
      assert.match(r.stderr, message)
      assert.equal(lines(r.stderr).length, chunk.startsWith("'y") ? 2 : 1, r.stderr)
      if (r.peakKB !== null) assert.ok(r.peakKB < 300 * MB, `${chunk}: peak memory ${r.peakKB} KB`)
    }
    // good puzzles first, then junk: the puzzles are answered, the error names the junk's line
    const [p] = sharedPuzzles('top1465.txt', 1)
    const r = await piped(['sudoku', '--check'], `process.stdout.write(${JSON.stringify(p + '\n' + p + '\n\n')}); ${forever("'y\\n'.repeat(4096)")}`)
    assert.equal(r.status, 1)
    assert.equal(r.stdout, 'unique\nunique\ninvalid\n')
    assert.match(r.stderr, /^dlxkit: stdin:4: symbol 'y'.*\ndlxkit: stdin:4: 256 lines in a row hold no readable puzzle/)
  })

  test('cover: an endless stream stops at 256 MiB with a clear error', { timeout: HANG_MS }, async () => {
    const r = await piped(['cover', '--count'], forever("'a b\\na b\\n'.repeat(8192)"))
    assert.equal(r.status, 1, r.stderr)
    assert.match(r.stderr, /^dlxkit: stdin: more than 256 MiB: larger than an exact-cover problem can be; stopped reading\n$/)
  })

  test('a slow writer on stdin: (sleep; echo PUZZLE) | dlxkit sudoku waits for it (no EAGAIN)', { timeout: HANG_MS }, async () => {
    const [a, b] = sharedPuzzles('top1465.txt', 2)
    const late = await piped(['sudoku'], `setTimeout(() => console.log(${JSON.stringify(a)}), 700)`)
    assert.equal(late.status, 0, late.stderr)
    assertSolves(cellsOf(late.stdout.trim()), cellsOf(a))
    // a pause in the middle of the input, and in the middle of a line
    const halting = await piped(['sudoku', '--check', '-'], `process.stdout.write(${JSON.stringify(a + '\n' + b.slice(0, 40))}); setTimeout(() => console.log(${JSON.stringify(b.slice(40))}), 700)`)
    assert.equal(halting.status, 0, halting.stderr)
    assert.equal(halting.stdout, 'unique\nunique\n')
    const grid = a.match(/.{9}/g).join('\n') + '\n'
    const cut = await piped(['sudoku', '--check'], `process.stdout.write(${JSON.stringify(grid.slice(0, 45))}); setTimeout(() => process.stdout.write(${JSON.stringify(grid.slice(45) + b + '\n')}), 700)`)
    assert.equal(cut.stdout, 'unique\nunique\n', cut.stderr) // a grid cut by a pause in its fifth row
    const rate = await piped(['rate'], `setTimeout(() => console.log(${JSON.stringify(a)}), 500)`)
    assert.equal(rate.status, 0, rate.stderr)
    assert.match(rate.stdout, /^level=/)
    const cover = await piped(['cover', '--count'], "process.stdout.write('a b\\n'); setTimeout(() => console.log('a\\nb\\na b'), 500)")
    assert.equal(cover.stdout, '2\n', cover.stderr)
  })

  test('(sleep 1; echo PUZZLE) | dlxkit sudoku, through a shell pipe, with and without -', { timeout: HANG_MS }, () => {
    const [p] = sharedPuzzles('top1465.txt', 1)
    for (const dash of ['', ' -']) {
      const r = spawnSync('sh', ['-c', `(sleep 1; echo '${p}') | "${process.execPath}" bin/dlxkit.mjs sudoku${dash}`], { cwd: ROOT, encoding: 'utf8' })
      assert.equal(r.status, 0, r.stderr)
      assert.equal(r.stderr, '')
      assertSolves(cellsOf(r.stdout.trim()), cellsOf(p))
    }
  })

  test('a terminal on stdin: - reads what is typed up to Ctrl-D; no FILE is a usage error', { timeout: HANG_MS, skip: !existsSync('/usr/bin/script') && 'no script(1) to make a terminal' }, () => {
    const [p] = sharedPuzzles('top1465.txt', 1)
    const onTerminal = (args, typed) => spawnSync('sh', ['-c', `${typed} | script -qec '"${process.execPath}" bin/dlxkit.mjs ${args}' /dev/null`], { cwd: ROOT, encoding: 'utf8' })
    const typed = onTerminal('sudoku -', `(sleep 1; printf '${p}\\n'; sleep 1; printf '\\004')`)
    assert.equal(typed.status, 0, typed.stdout)
    const solution = typed.stdout.split(/\r?\n/).map((l) => l.split('\r').pop().replace(/\x1b\[[?\d;]*[A-Za-z]/g, '')).find((l) => /^\d{81}$/.test(l))
    assert.ok(solution, typed.stdout)
    assertSolves(cellsOf(solution), cellsOf(p))
    const none = onTerminal('sudoku', '(sleep 1; echo x)')
    assert.equal(none.status, 2, none.stdout)
    assert.match(none.stdout, /dlxkit: no input: name a FILE, or pipe the input in/)
  })

  test('dlxkit generate | dlxkit rate, through a shell pipe, rates every puzzle generated', { timeout: HANG_MS }, () => {
    const r = spawnSync('sh', ['-c', `"${process.execPath}" bin/dlxkit.mjs generate --box 3x3 --count 5 --seed 7 | "${process.execPath}" bin/dlxkit.mjs rate`], { cwd: ROOT, encoding: 'utf8' })
    assert.equal(r.status, 0, r.stderr)
    assert.equal(r.stderr, '')
    const lines = r.stdout.trim().split('\n')
    assert.equal(lines.length, 5, r.stdout)
    for (const line of lines) assert.match(line, /^level=\w+ score=[\d.]+ nodes=\d+ guesses=\d+/)
  })

  test('a long batch streams through: 200,000 puzzles, in order, in bounded memory', { timeout: HANG_MS }, async () => {
    const [p] = sharedPuzzles('top1465.txt', 1)
    const r = await piped(['sudoku', '--count'], `const all = ${JSON.stringify(p + '\n')}.repeat(200000); process.stdout.write(all)`)
    assert.equal(r.status, 0, r.stderr)
    assert.equal(r.stdout, '1\n'.repeat(200000))
    if (r.peakKB !== null) assert.ok(r.peakKB < 400 * MB, `peak memory ${r.peakKB} KB`)
  })
})

describe('--jobs', () => {
  test('--jobs 100000 is capped at the number of processors, with a note, and gives the right output', { timeout: HANG_MS }, () => {
    const puzzles = sharedPuzzles('top1465.txt', 40).join('\n') + '\n'
    const one = ok(['sudoku', '--jobs', '1'], { input: puzzles })
    const many = ok(['sudoku', '--jobs', '100000'], { input: puzzles })
    assert.equal(many.stdout, one.stdout)
    assert.equal(many.stderr, `dlxkit: --jobs 100000: using ${os.availableParallelism?.() ?? os.cpus().length} threads, one per processor\n`)
    assert.equal(ok(['sudoku', '--jobs', '100000', '--quiet'], { input: puzzles }).stderr, '', '--quiet: no note')
    assert.equal(ok(['rate', '--jobs', '100000', '-q'], { input: puzzles }).stdout, ok(['rate'], { input: puzzles }).stdout)
    assert.equal(ok(['generate', '--count', '3', '--seed', '5', '--jobs', '100000', '-q']).stdout, ok(['generate', '--count', '3', '--seed', '5']).stdout)
    assert.equal(ok(['cover', '--count', '--jobs', '100000', '-q', exactCover('queens-12.dlx')]).stdout, '14200\n')
    assert.equal(ok(['sudoku', '--jobs', '0'], { input: puzzles }).stdout, one.stdout, '--jobs 0: one per processor')
  })
})
