// The page of bundle-page.mjs in a Vite project with no vite.config at all:
// under `vite` (the dev server, the CLI a user runs, on a free port) and
// after `vite build`. Both must solve in Chromium, directly and in a worker:
// Vite follows new URL('../../dist/dlxkit.wasm', import.meta.url) and
// new Worker(new URL(...), { type: 'module' }) by itself.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { writeFileSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { start } from '../tools/serve.mjs'
import { launchBrowser } from './browser.mjs'
import { ROOT, makeProject, openPage, check } from './bundle-page.mjs'
import { HANG_MS } from './helpers.mjs'

const VITE = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js')

let dir, browser

before(async () => {
  dir = makeProject()
  writeFileSync(join(dir, 'index.html'), '<!doctype html><meta charset="utf-8"><title>vite</title><script type="module" src="/src/index.js"></script>')
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/**
 * `vite` in dir on a port the system picks (--port 0): resolves to its
 * address once it says so, and a stop() that ends its process group.
 */
function viteDev () {
  const child = spawn(process.execPath, [VITE, '--port', '0', '--strictPort', '--host', '127.0.0.1', '--clearScreen', 'false'],
    { cwd: dir, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } })
  const stop = () => new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', resolve)
    try { process.kill(-child.pid, 'SIGTERM') } catch { resolve() }
  })
  let said = ''
  const address = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`vite did not start in 60 s; it said:\n${said}`)), 60000)
    const hear = (chunk) => {
      said += chunk
      const m = /Local:\s+(http:\/\/\S+?)\/?\s/.exec(said)
      if (m) { clearTimeout(timer); resolve(m[1]) }
    }
    child.stdout.on('data', hear)
    child.stderr.on('data', hear)
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`vite exited (${code}):\n${said}`)) })
  })
  return { address, stop, said: () => said }
}

test('vite (the dev server), no configuration: the page solves, directly and in a worker', { timeout: HANG_MS }, async () => {
  const dev = viteDev()
  try {
    const url = await dev.address
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/)
    // The dev server answers a missing file with the page (its fallback for
    // client-side routes): the error names the URL and the type it got.
    check(await openPage(browser, `${url}/`),
      { missing: /^LOAD_FAILED: cannot compile http:\S*\/missing\.wasm: .*\(the server sent text\/html: a page in place of a missing file\?\)$/ })
  } finally {
    await dev.stop()
  }
  assert.doesNotMatch(dev.said(), /error/i, 'vite reported an error')
})

test('vite build, no configuration: the built page solves, directly and in a worker', { timeout: HANG_MS }, async () => {
  const { build } = await import('vite')
  await build({ root: dir, logLevel: 'silent', build: { outDir: 'out-vite' } })
  const assets = readdirSync(join(dir, 'out-vite', 'assets'))
  assert.ok(assets.some((f) => /^dlxkit-.*\.wasm$/.test(f)), `vite emitted the module (${assets})`)
  assert.ok(assets.some((f) => /^dlxkit-worker-browser-.*\.js$/.test(f)), `vite bundled the worker (${assets})`)
  // what `vite preview` does: the output served at the root
  const server = await start({ port: 0, root: join(dir, 'out-vite') })
  try {
    check(await openPage(browser, `http://localhost:${server.port}/index.html`))
  } finally {
    await server.close()
  }
})
