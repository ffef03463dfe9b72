// Two modules' steady state in one process (docs/notes/WASM.md, session 45):
// both loaded through this tree's library, each count warmed up (compiled
// code in place), then counts alternated A, B, B, A ... so that the
// machine's drift and one process's luck weigh on both alike. Prints per
// file each module's median count in CPU ms and the median of the per-pair
// ratio A / B (above 1: B is faster). Fresh-process costs: bench/first-run.mjs.
//   node bench/warm-ab.mjs [--rounds N] A.wasm B.wasm FILE...
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { parseArgs } from 'node:util'
import { load } from '../src/js/dlxkit.mjs'
import { median, table } from './report.mjs'

const { values, positionals } = parseArgs({ options: { rounds: { type: 'string', default: '10' } }, allowPositionals: true })
const [a, b, ...files] = positionals
if (!files.length) throw new Error('usage: node bench/warm-ab.mjs [--rounds N] A.wasm B.wasm FILE...')
const kits = [await load({ wasm: readFileSync(a) }), await load({ wasm: readFileSync(b) })]
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000 }
const rows = []
for (const file of files) {
  const text = readFileSync(file, 'utf8')
  const problems = kits.map((k) => k.parseDlx(text))
  const timed = (k) => { const t = cpu(); const n = problems[k].count(); return [cpu() - t, n] }
  for (let w = 0; w < 3; w++) for (const k of [0, 1]) timed(k) // tier-up done, memory grown
  const ms = [[], []]
  let want
  for (let r = 0; r < Number(values.rounds); r++) {
    for (const k of r % 2 ? [1, 0] : [0, 1]) {
      const [t, n] = timed(k)
      if (want !== undefined && n !== want) throw new Error(`${file}: ${n} solutions, not ${want}`)
      want = n
      ms[k].push(t)
    }
  }
  problems.forEach((p) => p.free())
  rows.push([basename(file, '.dlx'), median(ms[0]).toFixed(1), median(ms[1]).toFixed(1), median(ms[0].map((t, i) => t / ms[1][i])).toFixed(3)])
}
console.log(table(['row', `${basename(a)} ms`, `${basename(b)} ms`, 'A / B'], rows, ['l', 'r', 'r', 'r']))
