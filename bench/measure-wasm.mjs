// dlxkit's WebAssembly build through its public JS API (src/js/dlxkit.mjs):
// measures and returns numbers, prints nothing. run.mjs calls each function
// in a fresh Node process (bench/child.mjs). Times are CPU time.
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { load } from '../src/js/dlxkit.mjs'
import { cpuRate, cpuSeconds, cpuTimed, puzzlesOf } from './timing.mjs'

const BATCH = 1000 // puzzles per solveMany call, as an application would send them

/** The module file and load() from its bytes, CPU milliseconds: the first in this process (compiling cold) and the best after it. */
export async function module ({ runs = 5 } = {}) {
  const wasm = readFileSync(new URL('../dist/dlxkit.wasm', import.meta.url))
  const times = []
  for (let i = 0; i <= runs; i++) times.push((await cpuTimed(() => load({ wasm }))).seconds * 1000)
  return {
    bytes: wasm.length,
    gzipBytes: gzipSync(wasm, { level: 9 }).length,
    firstLoadMs: times[0],
    loadMs: Math.min(...times.slice(1))
  }
}

/**
 * One 9x9 set, solve and prove unique (limit 2), puzzles per CPU second:
 * through solveMany in batches of 1,000 strings, and through one solve() per
 * puzzle. { puzzles, batch, perCall, memoryBytes }.
 */
export async function sudoku (set, { minSeconds = 1 } = {}) {
  const dlx = await load()
  const all = puzzlesOf(set)
  const batch = cpuRate(all.length, () => {
    for (let i = 0; i < all.length; i += BATCH) {
      for (const r of dlx.sudoku.solveMany(all.slice(i, i + BATCH))) {
        if (r.status !== 'unique') throw new Error(`${set}: a puzzle is ${r.status}, not unique`)
      }
    }
  }, { minSeconds })
  const perCall = cpuRate(all.length, () => {
    for (const p of all) {
      if (dlx.sudoku.solve(p).status !== 'unique') throw new Error(`${set}: not unique: ${p}`)
    }
  }, { minSeconds })
  return { puzzles: all.length, batch, perCall, memoryBytes: dlx.memorySize() }
}

/**
 * All solutions of one DLX file, CPU seconds from reading the file to the
 * count: loading the module and parsing the text included. `wasm`: another
 * module file than dist/'s (bench/ab.mjs); `memo`: the memoized count
 * (countBig({ memo: true }), bench/memo-run.mjs), its count in decimal text.
 * { solutions, seconds, searchSeconds, memoryBytes }.
 */
export async function exactCover (file, { wasm, memo = false } = {}) {
  const t0 = cpuSeconds()
  const dlx = await load(wasm ? { wasm: readFileSync(wasm) } : undefined)
  const problem = dlx.parseDlx(readFileSync(file, 'utf8'))
  try {
    const t1 = cpuSeconds()
    const solutions = memo ? problem.countBig({ memo: true }).toString() : problem.count()
    const t2 = cpuSeconds()
    return { solutions, seconds: t2 - t0, searchSeconds: t2 - t1, memoryBytes: dlx.memorySize() }
  } finally {
    problem.free()
  }
}

/**
 * The k cheapest solutions of one DLX file with costs (`|n`), CPU seconds
 * from reading the file to the answer, as exactCover: through best().
 * `solutions` is their costs, cheapest first, joined by spaces (the bench
 * compares them with DLX5's). { solutions, seconds, searchSeconds }.
 */
export async function best (file, { k = 1, wasm } = {}) {
  const t0 = cpuSeconds()
  const dlx = await load(wasm ? { wasm: readFileSync(wasm) } : undefined)
  const problem = dlx.parseDlx(readFileSync(file, 'utf8'))
  try {
    const t1 = cpuSeconds()
    const found = problem.best({ k })
    const t2 = cpuSeconds()
    return { solutions: found.map((s) => s.cost).join(' '), seconds: t2 - t0, searchSeconds: t2 - t1 }
  } finally {
    problem.free()
  }
}

/**
 * One hard puzzle (a JSON file { size, cells }, bench/hard-sudoku.mjs), one
 * solution asked (limit 1), as a new user would through the JS API: CPU
 * seconds from load() to the answer. run.mjs caps the process's CPU time.
 * { status, seconds, nodes, solution (row by row) }.
 */
export async function hard (file) {
  const { size, cells } = JSON.parse(readFileSync(file, 'utf8'))
  const rows = Array.from({ length: size }, (_, r) => cells.slice(r * size, (r + 1) * size))
  const t0 = cpuSeconds()
  const dlx = await load()
  const r = dlx.sudoku.solve(rows, { limit: 1 })
  return { status: r.status, seconds: cpuSeconds() - t0, nodes: r.nodes, solution: r.solution?.flat() ?? null }
}
