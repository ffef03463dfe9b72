// Native benchmarks, built like the reference figures (clang -O3 -march=native):
// all solutions of every shared exact-cover instance (build/bench/dlx) beside
// Knuth's DLX1, and Sudoku solved and proven unique (build/bench/sudoku_native)
// beside kudoku and tdoku, all from ../shared/data/README.md (measured on this
// machine kind; the peers themselves are not in the repository).
// Prints Markdown tables; ratios above 1 mean dlxkit is faster.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'

const data = process.env.DATA ?? '../shared/data'
const runs = Number(process.env.RUNS ?? 3)
const dlx1 = { 'queens-13': 0.33, 'langford-12': 0.57, 'pentomino-5x12': 4.8, 'pentomino-6x10': 7.8 }
const instances = ['queens-12', 'queens-13', 'langford-11', 'langford-12', 'pentomino-5x12', 'pentomino-6x10']

function runOnce (name) {
  const file = join(data, 'exact-cover', `${name}.dlx`)
  // the summary goes to stderr; execFileSync returns stdout, so capture both
  const out = execFileSync('sh', ['-c', 'build/bench/dlx --count "$0" 2>&1', file], { encoding: 'utf8' })
  const num = (re) => Number(out.match(re)[1])
  return {
    solutions: num(/^(\d+) solution/m),
    nodes: num(/, (\d+) nodes/),
    memory: num(/, (\d+) bytes of matrix memory/),
    seconds: num(/search ([\d.]+) s/)
  }
}

console.log(`| instance | solutions | search nodes | dlxkit (best of ${runs}) | Knuth DLX1 | speed ratio | matrix memory |`)
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
for (const name of instances) {
  let best
  for (let i = 0; i < runs; i++) {
    const r = runOnce(name)
    if (!best || r.seconds < best.seconds) best = r
  }
  const ref = dlx1[name]
  const ratio = ref ? `${(ref / best.seconds).toFixed(2)}x` : '-'
  console.log(`| ${name} | ${best.solutions} | ${best.nodes} | ${best.seconds.toFixed(3)} s | ${ref ? ref + ' s' : '-'} | ${ratio} | ${(best.memory / 1024).toFixed(0)} KiB |`)
}
console.log('\nEvery matrix node is 16 bytes: up, down, item and color as 32-bit integers.')

// ---- Sudoku ------------------------------------------------------------------
const sets = { '17-clue.txt': [36400, 236000], 'top1465.txt': [9730, 86600], 'hardest1106.txt': [1130, 9740] }
const files = Object.keys(sets).map((name) => join(data, 'sudoku', name))
const lines = execFileSync('build/bench/sudoku_native', [String(runs), ...files], { encoding: 'utf8' }).trim().split('\n')
console.log(`\n| Sudoku set (limit 2) | puzzles | nodes per puzzle | dlxkit (best of ${runs}) | kudoku | ratio | tdoku | ratio |`)
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
for (const line of lines) {
  const [name, count, perSecond, nodes] = line.split(' ')
  const [kudoku, tdoku] = sets[name]
  const rate = Number(perSecond)
  console.log(`| ${name} | ${count} | ${nodes} | ${rate.toLocaleString('en')}/s | ${kudoku.toLocaleString('en')}/s | ${(rate / kudoku).toFixed(2)}x | ${tdoku.toLocaleString('en')}/s | ${(rate / tdoku).toFixed(2)}x |`)
}
