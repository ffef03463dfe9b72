// The Typst package (web/typst/) under Typst's own compiler, from npm
// (@myriaddreamin/typst-ts-node-compiler): documents import dlxkit.typ, which
// loads dist/dlxkit-typst.wasm's copy beside it. What the page shows is read
// back from the SVG export, whose text layer holds every run of text in
// drawing order with its fill; values come back through query().
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler'

const ROOT = new URL('..', import.meta.url).pathname
const CLASSIC = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'
const CLASSIC_SOLUTION = '534678912672195348198342567859761423426853791713924856961537284287419635345286179'
const SOLVED = '#1f5fbf' // sudoku-grid's default solved-fill
const IMPORT = '#import "/web/typst/dlxkit.typ": *\n'

// An installed copy of the package: Typst finds @local packages under
// $XDG_DATA_HOME/typst/packages/local/NAME/VERSION/ (read when compiling).
const dataHome = mkdtempSync(join(tmpdir(), 'dlxkit-typst-'))
cpSync(join(ROOT, 'web/typst'), join(dataHome, 'typst/packages/local/dlxkit/0.1.0'), { recursive: true })
process.env.XDG_DATA_HOME = dataHome
process.on('exit', () => rmSync(dataHome, { recursive: true, force: true }))

const compiler = NodeCompiler.create({ workspace: ROOT })

/** Compile a document; its diagnostics' messages when it fails. */
function compile (source) {
  const result = compiler.compile({ mainFileContent: source })
  if (result.hasError()) return { errors: result.takeError().shortDiagnostics.map((d) => d.message) }
  return { doc: result.result }
}

function compiled (source) {
  const { doc, errors } = compile(source)
  assert.ok(doc, `the document did not compile: ${errors?.join('\n')}`)
  return doc
}

/** The runs of text on the pages, in drawing order: { fill, text }. */
function texts (doc) {
  const svg = compiler.svg(doc)
  const run = /class="typst-text" fill="([^"]*)"(?:(?!class="typst-text")[\s\S])*?<h5:div class="tsel"[^>]*>([^<]*)<\/h5:div>/g
  return [...svg.matchAll(run)].map((m) => ({ fill: m[1], text: m[2].replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&quot;/g, '"') }))
}

/** The value of `#metadata(v) <r>` in the document. */
function value (source) {
  return compiler.query(compiled(source), { selector: '<r>', field: 'value' })[0]
}

/** The error messages of a document that must fail. */
function errors (source) {
  const { errors } = compile(source)
  assert.ok(errors, 'the document compiled, but should have failed')
  return errors.join('\n')
}

test('#sudoku-solution draws the solved grid: all 81 digits in order, givens in black, the rest in the solved color', () => {
  const runs = texts(compiled(IMPORT + `#sudoku-solution("${CLASSIC}")`))
  assert.equal(runs.map((r) => r.text).join(''), CLASSIC_SOLUTION)
  runs.forEach((r, i) => assert.equal(r.fill, CLASSIC[i] === '.' ? SOLVED : '#000', `cell ${i + 1}`))
})

test('#sudoku-grid draws the puzzle alone: only the givens', () => {
  const runs = texts(compiled(IMPORT + `#sudoku-grid("${CLASSIC}")`))
  assert.equal(runs.map((r) => r.text).join(''), CLASSIC.replace(/\./g, ''))
})

test('other shapes: a 6x6 from rows of numbers with 2x3 boxes, a 16x16, Sudoku X', () => {
  const six = [[0, 0, 3, 0, 1, 0], [5, 6, 0, 3, 2, 0], [0, 5, 4, 2, 0, 3], [2, 0, 6, 4, 5, 0], [0, 1, 2, 0, 4, 5], [0, 4, 0, 1, 0, 0]]
  const rows = `(${six.map((r) => `(${r.join(', ')})`).join(', ')})`
  const line = value(IMPORT + `#metadata(solve(${rows}, box: "2x3")) <r>`)
  const drawn = texts(compiled(IMPORT + `#sudoku-solution(${rows}, box: (2, 3))`)).map((r) => r.text).join('')
  assert.equal(drawn, line.replace(/ /g, ''))
  assert.equal(drawn.length, 36)
  six.flat().forEach((v, i) => v && assert.equal(drawn[i], String(v)))

  const hex = '.'.repeat(256)
  const first = value(IMPORT + `#metadata(solve("${hex}")) <r>`)
  assert.equal(first.length, 256)
  const hexRuns = texts(compiled(IMPORT + `#sudoku-solution("${hex}", unique: false)`))
  assert.equal(hexRuns.map((r) => r.text).join(''), first)

  const x = texts(compiled(IMPORT + '#sudoku-solution("1...........4...", variant: "x", unique: false)')).map((r) => r.text).join('')
  assert.equal(x.length, 16)
  for (const diagonal of [[0, 5, 10, 15], [3, 6, 9, 12]]) assert.equal(new Set(diagonal.map((i) => x[i])).size, 4, x)
})

test('pencil marks: empty cells show the digits still possible', () => {
  const runs = texts(compiled(IMPORT + `#sudoku-grid("${CLASSIC}", candidates: true)`)).map((r) => r.text)
  // Row 1: 5, 3, then the marks of column 3 (1 2 4), column 4 (2 6), 7, ...
  assert.deepEqual(runs.slice(0, 8), ['5', '3', '1', '2', '4', '2', '6', '7'])
})

test('solve, count, sudoku, cover, cover-count, cover-data and cover-best give Typst values', () => {
  const knuth = '```\na b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n```'
  const v = value(IMPORT + `#let k = ${knuth}\n#metadata((
    solve: solve("${CLASSIC}"),
    count: count("${CLASSIC}"),
    many: count("${'.'.repeat(16)}", limit: 0),
    status: sudoku("${'.'.repeat(81)}").status,
    cover: cover(k),
    covers: cover-count(k),
    rows: cover-data(k).solution.len(),
    best: cover-best("a b\\na b |7\\na |2\\nb |1\\n", k: 2),
  )) <r>`)
  const { cover, best, ...rest } = v
  assert.deepEqual(best.map((s) => s.cost), [3, 7])
  assert.deepEqual(best[0].options.slice().sort(), ['a |2', 'b |1'])
  assert.deepEqual(best[1].options, ['a b |7'])
  assert.deepEqual(rest, { solve: CLASSIC_SOLUTION, count: 1, many: 288, status: 'multiple', covers: 1, rows: 3 })
  assert.deepEqual(cover.slice().sort(), ['a d f', 'b g', 'c e'])
})

test('#exact-cover draws the matrix with the cover\'s rows highlighted', () => {
  const doc = compiled(IMPORT + '#exact-cover("a b c | x\\na x:red\\nb x:blue\\nc\\nb c x:red\\n")')
  const words = texts(doc).map((r) => r.text)
  assert.deepEqual(words.slice(0, 4), ['a', 'b', 'c', 'x'])
  assert.ok(words.includes('red') && words.includes('blue'), words.join(' '))
  // The only cover is options 1 and 4 (a x:red, b c x:red; b x:blue would clash
  // with x:red): two highlighted rows of 5 cells.
  const svg = compiler.svg(doc)
  assert.equal(svg.match(/fill="#cfe8cf"/g)?.length, 10)
})

// A puzzle whose 39th step is an X-wing (tests/data/sudoku/top1465.txt).
const XWING = '5..4..8......9..1...2..1..56..3..4...5..7......4.....83..6..7...6.....8...8..2..1'
const COLORS = { highlight: '#ffe08a', house: '#e3edf9', placed: '#1a7f37', struck: '#c62828' } // sudoku-step's defaults

test('explain gives the plugin\'s steps as Typst values', () => {
  const v = value(IMPORT + `#metadata(explain("${XWING}", from: 39, limit: 1, candidates: true)) <r>`)
  const step = v.steps[0]
  assert.equal(step.technique, 'X-wing')
  assert.match(step.text, /^X-wing on 5: /)
  assert.equal(step.candidates.length, 81)
  assert.equal(v.done, false)
})

test('#sudoku-step draws step n: its cells highlighted, its houses shaded, the placement, struck candidates, the sentence', () => {
  for (const [puzzle, n] of [[CLASSIC, 1], [XWING, 39]]) {
    const { steps: [step] } = value(IMPORT + `#metadata(explain("${puzzle}", from: ${n}, limit: 1, candidates: true)) <r>`)
    const doc = compiled(IMPORT + `#sudoku-step("${puzzle}", n: ${n})`)
    const runs = texts(doc)
    const svg = compiler.svg(doc)
    const count = (color) => svg.split(`fill="${color}"`).length - 1
    const cells = new Set(step.cells.map(String))
    const houses = new Set(step.houses.flat().map(String).filter((c) => !cells.has(c)))
    assert.equal(count(COLORS.highlight), cells.size, 'a highlighted cell per cell of the pattern')
    assert.equal(count(COLORS.house), houses.size, 'the other cells of its houses shaded')
    // the placement in its color; the eliminations struck in theirs, nothing else
    assert.deepEqual(runs.filter((r) => r.fill === COLORS.placed).map((r) => r.text), step.placements.map((m) => String(m[2])))
    assert.deepEqual(runs.filter((r) => r.fill === COLORS.struck).map((r) => r.text).sort(), step.eliminations.map((m) => String(m[2])).sort())
    assert.ok(runs.map((r) => r.text).join(' ').replace(/\s+/g, ' ').includes(`Step ${n}: ${step.text}`), 'the caption')
  }
  assert.ok(texts(compiled(IMPORT + `#sudoku-step("${XWING}", n: 39)`)).some((r) => r.fill === COLORS.struck), 'an X-wing strikes candidates')
  const bare = texts(compiled(IMPORT + `#sudoku-step("${CLASSIC}", caption: false)`)).map((r) => r.text).join(' ')
  assert.ok(!bare.includes('Step 1'), 'caption: false')
})

test('#sudoku-steps draws a sequence of small grids, each with its sentence', () => {
  const { steps } = value(IMPORT + `#metadata(explain("${CLASSIC}", from: 2, limit: 4)) <r>`)
  const words = texts(compiled(IMPORT + `#sudoku-steps("${CLASSIC}", from: 2, limit: 4)`)).map((r) => r.text).join(' ').replace(/\s+/g, ' ')
  steps.forEach((s, k) => assert.ok(words.includes(`Step ${k + 2}: ${s.text}`), `step ${k + 2}`))
  assert.ok(!words.includes('Step 6:') && !words.includes('Step 1:'))
})

test('#sudoku-step: a step past the last one, or a puzzle without one solution, stops the document saying why', () => {
  const { count } = value(IMPORT + `#metadata(explain("${CLASSIC}")) <r>`)
  assert.match(errors(IMPORT + `#sudoku-step("${CLASSIC}", n: ${count + 1})`), new RegExp(`this puzzle is solved in ${count} steps; there is no step ${count + 1}`))
  assert.match(errors(IMPORT + `#sudoku-step("${'.'.repeat(81)}")`), /more than one solution/)
})

test('the installed package (@local/dlxkit:0.1.0, with its typst.toml) works like the file', () => {
  assert.equal(value(`#import "@local/dlxkit:0.1.0": solve\n#metadata(solve("${CLASSIC}")) <r>`), CLASSIC_SOLUTION)
})

test('web/typst/example.typ compiles', () => {
  const result = compiler.compile({ mainFilePath: join(ROOT, 'web/typst/example.typ') })
  assert.ok(!result.hasError(), result.hasError() && JSON.stringify(result.takeError().shortDiagnostics))
  assert.ok(texts(result.result).some((r) => r.text.includes(CLASSIC_SOLUTION)))
})

test('cover-count past 2^63 - 1 (Typst\'s largest integer) stops the document with the exact count, never a wrong number', () => {
  // n items, each in two options of its own: 2^n covers (the memo counts them at once)
  const doubling = (n) => {
    const items = Array.from({ length: n }, (_, i) => `i${i}`)
    return JSON.stringify(items.join(' ') + '\n' + items.map((i) => `${i}\n${i}\n`).join(''))
  }
  const big = value(IMPORT + `#metadata(cover-count(${doubling(62)}) == calc.pow(2, 62)) <r>`)
  assert.equal(big, true)
  for (const [n, count] of [[63, 2n ** 63n], [70, 2n ** 70n]]) {
    assert.match(errors(IMPORT + `#metadata(cover-count(${doubling(n)})) <r>`),
      new RegExp(`dlxkit: ${count} exact covers, past 2\\^63 - 1, the largest integer Typst holds`))
  }
  assert.equal(value(IMPORT + `#metadata(cover-count(${doubling(70)}, limit: 5)) <r>`), 5)
})

test('a bad puzzle stops the document with a readable error naming the problem', () => {
  assert.match(errors(IMPORT + `#sudoku-solution("55${CLASSIC.slice(2)}")`),
    /plugin errored with: the 5 at row 1, column 2 clashes with the 5 at row 1, column 1 \(same row\)/)
  assert.match(errors(IMPORT + `#sudoku-solution("${CLASSIC.slice(1)}")`), /found 80 cells; a 9x9 puzzle needs 81/)
  assert.match(errors(IMPORT + `#sudoku-grid("${CLASSIC.slice(0, 80)}x")`), /symbol 'x'.*too big for a 9x9 puzzle/)
  assert.match(errors(IMPORT + '#sudoku-solution("12....3.........")'), /this puzzle has no solution/)
  assert.match(errors(IMPORT + `#sudoku-solution("${'.'.repeat(81)}")`),
    /more than one solution; pass unique: false to show the first one found/)
  assert.match(errors(IMPORT + `#sudoku-solution("${CLASSIC}", box: "2x3")`), /a 6x6 puzzle needs 36/)
  assert.match(errors(IMPORT + '#sudoku-grid(42)'), /a puzzle must be a string, a raw block or an array of rows, not int/)
  assert.match(errors(IMPORT + '#cover("a b\\na c\\n")'), /DLX text line 2, column 3: unknown item "c"/)
  assert.match(errors(IMPORT + '#cover("a b\\na\\n")'), /this problem has no exact cover/)
  // After errors, the same compiler still answers.
  assert.equal(value(IMPORT + `#metadata(solve("${CLASSIC}")) <r>`), CLASSIC_SOLUTION)
})
