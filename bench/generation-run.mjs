// The generator on the shapes that were hardest to generate (issue 15's
// limits, which issue 30 asks to meet: jigsaw 64x64 in 10 s, and jigsaw +
// windoku maps made so that a grid exists): bench/generation.mjs's rows,
// every seed in a fresh process under a CPU cap, every grid and its
// uniqueness checked. Writes bench/GENERATION.md (part of `make bench`).
//   node bench/generation-run.mjs [--seeds N]
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { GENERATION, generationRows, generationTable } from './generation.mjs'
import { describeMachine } from './machine.mjs'

const { values } = parseArgs({ options: { seeds: { type: 'string', default: String(GENERATION.seeds) } } })
const seeds = Number(values.seeds)
const rows = generationRows((s) => process.stdout.write(s), seeds)
const machine = describeMachine()
const cap = GENERATION.cap
const all = (name, n) => rows.find((r) => r.name === name && r.n === n)?.runs?.every((r) => r.seconds !== undefined && r.seconds <= cap) ?? false
const goals = [
  ['jigsaw 64x64 (the map given) in 10 s', all('jigsaw', 64)],
  ['jigsaw 64x64 (the map given, 2N trades) in 10 s', all('jigsaw-2n', 64)],
  ['jigsaw 64x64 (the map made) in 10 s', all('made-jigsaw', 64)],
  ...GENERATION.sizes.map((n) => [`jigsaw + windoku ${n}x${n}, the map made: a grid for every seed, in 10 s`, all('made-jigsaw+windoku', n)])
]
const text = [
  '# Sudoku generation on the hardest shapes',
  '',
  `Written by \`node bench/generation-run.mjs\` (part of \`make bench\`): ${machine.date}, ${machine.cpu} (${machine.cores} cores), ` +
  `load ${machine.load} at the end; Node ${machine.node}.`,
  '',
  `\`dlx.sudoku.generate({ ...shape, seed })\` through the JS API (bench/generation.mjs; shapes of bench/generate-variants.mjs: jigsaw maps from ` +
  'tests/grid-units.mjs, N trades between pieces (jigsaw-2n: 2N, further from the boxes); made-jigsaw: variant \'jigsaw\' without a map, so generate makes one around a built grid), ' +
  `seeds 1-${seeds}, each in a fresh process capped at ${cap} CPU seconds; every grid and its uniqueness checked. An error names its code ` +
  '(NO_SOLUTION: the shape was proved to have no grid); once every seed of a size is capped, the bigger sizes are not run. ' +
  'A cell: seeds generated, the median and the worst CPU seconds.',
  '',
  '## Goals (issue 30, from issue 15)',
  '',
  '| goal | met |',
  '| --- | --- |',
  ...goals.map(([g, ok]) => `| ${g} | ${ok ? 'met' : '**not met**'} |`),
  '',
  '## Seeds generated, median and worst CPU seconds',
  '',
  generationTable(rows, cap),
  ''
].join('\n')
writeFileSync(new URL('GENERATION.md', import.meta.url), text)
process.stdout.write('\nWritten: bench/GENERATION.md\n')
