// dlxkit's 9x9 in WebAssembly against tdoku.wasm, paired in one process:
// each round times a solveMany pass (slices of 1,000 strings), a pass of
// one solve() per puzzle and a tdoku.wasm pass (as bench/tdoku-wasm.mjs
// calls it), in turn and in CPU time; rows give medians of the rounds'
// ratios. BASE_WASM=file adds a pass of another module under the same JS
// (an A/B of the C side); BASE_JS=dir/src/js/dlxkit.mjs the batch and one
// call of another checkout (its JS and its dist/dlxkit.wasm: an A/B of both).
// Counts (limit 2) are checked against tdoku's.
//   node bench/sudoku9-wasm.mjs ROUNDS MIN_SECONDS FILE...
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { load } from '../src/js/dlxkit.mjs'
import { cpuPasses, puzzlesIn } from './timing.mjs'
import { sudokuPasses } from './sudoku9-passes.mjs'

const [rounds, minSeconds, ...files] = process.argv.slice(2)

/** The passes by name: tdoku.wasm, this checkout's batch and one call, and the bases'. */
async function passes (all, dlx, base, baseJs) {
  const { tdoku, batchOf, oneOf } = await sudokuPasses(all)
  const list = { tdoku, batch: batchOf(dlx), one: oneOf(dlx) }
  if (base) list.base = batchOf(base)
  if (baseJs) Object.assign(list, { baseBatch: batchOf(baseJs), baseOne: oneOf(baseJs) })
  return list
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]

const dlx = await load()
const base = process.env.BASE_WASM ? await load({ wasm: readFileSync(process.env.BASE_WASM) }) : null
const baseJs = process.env.BASE_JS ? await (await import(process.env.BASE_JS)).load() : null
const jsHead = baseJs ? ' base: one call / batch | one call / base one call | batch / base batch |' : ''
console.log(`| set | puzzles | WASM batch | one call | tdoku.wasm | batch / tdoku.wasm | one call / batch |${base ? ' batch / base |' : ''}${jsHead}`)
console.log(`| --- | ---: | ---: | ---: | ---: | ---: | ---: |${base ? ' ---: |' : ''}${baseJs ? ' ---: | ---: | ---: |' : ''}`)
for (const file of files) {
  const all = puzzlesIn(file)
  const list = await passes(all, dlx, base, baseJs)
  const names = Object.keys(list)
  for (const n of names) cpuPasses(list[n], 1) // checks, and warms V8 up
  let reps = 1
  while (cpuPasses(list.tdoku, reps) < Number(minSeconds) && reps < 1e6) reps *= 2
  const rate = Object.fromEntries(names.map((n) => [n, []]))
  for (let r = 0; r < Number(rounds); r++) {
    const order = r % 2 ? [...names].reverse() : names
    for (const n of order) rate[n].push(all.length * reps / cpuPasses(list[n], reps))
  }
  const ratio = (a, b) => median(rate[a].map((x, k) => x / rate[b][k])).toFixed(2) + 'x'
  const f = (n) => Math.round(median(rate[n])).toLocaleString('en-US') + '/s'
  const jsCols = baseJs ? ` ${ratio('baseOne', 'baseBatch')} | ${ratio('one', 'baseOne')} | ${ratio('batch', 'baseBatch')} |` : ''
  console.log(`| ${basename(file)} | ${all.length} | ${f('batch')} | ${f('one')} | ${f('tdoku')} | ${ratio('batch', 'tdoku')} | ${ratio('one', 'batch')} |${base ? ` ${ratio('batch', 'base')} |` : ''}${jsCols}`)
}
