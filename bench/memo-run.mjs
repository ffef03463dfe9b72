// Memoized counting (build/bench/dlx --count --memo, src/core/dlx_memo.c)
// beside Knuth's DLX6 (built by bench/peers.mjs) on tilings and packings:
// CPU time of each process (reading included) in rounds (bench/rounds.mjs:
// every program once per row and round; a row under 50 ms takes each
// program's median of 9 passes), the medians of the per-round ratios, peak
// memory (ru_maxrss); every count checked against DLX6's. WASM: the same
// count through the JS API (countBig({ memo: true })) in a fresh Node process
// (bench/measure-wasm.mjs, loading the module and parsing included). Writes
// bench/MEMO.md (not with --rows). Rows past 2^64 (a `transfer` box in
// bench/memo-rows.mjs): DLX6 runs to the end but its 64-bit count overflows;
// memo and WASM are checked against a transfer matrix's count
// (bench/transfer.mjs), DLX6's against it mod 2^64, and DLX6's cell says so.
//   node bench/memo-run.mjs [--rounds N] [--rows a,b] [--no-wasm]
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describeMachine } from './machine.mjs'
import { parseArgs } from 'node:util'
import { PEERS } from './measure-peer.mjs'
import { ROWS } from './memo-rows.mjs'
import { buildPeers } from './peers.mjs'
import { countTilings } from './transfer.mjs'
import { inChild, underRusage } from './proc.mjs'
import { median } from './report.mjs'
import { agreedCount, attempt, pairCell, pairedSentence, pairRatio, runRounds } from './rounds.mjs'

const { values } = parseArgs({ options: { rounds: { type: 'string', default: process.env.ROUNDS ?? '3' }, rows: { type: 'string' }, 'no-wasm': { type: 'boolean' } } })
const ROUNDS = Number(values.rounds)
const DIR = 'build/bench/memo'

/** build/bench/dlx --count --memo: { solutions (decimal text: counts pass 2^64), seconds, peakKiB }. */
function memo (file) {
  const r = underRusage('build/bench/dlx', ['--count', '--memo', '--quiet', file])
  if (r.status !== '0') throw new Error(`build/bench/dlx --memo ${file}: exit ${r.status}: ${r.stderr.trim().slice(-200)}`)
  return { solutions: r.stdout.trim(), seconds: r.seconds, peakKiB: r.peakKiB }
}

/** Knuth's DLX6 on one file (stdin): the same, and `overflowed` when it said its 64-bit count did. */
function dlx6 (file) {
  const r = underRusage(`${PEERS}/dlx6`, [], { input: file })
  const m = /Altogether (\d+) solutions?/.exec(r.stderr)
  if (r.status !== '0' || !m) throw new Error(`dlx6 ${file}: exit ${r.status}: ${r.stderr.trim().slice(-200)}`)
  return { solutions: m[1], seconds: r.seconds, peakKiB: r.peakKiB, overflowed: r.stderr.includes('the solution count has overflowed') }
}

/** Algorithm M (build/bench/dlx --count --no-memo), or a count known by formula: the reference of a row with bounds. */
function reference (file) {
  const row = rows.find((r) => r.file === file)
  if (row.check.want !== undefined) return { solutions: String(row.check.want), seconds: 0, peakKiB: 0 }
  const r = underRusage('build/bench/dlx', ['--count', '--no-memo', '--quiet', file])
  if (r.status !== '0') throw new Error(`build/bench/dlx --no-memo ${file}: exit ${r.status}: ${r.stderr.trim().slice(-200)}`)
  return { solutions: r.stdout.trim(), seconds: r.seconds, peakKiB: r.peakKiB }
}

if (!existsSync('build/bench/dlx')) throw new Error('build/bench/dlx is missing: make build/bench/dlx')
if (!existsSync(`${PEERS}/dlx6`)) buildPeers()
if (!existsSync(`${PEERS}/dlx6`)) throw new Error(`${PEERS}/dlx6 could not be built (PEERS=${process.env.PEERS ?? '../shared/peers'})`)
mkdirSync(DIR, { recursive: true })
let rows = ROWS.map(([id, text, check]) => {
  const file = join(DIR, `${id}.dlx`)
  writeFileSync(file, text)
  return { id, file, check }
})
if (values.rows) rows = rows.filter((r) => values.rows.split(',').includes(r.id))

const wasmRun = values['no-wasm'] ? [] : [['wasm', (f) => inChild('measure-wasm.mjs', 'exactCover', { memo: true }, f)]]
const WASM_GOAL = 0.8
// judged where the count is the work, on rows over 0.1 s natively (issue 31's own bar for its
// native goal); under it a fresh process's fixed costs (loading, compiling: 10-30 ms) decide the ratio, which is shown
const WASM_OVER = 0.1
const PAIR = wasmRun.length ? ['memo', 'wasm'] : undefined // side by side, and again in the other order (rounds.mjs)
const MORE = { above: WASM_OVER / 2, couples: 4 } // where the goal may be judged, 4 more couples a round
// rows with bounds (DLX6 has none) beside Algorithm M or a formula instead; rows past 2^64 beside
// DLX6 (a failed run is its cell, not the runner's end), checked against a transfer matrix
const plain = rows.filter((r) => !r.check), bounded = rows.filter((r) => r.check && !r.check.transfer)
const big = rows.filter((r) => r.check?.transfer)
for (const row of big) row.want = countTilings(...row.check.transfer)
const plainRuns = runRounds(plain, [['memo', memo], ['dlx6', dlx6], ...wasmRun], ROUNDS, { repeatBelow: 0.05, repeats: 9, pair: PAIR, more: MORE })
const bigRuns = runRounds(big, [['memo', memo], ['dlx6', (f) => attempt(() => dlx6(f))], ...wasmRun], ROUNDS, { repeatBelow: 0.05, repeats: 9, pair: PAIR, more: MORE })
const boundedRuns = runRounds(bounded, [['memo', memo], ['ref', reference], ...wasmRun], ROUNDS, { repeatBelow: 0.05, repeats: 9, pair: PAIR, more: MORE })
rows = [...plain, ...big, ...bounded]
const runs = [...plainRuns, ...bigRuns, ...boundedRuns]
const machine = describeMachine()
const out = ['# Memoized counting beside DLX6', '',
  `Written by \`node bench/memo-run.mjs\`: ${ROUNDS} rounds, ${machine.date}, ${machine.cpu} (${machine.cores} cores), load ${machine.load} at the end; CPU seconds of each process (reading included), peak memory (ru_maxrss), medians; ` +
  'memo: `build/bench/dlx --count --memo` (src/core/dlx_memo.c); DLX6 as bench/peers.mjs builds it. A row under 50 ms takes each program\'s median of 9 passes a round. ' +
  '"DLX6 / memo": the median of the per-round ratios (above 1: memo faster). Every count below 2^64 is DLX6\'s. ' +
  'WASM: dist/dlxkit.wasm through the JS API (`countBig({ memo: true })`) in a fresh Node process, CPU seconds from `load()` to the count ' +
  '(loading the module and parsing included; Node\'s own start not). ' +
  `${pairedSentence(PAIR && MORE, 'The memo')} ` +
  `Goals (issue 31): 2x DLX6 on rows over 0.1 s, peak memory at most DLX6's; WASM at least ${WASM_GOAL}x native, judged on rows over ${WASM_OVER} s natively (under it the ratio is shown, not judged). ` +
  'Rows past 2^64 (dominoes-8x30, dominoes-12x24, trominoes-4x60): DLX6 counts in 64 bits, runs to the end and says "(the solution count has overflowed!)"; ' +
  'the count shown is a transfer matrix\'s (bench/transfer.mjs, BigInt, independent of the memo), the memo\'s and WASM\'s every run equal to it, ' +
  'DLX6\'s cell "overflowed" when its count is that count mod 2^64 (its time: CPU to its end; its ratio shown, its 2x goal not judged, it gives no count). ' +
  'Rows with multiplicities (src/core/dlx_memo_multi.c): DLX6 has no bounds, so its cells are blank and the count is checked against Algorithm M (`build/bench/dlx --count --no-memo`, its CPU time beside the count) or a formula (bench/multiplicity.mjs\'s quotaCount).', '',
  '| instance | solutions | memo s | DLX6 s | DLX6 / memo | memo MiB | DLX6 MiB | 2x DLX6 | WASM s | native / WASM (couples\' range, couples) | WASM goal |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | --- |']
/** A program's runs of a row: median CPU seconds, median peak MiB (text). */
const secsOf = (list) => median(list.map((x) => x.seconds))
const mibOf = (list) => (median(list.map((x) => x.peakKiB)) / 1024).toFixed(1)
for (const [i, row] of rows.entries()) {
  const r = runs[i]
  const secs = (name) => secsOf(r[name])
  const mib = (name) => mibOf(r[name])
  const judged = secs('memo') > WASM_OVER
  const wasmCells = (wasm) => wasm === undefined ? '| | |' : `${secs('wasm').toFixed(3)} | ${pairCell(wasm)} | ${!judged ? '' : wasm.ratio >= WASM_GOAL ? 'met' : 'not met'} |`
  const wasm = r.wasm ? pairRatio(r.memo) : undefined
  if (row.want !== undefined) {
    out.push(`| ${row.id} | ${row.want.toLocaleString('en-US')} (transfer matrix) | ${secs('memo').toFixed(3)} | ${overflowCell(row, r)} | ${wasmCells(wasm)}`)
    continue
  }
  if (row.check) {
    const count = agreedCount(row.id, r, 'ref', row.check.want !== undefined ? 'the formula' : 'Algorithm M')
    const by = row.check.want !== undefined ? 'formula' : `Algorithm M ${secs('ref').toFixed(3)} s`
    out.push(`| ${row.id} | ${BigInt(count).toLocaleString('en-US')} (${by}) | ${secs('memo').toFixed(3)} | | | ${mib('memo')} | | | ${wasmCells(wasm)}`)
    continue
  }
  const count = agreedCount(row.id, r, 'dlx6', 'DLX6')
  const ratio = median(r.memo.map((x, k) => r.dlx6[k].seconds / Math.max(x.seconds, 0.001)))
  const goal = secs('dlx6') > 0.1 ? (ratio >= 2 ? 'met' : 'not met') : ''
  out.push(`| ${row.id} | ${BigInt(count).toLocaleString('en-US')} | ${secs('memo').toFixed(3)} | ${secs('dlx6').toFixed(3)} | ${ratio.toFixed(2)}x | ${mib('memo')} | ${mib('dlx6')} | ${goal} | ${wasmCells(wasm)}`)
}
/** A row past 2^64: memo and WASM checked against the transfer matrix; DLX6's cells (time, ratio, memory, goal) saying what it gave. */
function overflowCell (row, r) {
  const want = String(row.want)
  for (const name of ['memo', 'wasm']) for (const x of r[name] ?? []) if (x.solutions !== want) throw new Error(`${row.id}: ${name} counted ${x.solutions}, the transfer matrix ${want}`)
  const failed = r.dlx6.find((x) => x.error)
  if (failed) return `failed: ${failed.error.replaceAll('|', '/')} | | ${mibOf(r.memo)} | | not judged: DLX6 failed`
  const wrapped = r.dlx6.every((x) => x.overflowed && BigInt(x.solutions) === row.want % 2n ** 64n)
  const said = wrapped ? 'overflowed (its count: the true one mod 2^64)' : `wrong: ${r.dlx6.map((x) => x.solutions + (x.overflowed ? ' (overflowed)' : '')).join(', ')}`
  const ratio = median(r.memo.map((x, k) => r.dlx6[k].seconds / Math.max(x.seconds, 0.001)))
  return `${secsOf(r.dlx6).toFixed(3)} | ${ratio.toFixed(2)}x | ${mibOf(r.memo)} | ${mibOf(r.dlx6)} | not judged: DLX6 ${said}`
}
if (!values.rows) writeFileSync('bench/MEMO.md', out.join('\n') + '\n')
console.log(out.join('\n'))
