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
import { cpuPasses } from './timing.mjs'
import { SLOT, TDOKU_WASM, tdokuSlots } from './tdoku-wasm.mjs'

const BATCH = 1000
const WARM = Number(process.env.WARM ?? 0.5)
const [fileA, fileB, rounds, minSeconds, ...files] = process.argv.slice(2)

async function tdokuOf () {
  const imports = {
    env: { emscripten_notify_memory_growth () {}, getentropy: () => 0 },
    wasi_snapshot_preview1: { proc_exit (code) { throw new Error(`tdoku.wasm exited with ${code}`) } }
  }
  const { instance } = await WebAssembly.instantiate(readFileSync(TDOKU_WASM), imports)
  instance.exports._initialize?.()
  return instance.exports
}

const countOf = { none: 0, unique: 1, multiple: 2, invalid: 0 }
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]

const kits = {}
for (const [name, file] of process.env.SWAP ? [['B', fileB], ['A', fileA]] : [['A', fileA], ['B', fileB]]) {
  kits[name] = await load({ wasm: readFileSync(file) })
}
const tdoku = await tdokuOf()
console.log('| set | puzzles | A | B | tdoku.wasm | B / A (range) | A / tdoku.wasm | B / tdoku.wasm |')
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
for (const file of files) {
  const all = readFileSync(file, 'utf8').split('\n').filter((l) => l.length >= 81 && !l.startsWith('#')).map((l) => l.slice(0, 81))
  const slices = []
  for (let i = 0; i < all.length; i += BATCH) {
    const chunk = all.slice(i, i + BATCH)
    slices.push({ chunk, bytes: tdokuSlots(chunk) })
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
  const list = { tdoku: td, A: batchOf(kits.A), B: batchOf(kits.B) }
  td()
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
