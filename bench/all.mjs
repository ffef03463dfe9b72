// `make bench`: every runner below in turn, each writing its report, then
// bench/README.md, the index of the reports: for each, what it measures, the
// issue whose goals it holds, when it was written and how many of its goals
// are met. This table is the one list of the runners.
//   node bench/all.mjs            every runner, then the index
//   node bench/all.mjs --index    the index alone, from the reports as they are
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const HERE = (name) => fileURLToPath(new URL(name, import.meta.url))

/** [report, runner, issue, what it measures]: in the order make bench runs them. */
export const REPORTS = [
  ['RESULTS.md', 'run.mjs', '14, 15, 16', 'the first bench: six exact-cover instances, the shared 9x9 sets, hard grids at 60% blank, the module, memory'],
  ['SUDOKU9.md', 'sudoku9-run.mjs', '30', '9x9 on eight families of sets beside tdoku, tdoku.wasm, kudoku, JSolve, fast_solv_9r2'],
  ['HARD.md', 'hard-sweep.mjs', '30', 'hard random-hole grids, the blank fraction swept at 16x16 to 64x64, beside CaDiCaL'],
  ['GENERATION.md', 'generation-run.mjs', '30', 'the generator on jigsaw and windoku shapes, 25x25 to 64x64'],
  ['FAMILY.md', 'family-run.mjs', '28', 'exact cover on a family of 27 generated instances beside SSXCC and DLX2'],
  ['MULTIPLICITY.md', 'multiplicity-run.mjs', '29', 'multiplicities beside DLX3 and SSMCC'],
  ['COSTS.md', 'costs-run.mjs', '29', 'the k cheapest solutions beside DLX5'],
  ['MEMO.md', 'memo-run.mjs', '31', 'memoized counting beside DLX6'],
  ['RUNTIMES.md', 'runtimes-run.mjs', '28, 29, 31', 'the module under two Node releases (two V8s) beside native, on the rows the WASM goals judge'],
  ['ZDD.md', 'zdd-check.mjs', '31', 'our ZDDs against DLX6\'s, node for node'],
  ['EXPLAIN.md', 'explain-run.mjs', '32', 'the explainer: techniques, coverage and speed, natively'],
  [null, 'explain-wasm.mjs', '32', 'the explainer in WebAssembly (prints its tables, writes no report)']
]

/** When a report was written (its first "YYYY-MM-DD HH:MM UTC"), and its goal cells: { date, met, notMet }. */
export function readReport (text) {
  const date = /\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/.exec(text)?.[0] ?? null
  let met = 0
  let notMet = 0
  const lines = text.split('\n')
  for (const [k, line] of lines.entries()) {
    if (!line.startsWith('|') || /^\|\s*:?-{3}/.test(lines[k + 1] ?? '')) continue // a header row names a column "met"
    for (const cell of line.split('|').map((c) => c.trim().replace(/^\*\*(.*)\*\*$/, '$1'))) {
      if (cell === 'met') met++
      else if (cell === 'not met') notMet++
    }
  }
  return { date, met, notMet }
}

/** bench/README.md from the reports on disk. */
export function indexMarkdown (read = (file) => existsSync(HERE(file)) ? readFileSync(HERE(file), 'utf8') : null) {
  const lines = [
    '# The benchmark reports',
    '',
    'Written by `node bench/all.mjs --index` (the end of `make bench`) from the reports as they stand: do not edit.',
    'Each report is written by its runner from one run and says how it measured; a report\'s date is its run\'s.',
    'Goals: the cells of its tables that say met or not met (a row with several goals counts each).',
    '',
    '| report | runner | issue | what | written | goals met |',
    '| --- | --- | --- | --- | --- | --- |'
  ]
  for (const [file, runner, issue, what] of REPORTS) {
    if (!file) continue
    const text = read(file)
    const r = text ? readReport(text) : null
    const goals = !r ? '' : r.met + r.notMet === 0 ? 'none stated' : `${r.met} of ${r.met + r.notMet}`
    lines.push(`| [${file}](${file}) | \`bench/${runner}\` | ${issue} | ${what} | ${text ? r.date ?? 'undated' : 'missing'} | ${goals} |`)
  }
  return lines.join('\n') + '\n'
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes('--index')) {
    for (const [, runner] of REPORTS) {
      process.stderr.write(`== bench/${runner}\n`)
      const r = spawnSync(process.execPath, [HERE(runner)], { stdio: 'inherit' })
      if (r.status !== 0) process.exitCode = 1 // the others still run: one failed peer should not cost the rest
    }
  }
  writeFileSync(HERE('README.md'), indexMarkdown())
  process.stderr.write('Written: bench/README.md\n')
}
