// The explainer in WebAssembly, through the JS API (sudoku.steps,
// sudoku.hint), in CPU time (process.cpuUsage): for each shared set, a full
// explanation per puzzle, a hint from the givens, and a hint at every point
// of the way (the givens and the placements so far: what a person asks for
// mid-puzzle); then the steps of generated 25x25 puzzles. Prints markdown.
// A hint over 2 ms is timed three times, the least kept (retimed); the
// full explanations are timed once. 17-clue: its first 5,000.
//   node bench/explain-wasm.mjs [--max N] [--wasm FILE]   (DATA: ../shared/data)
import { readFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { load } from '../src/js/dlxkit.mjs'

const { values } = parseArgs({ options: { max: { type: 'string', default: '0' }, wasm: { type: 'string' } } })
const DATA = process.env.DATA ?? '../shared/data'
const MAX = Number(values.max) || Infinity
const dlx = await load(values.wasm ? { wasm: readFileSync(values.wasm) } : {})

const cpu = (fn) => { const t = process.cpuUsage(); const r = fn(); const u = process.cpuUsage(t); return [(u.user + u.system) / 1000, r] }
const stats = (a) => { const s = a.slice().sort((x, y) => x - y); return [s[s.length >> 1], s[s.length - 1]] }
const ms = (x) => x.toFixed(2)

/** CPU ms of fn; over 2 ms, the least of three runs (a collection or a busy machine's tick is not the hint's). */
function retimed (fn) {
  const t = cpu(fn)[0]
  return t < 2 ? t : Math.min(t, cpu(fn)[0], cpu(fn)[0])
}

/** Hints at every point of the way: the givens, then after each placement. */
function hintsAlong (puzzle, r, n, opts = {}) {
  const g = typeof puzzle === 'string' ? [...puzzle].map((ch) => ch === '.' ? 0 : Number(ch)) : puzzle.flat()
  const times = []
  for (const s of r.steps) {
    if (!s.placements.length) continue
    const rows = Array.from({ length: n }, (_, i) => g.slice(i * n, (i + 1) * n))
    times.push(retimed(() => dlx.sudoku.hint(rows, opts)))
    for (const p of s.placements) g[p.row * n + p.col] = p.digit
  }
  return times
}

console.log('| set | puzzles | without a guess | full explanation, ms median / max | hint from the givens, ms median / max | hint at every point of the way, ms median / max (hints) |')
console.log('| --- | ---: | ---: | ---: | ---: | ---: |')
for (const set of ['top1465.txt', 'hardest1106.txt', '17-clue.txt']) {
  const path = join(DATA, 'sudoku', set)
  if (!existsSync(path)) { console.log(`| ${set} | missing: ${path} | | | | |`); continue }
  const list = readFileSync(path, 'utf8').split('\n').filter((l) => l.length >= 81 && !l.startsWith('#')).map((l) => l.slice(0, 81)).slice(0, set === '17-clue.txt' ? Math.min(MAX, 5000) : MAX)
  const full = []; const first = []; const along = []
  let clean = 0
  for (const p of list) {
    const [t, r] = cpu(() => dlx.sudoku.steps(p))
    full.push(t)
    clean += r.solved
    first.push(retimed(() => dlx.sudoku.hint(p)))
    if (set !== '17-clue.txt') along.push(...hintsAlong(p, r, 9))
  }
  const [fm, fx] = stats(full); const [hm, hx] = stats(first)
  const [am, ax] = along.length ? stats(along) : [NaN, NaN]
  console.log(`| ${set} | ${list.length} | ${(100 * clean / list.length).toFixed(1)}% | ${ms(fm)} / ${ms(fx)} | ${ms(hm)} / ${ms(hx)} | ${along.length ? `${ms(am)} / ${ms(ax)} (${along.length})` : '-'} |`)
}

console.log('\n| 25x25 (generated) | steps | full explanation, ms | hint at every point of the way, ms median / max | hardest |')
console.log('| --- | ---: | ---: | ---: | --- |')
for (const seed of [1, 2, 3]) {
  const g = dlx.sudoku.generate({ size: 25, seed, format: 'array' })
  const [t, r] = cpu(() => dlx.sudoku.steps(g.puzzle))
  const [am, ax] = stats(hintsAlong(g.puzzle, r, 25))
  console.log(`| seed ${seed} | ${r.steps.length} | ${ms(t)} | ${ms(am)} / ${ms(ax)} | ${r.rating.technique} |`)
}
