// The page of bundle-page.mjs bundled by Rollup with the one plugin every
// Rollup project that imports packages has: @rollup/plugin-node-resolve, with
// browser: true so that it takes the package's "browser" entry. Rollup
// leaves new URL(..., import.meta.url) as it is, so docs/pages-and-bundlers.md's recipe adds
// two steps: dlxkit.wasm copied next to the bundle (where the library looks second), and
// the worker built as a second entry. Without them, each failure says what to do; with them, the
// page solves in Chromium, directly and in a worker.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { writeFileSync, readFileSync, copyFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { start } from '../tools/serve.mjs'
import { launchBrowser, SOLUTION } from './browser.mjs'
import { makeProject, openPage, check } from './bundle-page.mjs'
import { HANG_MS } from './helpers.mjs'

let dir, server, browser

before(async () => {
  dir = makeProject()
  server = await start({ port: 0, root: dir })
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await server?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** What a rollup.config.mjs entry says: { input, output, plugins: [nodeResolve({ browser: true })] }. */
async function bundle (input, output) {
  const { rollup } = await import('rollup')
  const { nodeResolve } = await import('@rollup/plugin-node-resolve')
  const warnings = []
  const build = await rollup({ input, plugins: [nodeResolve({ browser: true, rootDir: dir })], onwarn: (w) => warnings.push(w.message) })
  try {
    await build.write({ format: 'es', ...output })
  } finally {
    await build.close()
  }
  return warnings
}

function open (out, script = 'index.js') {
  writeFileSync(join(dir, out, 'index.html'), `<!doctype html><meta charset="utf-8"><title>rollup</title><script type="module" src="${script}"></script>`)
  return openPage(browser, `http://localhost:${server.port}/${out}/index.html`)
}

// The package's "browser" field maps the inline entry's import of
// dlxkit.mjs to dlxkit-browser.mjs, so no Node code comes along.
test('rollup, dlxkit/inline: load() solves with nothing copied', { timeout: HANG_MS }, async () => {
  assert.deepEqual(await bundle(join(dir, 'src/inline.js'), { dir: join(dir, 'out-rollup-inline') }), [])
  assert.doesNotMatch(readFileSync(join(dir, 'out-rollup-inline', 'inline.js'), 'utf8'), /['"]node:/)
  const { result, errors, outside } = await open('out-rollup-inline', 'inline.js')
  assert.deepEqual({ result, errors, outside }, { result: { direct: SOLUTION }, errors: [], outside: [] })
})

test('rollup + node-resolve { browser: true }: the browser entry, no Node code, no warning', { timeout: HANG_MS }, async () => {
  const warnings = await bundle(join(dir, 'src/index.js'), { dir: join(dir, 'out-rollup') })
  assert.deepEqual(warnings, [])
  const text = readFileSync(join(dir, 'out-rollup', 'index.js'), 'utf8')
  assert.doesNotMatch(text, /['"]node:/)
  assert.match(text, /new URL\('\.\.\/\.\.\/dist\/dlxkit\.wasm', import\.meta\.url\)/, 'left as it is: the module is looked for where the package keeps it')
})

test('rollup, the bundle alone: load() and createWorker() fail saying what to do', { timeout: HANG_MS }, async () => {
  const { result, errors } = await open('out-rollup')
  assert.deepEqual(errors, [])
  assert.match(result.direct, /^LOAD_FAILED: cannot fetch http:\/\/localhost:\d+\/dist\/dlxkit\.wasm: HTTP 404\. dlxkit\.wasm is neither at \.\.\/\.\.\/dist\/dlxkit\.wasm from the script that loads it nor next to it\. .*copy node_modules\/dlxkit\/dist\/dlxkit\.wasm next to the bundle, or pass its URL: load\(\{ wasm: url \}\), createWorker\(\{ wasm: url \}\); or import dlxkit\/inline/)
  assert.match(result.worker, /^WORKER_FAILED: the worker failed: the worker script http:\/\/localhost:\d+\/out-rollup\/dlxkit-worker-browser\.mjs could not be started .*build node_modules\/dlxkit\/src\/js\/dlxkit-worker-browser\.mjs as a second entry .*or pass createWorker\(\{ workerUrl \}\)/)
})

test('rollup, with dlxkit.wasm copied next to the bundle and the worker entry built: the page solves, directly and in a worker', { timeout: HANG_MS }, async () => {
  assert.deepEqual(await bundle(join(dir, 'src/index.js'), { dir: join(dir, 'out-rollup') }), [])
  copyFileSync(join(dir, 'node_modules/dlxkit/dist/dlxkit.wasm'), join(dir, 'out-rollup/dlxkit.wasm'))
  // the second entry, as docs/pages-and-bundlers.md's config names it: 'dlxkit/worker' by its package name
  assert.deepEqual(await bundle('dlxkit/worker', { file: join(dir, 'out-rollup/dlxkit-worker-browser.mjs') }), [])
  const worker = readFileSync(join(dir, 'out-rollup/dlxkit-worker-browser.mjs'), 'utf8')
  assert.doesNotMatch(worker, /^import|['"]node:/m, 'the worker is one file')
  check(await open('out-rollup', 'index.js'))
})
