// dlxkit's WebAssembly build through its public JS API (dist/dlxkit.mjs):
// measures and returns numbers, prints nothing. run.mjs calls each function
// in a fresh Node process (bench/child.mjs), so the process's peak memory is
// this work's alone.
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { load } from '../dist/dlxkit.mjs'
import { bestOf, instanceFile, puzzlesOf, timed, warmUp } from './timing.mjs'

const BATCH = 1000 // puzzles per solveMany call, as an application would send them

/**
 * The module file, and load() from its bytes: the first in this process
 * (compiling cold) and the best of `runs` after it:
 * { bytes, gzipBytes, firstLoadMs, loadMs }.
 */
export async function module ({ runs = 5 } = {}) {
  const wasm = readFileSync(new URL('../dist/dlxkit.wasm', import.meta.url))
  const times = []
  for (let i = 0; i <= runs; i++) {
    const t0 = performance.now()
    await load({ wasm })
    times.push(performance.now() - t0)
  }
  return {
    bytes: wasm.length,
    gzipBytes: gzipSync(wasm, { level: 9 }).length,
    firstLoadMs: times[0],
    loadMs: Math.min(...times.slice(1))
  }
}

/**
 * One Sudoku set, solve and prove unique (limit 2), through solveMany in
 * batches and through one solve() per puzzle, each best of `runs`:
 * { puzzles, batch, perCall (puzzles per second), memoryBytes }.
 */
export async function sudoku (set, { runs = 3, budget = 6 } = {}) {
  const dlx = await load()
  const all = puzzlesOf(set)
  const solveBatches = () => {
    for (let i = 0; i < all.length; i += BATCH) {
      for (const r of dlx.sudoku.solveMany(all.slice(i, i + BATCH))) {
        if (r.status !== 'unique') throw new Error(`${set}: a puzzle is ${r.status}, not unique`)
      }
    }
  }
  const solveEach = () => {
    for (const p of all) {
      if (dlx.sudoku.solve(p).status !== 'unique') throw new Error(`${set}: not unique: ${p}`)
    }
  }
  warmUp(solveBatches)
  const batch = bestOf(runs, budget, () => timed(solveBatches))
  warmUp(solveEach)
  const perCall = bestOf(runs, budget, () => timed(solveEach))
  return {
    puzzles: all.length,
    batch: all.length / batch.seconds,
    perCall: all.length / perCall.seconds,
    runs: Math.min(batch.runs, perCall.runs),
    memoryBytes: dlx.memorySize()
  }
}

/** All solutions of one instance, the search timed (parsing apart): { solutions, seconds, memoryBytes, runs }. */
export async function exactCover (name, { runs = 3, budget = 6 } = {}) {
  const dlx = await load()
  const text = readFileSync(instanceFile(name), 'utf8')
  const best = bestOf(runs, budget, () => {
    const problem = dlx.parseDlx(text)
    try {
      const { value, seconds } = timed(() => problem.count())
      return { solutions: value, seconds }
    } finally {
      problem.free()
    }
  })
  return { ...best, memoryBytes: dlx.memorySize() }
}
