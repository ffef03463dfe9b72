// The peers built from ../shared/peers into build/peers (never copied into
// the repository): measures and returns numbers, prints nothing. Knuth's
// programs and CaDiCaL run under build/bench/rusage; the 9x9 solvers report
// their rate over CPU time themselves (the harness's last field).
import { underRusage } from './proc.mjs'
import { readModel } from './hard-sudoku.mjs'
import { sudokuFile } from './timing.mjs'

export const PEERS = 'build/peers'

/** Knuth's DLX1, DLX2 or SSXCC on one DLX file (stdin), all solutions: { solutions, nodes, seconds, peakKiB }. */
export function knuth (id, file) {
  const r = underRusage(`${PEERS}/${id}`, [], { input: file })
  const m = /Altogether (\d+) solutions?,.*?(\d+) nodes/.exec(r.stderr)
  if (r.status !== '0' || !m) throw new Error(`${id}: exit ${r.status}: ${r.stderr.trim().split('\n').slice(-2).join(' / ')}`)
  return { solutions: Number(m[1]), nodes: Number(m[2]), seconds: r.seconds, peakKiB: r.peakKiB }
}

/**
 * Knuth's DLX5 on one DLX file with costs (stdin), the k cheapest (its
 * option kK): { solutions (their costs, cheapest first, joined by spaces),
 * seconds, peakKiB }.
 */
export function dlx5 (file, k) {
  const r = underRusage(`${PEERS}/dlx5`, [`k${k}`], { input: file })
  const m = /The optimum costs? (?:is|are:)([\s\S]*)$/.exec(r.stderr)
  if (r.status !== '0' || !m) throw new Error(`dlx5 ${file}: exit ${r.status}: ${r.stderr.trim().slice(-200)}`)
  // "$c" lines; a cost found r times in all as "$c (repeated r times)"
  const costs = []
  for (const [, c, rep] of m[1].matchAll(/\$(\d+)(?: \(repeated (\d+) times\))?/g)) for (let j = 0; j < Number(rep ?? 1); j++) costs.push(c)
  return { solutions: costs.join(' '), seconds: r.seconds, peakKiB: r.peakKiB }
}

/** A 9x9 solver of the harness on one shared set, every puzzle unique, limit 2: { puzzles, rate (per CPU second), peakKiB }. */
export function harness (id, set, opts = {}) {
  const { tally, ...r } = harnessCounted(id, sudokuFile(set), opts)
  if (tally[1] !== r.puzzles) throw new Error(`${id} ${set}: ${tally[1]} of ${r.puzzles} puzzles unique (${tally[2]} multiple, ${tally[0]} none)`)
  return r
}

/**
 * A 9x9 solver of the harness on any file, limit 2: { puzzles, rate, peakKiB,
 * tally: [puzzles with no solution, with one, with two or more] } (the
 * harness says how many of each, not which).
 */
export function harnessCounted (id, file, { minSeconds = 1 } = {}) {
  const r = underRusage(`${PEERS}/${id}`, ['2', String(minSeconds), file])
  const f = r.stdout.trim().split(/\s+/)
  if (r.status !== '0' || f.length !== 8) throw new Error(`${id} ${file}: exit ${r.status}: ${(r.stdout + r.stderr).trim().slice(-200)}`)
  const [n, , unique, multiple, none, cpuRate] = f.slice(2).map(Number)
  return { puzzles: n, rate: cpuRate, peakKiB: r.peakKiB, tally: [none, unique, multiple] }
}

/**
 * CaDiCaL on a CNF file under a CPU cap: { solved, seconds, model, peakKiB,
 * conflicts (with `stats`: its statistics printed, not -q) }; capped: { solved: false }.
 */
export function cadical (cnfFile, cap, { stats = false } = {}) {
  const r = underRusage('cadical', [...(stats ? [] : ['-q']), cnfFile], { cap })
  if (r.capped) return { solved: false, seconds: r.seconds }
  if (r.status === '127') throw new Error('cadical not found: apt-get install cadical (only the bench needs it)')
  if (r.status !== '10') throw new Error(`cadical ${cnfFile}: exit ${r.status} (10 is satisfiable): ${r.stderr.trim().slice(-200)}`)
  const conflicts = /^c conflicts:\s+(\d+)/m.exec(r.stdout)
  return { solved: true, seconds: r.seconds, model: readModel(r.stdout), peakKiB: r.peakKiB, conflicts: stats ? Number(conflicts?.[1] ?? 0) : null } // none printed: none made
}
