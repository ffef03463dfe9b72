// The CLI's conventions: --help and --version on every command, usage
// errors (exit 2) that name the flag, the value and what is allowed, and
// several input files read in turn. Run: node --test tests/cli-usage.test.mjs
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT, dlxkit, ok, lines } from './cli-helpers.mjs'
import { COMMANDS, helpText } from '../bin/lib/help.mjs'

const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
const CLASSIC_LINE = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'

/** A usage error: exit 2, nothing on stdout, 'dlxkit: message' and a hint to the command's --help. */
function usageError (args, { input = '' } = {}) {
  const r = dlxkit(args, { input })
  assert.equal(r.status, 2, `dlxkit ${args.join(' ')}: ${r.stderr}`)
  assert.equal(r.stdout, '')
  const err = lines(r.stderr)
  assert.equal(err.length, 2, r.stderr)
  assert.match(err[1], /^Try 'dlxkit( \w+)? --help'\.$/)
  return err[0]
}

describe('--help and --version', () => {
  test('every command takes --help, -h, --version and -V: exit 0, on stdout', () => {
    assert.deepEqual(COMMANDS, ['sudoku', 'generate', 'rate', 'explain', 'cover', 'sheet'])
    assert.match(ok(['--help']).stdout, /Usage: dlxkit COMMAND/)
    assert.equal(ok(['--version']).stdout, `${version}\n`)
    for (const command of COMMANDS) {
      for (const flag of ['--help', '-h']) {
        const r = ok([command, flag])
        assert.match(r.stdout, new RegExp(`^Usage: dlxkit ${command} `), `${command} ${flag}`)
        assert.equal(r.stderr, '')
      }
      for (const flag of ['--version', '-V']) {
        const r = ok([command, flag])
        assert.equal(r.stdout, `${version}\n`, `${command} ${flag}`)
        assert.equal(r.stderr, '')
      }
    }
    assert.match(ok(['sudoku', '--help']).stdout, /--regions FILE/)
  })

  test('--help and --version win over a missing input: no waiting, no error', () => {
    assert.equal(ok(['sheet', '--version']).stdout, `${version}\n`) // sheet needs IN.xlsx otherwise
    assert.match(ok(['cover', '--help', 'no-such-file.dlx']).stdout, /^Usage: dlxkit cover/)
  })
})

describe('usage errors', () => {
  test('exit 2 with a one-line message and a hint to --help', () => {
    const cases = [
      ['sudoku', '--frobnicate'],
      ['sudoku', '--limit', 'many'],
      ['sudoku', '--box', '3', 'x.txt'],
      ['sudoku', 'no-such-file.txt'],
      ['sudoku', '--count', '--check', 'x.txt'],
      ['cover', '--shard', '4/3'],
      ['generate', '--count', '-1'],
      ['frobnicate'],
      []
    ]
    for (const args of cases) assert.match(usageError(args), /^dlxkit: /)
  })

  test('a bad number names the flag, the value and what is allowed', () => {
    const jobs = (value) => `dlxkit: --jobs '${value}' is not allowed: it takes a whole number, 0 or more (0: one thread per processor)`
    const cases = [
      [['--jobs', '-1'], jobs('-1')],
      [['-j', '-4'], jobs('-4')],
      [['--jobs=-1'], jobs('-1')],
      [['--jobs', '1.5'], jobs('1.5')],
      [['--jobs', 'x'], jobs('x')],
      [['--jobs', '1e9'], jobs('1e9')],
      [['--jobs', '99999999999999999999'], jobs('99999999999999999999').replace('0 or more', 'from 0 to 2^53 - 1')] // where the numbers end
    ]
    for (const [args, message] of cases) assert.equal(usageError(['sudoku', ...args]), message, args.join(' '))
    for (const command of ['rate', 'cover', 'generate']) assert.equal(usageError([command, '--jobs', '-1']), jobs('-1'), command)
    assert.equal(usageError(['sudoku', '--limit', '1.5']), "dlxkit: --limit '1.5' is not allowed: it takes a whole number, 0 or more (0: all)")
    assert.equal(usageError(['cover', '--limit', '-2']), "dlxkit: --limit '-2' is not allowed: it takes a whole number, 0 or more (0: no limit)")
    assert.equal(usageError(['cover', '--max-nodes', 'lots']), "dlxkit: --max-nodes 'lots' is not allowed: it takes a whole number, 0 or more (0: no limit)")
    assert.equal(usageError(['sudoku', '--max-nodes', '']), "dlxkit: --max-nodes '' is not allowed: it takes a whole number, 0 or more (0: no limit)")
    assert.equal(usageError(['generate', '--seed', '-5']), "dlxkit: --seed '-5' is not allowed: it takes a whole number, 0 or more")
    assert.equal(usageError(['generate', '--seed', 'abc']), "dlxkit: --seed 'abc' is not allowed: it takes a whole number, 0 or more")
    assert.equal(usageError(['generate', '--count', '0']), "dlxkit: --count '0' is not allowed: it takes a whole number, 1 or more")
    // a whole number too big for the CLI says where the numbers end, not '0 or more'
    assert.equal(usageError(['generate', '--seed', '99999999999999999999']), "dlxkit: --seed '99999999999999999999' is not allowed: it takes a whole number, from 0 to 2^53 - 1")
    assert.equal(usageError(['sudoku', '--limit', '9007199254740992']), "dlxkit: --limit '9007199254740992' is not allowed: it takes a whole number, from 0 to 2^53 - 1 (0: all)")
    assert.match(usageError(['cover', '--shard', '-1/3']), /^dlxkit: --shard needs K\/N with 1 <= K <= N, e\.g\. 2\/8 \(got '-1\/3'\)$/)
  })

  test('a value that looks like an option is still refused, with the way to write it', () => {
    assert.equal(usageError(['sheet', 'in.xlsx', '--out', '--force']), "dlxkit: option '--out' is followed by '--force', which looks like an option; a value starting with '-' is written --out=--force")
  })

  test('--alphabet: the message names the size of the puzzle at hand', () => {
    const four = '1...\n..3.\n.4..\n...2\n'
    const nine = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n'
    const r = dlxkit(['sudoku', '--alphabet', '12345678'], { input: nine + four })
    assert.equal(r.status, 1)
    assert.equal(r.stderr, 'dlxkit: stdin:1: the alphabet has 8 symbols; a 9x9 puzzle needs 9\n')
    assert.equal(r.stdout, '1324\n4231\n2413\n3142\n', 'the 4x4 after it is solved')
    assert.equal(usageError(['sudoku', '--box', '2x2', '--alphabet', 'ABC']), 'dlxkit: --alphabet ABC: the alphabet has 3 symbols; a 4x4 puzzle needs 4')
    assert.equal(usageError(['sudoku', '--alphabet', '12'], { input: four }), 'dlxkit: --alphabet 12: 2 symbols; the smallest puzzle, 4x4, needs 4')
    assert.equal(usageError(['generate', '--alphabet', '12345678']), 'dlxkit: --alphabet 12345678: the alphabet has 8 symbols; a 9x9 puzzle needs 9')
    assert.equal(usageError(['generate', '--box', '2x3', '--alphabet', '12345']), 'dlxkit: --alphabet 12345: the alphabet has 5 symbols; a 6x6 puzzle needs 6')
  })

  test('--alphabet \'\' (empty) is a usage error in every command that takes it, not the default symbols', () => {
    const empty = "dlxkit: --alphabet '': the alphabet is empty; give one symbol per digit"
    for (const command of ['sudoku', 'rate', 'explain']) assert.equal(usageError([command, '--alphabet', ''], { input: CLASSIC_LINE + '\n' }), empty, command)
    assert.equal(usageError(['generate', '--alphabet', '', '--seed', '1']), empty)
    // the other degenerate ones, already the library's: a repeat, the blank mark, a blank
    assert.match(usageError(['sudoku', '--alphabet', '123456788'], { input: CLASSIC_LINE + '\n' }), /repeats '8'/)
    assert.match(usageError(['generate', '--alphabet', '12345678.']), /may not use '\.'/)
    assert.match(usageError(['rate', '--alphabet', '1234 56789'], { input: CLASSIC_LINE + '\n' }), /printable ASCII/)
  })

  test('an empty --variant, --regions or --jigsaw is a usage error, not the option left out', () => {
    for (const command of ['sudoku', 'rate', 'explain', 'generate']) {
      assert.match(usageError([command, '--variant', ''], { input: CLASSIC_LINE + '\n' }), /^dlxkit: --variant must be x or windoku .*got ''$/, command)
      assert.equal(usageError([command, '--regions', ''], { input: CLASSIC_LINE + '\n' }), "dlxkit: cannot read regions file '': no such file", command)
      assert.equal(usageError([command, '--jigsaw', ''], { input: CLASSIC_LINE + '\n' }), "dlxkit: cannot read jigsaw file '': no such file", command)
    }
  })
})

describe('several inputs', () => {
  let dir
  const file = (name) => join(dir, name)
  const FOUR = '1...\n..3.\n.4..\n...2\n' // unique: 1324/4231/2413/3142
  const LINE = '.1.4...12.......' // a one-line 4x4
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'dlxkit-inputs-'))
    writeFileSync(file('grid.txt'), FOUR)
    writeFileSync(file('lines.txt'), `# two puzzles\n${LINE}\n1.3.......1..4..\n`)
    writeFileSync(file('empty.txt'), '# nothing here\n')
  })
  after(() => rmSync(dir, { recursive: true, force: true }))

  test('sudoku A B - reads them in order; errors name the file and the line', () => {
    const r = dlxkit(['sudoku', '--count', file('grid.txt'), '-', file('lines.txt')], { input: `${LINE}\n` })
    assert.equal(r.status, 1, r.stderr)
    assert.equal(r.stdout, '1\n1\n1\n0\n') // grid.txt, stdin, then lines.txt's two
    const solved = dlxkit(['sudoku', file('lines.txt'), file('grid.txt')])
    assert.equal(solved.stdout, `${ok(['sudoku'], { input: LINE }).stdout}\n1324\n4231\n2413\n3142\n`)
    assert.equal(solved.stderr, `dlxkit: ${file('lines.txt')}:3: no solution\n`)
  })

  test('a file with no puzzle is named, the others are still done (exit 1)', () => {
    const r = dlxkit(['rate', file('empty.txt'), file('grid.txt')])
    assert.equal(r.status, 1)
    assert.match(r.stdout, /^level=\w+ score=/)
    assert.equal(r.stderr, `dlxkit: ${file('empty.txt')}: no puzzle found\n`)
  })

  test('--json names the file of each puzzle when there are several', () => {
    const r = dlxkit(['sudoku', '--json', file('grid.txt'), file('lines.txt')])
    const rows = lines(r.stdout).map((l) => JSON.parse(l))
    assert.deepEqual(rows.map((o) => [o.puzzle, o.file, o.line]), [[1, file('grid.txt'), 1], [2, file('lines.txt'), 2], [3, file('lines.txt'), 3]])
    assert.equal(JSON.parse(ok(['sudoku', '--json', file('grid.txt')]).stdout).file, undefined, 'one input: no file field')
  })

  test('--jobs 2 over several files keeps their order', () => {
    const args = [file('lines.txt'), file('grid.txt'), file('lines.txt')]
    assert.equal(dlxkit(['sudoku', '--jobs', '2', ...args]).stdout, dlxkit(['sudoku', ...args]).stdout)
  })

  test('a missing file is a usage error before any work; - twice and cover with two files too', () => {
    assert.equal(usageError(['sudoku', file('grid.txt'), file('nope.txt')]), `dlxkit: cannot read '${file('nope.txt')}': no such file`)
    assert.equal(usageError(['rate', file('grid.txt'), dir]), `dlxkit: cannot read '${dir}': is a directory`)
    assert.equal(usageError(['sudoku', '-', '-']), "dlxkit: '-' (standard input) may be named once")
    assert.equal(usageError(['cover', 'a.dlx', 'b.dlx']), 'dlxkit: cover reads one input (got 2: a.dlx b.dlx); run it once per file')
  })
})

test('every option a command\'s --help lists is in docs/cli.md too', () => {
  const docs = readFileSync(join(ROOT, 'docs/cli.md'), 'utf8')
  for (const command of COMMANDS) {
    const flags = new Set(helpText(command).match(/(?<![\w-])--[a-z][a-z-]*/g))
    for (const flag of flags) assert.ok(new RegExp(`\`[^\`]*${flag}(?![\\w-])`).test(docs), `dlxkit ${command} --help lists ${flag}; docs/cli.md does not`)
  }
})
