// The module in Chromium, timed as the bench times it in Node: CPU seconds
// from load() to the answer (loading the module from its bytes and parsing
// included), over the renderer processes of a fresh browser (their every
// thread: V8's compiles too), read from /proc before and after. One browser
// a run, so that no compiled code carries over. For bench/runtimes-run.mjs's
// Chromium column; alone:
//   node bench/chromium-count.mjs count|memo|best FILE
import { readdirSync, readFileSync } from 'node:fs'
import { start } from '../tools/serve.mjs'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const TICK = 100 // clock ticks a second (USER_HZ)

/** Pids of Chromium renderers now running. */
function renderers () {
  const pids = []
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) pids.push(pid)
    } catch {} // gone meanwhile
  }
  return pids
}

/** CPU seconds (user + system, every thread) of a process so far; 0 once gone. */
function cpuOf (pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(f[11]) + Number(f[12])) / TICK
  } catch {
    return 0
  }
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

/** One run: { seconds, answer } (answer: the count as text, or the k costs joined). */
export async function chromiumRun (kind, file) {
  const { chromium } = await import('playwright-core')
  const server = await start({ port: 0 })
  const before = new Set(renderers())
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
    const mine = renderers().filter((p) => !before.has(p))
    const t0 = mine.reduce((s, p) => s + cpuOf(p), 0)
    const answer = await page.evaluate((kind) => {
      return globalThis.dk.load({ wasm: globalThis.bytes }).then((dlx) => {
        const p = dlx.parseDlx(globalThis.text)
        const a = kind === 'best' ? p.best({ k: 1 }).map((s) => s.cost).join(' ') : kind === 'memo' ? p.countBig({ memo: true }).toString() : String(p.count())
        p.free()
        return a
      })
    }, kind)
    const t1 = mine.reduce((s, p) => s + cpuOf(p), 0)
    return { seconds: t1 - t0, answer }
  } finally {
    await browser.close()
    await server.close()
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const [kind, file] = process.argv.slice(2)
  console.log(JSON.stringify(await chromiumRun(kind, file)))
}
