// dlxkit's WebAssembly build through its public JS API (src/js/dlxkit.mjs):
// measures and returns numbers, prints nothing. run.mjs calls each function
// in a fresh Node process (bench/child.mjs). Times are CPU time.
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { load } from '../src/js/dlxkit.mjs'
import { cpuPasses, cpuRate, cpuSeconds, cpuTimed, puzzlesIn, sudokuFile } from './timing.mjs'

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
 * One shared 9x9 set, solve and prove unique (limit 2), puzzles per CPU
 * second: through solveMany in batches of 1,000 strings, and through one
 * solve() per puzzle. { puzzles, batch, perCall, memoryBytes }.
 */
export async function sudoku (set, opts = {}) {
  const { batchAnswers, callAnswers, ...r } = await sudokuCounted(sudokuFile(set), opts)
  for (const answers of [batchAnswers, callAnswers]) {
    const k = answers.search(/[^1]/)
    if (k >= 0) throw new Error(`${set}: puzzle ${k + 1} is not unique (${answers[k]} solutions, capped at 2)`)
  }
  return r
}

const COUNT = { unique: 1, multiple: 2, none: 0, invalid: 0 }

/**
 * Any 9x9 file, as sudoku() measures it: with each path's answers (each
 * puzzle's solutions capped at 2, a string of '0', '1', '2'; a puzzle whose
 * givens clash has none: solveMany says 'invalid', solve() throws CLASH).
 * With `tdoku`, tdoku.wasm (bench/tdoku-wasm.mjs) is timed in this process
 * too, its passes between dlxkit's (below): its { puzzles, rate, answers }
 * as `tdoku`.
 */
export async function sudokuCounted (file, { minSeconds = 1, tdoku = false } = {}) {
  const dlx = await load()
  const all = puzzlesIn(file)
  const counts = new Uint8Array(all.length)
  const answers = () => Array.from(counts, (c) => String(c)).join('')
  const batchPass = () => {
    for (let i = 0; i < all.length; i += BATCH) {
      const results = dlx.sudoku.solveMany(all.slice(i, i + BATCH))
      for (let k = 0; k < results.length; k++) counts[i + k] = COUNT[results[k].status]
    }
  }
  const callPass = () => {
    for (let i = 0; i < all.length; i++) {
      try {
        counts[i] = COUNT[dlx.sudoku.solve(all[i]).status]
      } catch (e) {
        if (e.code !== 'CLASH') throw e
        counts[i] = 0
      }
    }
  }
  if (tdoku) return paired(all, dlx, batchPass, callPass, answers, counts, minSeconds)
  const batch = cpuRate(all.length, batchPass, { minSeconds })
  const batchAnswers = answers()
  counts.fill(9)
  const perCall = cpuRate(all.length, callPass, { minSeconds })
  return { puzzles: all.length, batch, perCall, memoryBytes: dlx.memorySize(), batchAnswers, callAnswers: answers() }
}

/**
 * The batch, one call each and tdoku.wasm in one process, so that a ratio
 * between them is not a ratio between two processes' luck (the same
 * program's rate moved 25-35% from one process to the next on this
 * machine, all programs of a process together): after a warm-up of each,
 * passes in the order batch, tdoku, call, call, tdoku, batch (a drift in
 * time weighs on each alike), each pass at least a quarter of minSeconds.
 */
async function paired (all, dlx, batchPass, callPass, answers, counts, minSeconds) {
  const { tdokuPasses } = await import('./tdoku-wasm.mjs')
  const td = await tdokuPasses(all)
  callPass()
  const callAnswers = answers()
  counts.fill(9)
  batchPass()
  const batchAnswers = answers()
  const passes = { batch: batchPass, tdoku: td.pass, call: callPass }
  for (const pass of Object.values(passes)) cpuPasses(pass, 1, 0.3)
  let reps = 1
  while (cpuPasses(td.pass, reps) < minSeconds / 4 && reps < 1e6) reps *= 2
  const seconds = { batch: 0, tdoku: 0, call: 0 }
  for (const name of ['batch', 'tdoku', 'call', 'call', 'tdoku', 'batch']) seconds[name] += cpuPasses(passes[name], reps)
  const rate = (name) => 2 * reps * all.length / seconds[name]
  return {
    puzzles: all.length,
    batch: rate('batch'),
    perCall: rate('call'),
    memoryBytes: dlx.memorySize(),
    batchAnswers,
    callAnswers,
    tdoku: { puzzles: all.length, rate: rate('tdoku'), answers: td.answers() }
  }
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

/** CPU milliseconds of the process (every thread) and of this thread alone (Linux; NaN elsewhere). */
function clocks () {
  const { user, system } = process.cpuUsage()
  let main = NaN
  try {
    main = Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6
  } catch { /* not Linux: the split by thread is left out */ }
  return [(user + system) / 1000, main]
}

/**
 * A fresh run's fixed costs (bench/fixed-costs.mjs): load(), the parse and
 * the count as exactCover runs them, then the same parse and count again in
 * this process (compiled code warm). Each phase in CPU ms: [all threads,
 * this thread]; the rest of all threads is V8's own (validating, TurboFan).
 */
export async function phases (file, { wasm, memo = false } = {}) {
  const text = readFileSync(file, 'utf8')
  const bytes = wasm ? readFileSync(wasm) : undefined
  const at = [clocks()]
  const dlx = await load(bytes ? { wasm: bytes } : undefined)
  at.push(clocks())
  let solutions
  for (let pass = 0; pass < 2; pass++) {
    const problem = dlx.parseDlx(text)
    at.push(clocks())
    solutions = memo ? problem.countBig({ memo: true }).toString() : String(problem.count())
    at.push(clocks())
    problem.free()
  }
  const ms = (i) => [at[i][0] - at[i - 1][0], at[i][1] - at[i - 1][1]]
  return { solutions, load: ms(1), parse: ms(2), count: ms(3), parse2: ms(4), count2: ms(5) }
}
