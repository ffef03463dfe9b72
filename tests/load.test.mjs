// Loading the module: every way of handing over the wasm, the inline build
// (no file access at all), what the module imports and exports, what the
// shipped JS may not contain, and the package's "exports" map.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, writeFileSync, readdirSync, existsSync, mkdtempSync, mkdirSync, copyFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { pathToFileURL, fileURLToPath } from 'node:url'
import { execFileSync } from 'node:child_process'
import { load, DlxError } from '../src/js/dlxkit.mjs'
import { cellsOf, isSolution } from './helpers.mjs'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const DIST = join(ROOT, 'dist')
const JS = join(ROOT, 'src', 'js')
const WASM_PATH = join(DIST, 'dlxkit.wasm')
const BYTES = readFileSync(WASM_PATH)
/** The library's modules, entries and all: src/js/*.mjs under their published names. */
const LIBRARY = readdirSync(JS).filter((f) => f.endsWith('.mjs'))
const CLASSIC = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'
const SOLVED = '534678912672195348198342567859761423426853791713924856961537284287419635345286179'

/** The instance works: it solves the classic puzzle to its known answer. */
function assertWorks (kit) {
  const r = kit.sudoku.solve(CLASSIC)
  assert.equal(r.status, 'unique')
  assert.equal(r.solution, SOLVED)
  assert.ok(isSolution(cellsOf(r.solution), cellsOf(CLASSIC)))
}

async function rejectsWith (promise, code) {
  await assert.rejects(promise, (e) => {
    assert.ok(e instanceof DlxError, `expected a DlxError, got ${e?.constructor?.name}: ${e?.message}`)
    assert.equal(e.code, code)
    return true
  })
}

test('load() with no options reads dist/dlxkit.wasm (../../dist/ from the module)', async () => {
  assertWorks(await load())
  assertWorks(await load({}))
})

// Node before 20.16 has no process.getBuiltinModule: the file read imports node:fs/promises.
test('load() with no options reads the file without process.getBuiltinModule too (Node 18 to 20.15)', () => {
  const script = `process.getBuiltinModule = undefined
    const { load } = await import(${JSON.stringify(pathToFileURL(join(JS, 'dlxkit.mjs')).href)})
    process.stdout.write((await load()).sudoku.solve(${JSON.stringify(CLASSIC)}).solution)`
  assert.equal(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }), SOLVED)
})

test('load({ wasm }) takes bytes: Uint8Array, Buffer, ArrayBuffer, a view at an offset', async () => {
  assertWorks(await load({ wasm: new Uint8Array(BYTES) }))
  assertWorks(await load({ wasm: BYTES }))
  const copy = new Uint8Array(BYTES)
  assertWorks(await load({ wasm: copy.buffer }))
  assert.ok(copy.buffer instanceof ArrayBuffer && !ArrayBuffer.isView(copy.buffer))
  // a view into the middle of a larger buffer: only the view's bytes count
  const big = new Uint8Array(BYTES.length + 64).fill(0xff)
  big.set(BYTES, 32)
  assertWorks(await load({ wasm: new Uint8Array(big.buffer, 32, BYTES.length) }))
})

test('load({ wasm }) takes a compiled WebAssembly.Module, and instances do not share memory', async () => {
  const module = await WebAssembly.compile(BYTES)
  const a = await load({ wasm: module })
  const b = await load({ wasm: module })
  assertWorks(a)
  assertWorks(b)
  // a big solve grows one instance's memory and not the other's
  const before = b.memorySize()
  a.sudoku.solve(Array.from({ length: 25 }, () => Array(25).fill(0)), { limit: 1 })
  assert.ok(a.memorySize() > before)
  assert.equal(b.memorySize(), before)
})

test('load() again from the same URL compiles nothing: the instances share one module, not their memory', async () => {
  const a = await load()
  const b = await load()
  const c = await load({ wasm: new URL('../dist/dlxkit.wasm', import.meta.url) })
  assert.ok(b._module === a._module, 'a second load() compiled the module again')
  assert.ok(c._module === a._module, 'the default URL given by hand compiled the module again')
  assert.ok((await load({ wasm: BYTES }))._module !== a._module, 'bytes are compiled each time')
  assertWorks(b)
  const before = b.memorySize()
  a.sudoku.solve(Array.from({ length: 25 }, () => Array(25).fill(0)), { limit: 1 })
  assert.ok(a.memorySize() > before)
  assert.equal(b.memorySize(), before)
})

test('load({ wasm }) takes a file: URL (or its text), and reads that very file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dlxkit-load-'))
  try {
    const elsewhere = join(dir, 'renamed.wasm')
    copyFileSync(WASM_PATH, elsewhere)
    assertWorks(await load({ wasm: pathToFileURL(elsewhere) }))
    assertWorks(await load({ wasm: pathToFileURL(elsewhere).href }))
    assertWorks(await load({ wasm: new URL('../dist/dlxkit.wasm', import.meta.url) }))
    // in Node, a relative path is a file path from the working directory
    // (not from node_modules/dlxkit/dist), whatever it looks like
    assertWorks(await load({ wasm: relative(process.cwd(), elsewhere) }))
    assertWorks(await load({ wasm: './' + relative(process.cwd(), WASM_PATH) }))
    await rejectsWith(load({ wasm: 'dlxkit.wasm' }), 'LOAD_FAILED') // none in the working directory
    // the URL is honoured: a missing file is a load failure, not the default file
    await rejectsWith(load({ wasm: pathToFileURL(join(dir, 'missing.wasm')) }), 'LOAD_FAILED')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

// A bundler that copies the entry but not dlxkit.wasm (esbuild --platform=node,
// say): the default is missing. The error names the file and says what to
// do, on the main thread and from a worker; a URL the caller chose is not
// second-guessed.
test('the default dlxkit.wasm missing: LOAD_FAILED naming it and saying what to do; found next to the script', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dlxkit-nowasm-'))
  try {
    // the modules two folders down, so that ../../dist/ is inside dir (and empty)
    const js = join(dir, 'src', 'js')
    mkdirSync(js, { recursive: true })
    for (const f of LIBRARY) copyFileSync(join(JS, f), join(js, f))
    const copy = await import(pathToFileURL(join(js, 'dlxkit.mjs')).href)
    const advice = /cannot read file:\/\/\S*dlxkit-nowasm-\w+\/dist\/dlxkit\.wasm: .*\. dlxkit\.wasm is neither at \.\.\/\.\.\/dist\/dlxkit\.wasm from the script that loads it nor next to it\. .*copy node_modules\/dlxkit\/dist\/dlxkit\.wasm next to the bundle, or pass its URL: load\(\{ wasm: url \}\), createWorker\(\{ wasm: url \}\); or import dlxkit\/inline/
    await assert.rejects(copy.load(), (e) => e.code === 'LOAD_FAILED' && advice.test(e.message))
    await assert.rejects(copy.createWorker(), (e) => e.code === 'LOAD_FAILED' && advice.test(e.message))
    await assert.rejects(copy.load({ wasm: pathToFileURL(join(dir, 'dlxkit.wasm')) }),
      (e) => e.code === 'LOAD_FAILED' && /cannot read file:/.test(e.message) && !/is neither at/.test(e.message))
    assertWorks(await copy.load({ wasm: BYTES }))
    // copied next to the script (as beside an esbuild or Rollup bundle): found there second
    copyFileSync(WASM_PATH, join(js, 'dlxkit.wasm'))
    assertWorks(await copy.load())
    const worker = await copy.createWorker()
    try {
      assert.equal((await worker.sudoku.solve(CLASSIC)).solution, SOLVED)
    } finally {
      worker.terminate()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('bad wasm bytes give DlxError LOAD_FAILED', async () => {
  await rejectsWith(load({ wasm: new Uint8Array([1, 2, 3]) }), 'LOAD_FAILED')
  await rejectsWith(load({ wasm: new Uint8Array(0) }), 'LOAD_FAILED')
  // a good header cut short
  await rejectsWith(load({ wasm: BYTES.subarray(0, 100) }), 'LOAD_FAILED')
  // a valid module that is not dlxkit (it exports nothing)
  await rejectsWith(load({ wasm: new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]) }), 'LOAD_FAILED')
})

test('dist/dlxkit-inline.mjs has the module inside: load() with no options', async () => {
  const inline = await import('../dist/dlxkit-inline.mjs')
  const main = await import('../src/js/dlxkit.mjs')
  for (const name of Object.keys(main)) assert.ok(name in inline, `dlxkit-inline.mjs lacks the export ${name}`)
  assert.equal(inline.DlxError, DlxError, 'one error class for both entry points')
  assertWorks(await inline.load())
  assertWorks(await inline.load({ maxMemory: 64 * 1024 * 1024 }))
  const source = readFileSync(join(DIST, 'dlxkit-inline.mjs'), 'utf8')
  assert.doesNotMatch(source, /dlxkit\.wasm['"]/, 'the inline build does not name the .wasm file')
})

// A child Node process that may read only the two .mjs files and its own
// script: the inline build still solves; the plain build cannot get its wasm.
test('dlxkit-inline.mjs works with no file access (Node permission model)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dlxkit-perm-'))
  try {
    const script = join(dir, 'probe.mjs')
    const inline = join(DIST, 'dlxkit-inline.mjs')
    const main = join(JS, 'dlxkit.mjs')
    // what both import (each path once: Node 20 aborts on a path given twice)
    const library = LIBRARY.filter((f) => f !== 'dlxkit.mjs').map((f) => `--allow-fs-read=${join(JS, f)}`)
    const code = `
      const [inline, main] = process.argv.slice(2)
      const out = {}
      const kit = await (await import(inline)).load()
      out.inline = kit.sudoku.solve(${JSON.stringify(CLASSIC)}).solution
      try { await (await import(main)).load(); out.main = 'loaded' } catch (e) { out.main = e.code }
      process.stdout.write(JSON.stringify(out))
    `
    writeFileSync(script, code)
    const stdout = execFileSync(process.execPath, [
      '--experimental-permission', '--no-warnings',
      `--allow-fs-read=${script}`, `--allow-fs-read=${inline}`, `--allow-fs-read=${main}`, ...library,
      script, pathToFileURL(inline).href, pathToFileURL(main).href
    ], { encoding: 'utf8' })
    const out = JSON.parse(stdout)
    assert.equal(out.inline, SOLVED)
    assert.equal(out.main, 'LOAD_FAILED', 'the sandbox really keeps dlxkit.wasm out of reach')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

// The same child, with a module hook that refuses every Node built-in to the
// library's files (src/js/, dist/): what a browser or an extension would do.
// Bytes and the inline build need none; only the zero-configuration file read does.
// Node 20.16+ hands built-ins out without the module loader too
// (process.getBuiltinModule, which the file read takes first): refused the same way.
test('the library needs no Node built-in unless it reads a file or starts a Node worker', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dlxkit-hooks-'))
  try {
    const hooks = join(dir, 'hooks.mjs')
    const probe = join(dir, 'probe.mjs')
    writeFileSync(hooks, `
      export async function resolve (specifier, context, next) {
        const fromDist = [${JSON.stringify(pathToFileURL(DIST).href + '/')}, ${JSON.stringify(pathToFileURL(JS).href + '/')}].some((d) => (context.parentURL ?? '').startsWith(d))
        const builtin = specifier.startsWith('node:') || ${JSON.stringify(['fs', 'fs/promises', 'path', 'url', 'os', 'worker_threads', 'child_process', 'module'])}.includes(specifier)
        if (fromDist && builtin) throw new Error('refused ' + specifier)
        return next(specifier, context)
      }
    `)
    writeFileSync(probe, `
      import { register } from 'node:module'
      import { readFileSync } from 'node:fs'
      import { pathToFileURL } from 'node:url'
      register(pathToFileURL(${JSON.stringify(hooks)}))
      if (process.getBuiltinModule) process.getBuiltinModule = (id) => { throw new Error('refused ' + id) }
      const dist = ${JSON.stringify(pathToFileURL(DIST).href)}
      const out = {}
      const main = await import(${JSON.stringify(pathToFileURL(join(JS, 'dlxkit.mjs')).href)})
      const bytes = readFileSync(new URL(dist + '/dlxkit.wasm'))
      out.bytes = (await main.load({ wasm: bytes })).sudoku.solve(${JSON.stringify(CLASSIC)}).solution
      out.inline = (await (await import(dist + '/dlxkit-inline.mjs')).load()).sudoku.solve(${JSON.stringify(CLASSIC)}).solution
      try { await main.load(); out.file = 'loaded' } catch (e) { out.file = e.code + ': ' + e.message }
      process.stdout.write(JSON.stringify(out))
    `)
    const out = JSON.parse(execFileSync(process.execPath, ['--no-warnings', probe], { encoding: 'utf8' }))
    assert.equal(out.bytes, SOLVED)
    assert.equal(out.inline, SOLVED)
    assert.match(out.file, /^LOAD_FAILED: .*refused node:fs/, 'the hook is in force')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('the module imports nothing and exports the dk_* API the JS calls', () => {
  const module = new WebAssembly.Module(BYTES)
  assert.deepEqual(WebAssembly.Module.imports(module), [])
  const exports = new Map(WebAssembly.Module.exports(module).map((e) => [e.name, e.kind]))
  assert.equal(exports.get('memory'), 'memory')
  assert.equal(exports.get('_initialize'), 'function')
  // every dk_ function the JS wrappers call is there, as a function
  const js = LIBRARY.map((f) => readFileSync(join(JS, f), 'utf8')).join('\n')
  const used = new Set([...js.matchAll(/\b(dk_[a-z0-9_]+)\s*\(/g)].map((m) => m[1]))
  assert.ok(used.size >= 30, `the JS calls ${used.size} dk_ functions`)
  for (const name of used) assert.equal(exports.get(name), 'function', `${name} is called by the library but not exported`)
  for (const name of ['dk_sudoku_solve', 'dk_sudoku_generate', 'dk_problem_parse', 'dk_problem_count', 'dk_set_memory_cap', 'dk_alloc', 'dk_free']) {
    assert.equal(exports.get(name), 'function', name)
  }
})

test('the shipped .mjs (src/js/, dist/): no eval, no new Function, no static import of Node modules', () => {
  // dist/ has one module, the inline build; the library is src/js/
  assert.deepEqual(readdirSync(DIST).filter((f) => f.endsWith('.mjs')), ['dlxkit-inline.mjs'])
  const files = [...LIBRARY.map((f) => join(JS, f)), join(DIST, 'dlxkit-inline.mjs')]
  const nodeModule = String.raw`(?:node:[\w/]+|fs|fs/promises|path|url|os|worker_threads|child_process|module|crypto|util)`
  const staticImport = new RegExp(String.raw`^\s*(?:import|export)\b[^;()]*?\bfrom\s*['"]${nodeModule}['"]|^\s*import\s*['"]${nodeModule}['"]`, 'm')
  for (const f of files) {
    const text = readFileSync(f, 'utf8')
    assert.doesNotMatch(text, /\beval\s*\(/, `${f} calls eval`)
    assert.doesNotMatch(text, /new\s+Function\b/, `${f} uses new Function`)
    assert.doesNotMatch(text, /\brequire\s*\(/, `${f} uses require`)
    assert.doesNotMatch(text, staticImport, `${f} imports a Node module statically`)
    // static imports are only of the package's own files
    for (const m of text.matchAll(/^\s*(?:import|export)\b[^;()]*?\bfrom\s*['"]([^'"]+)['"]/gm)) {
      assert.match(m[1], f.startsWith(JS) ? /^\.\/dlxkit[\w-]*\.mjs$/ : /^\.\.\/src\/js\/dlxkit\.mjs$/, `${f} imports ${m[1]}`)
    }
    // every dynamic import of a Node module sits behind a check for Node
    const lines = text.split('\n')
    lines.forEach((line, i) => {
      if (!/import\(\s*['"]node:/.test(line)) return
      const before = lines.slice(Math.max(0, i - 8), i + 1).join('\n')
      assert.match(before, /isNode\(\)|typeof process|parentPort|typeof self/, `${f}:${i + 1} imports a Node module outside a Node check`)
    })
  }
})

test('package.json "exports" point at files that exist, and resolve by name', async () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
  const targets = []
  const walk = (v) => typeof v === 'string' ? targets.push(v) : Object.values(v).forEach(walk)
  walk(pkg.exports)
  for (const t of [...targets, pkg.main, pkg.types, ...Object.values(pkg.bin)]) {
    assert.ok(existsSync(join(ROOT, t)), `${t} is missing`)
  }
  for (const key of ['.', './inline', './worker', './dlxkit.wasm', './package.json']) assert.ok(key in pkg.exports, key)
  assert.equal(pkg.type, 'module')
  // the package refers to itself by name (Node's self-reference)
  assert.equal(import.meta.resolve('dlxkit'), pathToFileURL(join(JS, 'dlxkit.mjs')).href)
  assert.equal(import.meta.resolve('dlxkit/inline'), pathToFileURL(join(DIST, 'dlxkit-inline.mjs')).href)
  assert.equal(import.meta.resolve('dlxkit/worker'), pathToFileURL(join(JS, 'dlxkit-worker.mjs')).href)
  assert.equal(import.meta.resolve('dlxkit/dlxkit.wasm'), pathToFileURL(WASM_PATH).href)
  const byName = await import('dlxkit')
  assert.equal(byName.load, load)
  assertWorks(await (await import('dlxkit/inline')).load())
})
