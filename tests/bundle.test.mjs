// A page that imports 'dlxkit' by its package name, bundled as users bundle
// it: webpack 5 with no configuration for dlxkit (only entry, output, mode)
// and esbuild --bundle --platform=browser --format=esm. The bundles run in
// headless Chromium and must solve a Sudoku, directly and in a worker; a
// missing module or worker is a DlxError saying why. The package's
// "browser" condition must pick an entry with no Node code at all.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, copyFileSync, cpSync, rmSync, existsSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { start } from '../tools/serve.mjs'
import { launchBrowser, isLocal, PUZZLE, SOLUTION } from './browser.mjs'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const DIST = join(ROOT, 'dist')
const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))

// The page: every outcome lands in window.__result (errors as "CODE: message").
const PAGE = `
import { load, createWorker, DlxError } from 'dlxkit'
const failure = (e) => e instanceof DlxError ? e.code + ': ' + e.message : 'not a DlxError: ' + String(e?.stack ?? e)
;(async () => {
  const out = {}
  try { out.direct = (await load()).sudoku.solve(${JSON.stringify(PUZZLE)}).solution } catch (e) { out.direct = failure(e) }
  try {
    const w = await createWorker()
    try { out.worker = (await w.sudoku.solve(${JSON.stringify(PUZZLE)})).solution } finally { w.terminate() }
  } catch (e) { out.worker = failure(e) }
  for (const wasm of ['missing.wasm', 'http://localhost:1/x.wasm', '::not a url']) {
    try { await load({ wasm }); out[wasm] = 'loaded' } catch (e) { out[wasm] = failure(e) }
  }
  try { (await createWorker({ workerUrl: 'no-such-worker.js' })).terminate(); out.noWorker = 'started' } catch (e) { out.noWorker = failure(e) }
  window.__result = out
})()
`

let dir, server, browser

/** A project whose node_modules/dlxkit holds the package's files, as npm would put them. */
function makeProject () {
  dir = mkdtempSync(join(tmpdir(), 'dlxkit-bundle-'))
  const pkg = join(dir, 'node_modules', 'dlxkit')
  mkdirSync(pkg, { recursive: true })
  writeFileSync(join(pkg, 'package.json'), JSON.stringify(PKG))
  cpSync(DIST, join(pkg, 'dist'), { recursive: true })
  mkdirSync(join(dir, 'src'))
  writeFileSync(join(dir, 'src', 'index.js'), PAGE)
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'page', private: true, type: 'module' }))
}

before(async () => {
  makeProject()
  server = await start({ port: 0, root: dir })
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await server?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** Open out/index.html and wait for the page's results; also the errors it logged. */
async function run (out, scriptTag) {
  writeFileSync(join(dir, out, 'index.html'), `<!doctype html><meta charset="utf-8"><title>bundle</title>${scriptTag}`)
  const page = await browser.newPage()
  const errors = []
  const outside = []
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`))
  page.on('request', (r) => { if (!isLocal(r.url())) outside.push(r.url()) })
  try {
    await page.goto(`http://localhost:${server.port}/${out}/index.html`)
    await page.waitForFunction(() => window.__result !== undefined, null, { timeout: 30000 })
    return { result: await page.evaluate(() => window.__result), errors, outside }
  } finally {
    await page.close()
  }
}

function check ({ result, errors }) {
  assert.equal(result.direct, SOLUTION, 'load() in the bundle')
  assert.equal(result.worker, SOLUTION, 'createWorker() in the bundle')
  assert.match(result['missing.wasm'], /^LOAD_FAILED: cannot fetch .*missing\.wasm: HTTP 404/)
  assert.match(result['http://localhost:1/x.wasm'], /^LOAD_FAILED: cannot read http:\/\/localhost:1\/x\.wasm: /)
  assert.match(result['::not a url'], /^LOAD_FAILED: /)
  assert.match(result.noWorker, /^WORKER_FAILED: the worker failed: the worker script no-such-worker\.js could not be started/)
  assert.doesNotMatch(result.noWorker, /\[object /)
  assert.deepEqual(errors, [])
}

test('webpack 5, no configuration for dlxkit: the bundle solves, directly and in a worker', { timeout: 120000 }, async () => {
  const { default: webpack } = await import('webpack')
  const stats = await new Promise((resolve, reject) => {
    webpack({ mode: 'production', context: dir, entry: './src/index.js', output: { path: join(dir, 'out-webpack') } },
      (err, s) => err ? reject(err) : resolve(s))
  })
  assert.ok(!stats.hasErrors(), stats.toString({ all: false, errors: true }))
  const emitted = readdirSync(join(dir, 'out-webpack'))
  assert.ok(emitted.some((f) => f.endsWith('.wasm')), `webpack emitted the module (${emitted})`)
  check(await run('out-webpack', '<script src="main.js"></script>'))
})

// esbuild leaves new URL(..., import.meta.url) as it is (it does not copy
// assets it finds that way): dlxkit.wasm and the bundled worker go next to
// the bundle, as the README says.
test('esbuild --bundle --platform=browser --format=esm: the bundle solves, directly and in a worker', { timeout: 120000 }, async () => {
  const esbuild = await import('esbuild')
  const out = join(dir, 'out-esbuild')
  await esbuild.build({ absWorkingDir: dir, entryPoints: ['src/index.js'], bundle: true, platform: 'browser', format: 'esm', outdir: out, logLevel: 'silent' })
  await esbuild.build({
    absWorkingDir: dir, entryPoints: ['node_modules/dlxkit/dist/dlxkit-worker-browser.mjs'], bundle: true, platform: 'browser', format: 'esm', outdir: out, outExtension: { '.js': '.mjs' }, logLevel: 'silent'
  })
  copyFileSync(join(dir, 'node_modules', 'dlxkit', 'dist', 'dlxkit.wasm'), join(out, 'dlxkit.wasm'))
  const bundle = readFileSync(join(out, 'index.js'), 'utf8')
  assert.doesNotMatch(bundle, /node:/, 'the browser bundle has no Node code')
  check(await run('out-esbuild', '<script type="module" src="index.js"></script>'))
})

test('"browser" resolves to dlxkit-browser.mjs, "node" and "default" to dlxkit.mjs', () => {
  const root = PKG.exports['.']
  assert.equal(root.browser, './dist/dlxkit-browser.mjs')
  assert.equal(root.node, './dist/dlxkit.mjs')
  assert.equal(root.default, './dist/dlxkit.mjs')
  assert.ok(Object.keys(root).indexOf('browser') < Object.keys(root).indexOf('default'), 'conditions are tried in order')
  assert.equal(PKG.exports['./worker'].browser, './dist/dlxkit-worker-browser.mjs')
})

// Everything the browser entry and its worker load, followed through their
// imports and new URL(..., import.meta.url): no Node module, in any form.
test('the browser entry and all it loads have no node: import (nor any Node built-in)', () => {
  const seen = new Set()
  const queue = ['dlxkit-browser.mjs', 'dlxkit-worker-browser.mjs']
  while (queue.length) {
    const name = queue.shift()
    if (seen.has(name)) continue
    seen.add(name)
    const file = join(DIST, name)
    assert.ok(existsSync(file), `${name} is loaded but missing`)
    if (!name.endsWith('.mjs')) continue
    const text = readFileSync(file, 'utf8')
    assert.doesNotMatch(text, /['"`]node:/, `${name} names a node: module`)
    assert.doesNotMatch(text, /\bprocess\.|\brequire\s*\(/, `${name} uses Node globals`)
    for (const m of text.matchAll(/\bimport\s*\(\s*([^)]*)\)/g)) assert.fail(`${name} imports ${m[1]} dynamically`)
    for (const m of text.matchAll(/(?:\bfrom\s*|\bnew URL\(\s*)['"](\.\/[^'"]+)['"]/g)) queue.push(join(dirname(name), m[1]))
  }
  assert.ok(seen.has('dlxkit-core.mjs') && seen.has('dlxkit.wasm') && seen.has('dlxkit-worker-core.mjs'), [...seen].join(' '))
})
