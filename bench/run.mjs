// The benchmark (`make bench`, `npm run bench`): builds the peers from
// ../shared/peers (bench/peers.mjs), then measures every row in rounds:
// dlxkit native, dlxkit WASM and every peer one after another, each in its
// own process, timed over that process's own CPU time; the report gives
// medians of the per-round ratios. Writes bench/RESULTS.md, bench/chart.svg
// and build/bench/results.json (the raw numbers).
//   node bench/run.mjs                      measure and write
//   node bench/run.mjs --from results.json  only write, from saved numbers
// Settings from the environment: DATA (../shared/data), PEERS
// (../shared/peers, whose build.sh builds the peers), ROUNDS (3),
// MIN_SECONDS (CPU seconds per 9x9 measurement, 1), CAP (CPU seconds per hard
// puzzle, 30), HARD_SIZES (16,25,36; add 49 for the optional row),
// HARD_PUZZLES (per size; default from bench/rows.mjs), QUICK=1 (a short run:
// 1 round, 0.3 s, 2 hard puzzles of each size, a 10 s cap).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { coloredInstance } from './colored.mjs'
import { cnf, holePuzzle, isSolution, numbersText } from './hard-sudoku.mjs'
import { describeMachine } from './machine.mjs'
import * as native from './measure-native.mjs'
import * as peer from './measure-peer.mjs'
import { buildPeers } from './peers.mjs'
import { inChild } from './proc.mjs'
import { chart, resultsMarkdown } from './report.mjs'
import { attempt } from './rounds.mjs'
import { HARD, HARNESS_PEERS, INSTANCES, KNUTH_PEERS, SUDOKU_SETS } from './rows.mjs'
import { DATA } from './timing.mjs'

const quick = process.env.QUICK === '1'
const settings = {
  quick,
  rounds: Number(process.env.ROUNDS ?? (quick ? 1 : 3)),
  minSeconds: Number(process.env.MIN_SECONDS ?? (quick ? 0.3 : 1)),
  cap: Number(process.env.CAP ?? (quick ? 10 : 30)),
  hardSizes: (process.env.HARD_SIZES ?? '16,25,36').split(',').map(Number),
  hardPuzzles: process.env.HARD_PUZZLES ? Number(process.env.HARD_PUZZLES) : (quick ? 2 : null)
}
const WORK = 'build/bench'

const say = (text) => process.stderr.write(text)

/** The cell checked against the count known beforehand. */
function counted (cell, expected) {
  if (cell.error || cell.solutions === expected) return cell
  return { ...cell, error: `counted ${cell.solutions} solutions, not ${expected}` }
}

function exactCoverRows (peers) {
  const rows = []
  for (const inst of INSTANCES) {
    let file = inst.file ?? join(DATA, 'exact-cover', `${inst.name}.dlx`)
    if (inst.generated) {
      const { text, solutions } = coloredInstance(inst.name)
      if (solutions !== inst.solutions) throw new Error(`${inst.name}: bench/rows.mjs says ${inst.solutions}, the formula ${solutions}`)
      file = join(WORK, `${inst.name}.dlx`)
      writeFileSync(file, text)
    }
    const row = { name: inst.name, colored: !!inst.colored, solutions: inst.solutions, rounds: [] }
    for (let r = 0; r < settings.rounds; r++) {
      say(`${inst.name} round ${r + 1}: native`)
      const round = { native: counted(attempt(() => native.exactCover(file)), inst.solutions) }
      say(', WASM')
      round.wasm = counted(attempt(() => inChild('measure-wasm.mjs', 'exactCover', {}, file)), inst.solutions)
      for (const k of KNUTH_PEERS) {
        if (!peers.built.includes(k.id)) round[k.id] = { unbuilt: true }
        else if (inst.colored && !k.colors) round[k.id] = { skipped: 'no colors' }
        else {
          say(`, ${k.label}`)
          round[k.id] = counted(attempt(() => peer.knuth(k.id, file)), inst.solutions)
        }
      }
      say('\n')
      row.rounds.push(round)
    }
    rows.push(row)
  }
  return rows
}

function sudokuRows (peers) {
  const opts = { minSeconds: settings.minSeconds }
  const rows = []
  for (const set of SUDOKU_SETS) {
    const row = { set, rounds: [] }
    for (let r = 0; r < settings.rounds; r++) {
      say(`Sudoku ${set} round ${r + 1}: native`)
      const round = { native: attempt(() => native.sudoku(set, opts)) }
      say(', WASM')
      round.wasm = attempt(() => inChild('measure-wasm.mjs', 'sudoku', opts, set))
      for (const id of HARNESS_PEERS) {
        say(`, ${id}`)
        round[id] = peers.built.includes(id) ? attempt(() => peer.harness(id, set, opts)) : { unbuilt: true }
      }
      say(', tdoku.wasm')
      round['tdoku.wasm'] = peers.built.includes('tdoku.wasm') ? attempt(() => inChild('tdoku-wasm.mjs', 'sudoku', opts, set)) : { unbuilt: true }
      say('\n')
      row.rounds.push(round)
    }
    rows.push(row)
  }
  return rows
}

/**
 * Issue 15: each puzzle by dlxkit (JS API, limit 1; and its native build, a
 * process from the puzzle text to the answer as CaDiCaL's is) and by
 * CaDiCaL, one after the other, under the CPU cap.
 */
function hardRows () {
  const dir = join(WORK, 'hard')
  mkdirSync(dir, { recursive: true })
  const rows = []
  for (const spec of HARD.filter((h) => settings.hardSizes.includes(h.size))) {
    const row = { size: spec.size, blank: spec.blank, puzzles: [] }
    const count = settings.hardPuzzles ?? spec.puzzles
    say(`hard ${spec.size}x${spec.size}:`)
    for (let i = 1; i <= count; i++) {
      const seed = spec.size * 1000 + i
      const cells = holePuzzle(spec.size, seed, spec.blank)
      const base = join(dir, `${spec.size}-${seed}`)
      writeFileSync(`${base}.json`, JSON.stringify({ size: spec.size, seed, cells }))
      const { text, decode } = cnf(spec.size, cells)
      writeFileSync(`${base}.cnf`, text)
      writeFileSync(`${base}.txt`, numbersText(spec.size, cells))
      const check = (cell, solution) => (cell.solved && !isSolution(spec.size, cells, solution)
        ? { ...cell, solved: false, error: 'an invalid solution' }
        : cell)
      const dlx = attempt(() => {
        const r = inChild('measure-wasm.mjs', 'hard', {}, `${base}.json`, { cap: settings.cap })
        if (r.capped) return { solved: false, capped: true, seconds: settings.cap }
        return check({ solved: r.status === 'found', status: r.status, seconds: r.seconds, nodes: r.nodes }, r.solution)
      })
      const nat = attempt(() => {
        const r = native.hard(`${base}.txt`, settings.cap)
        if (r.capped) return { solved: false, capped: true, seconds: settings.cap }
        return check({ solved: r.status === 'found', status: r.status, seconds: r.seconds, nodes: r.nodes }, r.solution)
      })
      const sat = attempt(() => {
        const r = peer.cadical(`${base}.cnf`, settings.cap)
        if (!r.solved) return { solved: false, capped: true, seconds: settings.cap }
        return check({ solved: true, seconds: r.seconds }, decode(r.model))
      })
      say(` ${i}`)
      row.puzzles.push({ seed, blanks: cells.filter((v) => !v).length, dlxkit: dlx, native: nat, cadical: sat })
    }
    say('\n')
    rows.push(row)
  }
  return rows
}

function measure () {
  mkdirSync(WORK, { recursive: true })
  const data = { machine: describeMachine(), settings }
  say('building the peers from ../shared/peers ... ')
  data.peers = buildPeers()
  say(`${data.peers.built.join(', ') || 'none'} built${data.peers.unbuilt.length ? `; not: ${data.peers.unbuilt.map((u) => u.name).join(', ')}` : ''}\n`)
  data.module = inChild('measure-wasm.mjs', 'module', {})
  data.exactCover = exactCoverRows(data.peers)
  data.sudoku = sudokuRows(data.peers)
  data.hard = hardRows()
  data.machine.loadAtEnd = describeMachine().load
  return data
}

const from = process.argv.indexOf('--from')
const data = from > 0 ? JSON.parse(readFileSync(process.argv[from + 1], 'utf8')) : measure()
if (from < 0) writeFileSync(join(WORK, 'results.json'), JSON.stringify(data, null, 2) + '\n')
const markdown = resultsMarkdown(data)
writeFileSync(new URL('RESULTS.md', import.meta.url), markdown)
writeFileSync(new URL('chart.svg', import.meta.url), chart(data))
process.stdout.write(markdown.replace(/^[\s\S]*?## Goals/m, '## Goals') + '\nWritten: bench/RESULTS.md, bench/chart.svg\n')
