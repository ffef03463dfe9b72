// The searches beside Knuth's SSXCC and DLX2 on the family of bench/family.mjs:
// all solutions, CPU time of each process (reading included), in rounds
// (every program once per round, one after another), ratios as medians of
// the per-round ratios. Writes bench/FAMILY.md and build/bench/family.json.
//   node bench/family-run.mjs [--rounds N] [--rows a,b] [--no-wasm]
// dlxkit: build/bench/engine_native auto (the search pick_search chooses,
// which it names); links: the same binary on the linked search, as every
// problem over 4096 options ran before; WASM: dist/dlxkit.wasm through the
// JS API in a fresh Node process (loading and parsing included).
import { existsSync, writeFileSync, mkdirSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { knuth, PEERS } from './measure-peer.mjs'
import { buildPeers } from './peers.mjs'
import { inChild, underRusage } from './proc.mjs'
import { writeFamily } from './family.mjs'
import { describeMachine } from './machine.mjs'

const ENGINE = 'build/bench/engine_native'

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: process.env.ROUNDS ?? '3' }, rows: { type: 'string' }, 'no-wasm': { type: 'boolean' } }
})
const rounds = Number(values.rounds)

function engine (search, file) {
  const r = underRusage(ENGINE, [search, file])
  if (r.status !== '0') throw new Error(`${ENGINE} ${search} ${file}: exit ${r.status}: ${r.stderr.trim().slice(-200)}`)
  const [solutions, nodes, , ran] = r.stdout.trim().split(' ')
  return { solutions: Number(solutions), nodes: Number(nodes), seconds: r.seconds, ran }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

if (!existsSync(ENGINE)) throw new Error(`${ENGINE} is missing: make ${ENGINE}`)
if (!existsSync(`${PEERS}/ssxcc`) || !existsSync(`${PEERS}/word-rect-dlx`)) buildPeers()
let rows = writeFamily()
if (values.rows) rows = rows.filter((r) => values.rows.split(',').includes(r.id))

const programs = [
  ['dlxkit', (f) => engine('auto', f)],
  ['links', (f) => engine('links', f)],
  ['ssxcc', (f) => knuth('ssxcc', f)],
  ['dlx2', (f) => knuth('dlx2', f)]
]
if (!values['no-wasm']) programs.push(['wasm', (f) => inChild('measure-wasm.mjs', 'exactCover', {}, f)])

const results = rows.map((row) => ({ id: row.id, what: row.what, options: row.options, colored: row.colored, runs: {} }))
for (let round = 0; round < rounds; round++) {
  for (const [i, row] of rows.entries()) {
    for (const [name, run] of programs) {
      const r = run(row.file)
      ;(results[i].runs[name] ??= []).push(r)
      process.stderr.write(`round ${round + 1} ${row.id} ${name} ${r.seconds.toFixed(3)} s ${r.solutions}\n`)
    }
  }
}

// Per row: the counts must agree with SSXCC's; ratios per round, then medians.
for (const r of results) {
  const want = r.runs.ssxcc[0].solutions
  for (const [name, runs] of Object.entries(r.runs)) {
    for (const x of runs) if (x.solutions !== want) throw new Error(`${r.id}: ${name} counted ${x.solutions}, SSXCC ${want}`)
  }
  r.solutions = want
  r.search = r.runs.dlxkit[0].ran
  const per = (name) => median(r.runs.dlxkit.map((x, k) => r.runs[name][k].seconds / x.seconds))
  r.seconds = median(r.runs.dlxkit.map((x) => x.seconds))
  r.vsSsxcc = per('ssxcc')
  r.vsDlx2 = per('dlx2')
  r.vsLinks = per('links')
  if (r.runs.wasm) r.wasmOverNative = median(r.runs.dlxkit.map((x, k) => x.seconds / r.runs.wasm[k].seconds))
}

const machine = describeMachine()
const f2 = (x) => x === undefined ? '' : x.toFixed(2)
const goal = (x) => x >= 1.5 ? 'met' : 'not met'
const lines = [
  '# The searches on a family of exact-cover problems',
  '',
  `Written by \`node bench/family-run.mjs\` (part of \`make bench\`): ${rounds} rounds, ${machine.date}, ` +
  `${machine.cpu} (${machine.cores} cores), load ${machine.load} at the end; ${machine.clang}, Node ${machine.node}.`,
  '',
  'All solutions, CPU seconds of each process (reading included), medians of per-round ratios. ' +
  '"search": what `pick_search` ran (docs/engine.md); "links/dlxkit": the speedup over the linked search. ' +
  'Goal (issue 28): 1.5x SSXCC and 1.5x DLX2 natively; WASM 0.9x native on rows over a second. Every count is SSXCC\'s.',
  '',
  '| row | options | colored | solutions | search | dlxkit s | SSXCC/dlxkit | DLX2/dlxkit | links/dlxkit | WASM: native/wasm | goal |',
  '| --- | ---: | :---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |'
]
for (const r of results) {
  lines.push(`| ${r.id} | ${r.options.toLocaleString('en')} | ${r.colored ? 'yes' : ''} | ${r.solutions.toLocaleString('en')} | ${r.search} | ${r.seconds.toFixed(2)} | ${f2(r.vsSsxcc)}x | ${f2(r.vsDlx2)}x | ${f2(r.vsLinks)}x | ${r.wasmOverNative === undefined ? '' : f2(r.wasmOverNative) + 'x'} | ${goal(Math.min(r.vsSsxcc, r.vsDlx2))} |`)
}
mkdirSync('build/bench', { recursive: true })
writeFileSync('build/bench/family.json', JSON.stringify(results, null, 1))
writeFileSync('bench/FAMILY.md', lines.join('\n') + '\n')
process.stdout.write(lines.join('\n') + '\n')
