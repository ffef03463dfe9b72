// The module in Chromium, timed as the bench times it in Node: CPU seconds
// from load() to the answer (loading the module from its bytes and parsing
// included), over the page's renderer process (its every thread: V8's
// compiles too), read from /proc before and after. One browser a run, so
// that no compiled code carries over. Not counted: the browser's own WebUI
// renderer (--top-chrome-webui), which a fresh headless Chromium 156 keeps
// busy for its first second or so (0.25-0.5 s of CPU, most of it while the
// first count runs: docs/notes/WASM.md, session 48); its seconds come back
// as `webui`. For bench/runtimes-run.mjs's Chromium column; alone:
//   node bench/chromium-count.mjs count|memo|best FILE
import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { start } from '../tools/serve.mjs'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * Chromium's processes now running: { pid, renderer, webui } (webui: the
 * browser's own WebUI renderer, not a page's). bench/chromium-phases.mjs
 * reads them too.
 */
export function chromiumProcesses () {
  const out = []
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      if (cmd.startsWith(CHROMIUM) || cmd.includes('/chromium')) out.push({ pid, renderer: cmd.includes('--type=renderer'), webui: cmd.includes('--top-chrome-webui') })
    } catch {} // gone meanwhile
  }
  return out
}

/** CPU seconds of a process so far, every thread (their schedstat, ns); 0 once gone. */
function cpuOf (pid) {
  let ns = 0
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0])
      } catch {} // a thread gone meanwhile
    }
  } catch {} // the process gone
  return ns / 1e9
}

/** The Chromium release, as a report names it. */
export async function chromiumRelease () {
  const { chromium } = await import('playwright-core')
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] })
  try {
    return `Chromium ${browser.version()}`
  } finally {
    await browser.close()
  }
}

/** One run: { seconds, answer, webui } (answer: the count as text, or the k costs joined; webui: the WebUI renderer's seconds meanwhile). */
export async function chromiumRun (kind, file) {
  const { chromium } = await import('playwright-core')
  const server = await start({ port: 0 })
  const before = new Set(chromiumProcesses().map((p) => p.pid))
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
  try {
    const page = await browser.newPage()
    await page.goto(`http://127.0.0.1:${server.port}/package.json`)
    const text = readFileSync(file, 'utf8')
    await page.evaluate(async (text) => { // fetched and imported before the clock, as Node's import is
      globalThis.dk = await import('/src/js/dlxkit.mjs')
      globalThis.bytes = new Uint8Array(await (await fetch('/dist/dlxkit.wasm')).arrayBuffer())
      globalThis.text = text
    }, text)
    const fresh = chromiumProcesses().filter((p) => p.renderer && !before.has(p.pid))
    const mine = fresh.filter((p) => !p.webui).map((p) => p.pid)
    const theirs = fresh.filter((p) => p.webui).map((p) => p.pid)
    const sum = (pids) => pids.reduce((s, p) => s + cpuOf(p), 0)
    const t0 = sum(mine)
    const w0 = sum(theirs)
    const answer = await page.evaluate((kind) => {
      return globalThis.dk.load({ wasm: globalThis.bytes }).then((dlx) => {
        const p = dlx.parseDlx(globalThis.text)
        const a = kind === 'best' ? p.best({ k: 1 }).map((s) => s.cost).join(' ') : kind === 'memo' ? p.countBig({ memo: true }).toString() : String(p.count())
        p.free()
        return a
      })
    }, kind)
    const t1 = sum(mine)
    return { seconds: t1 - t0, answer, webui: sum(theirs) - w0 }
  } finally {
    await browser.close()
    await server.close()
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [kind, file] = process.argv.slice(2)
  console.log(JSON.stringify(await chromiumRun(kind, file)))
}
