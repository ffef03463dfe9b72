// The explainer's coverage (issue 32), written to bench/EXPLAIN.md with the
// date and the machine: build/bench/explain_native (src/core/sudoku_logic*.c,
// sudoku_difficulty.c) explains every puzzle of the shared sets (17-clue: the
// first 10,000), puzzles generated at each difficulty and random puzzles of 20
// shapes and variants, checking every step against the solver's solution
// (wrong steps: a placement not the solution's digit, an elimination of it);
// then generate({ difficulty }) in WebAssembly (bench/generate-difficulty.mjs).
//   node bench/explain-run.mjs [--max N] [--count N] [--shapes N]
//   (DATA: the sets' folder, ../shared/data; --max: puzzles a set at most,
//   --count: puzzles a level, --shapes: puzzles a 9x9 shape, fewer above)
import { execFileSync } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { describeMachine } from './machine.mjs'

const { values } = parseArgs({
  options: { max: { type: 'string', default: '0' }, count: { type: 'string', default: '20' }, shapes: { type: 'string', default: '40' } }
})
const DATA = process.env.DATA ?? '../shared/data'
const EXE = 'build/bench/explain_native'
const SETS = [['top1465.txt', 0], ['hardest1106.txt', 0], ['17-clue.txt', 10000]]
const LEVELS = ['easy', 'medium', 'hard', 'fiendish', 'diabolical', 'beyond']
const HEAD = `| puzzles | without a guess | wrong steps | ${LEVELS.join(' | ')} | CPU ms median / max | longest step, ms | hardest technique needed (puzzles) |`
const RULE = `| --- | ---: | ---: | ---: | ${LEVELS.map(() => '---:').join(' | ')} | ---: | ---: | --- |`

if (!existsSync(EXE)) execFileSync('make', [EXE], { stdio: 'inherit' })
const run = (args) => execFileSync(EXE, args, { encoding: 'utf8', maxBuffer: 1 << 24 })

const sets = []
for (const [set, most] of SETS) {
  const path = join(DATA, 'sudoku', set)
  const max = Number(values.max) || most
  if (!existsSync(path)) sets.push(`| ${set} | missing: ${path} |`)
  else sets.push(run([path, String(max)]).trim().replace(/^\| [^|]+/, `| ${set}${max ? ` (first ${max.toLocaleString('en')})` : ''} `))
}
const generated = run(['--generate', values.count]).trim()
const shapes = run(['--shapes', values.shapes]).trim()
const wasm = execFileSync(process.execPath, ['bench/generate-difficulty.mjs', '--count', values.count], { encoding: 'utf8' }).trim()
const rows = [sets.join('\n'), generated, shapes].join('\n').split('\n')
const wrong = rows.reduce((sum, row) => sum + Number(row.split('|')[4] ?? 0), 0)
const explained = rows.reduce((sum, row) => sum + (Number(row.split('|')[2]?.trim().split(' ')[0]) || 0), 0)

const m = describeMachine()
let commit = 'unknown'
try { commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim() } catch {}
const out = [
  '# The explainer: coverage, levels and wrong steps',
  '',
  `Written by \`node bench/explain-run.mjs\` (in \`make bench\`) on ${m.date}, commit ${commit}: ${m.cpu}, ${m.cores} cores, ${m.os}, ${m.clang}, Node ${m.node}; load ${m.load}. ` +
  'Every puzzle is explained to the end by `build/bench/explain_native` (clang -O3) and every step checked against the solution the solver finds: ' +
  '"wrong steps" counts placements that are not the solution\'s digit and eliminations of it. The levels are those of docs/sudoku-logic.md ' +
  `(${LEVELS.join(', ')}): how many puzzles the hardest technique of the explanation puts in each. CPU time a puzzle, the machine shared.`,
  '',
  `**Wrong steps: ${wrong}** over ${explained.toLocaleString('en')} explained puzzles.`,
  '',
  '## The shared sets',
  '',
  `| set ${HEAD}`,
  RULE,
  ...sets,
  '',
  `## Generated at each difficulty (9x9, seeds 1..${values.count}, sudoku_generate_at; puzzles a second natively, in CPU time)`,
  '',
  `| level asked ${HEAD}`,
  RULE,
  generated,
  '',
  `## Random puzzles of 20 shapes and variants (sudoku_generate, minimal up to 12x12; ${values.shapes} puzzles a shape up to 9x9, fewer above)`,
  '',
  `| shape ${HEAD}`,
  RULE,
  shapes,
  '',
  `## generate({ difficulty }) in WebAssembly (9x9, seeds 1..${values.count}, CPU time in Node)`,
  '',
  wasm,
  ''
]
writeFileSync('bench/EXPLAIN.md', out.join('\n'))
console.log(out.join('\n'))
if (wrong) process.exitCode = 1
