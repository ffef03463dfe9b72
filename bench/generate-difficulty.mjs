// generate({ difficulty }) in WebAssembly: 9x9 puzzles a second at each
// level, in CPU time (process.cpuUsage). The loop is C's
// (sudoku_generate_at); with --compare, the same loop written in JS over the
// public API (generate, then steps(), the hard step's cell given as a clue)
// runs in paired rounds beside it, which is how the loop's place was chosen
// (docs/notes/EXPLAIN.md).
//   node bench/generate-difficulty.mjs [--count N] [--rounds R] [--compare]
import { parseArgs } from 'node:util'
import { load } from '../src/js/dlxkit.mjs'

const { values } = parseArgs({ options: { count: { type: 'string', default: '20' }, rounds: { type: 'string', default: '1' }, compare: { type: 'boolean' } } })
const COUNT = Number(values.count)
const ROUNDS = Number(values.rounds)
const LEVELS = ['easy', 'medium', 'hard', 'fiendish', 'diabolical', 'beyond'] // beyond: a 9x9 rarely needs a guess (NOT_FOUND)
const dlx = await load()

/** The loop in JS: { puzzle (null past the attempts), attempts } from seed. */
function jsLoop (level, seed, attempts = 200) {
  const top = dlx.sudoku.difficulties().find((l) => l.name === level).to
  for (let k = 0; k < attempts; k++) {
    const g = dlx.sudoku.generate({ seed: seed * 1000 + k })
    let p = g.puzzle
    for (;;) {
      const r = dlx.sudoku.steps(p)
      const over = r.steps.find((s) => s.rating > top)
      if (!over) {
        if (r.rating.difficulty === level) return { puzzle: p, attempts: k + 1 }
        break
      }
      const { row, col } = over.placements[0] ?? over.eliminations[0]
      const c = row * 9 + col
      p = p.slice(0, c) + g.solution[c] + p.slice(c + 1)
    }
  }
  return { puzzle: null, attempts }
}

function cLoop (level, seed) {
  try {
    return dlx.sudoku.generate({ seed, difficulty: level })
  } catch (e) {
    if (e.code === 'NOT_FOUND') return { puzzle: null, attempts: 200 }
    throw e
  }
}

/** [puzzles a second, attempts a second] making COUNT puzzles of the level (seeds 1..COUNT). */
function rate (loop, level) {
  const t0 = process.cpuUsage()
  let made = 0
  let attempts = 0
  for (let seed = 1; seed <= COUNT; seed++) {
    const r = loop(level, seed)
    made += r.puzzle ? 1 : 0
    attempts += r.attempts
  }
  const t = process.cpuUsage(t0)
  const seconds = (t.user + t.system) / 1e6
  return [made / seconds, attempts / seconds]
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2 }

// The JS loop draws other seeds than C's (C's are 64-bit), so its puzzles
// differ: attempts a second compare the loops' cost for like work.
console.log(values.compare
  ? '| level | C loop: puzzles/s, attempts/s | JS loop: puzzles/s, attempts/s | C / JS, attempts/s (median of rounds) |\n| --- | ---: | ---: | ---: |'
  : '| level | puzzles/s | attempts/s |\n| --- | ---: | ---: |')
for (const level of LEVELS) {
  const c = []
  const js = []
  for (let r = 0; r < ROUNDS; r++) { // paired: C, JS, C, JS...
    c.push(rate(cLoop, level))
    if (values.compare) js.push(rate(jsLoop, level))
  }
  const m = (list, k) => median(list.map((x) => x[k])).toFixed(1)
  if (!values.compare) console.log(`| ${level} | ${m(c, 0)} | ${m(c, 1)} |`)
  else console.log(`| ${level} | ${m(c, 0)}, ${m(c, 1)} | ${m(js, 0)}, ${m(js, 1)} | ${median(c.map((x, i) => x[1] / js[i][1])).toFixed(2)} |`)
}
