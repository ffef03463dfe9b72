// The build compiles each core source once per flavour (one set of compiler
// flags): the C tests, the CLIs, the fuzz targets, the bench harnesses and the
// WebAssembly modules link the same objects instead of compiling the whole
// core again for every program. Read from make's dry run of a full rebuild
// (`make -n -B`, which runs nothing), so the test costs no compilation.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { HANG_MS } from './helpers.mjs'
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const TARGETS = ['test-c', 'check', 'fuzz-build', 'build/bench/dlx', 'build/bench/sudoku_native',
  'build/bench/hard_native', 'dist']
const CORE = readdirSync(new URL('../src/core/', import.meta.url)).filter((f) => f.endsWith('.c'))

function dryRun () {
  // A make above this test (make test) must not hand its jobserver or flags down.
  const env = { ...process.env }
  for (const k of ['MAKEFLAGS', 'MFLAGS', 'MAKELEVEL', 'MAKEOVERRIDES']) delete env[k]
  return execFileSync('make', ['-n', '-B', ...TARGETS], { cwd: ROOT, env, encoding: 'utf8', timeout: HANG_MS })
}

// Per flavour (the compiler and its flags, outputs and inputs left out), how
// many times each core source is compiled: as an input of any command.
function compilations (script) {
  const counts = new Map()
  for (const line of script.split('\n')) {
    const words = line.trim().split(/\s+/)
    const sources = words.filter((w) => /^src\/core\/[^/]+\.c$/.test(w))
    if (sources.length === 0) continue
    const flavour = [words[0], ...words.filter((w) => w.startsWith('-') && w !== '-c' && w !== '-o' && !w.startsWith('-l'))].join(' ')
    for (const s of sources) {
      const key = `${s} with ${flavour}`
      counts.set(key, (counts.get(key) ?? 0) + 1)
    }
  }
  return counts
}

test('each core source is compiled at most once per flavour', () => {
  const counts = compilations(dryRun())
  const twice = [...counts].filter(([, n]) => n > 1).map(([k, n]) => `${n}x ${k}`)
  assert.deepEqual(twice, [])
  // The dry run did see the flavours: sanitized, optimised, check, fuzz,
  // bench, WebAssembly and Typst each compile src/core/dlx.c.
  const dlx = [...counts.keys()].filter((k) => k.startsWith('src/core/dlx.c '))
  assert.ok(dlx.length >= 7, `flavours compiling src/core/dlx.c: ${dlx.length}`)
  // And every core source is compiled somewhere (a file the dry run missed
  // would pass the first check unseen).
  for (const f of CORE) assert.ok([...counts.keys()].some((k) => k.startsWith(`src/core/${f} `)), f)
})

// A run's fixed cost (docs/notes/tiny-runs.md): every shared library a
// program loads costs each run time before main, a tenth of a 1 ms search for
// libm alone, which no program calls. The bench's programs are linked as
// the peers are (bench/FAMILY.md times whole processes: a start-up only
// dlxkit skipped would be a gain no user sees).
const PROGRAMS = ['build/dlx', 'build/bench/dlx', 'build/bench/engine_native', 'build/bench/sudoku_native', 'build/bench/hard_native']

function linkLines (script) {
  const lines = new Map()
  for (const line of script.replace(/\\\n/g, ' ').split('\n')) {
    const words = line.trim().split(/\s+/)
    const out = words[words.indexOf('-o') + 1]
    if (words.includes('-o') && PROGRAMS.includes(out) && !words.includes('-c')) lines.set(out, words)
  }
  return lines
}

test('the programs link no libm, and the bench programs link as the peers do (not statically)', () => {
  const env = { ...process.env }
  for (const k of ['MAKEFLAGS', 'MFLAGS', 'MAKELEVEL', 'MAKEOVERRIDES', 'BENCH_LDFLAGS']) delete env[k]
  const script = execFileSync('make', ['-n', '-B', ...PROGRAMS], { cwd: ROOT, env, encoding: 'utf8', timeout: HANG_MS })
  const links = linkLines(script)
  assert.deepEqual([...links.keys()].sort(), [...PROGRAMS].sort())
  for (const [out, words] of links) {
    assert.ok(!words.includes('-lm'), `${out} links libm: ${words.join(' ')}`)
    assert.ok(!words.includes('-static') && !words.includes('-nostdlib'), `${out} is linked otherwise than the peers: ${words.join(' ')}`)
  }
})
