// Where a fresh WebAssembly run's fixed costs go (docs/notes/WASM.md,
// session 42). For each DLX file, N fresh Node processes, each timing
// load(), the parse and the count as bench/measure-wasm.mjs's exactCover
// does (the bench's WASM column: CPU time from load() to the count), then the
// same parse and count again in the same process, its compiled code warm:
// what the first ones cost over the second is the fixed cost of a run. Each
// phase is split between the main thread and V8's own threads (validating
// the module, TurboFan's compiles; Linux only). Prints medians in CPU ms.
// With --trace one more process runs under V8's --trace-wasm-compilation-times
// and lists the functions TurboFan compiled (V8 tiers a function up once it
// has run about 1.8 MB of its Liftoff code: a loop of a few ms is enough),
// named from build/wasm/names.wasm (`make build/wasm/names.wasm`) when that
// module matches dist/'s function for function.
//   node bench/fixed-costs.mjs [--runs N] [--memo] [--trace] [--wasm FILE] FILE...
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { inChild } from './proc.mjs'
import { median, table } from './report.mjs'

const { values, positionals: files } = parseArgs({
  options: { runs: { type: 'string', default: '7' }, memo: { type: 'boolean' }, trace: { type: 'boolean' }, wasm: { type: 'string' } },
  allowPositionals: true
})
if (files.length === 0) throw new Error('usage: node bench/fixed-costs.mjs [--runs N] [--memo] [--trace] [--wasm FILE] FILE...')
const opts = { memo: !!values.memo, ...(values.wasm ? { wasm: values.wasm } : {}) }
const PHASES = ['load', 'parse', 'count', 'parse2', 'count2']

/** Function bodies (their sizes) and names of a module: { sizes: [], names: Map(index -> name), imports }. */
function functionsOf (buf) {
  let p = 8
  const leb = () => { let r = 0; let s = 0; let b; do { b = buf[p++]; r += (b & 0x7f) * 2 ** s; s += 7 } while (b & 0x80); return r }
  const out = { sizes: [], names: new Map(), imports: 0 }
  while (p < buf.length) {
    const id = buf[p++]; const end = leb() + p
    if (id === 2) { // imports: only functions count before the module's own
      for (let n = leb(); n > 0; n--) {
        p += leb(); p += leb()
        const kind = buf[p++]
        if (kind === 0) { leb(); out.imports++ } else if (kind === 1) { p++; if (leb() & 1) leb(); leb() } else if (kind === 2) { if (leb() & 1) leb(); leb() } else p += 2
      }
    } else if (id === 10) {
      for (let n = leb(); n > 0; n--) { const size = leb(); out.sizes.push(size); p += size }
    } else if (id === 0 && buf.toString('latin1', p + 1, p + 1 + buf[p]) === 'name') {
      p += 1 + buf[p]
      while (p < end) {
        const sub = buf[p++]; const subEnd = leb() + p
        if (sub === 1) for (let n = leb(); n > 0; n--) { const i = leb(); const len = leb(); out.names.set(i, buf.toString('utf8', p, p + len)); p += len }
        p = subEnd
      }
    }
    p = end
  }
  return out
}

/** Index -> name for the module run, when build/wasm/names.wasm is the same module with names. */
function namer () {
  const dist = values.wasm ?? fileURLToPath(new URL('../dist/dlxkit.wasm', import.meta.url))
  const named = fileURLToPath(new URL('../build/wasm/names.wasm', import.meta.url))
  if (!existsSync(named)) return (i) => `#${i}`
  const a = functionsOf(readFileSync(dist)); const b = functionsOf(readFileSync(named))
  const same = a.sizes.length === b.sizes.length && a.sizes.every((s, i) => s === b.sizes[i])
  return (i) => same ? b.names.get(i) ?? `#${i}` : `#${i}`
}

const f1 = (x) => x == null || Number.isNaN(x) ? '-' : x.toFixed(1)
const rows = []
const traces = []
for (const file of files) {
  const runs = []
  for (let i = 0; i < Number(values.runs); i++) runs.push(inChild('measure-wasm.mjs', 'phases', opts, file))
  const med = (phase, k) => median(runs.map((r) => k === 2 ? r[phase][0] - r[phase][1] : r[phase][k]))
  rows.push([basename(file, '.dlx'), ...PHASES.flatMap((ph) => [f1(med(ph, 0)), f1(med(ph, 1)), f1(med(ph, 2))]),
    f1(median(runs.map((r) => PHASES.slice(0, 3).reduce((s, ph) => s + r[ph][0], 0))))])
  if (values.trace) {
    const child = fileURLToPath(new URL('child.mjs', import.meta.url))
    const r = spawnSync(process.execPath, ['--trace-wasm-compilation-times', child, 'measure-wasm.mjs', 'phases', JSON.stringify(opts), file], { encoding: 'utf8' })
    const name = namer()
    const tf = [...(r.stdout + r.stderr).matchAll(/#(\d+) using TurboFan, took (\d+) ms.*?bodysize (\d+)/g)]
    traces.push(`${basename(file, '.dlx')}: ${tf.map((m) => `${name(Number(m[1]))} (${m[3]} bytes, ${m[2]} ms)`).join(', ') || 'none'}`)
  }
}
const head = ['row', ...PHASES.flatMap((ph) => [`${ph} all`, 'main', 'V8']), 'load to count']
console.log(table(head, rows, head.map((_, i) => i ? 'r' : 'l')))
if (traces.length) console.log('\nTurboFan compiles (one run; "took" is wall time):\n' + traces.join('\n'))
