// dlxkit's native build (build/bench/*, clang -O3 -march=native -flto, as
// the peers are built): measures and returns numbers, prints nothing. Times
// are the process's CPU time (build/bench/rusage, or sudoku_native's own).
import { existsSync } from 'node:fs'
import { readNumbers } from './hard-sudoku.mjs'
import { underRusage } from './proc.mjs'
import { sudokuFile } from './timing.mjs'

const SUDOKU = 'build/bench/sudoku_native'
const DLX = 'build/bench/dlx'
const HARD = 'build/bench/hard_native'

function needs (binary) {
  if (!existsSync(binary)) throw new Error(`${binary} is missing: run make bench (it builds it first)`)
}

/** One shared set, every puzzle unique: { puzzles, rate (per CPU second), nodesPerPuzzle, peakKiB }. */
export function sudoku (set, opts = {}) {
  const { answers, ...r } = sudokuCounted(sudokuFile(set), opts)
  const k = answers.search(/[^1]/)
  if (k >= 0) throw new Error(`${SUDOKU} ${set}: puzzle ${k + 1} has ${answers[k] === '0' ? 'no solution' : 'several solutions'}`)
  return r
}

/**
 * Any 9x9 file: { puzzles, rate, nodesPerPuzzle, peakKiB, answers (each
 * puzzle's solutions capped at 2, a string of '0', '1' and '2') }.
 */
export function sudokuCounted (file, { minSeconds = 1 } = {}) {
  needs(SUDOKU)
  const r = underRusage(SUDOKU, [String(minSeconds), file])
  if (r.status !== '0') throw new Error(`${SUDOKU} ${file}: exit ${r.status}: ${r.stderr.trim()}`)
  const [line, rss, answers] = r.stdout.trim().split('\n')
  const [, puzzles, rate, nodes] = line.split(' ')
  return { puzzles: Number(puzzles), rate: Number(rate), nodesPerPuzzle: Number(nodes), peakKiB: Number(rss.split(' ')[1]), answers: answers.split(' ')[1] ?? '' }
}

/** All solutions of one DLX file, the whole process (reading and building included): { solutions, nodes, seconds, peakKiB }. */
export function exactCover (file) {
  needs(DLX)
  const r = underRusage(DLX, ['--count', file])
  if (r.status !== '0') throw new Error(`${DLX} ${file}: exit ${r.status}: ${r.stderr.trim()}`)
  const nodes = /, (\d+) nodes/.exec(r.stderr)
  return { solutions: Number(r.stdout.trim()), nodes: nodes ? Number(nodes[1]) : null, seconds: r.seconds, peakKiB: r.peakKiB }
}

/**
 * One hard puzzle (a numbers text file), one solution, the whole process
 * under the CPU cap, as CaDiCaL is timed: reading the text, building the
 * solver for its side, the search, printing the answer.
 * { status, seconds, nodes, solution (row by row), peakKiB }; capped: { capped: true }.
 */
export function hard (file, cap) {
  needs(HARD)
  const r = underRusage(HARD, [file], { cap })
  if (r.capped) return { capped: true, seconds: r.seconds }
  const m = /^(found|none) (\d+)$/m.exec(r.stderr)
  if (!m || (r.status !== '0' && m[1] !== 'none')) throw new Error(`${HARD} ${file}: exit ${r.status}: ${r.stderr.trim().slice(-200)}`)
  return { status: m[1], seconds: r.seconds, nodes: Number(m[2]), solution: m[1] === 'found' ? readNumbers(r.stdout) : null, peakKiB: r.peakKiB }
}
