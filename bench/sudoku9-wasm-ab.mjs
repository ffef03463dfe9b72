// Two builds of the module (A, B) under the same JS, and tdoku.wasm, in one
// process: the batch (`solveMany`, limit 2, slices of 1,000 strings) of each,
// paired pass by pass, the order alternating, in CPU time; rows give medians
// of the rounds' ratios (B/A, B/tdoku.wasm) and their range. Each module is
// warmed for WARM CPU seconds first (V8 tiers a hot function up in the
// background, on this process's CPU time). SWAP=1 loads B before A (an A/A
// run, A and B the same file, shows what the order of loading alone does).
// Counts are checked against tdoku's.
//   node bench/sudoku9-wasm-ab.mjs A.wasm B.wasm ROUNDS MIN_SECONDS FILE...
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { load } from '../src/js/dlxkit.mjs'
import { cpuPasses, puzzlesIn } from './timing.mjs'
import { sudokuPasses } from './sudoku9-passes.mjs'

const WARM = Number(process.env.WARM ?? 0.5)
const [fileA, fileB, rounds, minSeconds, ...files] = process.argv.slice(2)

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]

const kits = {}
for (const [name, file] of process.env.SWAP ? [['B', fileB], ['A', fileA]] : [['A', fileA], ['B', fileB]]) {
  kits[name] = await load({ wasm: readFileSync(file) })
}
console.log('| set | puzzles | A | B | tdoku.wasm | B / A (range) | A / tdoku.wasm | B / tdoku.wasm |')
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
for (const file of files) {
  const all = puzzlesIn(file)
  const { tdoku, batchOf } = await sudokuPasses(all)
  const list = { tdoku, A: batchOf(kits.A), B: batchOf(kits.B) }
  for (const n of ['tdoku', 'A', 'B']) cpuPasses(list[n], 1, WARM)
  let reps = 1
  while (cpuPasses(list.tdoku, reps) < Number(minSeconds) && reps < 1e6) reps *= 2
  const rate = { tdoku: [], A: [], B: [] }
  for (let r = 0; r < Number(rounds); r++) {
    const order = r % 2 ? ['B', 'A', 'tdoku'] : ['A', 'B', 'tdoku']
    for (const n of order) rate[n].push(all.length * reps / cpuPasses(list[n], reps))
  }
  const ratios = (a, b) => rate[a].map((x, k) => x / rate[b][k])
  const ratio = (a, b) => median(ratios(a, b)).toFixed(3) + 'x'
  const range = (a, b) => { const r = ratios(a, b); return `${Math.min(...r).toFixed(2)}-${Math.max(...r).toFixed(2)}` }
  const f = (n) => Math.round(median(rate[n])).toLocaleString('en-US') + '/s'
  console.log(`| ${basename(file)} | ${all.length} | ${f('A')} | ${f('B')} | ${f('tdoku')} | ${ratio('B', 'A')} (${range('B', 'A')}) | ${ratio('A', 'tdoku')} | ${ratio('B', 'tdoku')} |`)
}
