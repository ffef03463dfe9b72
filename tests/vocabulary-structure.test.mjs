// The Sudoku vocabulary is written once (include/sudoku.h, src/core/sudoku.c,
// src/core/sudoku_pattern.c) and reached from everywhere else through the
// library: this fails when a second definition comes back. It reads the
// sources (src/, include/, bin/, web/, tools/, bench/; not tests/, whose
// oracles recompute rules on purpose, nor dist/, which is built from them):
//   - the default box: one table (SUDOKU_DEFAULT_BOX_ROWS), one C function
//     and one JS function over it; no divisor-up-to-the-root loop elsewhere;
//   - the box spelling: one parser (sudoku_parse_box); no JS regular
//     expression that reads "RxC", no C code that looks for the sign;
//   - variants: flags and names only in sudoku.h, by name (VARIANT) in JS;
//   - the pattern grid: one formula (pattern_digit), no copy in JS.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const DIRS = ['src', 'include', 'bin', 'web', 'tools', 'bench']
const GENERATED = new Set(['src/js/dlxkit-abi.mjs']) // tools/abi.mjs copies the header's table into it

function filesUnder (dir, re) {
  const out = []
  for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, e.name)
    if (e.isDirectory()) { if (e.name !== 'node_modules' && path !== join('web', 'extension', 'lib')) out.push(...filesUnder(path, re)) } else if (re.test(e.name)) out.push(path)
  }
  return out
}
const read = (path) => readFileSync(join(ROOT, path), 'utf8')
const jsFiles = DIRS.flatMap((d) => filesUnder(d, /\.(mjs|js)$/)).filter((f) => !GENERATED.has(f))
const cFiles = DIRS.flatMap((d) => filesUnder(d, /\.[ch]$/))

// Code without comments (a comment may name a rule; only code defines one).
const code = (text) => text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1')

/** Files (of `files`) whose code matches `re`. */
const matching = (files, re) => files.filter((f) => re.test(code(read(f))))

test('the sources are found (a moved folder must not empty the checks)', () => {
  for (const f of ['src/js/dlxkit-sudoku-args.mjs', 'src/js/dlxkit-sheets.mjs', 'web/shape.mjs', 'bin/lib/args.mjs', 'bin/lib/puzzle-report.mjs']) assert.ok(jsFiles.includes(f), f)
  for (const f of ['src/core/sudoku.c', 'src/wasm/typst.c', 'include/sudoku.h']) assert.ok(cFiles.includes(f), f)
})

test('the default box: one table, one C function, one JS function', () => {
  assert.deepEqual(matching(cFiles, /SUDOKU_DEFAULT_BOX_ROWS\s*\\?\s*\{/), ['include/sudoku.h'])
  assert.deepEqual(matching(cFiles, /\bsudoku_default_box\s*\([^;{)]*\)\s*\{/), ['src/core/sudoku.c'])
  assert.deepEqual(matching(jsFiles, /function\s+defaultBox\b|defaultBox\s*=\s*(\([^)]*\)|\w+)\s*=>/), ['src/js/dlxkit-sudoku-args.mjs'])
  assert.deepEqual(matching(jsFiles, /DEFAULT_BOX_ROWS/).sort(), ['src/js/dlxkit-sudoku-args.mjs', 'tools/abi.mjs']) // its reader, its generator
  // the rule itself, written as a loop: the largest divisor up to the root
  assert.deepEqual(matching([...jsFiles, ...cFiles], /\b(\w+)\s*\*\s*\1\s*<=\s*\w+/), [])
  assert.deepEqual(matching(jsFiles, /Math\.(floor|trunc)\(Math\.sqrt\((\w+)\)\)[\s\S]{0,120}\2\s*%/), [])
})

// Regular expression literals of a JS source (roughly: enough to find one).
function regexLiterals (text) {
  const found = []
  for (const m of code(text).matchAll(/(?<=[=(,:!&|?;{}\s]|return\s)\/((?:[^/\\\n[]|\\.|\[(?:[^\]\\\n]|\\.)*\])+)\/([dgimsuy]*)/g)) {
    try { found.push(new RegExp(m[1], m[2])) } catch { /* not a regex after all */ }
  }
  return found
}

test('the box spelling: one parser, in C; no other reads "RxC"', () => {
  // a JS regex that takes both "3x3" and "2*3" (and not any text) reads boxes
  const readsBoxes = (re) => ['3x3', '2*3'].every((s) => new RegExp(re.source).test(s)) && !new RegExp(re.source).test('hello world')
  const offenders = jsFiles.filter((f) => regexLiterals(read(f)).some(readsBoxes))
  assert.deepEqual(offenders, [])
  assert.ok(regexLiterals('const m = /^\\s*(\\d+)\\s*[xX*]\\s*(\\d+)\\s*$/.exec(text)').some(readsBoxes), 'the check sees the old parser')
  assert.deepEqual(matching(cFiles, /\bsudoku_parse_box\s*\([^;{)]*\)\s*\{/), ['src/core/sudoku.c'])
  // C code that looks for the sign between rows and columns: the parser's only
  assert.deepEqual(matching(cFiles, /'x'[\s\S]{0,80}'\*'|'\*'[\s\S]{0,80}'x'/), ['src/core/sudoku.c'])
  assert.deepEqual(matching(cFiles, /memchr\([^)]*'x'\)/), [])
})

test('variant flags: numbers in sudoku.h only; JS names them (VARIANT)', () => {
  assert.deepEqual(matching(jsFiles, /\b(flags|variants)\s*(\|=\s*\d|=\s*[1-9])/), [])
  assert.deepEqual(matching(jsFiles, /\bVARIANT\b/).sort(), ['bin/lib/library.mjs', 'bin/lib/sudoku-options.mjs', 'src/js/dlxkit-sudoku-args.mjs', 'tools/abi.mjs'])
  // no list of the variants' names of its own
  assert.deepEqual(matching(jsFiles, /\[\s*'x'\s*,\s*'windoku'\s*\]|name\s*===\s*'x'/), [])
  assert.deepEqual(matching(cFiles, /\bSUDOKU_X\s*=\s*1\b/), ['include/sudoku.h'])
  // the names: SUDOKU_VARIANT_NAMES (comments and messages may still say them)
  const cNames = cFiles.filter((f) => /"windoku"/.test(read(f).replace(/\/\*[\s\S]*?\*\//g, ' ')))
  assert.deepEqual(cNames, ['include/sudoku.h'])
})

test('the pattern grid: one formula, in C; the sheets call the API', () => {
  assert.deepEqual(matching(cFiles, /%\s*\w+\)\s*\*\s*\w+\s*\+\s*\w+\s*\/\s*\w+\s*\+\s*\w+\)\s*%/), ['src/core/sudoku_pattern.c'])
  assert.deepEqual(matching(jsFiles, /%\s*\w+\)\s*\*\s*\w+\s*\+\s*Math\.floor\(/), [])
  assert.match(code(read('src/js/dlxkit-sheets.mjs')), /kit\.sudoku\.pattern\(/)
})
