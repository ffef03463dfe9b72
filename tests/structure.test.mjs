// The layering of the C sources: the core (src/ outside src/wasm/) never
// depends on the WebAssembly boundary. The core calls malloc, memchr and
// strlen as any C program does; in the modules they come from
// src/wasm/heap.c, the boundary's one C library. A core file that defined
// them again (or a second copy inside the boundary, as the Typst plugin once
// had) would bring back the circle core <-> boundary, and so would a core
// file including a header from src/wasm/.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

// The C library names the boundary provides (and any a file might be tempted
// to write for itself).
const LIBC = ['malloc', 'free', 'calloc', 'realloc', 'aligned_alloc', 'memchr', 'strlen', 'memcpy',
  'memmove', 'memset', 'memcmp', 'strcmp', 'strncmp', 'strchr']

function cFiles (dir) {
  const out = []
  for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, e.name)
    if (e.isDirectory()) out.push(...cFiles(path))
    else if (/\.[ch]$/.test(e.name)) out.push(path)
  }
  return out
}

// The source without comments and string literals, so that only code matches.
function code (text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/[^\n]*/g, ' ')
    .replace(/^[ \t]*#[^\n]*/gm, ';') // a preprocessor line ends what came before
    .replace(/"(?:[^"\\\n]|\\.)*"/g, '""')
    .replace(/'(?:[^'\\\n]|\\.)*'/g, "''")
}

// The C library names a file defines: `type name(params) {` at file level
// (a declaration ends with `;` instead, a call sits inside an expression).
function libcDefinitions (text) {
  const found = []
  const re = new RegExp(String.raw`(?:^|[;}])\s*(?:[A-Za-z_][\w]*[\s*]+)+(${LIBC.join('|')})\s*\(([^;{}()]*)\)\s*\{`, 'g')
  for (const m of code(text).matchAll(re)) found.push(m[1])
  return found
}

const isBoundary = (path) => path.startsWith(join('src', 'wasm') + '/')
const sources = cFiles('src').concat(cFiles('include'))

test('the definition check sees a definition and nothing else', () => {
  assert.deepEqual(libcDefinitions('static int x;\nvoid *malloc(size_t n) {\n    return 0;\n}\n'), ['malloc'])
  assert.deepEqual(libcDefinitions('size_t\nstrlen (const char *s)\n{ return 0; }'), ['strlen'])
  assert.deepEqual(libcDefinitions('void *malloc(size_t n);\nint f(void) { char *p = malloc(3); free(p); return 0; }'), [])
  assert.deepEqual(libcDefinitions('/* void free(void *p) { } */ const char *s = "size_t strlen(x) {";'), [])
})

test('no C file outside src/wasm/ defines a C library name', () => {
  const core = sources.filter((p) => !isBoundary(p))
  assert.ok(core.includes(join('src', 'core', 'sudoku_read.c')) && core.includes(join('src', 'core', 'dlx_text.c')), 'the core sources were found')
  for (const path of core) {
    const names = libcDefinitions(readFileSync(join(ROOT, path), 'utf8'))
    assert.deepEqual(names, [], `${path} defines ${names.join(', ')}: the C library belongs in src/wasm/heap.c`)
  }
})

test('inside src/wasm/, only heap.c defines C library names, and it defines the allocator', () => {
  for (const path of sources.filter(isBoundary)) {
    const names = libcDefinitions(readFileSync(join(ROOT, path), 'utf8'))
    if (path === join('src', 'wasm', 'heap.c')) {
      for (const name of ['malloc', 'free', 'calloc', 'realloc', 'memchr', 'strlen']) {
        assert.ok(names.includes(name), `src/wasm/heap.c defines ${name}`)
      }
    } else {
      assert.deepEqual(names, [], `${path} defines ${names.join(', ')}: one C library for both modules, src/wasm/heap.c`)
    }
  }
})

test('no core source includes a file from src/wasm/', () => {
  const headers = new Set(cFiles(join('src', 'wasm')).map((p) => p.split('/').pop()))
  for (const path of sources.filter((p) => !isBoundary(p))) {
    const text = readFileSync(join(ROOT, path), 'utf8').replace(/\/\*[\s\S]*?\*\//g, ' ')
    for (const m of text.matchAll(/^\s*#\s*include\s*[<"]([^>"]+)[>"]/gm)) {
      const name = m[1]
      assert.ok(!/(^|\/)wasm\//.test(name) && !headers.has(name.split('/').pop()),
        `${path} includes ${name}, a part of the WebAssembly boundary: arrows point down only`)
    }
  }
})

// ---- the JS library (src/js/) ----------------------------------------------------
// Modules a job (dlxkit-*.mjs) under a thin index, importing only each other;
// the entries (the files package.json names: dlxkit.mjs, dlxkit-browser.mjs,
// the workers, the sheets) are the only files with a host's code; one run
// loop, in dlxkit-run.mjs.

const JS_DIR = join(ROOT, 'src', 'js')
const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
const targets = (v) => typeof v === 'string' ? [v] : Object.values(v).flatMap(targets)
const ENTRIES = new Set([...targets(PKG.exports), ...targets(PKG.browser)]
  .filter((t) => t.startsWith('./src/js/') && t.endsWith('.mjs')).map((t) => t.slice('./src/js/'.length)))
const library = readdirSync(JS_DIR).filter((f) => /^dlxkit-.*\.mjs$/.test(f) && !ENTRIES.has(f))

test('the entries are the files package.json names in src/js/, under the names they are published with', () => {
  assert.deepEqual([...ENTRIES].sort(), ['dlxkit-browser.mjs', 'dlxkit-sheets.mjs', 'dlxkit-worker-browser.mjs', 'dlxkit-worker.mjs', 'dlxkit.mjs'])
  for (const f of ENTRIES) assert.ok(readdirSync(JS_DIR).includes(f), `package.json names src/js/${f}, which is missing`)
})
const jsText = (f) => readFileSync(join(JS_DIR, f), 'utf8')
const importsOf = (text) => [...text.matchAll(/^\s*(?:import|export)\b[^;()]*?\bfrom\s*['"]([^'"]+)['"]/gm)].map((m) => m[1])

test('the index only re-exports; every library module is small and imports only the library', () => {
  assert.ok(library.length >= 10, library.join(' '))
  const index = jsText('dlxkit-core.mjs').split('\n').filter((l) => l.trim() && !l.trim().startsWith('//'))
  for (const line of index) assert.match(line, /^export \{ [\w, ]+ \} from '\.\/dlxkit-[\w-]+\.mjs'$/, `dlxkit-core.mjs: ${line}`)
  for (const f of library) {
    const text = jsText(f)
    const lines = text.split('\n').length
    assert.ok(lines <= 450, `${f} has ${lines} lines: split it by job`)
    for (const spec of importsOf(text)) assert.ok(library.includes(spec.replace(/^\.\//, '')), `${f} imports ${spec}`)
    assert.doesNotMatch(text, /import\(|['"]node:/, `${f} has host code: that belongs in an entry (${[...ENTRIES].join(', ')})`)
  }
})

test('the library modules import each other without a cycle', () => {
  const graph = new Map(library.map((f) => [f, importsOf(jsText(f)).map((s) => s.replace(/^\.\//, ''))]))
  const state = new Map() // 1: on the path, 2: done
  const visit = (f, path) => {
    if (state.get(f) === 2) return
    assert.notEqual(state.get(f), 1, `import cycle: ${[...path, f].join(' -> ')}`)
    state.set(f, 1)
    for (const g of graph.get(f) ?? []) visit(g, [...path, f])
    state.set(f, 2)
  }
  for (const f of library) visit(f, [])
})

test('one run loop: only dlxkit-run.mjs steps a search (dlxkit-problem.mjs defines the steps)', () => {
  for (const f of readdirSync(JS_DIR).filter((n) => n.endsWith('.mjs'))) {
    if (f === 'dlxkit-run.mjs' || f === 'dlxkit-problem.mjs') continue
    assert.doesNotMatch(jsText(f), /\.(?:_?searchUntil|search)\(/, `${f} steps a search itself: use Search or runSearch (dlxkit-run.mjs)`)
  }
  assert.match(jsText('dlxkit-run.mjs'), /_searchUntil\(/)
})

// ---- files with one job (issue 27) ----------------------------------------------
// A C file that grows past 800 lines has taken on a second job: split it (as
// the puzzle text became sudoku_read.c, sudoku_cells.c and sudoku_print.c).

const C_MAX_LINES = 800

test(`no C file in src/ is over ${C_MAX_LINES} lines`, () => {
  const all = cFiles('src')
  assert.ok(all.length >= 20, all.join(' '))
  for (const path of all) {
    const lines = readFileSync(join(ROOT, path), 'utf8').split('\n').length - 1
    assert.ok(lines <= C_MAX_LINES, `${path} has ${lines} lines: split it by job`)
  }
})

// Small helpers once: a second copy drifts from the first. The file-level
// definitions of a name (`type name(params) {`) across src/.
function definitionsOf (name) {
  const re = new RegExp(String.raw`(?:^|[;}])\s*(?:[A-Za-z_][\w]*[\s*]+)+${name}\s*\(([^;{}()]*)\)\s*\{`, 'g')
  return cFiles('src').filter((path) => [...code(readFileSync(join(ROOT, path), 'utf8')).matchAll(re)].length > 0)
}

test('luby() is defined once, in src/core/luby.h', () => {
  assert.deepEqual(definitionsOf('luby'), [join('src', 'core', 'luby.h')])
})

test('the random generators are defined in one place, src/core/random.h', () => {
  // splitmix64's multiplier and xorshift's shift steps: written anywhere else, a generator was copied.
  for (const constant of [/0xBF58476D1CE4E5B9/i, /\^=\s*\w+\s*>>\s*12\s*,/, /\^=\s*\w+\s*<<\s*13\s*,/]) {
    const files = cFiles('src').filter((p) => constant.test(code(readFileSync(join(ROOT, p), 'utf8'))))
    assert.deepEqual(files, [join('src', 'core', 'random.h')], `${constant}: ${files.join(' ')}`)
  }
  for (const name of ['mix_seed', 'next_random', 'rng_next', 'xorshift64_next']) {
    assert.deepEqual(definitionsOf(name), [join('src', 'core', 'random.h')], name)
  }
})

test('one error setter for Sudoku errors: only sudoku.c formats a sudoku_error_t message', () => {
  // format.c is the formatter; dlx_text.c sets the DLX reader's own dlx_error_t;
  // sudoku_logic_text.c formats the explainer's sentences, not errors.
  const own = ['format.c', 'sudoku.c', 'dlx_text.c', 'sudoku_logic_text.c'].map((f) => join('src', 'core', f))
  for (const path of cFiles(join('src', 'core')).filter((p) => p.endsWith('.c') && !own.includes(p))) {
    assert.doesNotMatch(code(readFileSync(join(ROOT, path), 'utf8')), /fmt_vsnprintf\s*\(/, `${path} sets an error message itself: call sudoku_fail (sudoku.c)`)
  }
})

// ---- one copy of each file (issue 27) ----------------------------------------------
// The JS library lives in src/js/ only; dist/ holds what a compiler or a tool
// makes (the .wasm modules, the inline and Apps Script bundles), never a copy.

const SOURCE = /\.(?:mjs|cjs|js|ts|c|h)$/

function tracked () {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean)
}

test('no two committed JS, TS or C files have the same content', () => {
  const files = tracked().filter((f) => SOURCE.test(f) && existsSync(join(ROOT, f)))
  assert.ok(files.length >= 100, `${files.length} files`)
  const byContent = new Map()
  for (const f of files) {
    const key = createHash('sha256').update(readFileSync(join(ROOT, f))).digest('hex')
    byContent.set(key, [...(byContent.get(key) ?? []), f])
  }
  const twice = [...byContent.values()].filter((names) => names.length > 1)
  assert.deepEqual(twice, [], twice.map((names) => names.join(' = ')).join('\n'))
})

test('dist/ has no JS module that is a copy of a source: each is generated by a tool and says so', () => {
  const dist = readdirSync(join(ROOT, 'dist')).filter((f) => SOURCE.test(f))
  assert.deepEqual(dist.sort(), ['dlxkit-apps-script.js', 'dlxkit-inline.mjs'], 'dist/ holds the two bundles and no other JS')
  const sources = new Set(tracked().filter((f) => SOURCE.test(f) && !f.startsWith('dist/') && existsSync(join(ROOT, f)))
    .map((f) => readFileSync(join(ROOT, f), 'utf8')))
  for (const f of dist) {
    const text = readFileSync(join(ROOT, 'dist', f), 'utf8')
    assert.ok(!sources.has(text), `dist/${f} is a copy of a source`)
    assert.match(text.split('\n').slice(0, 4).join(' '), /Generated by tools\/[\w-]+\.mjs/, `dist/${f} does not say which tool made it`)
  }
})

// ---- no global state in the core (issue 27) -------------------------------------
// dlx.h promises no global state: two handles (or two threads) never share
// memory. A mutable `static` object, at file level or in a function, breaks
// that; scratch belongs in the handle. Functions and const objects are fine.

/** The names of the mutable static objects a C source declares. */
function mutableStatics (text) {
  const src = code(text).replace(/__attribute__\s*\(\((?:[^()]|\([^()]*\))*\)\)/g, ' ')
  const found = []
  for (const m of src.matchAll(/(?<![\w[])static\b/g)) {
    // The declaration up to its end (`;` or an initializer), struct bodies skipped.
    let decl = ''
    for (let i = m.index + m[0].length, depth = 0; i < src.length; i++) {
      const ch = src[i]
      if (ch === '{') { if (depth === 0 && decl.includes('(')) break; depth++; continue }
      if (ch === '}') { depth--; continue }
      if (depth > 0) continue
      if (ch === ';' || ch === '=') break
      decl += ch
    }
    const call = /([A-Za-z_]\w*)\s*\(\s*(?!\*)/.exec(decl)
    const bracket = decl.indexOf('[')
    if (call && (bracket < 0 || call.index < bracket)) continue // a function
    const star = decl.lastIndexOf('*')
    if (/\bconst\b/.test(star < 0 ? decl : decl.slice(star))) continue // the object itself is const
    found.push(/([A-Za-z_]\w*)\s*(?:\[[^\]]*\]\s*)*(?:\)\s*\([^)]*\)\s*)?(?:,|$)/.exec(decl.trim())?.[1] ?? decl.trim())
  }
  return found
}

test('the static check sees mutable statics and nothing else', () => {
  assert.deepEqual(mutableStatics(`static int32_t count_it(const int *p) { static int calls; return *p + calls++; }
static inline void f(void);
static const char *names[] = { "a" };
static char *const fixed = NULL;
static const struct { int a; } table[2] = { { 1 }, { 2 } };
static int (*hook)(int);
static struct { int a, b; } pair;
#ifdef __wasm__
static int16_t work[4096 + 16] __attribute__((aligned(16))); /* static int not_me; */
#endif
int a[static 4]; _Static_assert(1, "static int x;");`), ['calls', 'names', 'hook', 'pair', 'work'])
})

test('no mutable static in src/core: the scratch lives in the handle', () => {
  const core = cFiles(join('src', 'core'))
  assert.ok(core.includes(join('src', 'core', 'dlx_bits.c')), core.join(' '))
  for (const path of core) {
    const names = mutableStatics(readFileSync(join(ROOT, path), 'utf8'))
    assert.deepEqual(names, [], `${path} keeps ${names.join(', ')} in static memory: put it in the handle (dlx.h promises no global state)`)
  }
})
