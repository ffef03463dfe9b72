// tdoku.wasm (built by ../shared/peers/build.sh into build/peers/) in Node,
// timed as dlxkit's WASM batch: puzzles per CPU second, solve and prove
// unique (limit 2), 1,000 puzzles of 82 bytes per tdoku_solve_many call
// (its exports: ../shared/peers/harness/tdoku_wasm.cc).
import { readFileSync } from 'node:fs'
import { cpuRate, puzzlesIn, sudokuFile } from './timing.mjs'

export const TDOKU_WASM = 'build/peers/tdoku.wasm'
const BATCH = 1000
export const SLOT = 82

/** An instance of the module, with the few imports Emscripten's standalone build asks for. */
async function instantiate (bytes) {
  const imports = {
    env: { emscripten_notify_memory_growth () {}, getentropy: () => 0 },
    wasi_snapshot_preview1: { proc_exit (code) { throw new Error(`tdoku.wasm exited with ${code}`) } }
  }
  const { instance } = await WebAssembly.instantiate(bytes, imports)
  instance.exports._initialize?.()
  return instance.exports
}

/** One shared set, every puzzle unique: { puzzles, rate } (puzzles per CPU second). */
export async function sudoku (set, opts = {}) {
  const { answers, ...r } = await sudokuCounted(sudokuFile(set), opts)
  const k = answers.search(/[^1]/)
  if (k >= 0) throw new Error(`tdoku.wasm: ${set}: puzzle ${k + 1} is not unique (${answers[k]} solutions, capped at 2)`)
  return r
}

/** Puzzles as tdoku_solve_many reads them: SLOT bytes each, '1'-'9' or '.'. */
export function tdokuSlots (chunk) {
  const bytes = new Uint8Array(chunk.length * SLOT)
  chunk.forEach((p, k) => {
    for (let j = 0; j < 81; j++) {
      const c = p.charCodeAt(j)
      bytes[k * SLOT + j] = c >= 49 && c <= 57 ? c : 46
    }
  })
  return bytes
}

/** Any 9x9 file: { puzzles, rate, answers (each puzzle's count capped at 2: a string of '0', '1', '2') }. */
export async function sudokuCounted (file, { minSeconds = 1 } = {}) {
  const all = puzzlesIn(file)
  const { pass, answers } = await tdokuPasses(all)
  const rate = cpuRate(all.length, pass, { minSeconds })
  return { puzzles: all.length, rate, answers: answers() }
}

/**
 * tdoku.wasm over the puzzles: pass() solves them all (limit 2) and keeps
 * each one's count, answers() gives them as a string of '0', '1', '2'.
 */
export async function tdokuPasses (all) {
  const tdoku = await instantiate(readFileSync(TDOKU_WASM))
  const batches = []
  for (let i = 0; i < all.length; i += BATCH) {
    const chunk = all.slice(i, i + BATCH)
    const bytes = tdokuSlots(chunk)
    batches.push({ at: i, n: chunk.length, bytes })
  }
  const buf = tdoku.tdoku_buf()
  const counts = new Uint8Array(all.length)
  const pass = () => {
    for (const { at, n, bytes } of batches) {
      const view = new Uint8Array(tdoku.memory.buffer, buf, bytes.length)
      view.set(bytes)
      tdoku.tdoku_solve_many(n, 2) // each slot's first byte becomes its count
      for (let k = 0; k < n; k++) counts[at + k] = view[k * SLOT]
    }
  }
  return { pass, answers: () => Array.from(counts, (c) => String(Math.min(c, 2))).join('') }
}
