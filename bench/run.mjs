// The benchmark (`make bench`, `npm run bench`): measures every row with the
// native build, the WASM build and dancing-links one after another, so they
// share the machine's noise, then prints the tables and writes
// bench/RESULTS.md and bench/chart.svg (and build/bench/results.json, the
// raw numbers).
//   node bench/run.mjs                      measure and write
//   node bench/run.mjs --from results.json  only write, from saved numbers
// Settings from the environment: DATA (../shared/data), RUNS (best of, 3),
// BUDGET (seconds after which a row makes no further run, 6), PEER_MAX
// (puzzles per set for dancing-links, 5000).
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import * as native from './measure-native.mjs'
import { describeMachine } from './machine.mjs'
import { INSTANCES, SUDOKU_SETS } from './reference.mjs'
import { chart, resultsMarkdown } from './report.mjs'

const settings = {
  runs: Number(process.env.RUNS ?? 3),
  budget: Number(process.env.BUDGET ?? 6),
  peerMax: Number(process.env.PEER_MAX ?? 5000)
}

/** One measuring function in a fresh Node process: its result, with the process's peak memory. */
function inChild (file, fn, options, arg) {
  const script = fileURLToPath(new URL('child.mjs', import.meta.url))
  const args = [script, file, fn, JSON.stringify(options), ...(arg === undefined ? [] : [arg])]
  const { result, peakKiB } = JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20 }))
  return { ...result, peakKiB }
}

const say = (text) => process.stderr.write(text)

function measure () {
  const opts = { runs: settings.runs, budget: settings.budget }
  const data = { machine: describeMachine(), settings, sudoku: [], exactCover: [] }
  say('module ... ')
  data.module = inChild('measure-wasm.mjs', 'module', {})
  say('done\n')
  for (const set of SUDOKU_SETS) {
    say(`Sudoku ${set}: native`)
    const row = { set, native: native.sudoku(set, { runs: settings.runs }) }
    say(', WASM')
    row.wasm = inChild('measure-wasm.mjs', 'sudoku', opts, set)
    say(', dancing-links')
    row.peer = inChild('measure-peer.mjs', 'sudoku', { ...opts, max: settings.peerMax }, set)
    say('\n')
    data.sudoku.push(row)
  }
  for (const name of INSTANCES) {
    say(`${name}: native`)
    const row = { name, native: native.exactCover(name, opts) }
    // as many runs as native made (the budget cut them short or not): a best
    // of 2 against a best of 1 would favour one side
    const same = { runs: row.native.runs, budget: 1e9 }
    say(', WASM')
    row.wasm = inChild('measure-wasm.mjs', 'exactCover', same, name)
    say(', dancing-links')
    row.peer = inChild('measure-peer.mjs', 'exactCover', same, name)
    say('\n')
    for (const other of [row.wasm, row.peer]) {
      if (other.solutions !== row.native.solutions) {
        throw new Error(`${name}: native counts ${row.native.solutions} solutions, another ${other.solutions}`)
      }
    }
    data.exactCover.push(row)
  }
  return data
}

const from = process.argv.indexOf('--from')
const data = from > 0 ? JSON.parse(readFileSync(process.argv[from + 1], 'utf8')) : measure()
if (from < 0) {
  mkdirSync('build/bench', { recursive: true })
  writeFileSync('build/bench/results.json', JSON.stringify(data, null, 2) + '\n')
}
const markdown = resultsMarkdown(data)
writeFileSync(new URL('RESULTS.md', import.meta.url), markdown)
writeFileSync(new URL('chart.svg', import.meta.url), chart(data))
process.stdout.write(markdown.replace(/^[\s\S]*?## Goals/m, '## Goals') + '\nWritten: bench/RESULTS.md, bench/chart.svg\n')
