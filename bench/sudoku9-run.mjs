// Issue 30's 9x9 bench (`make bench` runs it): every family of sets of
// bench/sudoku9-sets.mjs (made once and cached in build/sudoku9/) and the
// shared public sets, each solved with limit 2 (0, 1 or 2 solutions) by
// dlxkit native, its WASM batch and one solve() per puzzle, tdoku, JSolve,
// kudoku, fast_solv_9r2 and tdoku.wasm, one after another in rounds, rates
// over each process's CPU time (dlxkit's WASM and tdoku.wasm in one process,
// their passes interleaved: bench/measure-wasm.mjs). Every program's answers are checked against
// the set's counts: puzzle by puzzle where the program says each (dlxkit,
// tdoku.wasm), as a tally of none / one / two-or-more where it says only
// that (the peers' harness driver). Writes bench/SUDOKU9.md and
// build/sudoku9/results.json.
//   node bench/sudoku9-run.mjs                      measure and write
//   node bench/sudoku9-run.mjs --from results.json  only write, from saved numbers
// Settings from the environment: DATA (../shared/data), PEERS (../shared/peers,
// built into build/peers when one is missing there), ROUNDS (3),
// MIN_SECONDS (CPU seconds per measurement, 1), QUICK=1 (1 round, 0.3 s),
// SETS (a comma list of set names, default all).
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { load } from '../src/js/dlxkit.mjs'
import { describeMachine } from './machine.mjs'
import { sudokuCounted } from './measure-native.mjs'
import { harnessCounted, PEERS } from './measure-peer.mjs'
import { buildPeers } from './peers.mjs'
import { inChild } from './proc.mjs'
import { attempt } from './rounds.mjs'
import { HARNESS_PEERS } from './rows.mjs'
import { FAMILIES, makeFamily } from './sudoku9-sets.mjs'
import { checkAnswers, sudoku9Markdown, SHARED_SETS } from './sudoku9-report.mjs'
import { sudokuFile } from './timing.mjs'

const WORK = 'build/sudoku9'
const quick = process.env.QUICK === '1'
const settings = {
  quick,
  rounds: Number(process.env.ROUNDS ?? (quick ? 1 : 3)),
  minSeconds: Number(process.env.MIN_SECONDS ?? (quick ? 0.3 : 1))
}
const say = (text) => process.stderr.write(text)

const digest = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 12)

/**
 * Each family's file, made by the generator unless the cache has it (its
 * name carries a digest of bench/sudoku9-sets.mjs: a change there makes the
 * sets again): { name, file, puzzles, answers, seed, madeMinimal, solutions }.
 */
async function generatedSets () {
  mkdirSync(WORK, { recursive: true })
  const maker = digest(readFileSync(new URL('sudoku9-sets.mjs', import.meta.url)))
  let dlx = null
  const out = []
  for (const family of FAMILIES) {
    const base = join(WORK, `${family.name}-${family.puzzles}-s${family.seed}-${maker}`)
    if (!existsSync(`${base}.json`) || !existsSync(`${base}.txt`)) {
      say(`making ${family.name} (${family.puzzles} puzzles from seed ${family.seed}) ... `)
      dlx ??= await load()
      const made = makeFamily(dlx, family)
      writeFileSync(`${base}.txt`, made.puzzles.join('\n') + '\n')
      const solutions = made.solutions.sort((a, b) => a - b)
      writeFileSync(`${base}.json`, JSON.stringify({
        answers: made.counts,
        madeMinimal: made.madeMinimal,
        solutions: solutions.length ? { least: solutions[0], median: solutions[solutions.length >> 1], most: solutions.at(-1) } : null
      }) + '\n')
      say('done\n')
    }
    const meta = JSON.parse(readFileSync(`${base}.json`, 'utf8'))
    out.push({ name: family.name, file: `${base}.txt`, puzzles: family.puzzles, seed: family.seed, family, answers: meta.answers, madeMinimal: meta.madeMinimal, solutions: meta.solutions })
  }
  return out
}

/** The shared sets: every puzzle has one solution (../shared/data/README.md). */
function sharedSets () {
  return SHARED_SETS.map((name) => {
    const file = sudokuFile(name)
    const puzzles = readFileSync(file, 'utf8').split('\n').filter((l) => l.length >= 81 && !l.startsWith('#')).length
    return { name, file, puzzles, shared: true, answers: '1'.repeat(puzzles) }
  })
}

/** One round of one set: every program once, one after another, each checked against the set's answers. */
function round (set, built) {
  const opts = { minSeconds: settings.minSeconds }
  const r = {}
  say(`${set.name}: native`)
  r.native = attempt(() => sudokuCounted(set.file, opts))
  for (const id of HARNESS_PEERS) {
    say(`, ${id}`)
    r[id] = built.includes(id) ? attempt(() => harnessCounted(id, set.file, opts)) : { unbuilt: true }
  }
  // WASM and tdoku.wasm in one process, their passes interleaved (measure-wasm.mjs)
  const tdoku = built.includes('tdoku.wasm')
  say(tdoku ? ', WASM and tdoku.wasm' : ', WASM')
  r.wasm = attempt(() => inChild('measure-wasm.mjs', 'sudokuCounted', { ...opts, tdoku }, set.file))
  r['tdoku.wasm'] = !tdoku ? { unbuilt: true } : r.wasm.error ? { error: r.wasm.error } : r.wasm.tdoku
  if (r.wasm.tdoku) delete r.wasm.tdoku
  say('\n')
  for (const k of Object.keys(r)) r[k] = checkAnswers(r[k], set.answers)
  return r
}

async function measure () {
  const data = { machine: describeMachine(), settings }
  const wanted = [...HARNESS_PEERS, 'tdoku.wasm']
  let peers = { built: wanted.filter((p) => existsSync(join(PEERS, p))), unbuilt: [], reused: true }
  if (peers.built.length < wanted.length) {
    say('building the peers from ../shared/peers ... ')
    peers = buildPeers()
    say(`${peers.built.join(', ') || 'none'} built${peers.unbuilt.length ? `; not: ${peers.unbuilt.map((u) => `${u.name} (${u.why})`).join(', ')}` : ''}\n`)
  }
  data.peers = peers
  let sets = [...await generatedSets(), ...sharedSets()]
  if (process.env.SETS) sets = sets.filter((s) => process.env.SETS.split(',').includes(s.name))
  data.sets = sets.map(({ answers, family, ...s }) => ({ ...s, sha256: digest(readFileSync(s.file)), tally: [0, 1, 2].map((c) => [...answers].filter((a) => a === String(c)).length) }))
  data.rows = sets.map((s) => ({ set: s.name, rounds: [] }))
  for (let k = 0; k < settings.rounds; k++) {
    for (const [i, set] of sets.entries()) {
      say(`round ${k + 1} `)
      data.rows[i].rounds.push(round(set, peers.built))
    }
  }
  data.machine.loadAtEnd = describeMachine().load
  return data
}

const from = process.argv.indexOf('--from')
const data = from > 0 ? JSON.parse(readFileSync(process.argv[from + 1], 'utf8')) : await measure()
if (from < 0) writeFileSync(join(WORK, 'results.json'), JSON.stringify(data, null, 2) + '\n')
const markdown = sudoku9Markdown(data)
writeFileSync(new URL('SUDOKU9.md', import.meta.url), markdown)
process.stdout.write(markdown.replace(/^[\s\S]*?## Goals/m, '## Goals') + '\nWritten: bench/SUDOKU9.md\n')
