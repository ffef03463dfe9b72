// Issue 30's sweep of hard random-hole Sudoku: the blank fraction from 0.35
// to 0.75 at each size, dlxkit native (build/bench/hard_native, one process
// per puzzle) and CaDiCaL (one process on bench/hard-sudoku.mjs's CNF) on
// the same puzzles, each under the CPU cap; the peak found from the
// measurements (bench/hard-sweep-report.mjs), then topped up to PEAK puzzles
// at the peak and a step either side, where dlxkit's WebAssembly build (the
// JS API, as bench/run.mjs's WASM column) runs too, and CaDiCaL on the other
// at-most-one encodings. Every answer checked. Writes bench/HARD.md.
//   node bench/hard-sweep.mjs [--sizes 16,25] [--cap 30] [--caps 64:10,...]
//     [--puzzles 3] [--peak 10] [--compare 10] [--counts 64:2:4:2,...]
//     [--until HH:MM] [--no-wasm] [--quick] [--note TEXT]
// (--caps: another cap for some sizes; --compare: the peak's puzzles that
// CaDiCaL solves in the other encodings too; --counts SIZE:PUZZLES:PEAK:COMPARE
// for some sizes; --note: a line for the report, such as what a busy machine cut.)
// Results are kept in build/bench/hard-sweep/cache-SIZE.json by program build
// (a hash of the binary or module), size, fraction, seed and cap: a run
// stopped (or cut by --until, UTC) resumes where it was; a rebuilt solver
// measures afresh. --until: no measurement starts after that time, and
// what was not measured shows so in the report.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { AMO_ENCODINGS } from './cnf-amo.mjs'
import { AMO_CHOICE, cnf, isSolution, numbersText } from './hard-sudoku.mjs'
import { FRACTIONS, findPeak, hardMarkdown, sweepPuzzle } from './hard-sweep-report.mjs'
import { describeMachine } from './machine.mjs'
import * as native from './measure-native.mjs'
import * as peer from './measure-peer.mjs'
import { inChild } from './proc.mjs'

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: process.env.HARD_SWEEP_SIZES ?? '16,25,36,49,64' },
    cap: { type: 'string', default: process.env.CAP ?? '30' },
    caps: { type: 'string', default: process.env.HARD_SWEEP_CAPS ?? '' },
    puzzles: { type: 'string', default: '3' },
    peak: { type: 'string', default: '10' },
    compare: { type: 'string', default: '10' },
    counts: { type: 'string', default: process.env.HARD_SWEEP_COUNTS ?? '' },
    note: { type: 'string' },
    until: { type: 'string', default: process.env.HARD_SWEEP_UNTIL },
    'no-wasm': { type: 'boolean' },
    quick: { type: 'boolean', default: process.env.QUICK === '1' }
  }
})
const quick = values.quick
const settings = {
  sizes: values.sizes.split(',').map(Number),
  cap: quick ? 5 : Number(values.cap),
  caps: Object.fromEntries(values.caps.split(',').filter(Boolean).map((c) => c.split(':').map(Number))),
  puzzles: quick ? 1 : Number(values.puzzles),
  peakPuzzles: quick ? 2 : Number(values.peak),
  comparePuzzles: quick ? 1 : Number(values.compare),
  counts: Object.fromEntries(values.counts.split(',').filter(Boolean).map((c) => { const [size, ...n] = c.split(':').map(Number); return [size, n] })),
  wasm: !values['no-wasm'],
  until: values.until ?? null
}
const DIR = 'build/bench/hard-sweep'
mkdirSync(DIR, { recursive: true })
const capOf = (size) => (quick ? settings.cap : settings.caps[size] ?? settings.cap)
// a cache file per size, so that two runs on different sizes may go side by side
const caches = {}
const cacheFile = (size) => join(DIR, `cache-${size}.json`)
const cacheOf = (size) => (caches[size] ??= existsSync(cacheFile(size)) ? JSON.parse(readFileSync(cacheFile(size), 'utf8')) : {})
const say = (text) => process.stderr.write(text)

const hashOf = (file) => (existsSync(file) ? createHash('sha1').update(readFileSync(file)).digest('hex').slice(0, 12) : 'missing')
const builds = {
  native: hashOf('build/bench/hard_native'),
  wasm: hashOf('dist/dlxkit.wasm'),
  cadical: describeMachine().cadical
}

function outOfTime () {
  if (!settings.until) return false
  const [h, m] = settings.until.split(':').map(Number)
  const now = new Date()
  return now.getUTCHours() * 60 + now.getUTCMinutes() >= h * 60 + m
}

/** The files of one puzzle: numbers text (native), JSON (WASM), CNF per encoding on demand. */
function puzzleFiles (size, blank, seed) {
  const cells = sweepPuzzle(size, blank, seed)
  const base = join(DIR, `${size}-${blank.toFixed(2)}-${seed}`)
  if (!existsSync(`${base}.txt`)) writeFileSync(`${base}.txt`, numbersText(size, cells))
  if (!existsSync(`${base}.json`)) writeFileSync(`${base}.json`, JSON.stringify({ size, seed, cells }))
  return { cells, base }
}

/** A measurement of one program: solved and checked, or capped (seconds: the cap), or an error. */
function measure (program, size, blank, seed) {
  const { cells, base } = puzzleFiles(size, blank, seed)
  const cap = capOf(size)
  const check = (cell, solution) => (cell.solved && !isSolution(size, cells, solution) ? { ...cell, solved: false, error: 'an invalid solution' } : cell)
  try {
    if (program === 'native' || program === 'wasm') {
      const r = program === 'native' ? native.hard(`${base}.txt`, cap) : inChild('measure-wasm.mjs', 'hard', {}, `${base}.json`, { cap })
      if (r.capped) return { solved: false, capped: true, seconds: cap }
      return check({ solved: r.status === 'found', seconds: r.seconds, nodes: r.nodes, ...(r.status === 'found' ? {} : { error: `status ${r.status}` }) }, r.solution)
    }
    const amo = program.slice('cadical-'.length)
    const { text, decode } = cnf(size, cells, { amo })
    writeFileSync(`${base}.cnf`, text)
    try {
      const r = peer.cadical(`${base}.cnf`, cap, { stats: true })
      if (!r.solved) return { solved: false, capped: true, seconds: cap }
      return check({ solved: true, seconds: r.seconds, conflicts: r.conflicts }, decode(r.model))
    } finally {
      rmSync(`${base}.cnf`, { force: true })
    }
  } catch (e) {
    return { solved: false, seconds: cap, error: e.message.split('\n')[0].slice(0, 200) }
  }
}

/** A program's result for a puzzle from the cache (a run capped at the same or a higher cap counts), else measured now; null when out of time. */
function result (program, size, blank, seed) {
  const key = `${program}|${builds[program.split('-')[0]]}|${size}|${blank.toFixed(2)}|${seed}`
  const cap = capOf(size)
  const cache = cacheOf(size)
  const known = cache[key]
  if (known && (known.solved ? true : known.cap >= cap)) {
    return known.solved && known.seconds > cap ? { solved: false, capped: true, seconds: cap } : known.capped ? { ...known, seconds: cap } : known
  }
  if (outOfTime()) return null
  const r = { ...measure(program, size, blank, seed), cap, load: os.loadavg()[0] }
  cache[key] = r
  writeFileSync(`${cacheFile(size)}.new`, JSON.stringify(cache))
  renameSync(`${cacheFile(size)}.new`, cacheFile(size))
  return r
}

/** The row of one size and fraction: its first `count` puzzles, each with the programs asked (a program out of time: absent). */
function row (size, blank, count, programs) {
  const puzzles = []
  for (let i = 1; i <= count; i++) {
    const seed = size * 1000 + i
    const p = { seed }
    for (const program of programs) {
      // dlxkit's WebAssembly build runs the native build's search, slower: where native hit the cap, so would it.
      if (program === 'wasm' && p.native?.capped) { p.wasm = { solved: false, capped: true, seconds: capOf(size), byNative: true }; continue }
      const r = result(program, size, blank, seed)
      if (r) p[program === `cadical-${AMO_CHOICE}` ? 'cadical' : program] = r
    }
    puzzles.push(p)
  }
  return { size, blank, puzzles }
}

const started = describeMachine()
const sizes = []
for (const size of settings.sizes) {
  const cap = capOf(size)
  const [puzzles, peakPuzzles, comparePuzzles] = quick || !settings.counts[size] ? [settings.puzzles, settings.peakPuzzles, settings.comparePuzzles] : settings.counts[size]
  const basic = ['native', `cadical-${AMO_CHOICE}`]
  say(`${size}x${size}:`)
  let rows = FRACTIONS.map((blank) => { say(` ${blank}`); return row(size, blank, puzzles, basic) })
  // the peak and a step either side get PEAK puzzles; a peak that moves with them is topped up in turn
  const topped = new Set()
  for (let peak = findPeak(rows, cap); !topped.has(peak); peak = findPeak(rows, cap)) {
    topped.add(peak)
    const k = FRACTIONS.indexOf(peak)
    for (const j of [k - 1, k, k + 1].filter((j) => j >= 0 && j < FRACTIONS.length)) {
      say(` +${FRACTIONS[j]}`)
      rows[j] = row(size, FRACTIONS[j], Math.max(peakPuzzles, puzzles), basic)
    }
  }
  const peak = findPeak(rows, cap)
  const k = FRACTIONS.indexOf(peak)
  const others = AMO_ENCODINGS.filter((a) => a !== AMO_CHOICE).map((a) => `cadical-${a}`)
  rows = rows.map((r, j) => (Math.abs(j - k) > 1 ? r : row(size, r.blank, r.puzzles.length, [...basic, ...(settings.wasm ? ['wasm'] : [])])))
  const compared = row(size, peak, Math.min(comparePuzzles, rows[k].puzzles.length), others)
  compared.puzzles.forEach((p, i) => Object.assign(rows[k].puzzles[i], p))
  say(` peak ${peak}\n`)
  sizes.push({ size, cap, puzzles, peakPuzzles, comparePuzzles, peak, rows })
}
const command = ['node bench/hard-sweep.mjs', ...process.argv.slice(2).filter((a, i, all) => a !== '--note' && all[i - 1] !== '--note')].join(' ')
const data = { command, note: values.note, settings, builds, machine: started, loadAtEnd: describeMachine().load, amoChoice: AMO_CHOICE, sizes }
writeFileSync(join(DIR, 'results.json'), JSON.stringify(data, null, 2) + '\n')
writeFileSync(new URL('HARD.md', import.meta.url), hardMarkdown(data))
say('Written: bench/HARD.md\n')
