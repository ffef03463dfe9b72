// A fresh Chromium page's run, phase by phase (docs/notes/WASM.md, session
// 48): what bench/first-run.mjs does for Node. Each run a fresh headless
// browser; the library imported and the text handed over first, then each
// phase one page.evaluate: load() (compile + instantiate + binding), parse,
// count, then a second parse and count in the same page (compiled code
// warm). Per phase: wall ms in the page (performance.now), CPU ms of the
// page renderer's main thread, of its other threads (V8's workers: TurboFan's
// compiles, the GC's helpers), from /proc/PID/task/*/schedstat (ns), of
// the browser's own WebUI renderer (--top-chrome-webui), the page
// renderer's minor page faults, and of the browser's other processes
// (browser, GPU/utility: the IPC of the evaluates) when --all. Modes, alternated in rounds (order reversed every
// other round):
//   bytes   load({ wasm: bytes }) (WebAssembly.compile), as chromium-count.mjs
//   url     load() from the server (fetch, arrayBuffer, WebAssembly.compile)
//   module  WebAssembly.compileStreaming(fetch(url)) timed as its own
//           phase, then load({ wasm: module })
//   MODE+settle  the same, 3 s after the page is up (a fresh browser's
//           own WebUI renderer done with its start) before the clock
// --v8="--flag ..." passes V8 flags (--js-flags) to every run, --threads
// prints each thread's CPU of the last run by name.
//   node bench/chromium-phases.mjs [--runs N] [--modes bytes,url,module] [--v8=FLAGS] [--threads] [--all] count|memo|best FILE...
// The V8 traces (--v8=--trace-wasm-compilation-times) go to the renderer's
// stdout: run with DEBUG=pw:browser to see them in playwright's log.
import { readdirSync, readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { parseArgs } from 'node:util'
import { start } from '../tools/serve.mjs'
import { CHROMIUM, chromiumProcesses } from './chromium-count.mjs'
import { median, table } from './report.mjs'

const { values, positionals } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, modes: { type: 'string', default: 'bytes,url,module' }, v8: { type: 'string' }, threads: { type: 'boolean' }, all: { type: 'boolean' } },
  allowPositionals: true
})
const [kind, ...files] = positionals
if (!['count', 'memo', 'best'].includes(kind) || files.length === 0) throw new Error('usage: node bench/chromium-phases.mjs [--runs N] [--modes bytes,url,module] [--v8=FLAGS] [--threads] count|memo|best FILE...')
const modes = values.modes.split(',')
const PHASES = ['compile', 'load', 'parse', 'count', 'parse2', 'count2']

/** Per thread of a process: [name, ns of CPU]. */
function threads (pid) {
  const out = []
  let tids = []
  try { tids = readdirSync(`/proc/${pid}/task`) } catch { return out }
  for (const tid of tids) {
    try {
      const ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0])
      const name = tid === pid ? 'main' : readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim()
      const faults = Number(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ')[7])
      out.push([name, ns, tid, faults])
    } catch {}
  }
  return out
}

/**
 * { main, others, webui, rest, byName } in ms: the page renderers' main
 * threads, their other threads, the browser's own WebUI renderer
 * (--top-chrome-webui: busy for its first second or so), other processes.
 */
function snapshot (pids) {
  const s = { main: 0, others: 0, webui: 0, rest: 0, faults: 0, byName: {} }
  for (const { pid, renderer, webui } of pids) {
    for (const [name, ns, tid, faults] of threads(pid)) {
      const ms = ns / 1e6
      if (webui) { s.webui += ms; continue }
      if (!renderer) { s.rest += ms; continue }
      if (name === 'main') s.main += ms; else s.others += ms
      s.faults += faults
      s.byName[`${name}#${tid}`] = ms
    }
  }
  return s
}

async function run (variant, file) {
  const [mode, settle] = variant.split('+')
  const { chromium } = await import('playwright-core')
  const server = await start({ port: 0 })
  const before = new Set(chromiumProcesses().map((p) => p.pid))
  const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking']
  if (values.v8) args.push(`--js-flags=${values.v8}`)
  const browser = await chromium.launch({ executablePath: CHROMIUM, args })
  try {
    const page = await browser.newPage()
    await page.goto(`http://127.0.0.1:${server.port}/package.json`)
    await page.evaluate(async ({ text, mode }) => {
      globalThis.dk = await import('/src/js/dlxkit-browser.mjs')
      if (mode === 'bytes') globalThis.bytes = new Uint8Array(await (await fetch('/dist/dlxkit.wasm')).arrayBuffer())
      globalThis.text = text
    }, { text: readFileSync(file, 'utf8'), mode })
    if (settle) await new Promise((resolve) => setTimeout(resolve, 3000))
    const pids = chromiumProcesses().filter((p) => !before.has(p.pid))
    const steps = {
      compile: mode === 'module'
        ? async () => { globalThis.mod = await WebAssembly.compileStreaming(fetch('/dist/dlxkit.wasm')) }
        : null,
      load: async (kind, mode) => { globalThis.dlx = await globalThis.dk.load(mode === 'bytes' ? { wasm: globalThis.bytes } : mode === 'module' ? { wasm: globalThis.mod } : {}) },
      parse: () => { globalThis.p = globalThis.dlx.parseDlx(globalThis.text) },
      count: (kind) => {
        const p = globalThis.p
        const a = kind === 'best' ? p.best({ k: 1 }).map((s) => s.cost).join(' ') : kind === 'memo' ? p.countBig({ memo: true }).toString() : String(p.count())
        p.free()
        return a
      }
    }
    const out = { wall: {}, main: {}, others: {}, webui: {}, rest: {}, faults: {} }
    let answer
    let s0 = snapshot(pids)
    const first = s0
    for (const phase of PHASES) {
      const step = steps[phase.replace('2', '')]
      if (!step) continue
      const r = await page.evaluate(`(async () => { const t = performance.now(); const a = await (${step.toString()})(${JSON.stringify(kind)}, ${JSON.stringify(mode)}); return [performance.now() - t, a] })()`)
      const s1 = snapshot(pids)
      out.wall[phase] = r[0]
      for (const k of ['main', 'others', 'webui', 'rest', 'faults']) out[k][phase] = s1[k] - s0[k]
      if (phase.startsWith('count')) {
        if (answer !== undefined && r[1] !== answer) throw new Error(`${file}: ${r[1]} against ${answer}`)
        answer = r[1]
      }
      s0 = s1
    }
    out.byName = Object.fromEntries(Object.entries(s0.byName).map(([k, v]) => [k, v - (first.byName[k] ?? 0)]).filter(([, v]) => v >= 0.5))
    return out
  } finally {
    await browser.close()
    await server.close()
  }
}

const f = (x) => x === undefined ? '' : x.toFixed(1)
for (const file of files) {
  const runs = Object.fromEntries(modes.map((m) => [m, []]))
  for (let r = 0; r < Number(values.runs); r++) {
    const order = r % 2 ? [...modes].reverse() : modes
    for (const mode of order) runs[mode].push(await run(mode, file))
  }
  console.log(`\n${basename(file)} (${kind}), ${values.runs} fresh browsers a mode${values.v8 ? `, --js-flags=${values.v8}` : ''}: medians, ms`)
  const rows = []
  for (const mode of modes) {
    for (const phase of PHASES) {
      const rs = runs[mode].filter((o) => o.wall[phase] !== undefined)
      if (rs.length === 0) continue
      const med = (k) => median(rs.map((o) => o[k][phase]))
      rows.push([mode, phase, f(med('wall')), f(med('main')), f(med('others')), f(median(rs.map((o) => o.main[phase] + o.others[phase]))), f(med('webui')), String(med('faults')), ...(values.all ? [f(med('rest'))] : [])])
    }
    const total = (o, ps) => ps.reduce((s, p) => s + (o.main[p] ?? 0) + (o.others[p] ?? 0), 0)
    const wall = (o, ps) => ps.reduce((s, p) => s + (o.wall[p] ?? 0), 0)
    const first = ['compile', 'load', 'parse', 'count']
    rows.push([mode, 'compile to count', f(median(runs[mode].map((o) => wall(o, first)))), '', '', f(median(runs[mode].map((o) => total(o, first)))), f(median(runs[mode].map((o) => first.reduce((s, p) => s + (o.webui[p] ?? 0), 0)))), ''])
  }
  console.log(table(['mode', 'phase', 'wall', 'main thread CPU', 'other threads CPU', 'page renderer CPU', 'WebUI renderer CPU', 'page renderer minor faults', ...(values.all ? ['other processes CPU'] : [])], rows, ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', ...(values.all ? ['r'] : [])]))
  if (values.threads) {
    for (const mode of modes) {
      const last = runs[mode].at(-1).byName
      console.log(`${mode}, last run, renderer threads from compile to count2 (ms): ` + Object.entries(last).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', '))
    }
  }
}
