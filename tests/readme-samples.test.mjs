// Every code sample of the docs runs (tests/doc-samples.mjs finds them and
// says how each kind is marked). Where each kind runs:
//   node     each block a module of its own in Node, in a project whose
//            node_modules/dlxkit is this checkout (so 'dlxkit', 'dlxkit/sheets',
//            'dlxkit/worker' resolve through package.json as installed); exit 0
//   browser  the HTML page as written, served by tools/serve.mjs from such a
//            project, in Chromium: no page error, no request off this host,
//            and its module script reaches its end
//   node and browser blocks (a page's module scripts) are also type-checked, all
//            together in one tsc --strict program against src/js/dlxkit.d.ts
//   config   imported in Node (its imports from the devDependencies); the
//            bundles it describes are built by tests/bundle-rollup.test.mjs
//   shell    every line that runs dlxkit, from the clone (`npx dlxkit` and
//            `dlxkit` as `node bin/dlxkit.mjs`), must exit 0; the other lines
//            are named in NOT_RUN with the test that covers them
//   recipe   tests/scale-out.test.mjs runs them (checked: it names each one)
//   typst    compiled by Typst's compiler from npm, with the package installed
//            as @local/dlxkit as its README says
//   c        built with the engine's sources (cc) and run; exit 0
//   synopsis not code: a command's usage
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ts from 'typescript'
import { ROOT, allSamples, sampleName } from './doc-samples.mjs'
import { launchBrowser, isLocal } from './browser.mjs'
import { start } from '../tools/serve.mjs'
import { HANG_MS } from './helpers.mjs'

const SAMPLES = allSamples()
const ofKind = (kind) => SAMPLES.filter((s) => s.kind === kind)
const where = (s, offset = 0) => `${s.file}:${s.line + offset}`

// Shell lines that do not run dlxkit, each with the test that covers it.
const NOT_RUN = [
  [/^npm install path\/to\/dlxkit-[\d.]+\.tgz/, 'tests/package.test.mjs installs the packed tarball in a fresh project'],
  [/^\.ci\/run\b/, 'CI itself, which runs this test'],
  [/^make test\b/, 'the whole suite, this one among them'],
  [/^make check\b/, 'the quick tier of the tests, this one among them']
]

let dir
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'dlxkit-samples-'))
  mkdirSync(join(dir, 'node_modules'))
  symlinkSync(ROOT, join(dir, 'node_modules', 'dlxkit'), 'dir') // as installed
  symlinkSync(join(ROOT, 'node_modules', '@rollup'), join(dir, 'node_modules', '@rollup'), 'dir')
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'samples', private: true, type: 'module' }))
})
after(() => { if (dir) rmSync(dir, { recursive: true, force: true }) })

test('the docs have samples of every kind the test runs, and no block it cannot run', () => {
  // allSamples() throws on a block of no known kind
  const kinds = new Set(SAMPLES.map((s) => s.kind))
  for (const kind of ['node', 'browser', 'config', 'shell', 'recipe', 'typst', 'c']) assert.ok(kinds.has(kind), `no ${kind} sample found`)
})

/** Run a file with Node in the project; insist on exit 0; its stdout. */
function runNode (file, s) {
  const r = spawnSync(process.execPath, [file], { cwd: dir, encoding: 'utf8', timeout: HANG_MS })
  assert.equal(r.status, 0, `${where(s)}: the sample exited ${r.status ?? r.signal}:\n${r.stderr}`)
  return r.stdout
}

/**
 * What a sample's console.log lines say they print, as far as a comment can
 * be read as output: each 'quoted' word, and a comment that opens with a
 * value (a number, [, {, a quote, an error code) up to where its prose starts
 * (': ', ' (' or '...'), unless the whole comment is printed as it is.
 * [line offset, [texts, any of which will do]] pairs.
 */
function promisedOutput (text) {
  const out = []
  text.split('\n').forEach((line, k) => {
    const m = /^\s*console\.log\(.*\)\s*\/\/\s*(.+)$/.exec(line)
    if (!m) return
    const comment = m[1].trim()
    for (const [, word] of comment.matchAll(/'([^']+)'/g)) out.push([k, [`'${word}'`, word]]) // quoted in an array, bare alone
    if (/^([\d[{'"-]|[A-Z][A-Z_]+ )/.test(comment)) {
      const cut = Math.min(...[': ', ' (', '...'].map((s) => comment.indexOf(s)).filter((i) => i > 0), comment.length)
      out.push([k, [comment, comment.slice(0, cut)]])
    }
  })
  return out
}

const squeeze = (text) => text.replace(/\s+/g, ' ')

test('JavaScript samples run in Node against this checkout, and print what their comments say', () => {
  for (const s of [...ofKind('node'), ...ofKind('config')]) {
    const file = join(dir, `${sampleName(s)}.mjs`)
    writeFileSync(file, s.text)
    const stdout = squeeze(runNode(file, s))
    for (const [k, promised] of promisedOutput(s.text)) {
      const texts = [promised].flat().map(squeeze)
      assert.ok(texts.some((t) => stdout.includes(t)), `${where(s, k)}: the comment says ${texts.at(-1)}, the sample printed: ${stdout}`)
    }
  }
})

/** The module scripts of an HTML sample: { text, offset (its first line in the block) }. */
function moduleScripts (s) {
  const out = []
  const re = /<script type="module">\n([^]*?)<\/script>/g
  for (let m; (m = re.exec(s.text));) out.push({ text: m[1], offset: s.text.slice(0, m.index).split('\n').length })
  assert.ok(out.length, `${where(s)}: a browser sample without a module script`)
  return out
}

test('JavaScript samples (and pages\' module scripts) type-check under tsc --strict against src/js/dlxkit.d.ts', () => {
  const files = new Map() // file -> [sample, line offset]
  for (const s of ofKind('node')) files.set(join(dir, `${sampleName(s)}.ts`), [s, 0, s.text])
  for (const s of ofKind('browser')) {
    moduleScripts(s).forEach((m, k) => files.set(join(dir, `${sampleName(s)}-${k}.ts`), [s, m.offset, m.text]))
  }
  for (const [file, [, , text]] of files) writeFileSync(file, text)
  const options = {
    strict: true,
    noEmit: true,
    skipLibCheck: true, // the .d.ts files themselves: tests/types.test.mjs
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.esnext.d.ts', 'lib.dom.d.ts'], // console, and a page's document
    types: [] // what a sample needs of Node it imports
  }
  const program = ts.createProgram([...files.keys()], options)
  const errors = ts.getPreEmitDiagnostics(program).map((d) => {
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n')
    const known = d.file && files.get(d.file.fileName)
    if (!known) return `${d.file?.fileName ?? ''}: ${text}`
    const { line } = d.file.getLineAndCharacterOfPosition(d.start)
    return `${where(known[0], known[1] + line)}: ${text}`
  })
  assert.deepEqual(errors, [])
})

test('shell samples: every dlxkit line runs from the clone and exits 0', () => {
  let ran = 0
  for (const s of ofKind('shell')) {
    s.text.split('\n').forEach((line, k) => {
      if (!line.trim() || line.startsWith('#')) return
      if (/(^|\| *)(npx dlxkit|node bin\/dlxkit\.mjs|dlxkit) /.test(line)) {
        const command = line.replace(/(^|\| *)(npx dlxkit|dlxkit) /g, '$1node bin/dlxkit.mjs ')
        const r = spawnSync('sh', ['-ec', command], { cwd: ROOT, encoding: 'utf8', timeout: HANG_MS })
        assert.equal(r.status, 0, `${where(s, k)}: ${command}\nexited ${r.status ?? r.signal}: ${r.stderr}`)
        ran++
      } else {
        assert.ok(NOT_RUN.some(([re]) => re.test(line)), `${where(s, k)}: '${line}' neither runs dlxkit nor is in NOT_RUN`)
      }
    })
  }
  assert.ok(ran > 0)
})

test('recipes: tests/scale-out.test.mjs runs each one', () => {
  const scaleOut = readFileSync(join(ROOT, 'tests/scale-out.test.mjs'), 'utf8')
  for (const s of ofKind('recipe')) {
    assert.ok(scaleOut.includes(`recipe('${s.recipe}')`), `${where(s)}: recipe '${s.recipe}' is run by no test`)
  }
})

test('C samples build with the engine\'s sources, as their comment says, and exit 0', () => {
  for (const s of ofKind('c')) {
    const source = join(dir, `${sampleName(s)}.c`)
    writeFileSync(source, s.text)
    const exe = join(dir, sampleName(s))
    // the Makefile's warnings, as errors
    const cc = spawnSync(process.env.CC ?? 'cc', ['-std=c11', '-Wall', '-Wextra', '-Wpedantic', '-Wshadow', '-Wstrict-prototypes', '-Werror',
      '-Iinclude', source, ...coreSources(), '-lm', '-o', exe], { cwd: ROOT, encoding: 'utf8', timeout: HANG_MS })
    assert.equal(cc.status, 0, `${where(s)}: does not build:\n${cc.stderr}`)
    const run = spawnSync(exe, [], { encoding: 'utf8', timeout: HANG_MS })
    assert.equal(run.status, 0, `${where(s)}: exited ${run.status ?? run.signal}:\n${run.stdout}${run.stderr}`)
  }
})

/** src/core/*.c, as the samples' comment names them. */
function coreSources () {
  return readdirSync(join(ROOT, 'src/core')).filter((f) => f.endsWith('.c')).map((f) => join('src/core', f))
}

test('Typst samples compile, with the package installed as @local/dlxkit:0.1.0', async () => {
  // Typst finds @local packages under $XDG_DATA_HOME/typst/packages/local/NAME/VERSION/
  cpSync(join(ROOT, 'web/typst'), join(dir, 'data/typst/packages/local/dlxkit/0.1.0'), { recursive: true })
  process.env.XDG_DATA_HOME = join(dir, 'data')
  const { NodeCompiler } = await import('@myriaddreamin/typst-ts-node-compiler')
  const compiler = NodeCompiler.create({ workspace: ROOT })
  for (const s of ofKind('typst')) {
    const result = compiler.compile({ mainFileContent: s.text })
    const errors = result.hasError() ? result.takeError().shortDiagnostics.map((d) => d.message) : []
    assert.deepEqual(errors, [], `${where(s)}: the sample does not compile`)
  }
})

test('page samples run in Chromium, served as an installed package', async () => {
  const server = await start({ port: 0, root: dir })
  let browser // a browser that cannot start fails the test; the server must close all the same, or the file never ends
  try {
    browser = await launchBrowser()
    for (const s of ofKind('browser')) {
      const scripts = moduleScripts(s).length
      // each module script counts itself done at its end
      const page = s.text.replace(/(<script type="module">\n[^]*?)(<\/script>)/g, '$1;globalThis.samplesDone = (globalThis.samplesDone ?? 0) + 1\n$2')
      writeFileSync(join(dir, `${sampleName(s)}.html`), `<!doctype html>\n<meta charset="utf-8">\n${page}`)
      const tab = await browser.newPage()
      const errors = []
      tab.on('pageerror', (e) => errors.push(e.message))
      // a failed load is reported with its URL below; the browser's own favicon request is no part of the page
      tab.on('console', (m) => { if (m.type() === 'error' && !/^Failed to load resource/.test(m.text())) errors.push(m.text()) })
      tab.on('response', (r) => { if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) errors.push(`${r.status()} for ${r.url()}`) })
      tab.on('request', (r) => { if (!isLocal(r.url())) errors.push(`a request off this host: ${r.url()}`) })
      await tab.goto(`http://localhost:${server.port}/${sampleName(s)}.html`)
      const done = await tab.waitForFunction((n) => globalThis.samplesDone === n, scripts, { timeout: HANG_MS }).then(() => true, () => false)
      assert.deepEqual({ done, errors }, { done: true, errors: [] }, `${where(s)}: the page did not run to its end`)
      assert.doesNotMatch(await tab.textContent('body'), /undefined|NaN|\[object /, `${where(s)}: the page shows a value that is not one`)
      await tab.close()
    }
  } finally {
    await browser?.close()
    await server.close()
  }
})
