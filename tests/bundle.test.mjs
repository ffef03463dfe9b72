// A page that imports 'dlxkit' by its package name, bundled as users bundle
// it: webpack 5 with no configuration for dlxkit (only entry, output, mode)
// and esbuild --bundle --platform=browser --format=esm. The bundles run in
// headless Chromium and must solve a Sudoku, directly and in a worker; a
// missing module or worker is a DlxError saying why. The package's
// "browser" condition must pick an entry with no Node code at all.
// (Vite and Rollup: bundle-vite.test.mjs, bundle-rollup.test.mjs.)
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { writeFileSync, readFileSync, copyFileSync, rmSync, existsSync, readdirSync } from 'node:fs'
import { join, dirname } from 'node:path'
import { start } from '../tools/serve.mjs'
import { launchBrowser, SOLUTION } from './browser.mjs'
import { ROOT, PKG, makeProject, openPage, check } from './bundle-page.mjs'
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

/** Write out/index.html around the bundle and open it. */
function run (out, scriptTag) {
  writeFileSync(join(dir, out, 'index.html'), `<!doctype html><meta charset="utf-8"><title>bundle</title>${scriptTag}`)
  return openPage(browser, `http://localhost:${server.port}/${out}/index.html`)
}

test('webpack 5, no configuration for dlxkit: the bundle solves, directly and in a worker', { timeout: HANG_MS }, async () => {
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
// assets it finds that way): dlxkit.wasm goes next to the bundle, where the
// library looks second, and the bundled worker too, as docs/pages-and-bundlers.md says.
test('esbuild --bundle --platform=browser --format=esm: the bundle solves, directly and in a worker', { timeout: HANG_MS }, async () => {
  const esbuild = await import('esbuild')
  const out = join(dir, 'out-esbuild')
  await esbuild.build({ absWorkingDir: dir, entryPoints: ['src/index.js'], bundle: true, platform: 'browser', format: 'esm', outdir: out, logLevel: 'silent' })
  await esbuild.build({
    absWorkingDir: dir, entryPoints: ['node_modules/dlxkit/src/js/dlxkit-worker-browser.mjs'], bundle: true, platform: 'browser', format: 'esm', outdir: out, outExtension: { '.js': '.mjs' }, logLevel: 'silent'
  })
  copyFileSync(join(dir, 'node_modules', 'dlxkit', 'dist', 'dlxkit.wasm'), join(out, 'dlxkit.wasm'))
  const bundle = readFileSync(join(out, 'index.js'), 'utf8')
  assert.doesNotMatch(bundle, /node:/, 'the browser bundle has no Node code')
  check(await run('out-esbuild', '<script type="module" src="index.js"></script>'))
})

test('esbuild, dlxkit/inline: load() solves with nothing copied and no Node code', { timeout: HANG_MS }, async () => {
  const esbuild = await import('esbuild')
  const out = join(dir, 'out-esbuild-inline')
  await esbuild.build({ absWorkingDir: dir, entryPoints: ['src/inline.js'], bundle: true, platform: 'browser', format: 'esm', outdir: out, logLevel: 'silent' })
  assert.doesNotMatch(readFileSync(join(out, 'inline.js'), 'utf8'), /['"]node:/)
  const { result, errors, outside } = await run('out-esbuild-inline', '<script type="module" src="inline.js"></script>')
  assert.deepEqual({ result, errors, outside }, { result: { direct: SOLUTION }, errors: [], outside: [] })
})

test('"browser" resolves to dlxkit-browser.mjs, "node" and "default" to dlxkit.mjs', () => {
  const root = PKG.exports['.']
  assert.equal(root.browser, './src/js/dlxkit-browser.mjs')
  assert.equal(root.node, './src/js/dlxkit.mjs')
  assert.equal(root.default, './src/js/dlxkit.mjs')
  assert.ok(Object.keys(root).indexOf('browser') < Object.keys(root).indexOf('default'), 'conditions are tried in order')
  assert.equal(PKG.exports['./worker'].browser, './src/js/dlxkit-worker-browser.mjs')
})

// Everything the browser entry and its worker load, followed through their
// imports and new URL(..., import.meta.url): no Node module, in any form.
test('the browser entry and all it loads have no node: import (nor any Node built-in)', () => {
  const seen = new Set()
  const queue = ['src/js/dlxkit-browser.mjs', 'src/js/dlxkit-worker-browser.mjs']
  while (queue.length) {
    const name = queue.shift()
    if (seen.has(name)) continue
    seen.add(name)
    const file = join(ROOT, name)
    assert.ok(existsSync(file), `${name} is loaded but missing`)
    if (!name.endsWith('.mjs')) continue
    const text = readFileSync(file, 'utf8')
    assert.doesNotMatch(text, /['"`]node:/, `${name} names a node: module`)
    assert.doesNotMatch(text, /\bprocess\.|\brequire\s*\(/, `${name} uses Node globals`)
    for (const m of text.matchAll(/\bimport\s*\(\s*([^)]*)\)/g)) assert.fail(`${name} imports ${m[1]} dynamically`)
    for (const m of text.matchAll(/(?:\bfrom\s*|\bnew URL\(\s*)['"](\.\.?\/[^'"]+)['"]/g)) queue.push(join(dirname(name), m[1]))
  }
  assert.ok(seen.has('src/js/dlxkit-core.mjs') && seen.has('dist/dlxkit.wasm') && seen.has('src/js/dlxkit-worker-core.mjs'), [...seen].join(' '))
})
