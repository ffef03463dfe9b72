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
import { cpuPasses } from './timing.mjs'
import { SLOT, TDOKU_WASM, tdokuSlots } from './tdoku-wasm.mjs'

const BATCH = 1000
const [rounds, minSeconds, ...files] = process.argv.slice(2)

async function tdokuOf () {
  const imports = {
    env: { emscripten_notify_memory_growth () {}, getentropy: () => 0 },
    wasi_snapshot_preview1: { proc_exit (code) { throw new Error(`tdoku.wasm exited with ${code}`) } }
  }
  const { instance } = await WebAssembly.instantiate(readFileSync(TDOKU_WASM), imports)
  instance.exports._initialize?.()
  return instance.exports
}

const countOf = { none: 0, unique: 1, multiple: 2, invalid: 0 } // invalid: givens that clash
const oneCount = (dlx, puzzle) => { // dlx: either kit
  try {
    return countOf[dlx.sudoku.solve(puzzle, { limit: 2 }).status]
  } catch (e) {
    if (e.code !== 'CLASH') throw e
    return 0
  }
}

function passes (all, dlx, base, baseJs, tdoku) {
  const slices = []
  for (let i = 0; i < all.length; i += BATCH) {
    const chunk = all.slice(i, i + BATCH)
    const bytes = tdokuSlots(chunk)
    slices.push({ chunk, bytes })
  }
  const buf = tdoku.tdoku_buf()
  const counts = []
  const td = () => {
    let j = 0
    for (const { chunk, bytes } of slices) {
      const view = new Uint8Array(tdoku.memory.buffer, buf, bytes.length)
      view.set(bytes)
      tdoku.tdoku_solve_many(chunk.length, 2)
      for (let k = 0; k < chunk.length; k++) counts[j++] = view[k * SLOT]
    }
  }
  const batchOf = (kit) => () => {
    let j = 0
    for (const { chunk } of slices) {
      for (const r of kit.sudoku.solveMany(chunk, { limit: 2 })) {
        if (countOf[r.status] !== counts[j]) throw new Error(`puzzle ${j + 1}: ${r.status}, tdoku ${counts[j]}`)
        j++
      }
    }
  }
  const oneOf = (kit) => () => {
    for (let j = 0; j < all.length; j++) {
      if (oneCount(kit, all[j]) !== counts[j]) throw new Error(`puzzle ${j + 1}: one call`)
    }
  }
  const list = { tdoku: td, batch: batchOf(dlx), one: oneOf(dlx) }
  if (base) list.base = batchOf(base)
  if (baseJs) Object.assign(list, { baseBatch: batchOf(baseJs), baseOne: oneOf(baseJs) })
  return list
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]

const dlx = await load()
const base = process.env.BASE_WASM ? await load({ wasm: readFileSync(process.env.BASE_WASM) }) : null
const baseJs = process.env.BASE_JS ? await (await import(process.env.BASE_JS)).load() : null
const tdoku = await tdokuOf()
const jsHead = baseJs ? ' base: one call / batch | one call / base one call | batch / base batch |' : ''
console.log(`| set | puzzles | WASM batch | one call | tdoku.wasm | batch / tdoku.wasm | one call / batch |${base ? ' batch / base |' : ''}${jsHead}`)
console.log(`| --- | ---: | ---: | ---: | ---: | ---: | ---: |${base ? ' ---: |' : ''}${baseJs ? ' ---: | ---: | ---: |' : ''}`)
for (const file of files) {
  const all = readFileSync(file, 'utf8').split('\n').filter((l) => l.length >= 81 && !l.startsWith('#')).map((l) => l.slice(0, 81))
  const list = passes(all, dlx, base, baseJs, tdoku)
  const names = Object.keys(list)
  list.tdoku()
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
