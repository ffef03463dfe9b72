// Cost instances (Knuth's DLX5 format: `|n` after an option's items) and
// their side-by-side run: dlxkit's native CLI (--best K) beside Knuth's DLX5
// (kK), the same optimum costs required, paired rounds, CPU time.
//   node bench/costs.mjs [ROUNDS]   (needs build/bench/dlx, build/bench/rusage and
//                                    build/peers/dlx5: ../shared/peers/build.sh build/peers,
//                                    or PEERS=DIR with DIR/dlx5)
// The families: n x n assignment problems with random costs (worker i does
// job j at cost c[i][j]); a box packed with the 12 pentominoes, each
// placement costing its piece's weight times its top row (heavy pieces low);
// a 9x9 Sudoku from a few givens, each digit placed costing a random amount.
import { writeFileSync, mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { pentominoPlacements } from './multiplicity.mjs'

/** A reproducible generator of whole numbers below n. */
function rng (seed) {
  let s = seed >>> 0
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return Math.floor((s / 2 ** 32) * n)
  }
}

/** n workers, n jobs, random costs below `spread`. */
export function assignment (n, spread, seed) {
  const rand = rng(seed)
  const items = []
  for (let i = 0; i < n; i++) items.push(`w${i}`)
  for (let j = 0; j < n; j++) items.push(`j${j}`)
  const lines = [items.join(' ')]
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) lines.push(`w${i} j${j} |${rand(spread)}`)
  return lines.join('\n') + '\n'
}

/** A w x h box of the 12 pentominoes, piece p (1..12) placed with top row y costing p * y. */
export function costedPentominoes (w, h) {
  const lines = []
  const names = new Set()
  for (const { piece, index, cells } of pentominoPlacements(w, h)) {
    names.add(piece)
    const top = Math.min(...cells.map(([, y]) => y))
    lines.push(`${[piece, ...cells.map(([x, y]) => `${x}.${y}`)].join(' ')} |${(index + 1) * top}`)
  }
  const items = [...names]
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) items.push(`${x}.${y}`)
  return [items.join(' '), ...lines].join('\n') + '\n'
}

/** A 9x9 Sudoku with `givens` random givens of a fixed grid; digit d in a cell costs a random amount below `spread`. */
export function costedSudoku (givens, spread, seed) {
  const rand = rng(seed)
  const grid = (r, c) => ((r * 3 + Math.floor(r / 3) + c) % 9) + 1 // a valid grid
  const given = new Map()
  while (given.size < givens) {
    const cell = rand(81)
    given.set(cell, grid(Math.floor(cell / 9), cell % 9))
  }
  const items = []
  for (let r = 0; r < 9; r++) for (let c = 0; c < 9; c++) items.push(`p${r}${c}`)
  for (let u = 0; u < 9; u++) for (let d = 1; d <= 9; d++) items.push(`r${u}${d}`, `c${u}${d}`, `b${u}${d}`)
  const lines = [items.join(' ')]
  for (let r = 0; r < 9; r++) {
    for (let c = 0; c < 9; c++) {
      for (let d = 1; d <= 9; d++) {
        const cost = rand(spread)
        const g = given.get(r * 9 + c)
        if (g !== undefined && g !== d) continue
        lines.push(`p${r}${c} r${r}${d} c${c}${d} b${3 * Math.floor(r / 3) + Math.floor(c / 3)}${d} |${cost}`)
      }
    }
  }
  return lines.join('\n') + '\n'
}

export const ROWS = [
  ['assign-40', 1, () => assignment(40, 1000, 7)],
  ['assign-50-k10', 10, () => assignment(50, 1000, 8)],
  ['assign-52', 1, () => assignment(52, 1000, 3)],
  ['assign-60', 1, () => assignment(60, 1000, 7)],
  ['pento-6x10', 1, () => costedPentominoes(10, 6)],
  ['pento-6x10-k10', 10, () => costedPentominoes(10, 6)],
  ['pento-5x12', 1, () => costedPentominoes(12, 5)],
  ['sudoku-18', 1, () => costedSudoku(18, 10, 18)],
  ['sudoku-16', 1, () => costedSudoku(16, 10, 16)]
]

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2 }

async function main () {
  const { underRusage } = await import('./proc.mjs')
  const rounds = Number(process.argv[2] || 3)
  const only = process.argv[3] ? new RegExp(process.argv[3]) : null
  const dir = 'build/bench/costs'
  mkdirSync(dir, { recursive: true })
  const peers = process.env.PEERS || 'build/peers'
  const dlx5 = (file, k) => {
    const r = underRusage(`${peers}/dlx5`, [`k${k}`], { input: file })
    const m = /The optimum costs? (?:is|are:)([\s\S]*)$/.exec(r.stderr)
    if (r.status !== '0' || !m) throw new Error(`dlx5 ${file}: exit ${r.status}: ${r.stderr.slice(-200)}`)
    // "$c" lines, a cost found r times in all as "$c (repeated r times)"
    const costs = []
    for (const [, c, rep] of m[1].matchAll(/\$(\d+)(?: \(repeated (\d+) times\))?/g)) for (let j = 0; j < Number(rep ?? 1); j++) costs.push(c)
    return { costs: costs.join(' '), seconds: r.seconds }
  }
  const ours = (file, k) => {
    const r = underRusage('build/bench/dlx', ['--best', String(k), '--quiet', file])
    if (r.status !== '0') throw new Error(`dlx ${file}: exit ${r.status}: ${r.stderr.slice(-200)}`)
    return { costs: [...r.stdout.matchAll(/^cost (\d+)$/gm)].map((m) => m[1]).join(' '), seconds: r.seconds }
  }
  console.log('| instance | k | optimum | dlxkit s | DLX5 s | DLX5 / dlxkit |')
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |')
  for (const [name, k, make] of ROWS) {
    if (only && !only.test(name)) continue
    const file = `${dir}/${name}.dlx`
    writeFileSync(file, make())
    const t = { ours: [], dlx5: [] }
    let best
    for (let j = 0; j < rounds; j++) { // paired rounds: A, B, A, B, ...
      const a = ours(file, k); const b = dlx5(file, k)
      if (a.costs !== b.costs) throw new Error(`${name}: optima differ: dlxkit ${a.costs}, DLX5 ${b.costs}`)
      best = a.costs.split(' ')[0]
      t.ours.push(a.seconds); t.dlx5.push(b.seconds)
    }
    const ratio = median(t.dlx5.map((x, i) => x / Math.max(t.ours[i], 0.001))).toFixed(2)
    console.log(`| ${name} | ${k} | ${best} | ${median(t.ours).toFixed(3)} | ${median(t.dlx5).toFixed(3)} | ${ratio} |`)
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
