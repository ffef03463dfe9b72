// The explainer's coverage and speed (build/bench/explain_native,
// src/core/sudoku_logic*.c): a full explained solution of every puzzle of
// the shared sets, in CPU time. Prints a markdown table: the share of each
// set solved without a guess, the CPU time a puzzle (median, max, ms), the
// longest single step (a hint, ms) and how many puzzles each technique was
// the hardest step of.
//   node bench/explain-run.mjs [--max N]   (DATA: the sets' folder, ../shared/data)
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

const { values } = parseArgs({ options: { max: { type: 'string', default: '0' } } })
const DATA = process.env.DATA ?? '../shared/data'
const EXE = 'build/bench/explain_native'
const SETS = ['top1465.txt', 'hardest1106.txt', '17-clue.txt']

if (!existsSync(EXE)) execFileSync('make', [EXE], { stdio: 'inherit' })
console.log('| set | puzzles | without a guess | CPU ms median | CPU ms max | longest step, ms | hardest technique needed (puzzles) |')
console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |')
for (const set of SETS) {
  const path = join(DATA, 'sudoku', set)
  if (!existsSync(path)) {
    console.log(`| ${set} | missing: ${path} | | | | | |`)
    continue
  }
  process.stdout.write(execFileSync(EXE, [path, values.max], { encoding: 'utf8', maxBuffer: 1 << 24 }))
}
