// The module under two Node releases (two V8s), and Chromium if asked, beside
// the native CLI, on the rows whose WASM goals the family reports judge
// (FAMILY.md, MULTIPLICITY.md, COSTS.md, MEMO.md): how much of native / WASM
// is the runtime's. Each round runs the native CLI and the module under each
// runtime, one after another (the
// order reversed every other round), each in a fresh process, CPU seconds;
// the module through the JS API, loading and parsing included, as the reports
// time it. Ratios: medians of the per-round ratios native / WASM.
//   node bench/runtimes-run.mjs [--rounds N] [--rows a,b] [--node PATH]... [--chromium]
// The Nodes: by default the one running this script (the machine's) and
// bench/wasm-node.mjs's WASM_NODE (the LTS the reports use); --node each.
// --chromium: a column for the system's Chromium too (bench/chromium-count.mjs:
// a fresh browser a run, CPU of the page's renderer).
// The rows' files are the reports' own: their runners write them.
import { existsSync, writeFileSync } from 'node:fs'
import { chromiumRelease, chromiumRun } from './chromium-count.mjs'
import { parseArgs } from 'node:util'
import { describeMachine } from './machine.mjs'
import { inChild, underRusage } from './proc.mjs'
import { median } from './report.mjs'
import { WASM_NODE, nodeRelease } from './wasm-node.mjs'

/** [report, its goal for WASM, how it runs, its directory and runner, row names]. */
const GROUPS = [
  ['FAMILY.md', 0.9, 'count', 'build/bench/family', 'family-run.mjs',
    ['words-3x4-8300', 'words-4x5-16000', 'words-5x5-18000', 'pentominoes-6x10', 'jigsaw-18x18', 'jigsaw-20x20-small']],
  ['MULTIPLICITY.md', 0.85, 'count', 'build/bench/multiplicity', 'multiplicity-run.mjs', ['queens-7-k3', 'queens-8-k2', 'pento-5x8-k2']],
  ['COSTS.md', 0.85, 'best', 'build/bench/costs', 'costs-run.mjs',
    ['assign-52-s3', 'assign-56-s1', 'assign-58-s6', 'sudoku-17-s5', 'sudoku-16-s16', 'sudoku-17-s9']],
  ['MEMO.md', 0.8, 'memo', 'build/bench/memo', 'memo-run.mjs',
    ['trominoes-6x12', 'pentominoes-4x15', 'pentominoes-5x12', 'wang-5x8', 'dominoes-12x24', 'quota-30x4-2-12:18', 'pento-5x8-k2']]
]
const NATIVE = 'build/bench/dlx'
const NATIVE_ARGS = { count: ['--count'], memo: ['--count', '--memo'], best: ['--best', '1', '--quiet'] }

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, rows: { type: 'string' }, node: { type: 'string', multiple: true }, chromium: { type: 'boolean' } }
})
const nodes = values.node ?? [...new Set([process.execPath, WASM_NODE])]
const releases = nodes.map((n) => `Node ${nodeRelease(n)}`)
if (values.chromium) releases.push(await chromiumRelease())
const only = values.rows?.split(',')

function native (kind, file) {
  const r = underRusage(NATIVE, [...NATIVE_ARGS[kind], file])
  if (r.status !== '0') throw new Error(`${NATIVE} ${NATIVE_ARGS[kind].join(' ')} ${file}: exit ${r.status}`)
  return { seconds: r.seconds, answer: kind === 'best' ? [...r.stdout.matchAll(/^cost (\d+)$/gm)].map((m) => m[1]).join(' ') : r.stdout.trim() }
}

function wasm (kind, file, node) {
  const m = kind === 'best'
    ? inChild('measure-wasm.mjs', 'best', { k: 1 }, file, { node })
    : inChild('measure-wasm.mjs', 'exactCover', { memo: kind === 'memo' }, file, { node })
  return { seconds: m.seconds, answer: String(m.solutions) }
}

const rounds = Number(values.rounds)
const table = []
for (const [report, goal, kind, dir, runner, names] of GROUPS) {
  for (const name of names) {
    if (only && !only.includes(name)) continue
    const file = `${dir}/${name}.dlx`
    if (!existsSync(file)) throw new Error(`${file} is missing: node bench/${runner} writes it`)
    const runs = [() => native(kind, file), ...nodes.map((n) => () => wasm(kind, file, n)), ...(values.chromium ? [() => chromiumRun(kind, file)] : [])]
    const seconds = runs.map(() => [])
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 ? [...runs.keys()].reverse() : [...runs.keys()]
      let answer
      for (const i of order) {
        const m = await runs[i]()
        if (answer !== undefined && m.answer !== answer) throw new Error(`${name}: ${m.answer} against ${answer}`)
        answer = m.answer
        seconds[i][r] = m.seconds
      }
    }
    const ratios = releases.map((_, i) => median(seconds[0].map((s, r) => s / seconds[i + 1][r])))
    table.push({ report, goal, name, native: median(seconds[0]), wasm: releases.map((_, i) => median(seconds[i + 1])), ratios })
    process.stderr.write(`${name}: ${ratios.map((x) => x.toFixed(2)).join(' ')}\n`)
  }
}

const m = describeMachine()
const lines = [
  `# The module under ${values.chromium ? 'two Node releases and Chromium' : 'two Node releases'}`,
  '',
  `Written by \`node bench/runtimes-run.mjs\` (part of \`make bench\`): ${rounds} rounds, ${m.date}, ${m.cpu} (${m.cores} cores), load ${m.load} at the end; ${m.clang}.`,
  '',
  'The rows whose WASM goal a family report judges, each with its goal. Each round runs the native CLI (`build/bench/dlx`) and ' +
  'dist/dlxkit.wasm through the JS API under each Node, one after another, each in a fresh process (the order reversed every ' +
  'other round); CPU seconds, loading the module and parsing included, as the reports time them; native / WASM is the median of ' +
  'the per-round ratios (above 1: WASM faster). The reports themselves run the module under bench/wasm-node.mjs\'s Node ' +
  `(${nodeRelease()} in this run). Node 20 reached its end of life on 2026-04-30.` +
  (values.chromium ? ' Chromium: a fresh headless browser a run, the module\'s bytes and the text fetched first, then CPU seconds of the page\'s renderer process (every thread; not the browser\'s own WebUI renderer, busy in a fresh browser\'s first second) from load() to the answer.' : ''),
  '',
  `| report | row | goal | native s | ${releases.map((r) => `${r}: WASM s | native / WASM`).join(' | ')} |`,
  `| --- | --- | ---: | ---: | ${releases.map(() => '---: | ---:').join(' | ')} |`,
  ...table.map((t) => `| ${t.report} | ${t.name} | ${t.goal.toFixed(2)}x | ${t.native.toFixed(3)} | ` +
    t.wasm.map((w, i) => `${w.toFixed(3)} | ${t.ratios[i].toFixed(2)}x`).join(' | ') + ' |'),
  '',
  ...releases.map((r, i) => `${r}: at or above the row's goal on ${table.filter((t) => t.ratios[i] >= t.goal).length} of ${table.length} rows.`)
]
console.log(lines.join('\n'))
if (!only) writeFileSync('bench/RUNTIMES.md', lines.join('\n') + '\n')
