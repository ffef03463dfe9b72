// Shared by the bundler tests (bundle*.test.mjs): a project whose
// node_modules/dlxkit holds the package's files as npm puts them (src/js/ and
// dist/), a page that imports 'dlxkit' by its package name, and how to open a
// bundle of it in Chromium and judge what it did.
import assert from 'node:assert/strict'
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, cpSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isLocal, PUZZLE, SOLUTION } from './browser.mjs'
import { HANG_MS } from './helpers.mjs'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))
export const DIST = join(ROOT, 'dist')
export const JS = join(ROOT, 'src', 'js')
export const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))

// The page: every outcome lands in window.__result (errors as "CODE: message").
// `options`: what it passes to load() and createWorker().
const page = (options = '') => `
import { load, createWorker, DlxError } from 'dlxkit'
const failure = (e) => e instanceof DlxError ? e.code + ': ' + e.message : 'not a DlxError: ' + String(e?.stack ?? e)
;(async () => {
  const out = {}
  try { out.direct = (await load(${options})).sudoku.solve(${JSON.stringify(PUZZLE)}).solution } catch (e) { out.direct = failure(e) }
  try {
    const w = await createWorker(${options})
    try { out.worker = (await w.sudoku.solve(${JSON.stringify(PUZZLE)})).solution } finally { w.terminate() }
  } catch (e) { out.worker = failure(e) }
  for (const wasm of ['missing.wasm', 'http://localhost:1/x.wasm', '::not a url']) {
    try { await load({ wasm }); out[wasm] = 'loaded' } catch (e) { out[wasm] = failure(e) }
  }
  try { (await createWorker({ workerUrl: 'no-such-worker.js' })).terminate(); out.noWorker = 'started' } catch (e) { out.noWorker = failure(e) }
  window.__result = out
})()
`

// The same with dlxkit/inline, which carries the module: nothing to copy.
const INLINE_PAGE = `
import { load } from 'dlxkit/inline'
load().then((dlx) => { window.__result = { direct: dlx.sudoku.solve(${JSON.stringify(PUZZLE)}).solution } },
  (e) => { window.__result = { direct: e.code + ': ' + e.message } })
`

/**
 * A fresh project (its path): package.json, node_modules/dlxkit, and pages'
 * scripts: src/index.js (the defaults) and src/inline.js.
 */
export function makeProject () {
  const dir = mkdtempSync(join(tmpdir(), 'dlxkit-bundle-'))
  const pkg = join(dir, 'node_modules', 'dlxkit')
  mkdirSync(pkg, { recursive: true })
  writeFileSync(join(pkg, 'package.json'), JSON.stringify(PKG))
  cpSync(DIST, join(pkg, 'dist'), { recursive: true })
  cpSync(JS, join(pkg, 'src', 'js'), { recursive: true })
  mkdirSync(join(dir, 'src'))
  writeFileSync(join(dir, 'src', 'index.js'), page())
  writeFileSync(join(dir, 'src', 'inline.js'), INLINE_PAGE)
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'page', private: true, type: 'module' }))
  return dir
}

/** Open url and wait for the page's results; also the errors it threw and the requests that left localhost. */
export async function openPage (browser, url) {
  const page = await browser.newPage()
  const errors = []
  const outside = []
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`))
  page.on('request', (r) => { if (!isLocal(r.url())) outside.push(r.url()) })
  try {
    await page.goto(url)
    await page.waitForFunction(() => window.__result !== undefined, null, { timeout: HANG_MS })
    return { result: await page.evaluate(() => window.__result), errors, outside }
  } finally {
    await page.close()
  }
}

/**
 * A bundle that works: it solves directly and in a worker, and each bad
 * `wasm` or `workerUrl` is a DlxError naming it. `missing`: what a missing
 * file gives (a server that answers every path with its page gives no 404).
 */
export function check ({ result, errors, outside }, { missing = /^LOAD_FAILED: cannot fetch \S*\/missing\.wasm: HTTP 404/ } = {}) {
  assert.equal(result.direct, SOLUTION, 'load() in the bundle')
  assert.equal(result.worker, SOLUTION, 'createWorker() in the bundle')
  assert.match(result['missing.wasm'], missing)
  assert.match(result['http://localhost:1/x.wasm'], /^LOAD_FAILED: cannot read http:\/\/localhost:1\/x\.wasm: /)
  assert.match(result['::not a url'], /^LOAD_FAILED: /)
  assert.match(result.noWorker, /^WORKER_FAILED: the worker failed: the worker script no-such-worker\.js could not be started/)
  assert.doesNotMatch(result.noWorker, /\[object /)
  assert.deepEqual(errors, [])
  assert.deepEqual(outside, [])
}
