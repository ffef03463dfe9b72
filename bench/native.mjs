// Native exact-cover benchmark: all solutions of every shared instance with
// build/dlx, beside Knuth's DLX1 figures from ../shared/data/README.md (measured
// on this machine kind; DLX1 itself is not in the repository).
// Prints a Markdown table; ratio = DLX1 time / dlxkit time (above 1: faster).
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'

const data = process.env.DATA ?? '../shared/data'
const runs = Number(process.env.RUNS ?? 3)
const dlx1 = { 'queens-13': 0.33, 'langford-12': 0.57, 'pentomino-5x12': 4.8, 'pentomino-6x10': 7.8 }
const instances = ['queens-12', 'queens-13', 'langford-11', 'langford-12', 'pentomino-5x12', 'pentomino-6x10']

function runOnce (name) {
  const file = join(data, 'exact-cover', `${name}.dlx`)
  // the summary goes to stderr; execFileSync returns stdout, so capture both
  const out = execFileSync('sh', ['-c', 'build/dlx --count "$0" 2>&1', file], { encoding: 'utf8' })
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
