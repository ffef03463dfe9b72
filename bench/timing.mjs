// Helpers the measuring modules share: the data paths, the puzzles of a set,
// and "best of N" with a time budget so that slow rows stay bounded.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export const DATA = process.env.DATA ?? '../shared/data'

export const sudokuFile = (set) => join(DATA, 'sudoku', `${set}.txt`)
export const instanceFile = (name) => join(DATA, 'exact-cover', `${name}.dlx`)

/** The 81-character puzzles of a shared set (comment lines skipped). */
export function puzzlesOf (set) {
  return readFileSync(sudokuFile(set), 'utf8').split('\n')
    .filter((l) => l.length >= 81 && !l.startsWith('#')).map((l) => l.slice(0, 81))
}

/**
 * Runs `once` (which returns { seconds, ... }) up to `runs` times, but no new
 * run once `budget` seconds have been spent: a 16-second row runs once.
 * Returns the fastest run's result with `runs` set to the number made.
 */
export function bestOf (runs, budget, once) {
  let best = null
  let spent = 0
  let made = 0
  while (made < Math.max(1, runs) && (made === 0 || spent < budget)) {
    const r = once()
    made++
    spent += r.seconds
    if (!best || r.seconds < best.seconds) best = r
  }
  return { ...best, runs: made }
}

/**
 * Runs `fn` untimed until `seconds` have passed (at least once): V8 first
 * runs WebAssembly and JavaScript on its quick baseline compilers and moves
 * hot code to its optimizing one only after a while, which a short row (375
 * puzzles take 0.15 s) would otherwise measure. Every Sudoku row, dlxkit's
 * and dancing-links', warms up the same way.
 */
export function warmUp (fn, seconds = 1) {
  const t0 = performance.now()
  do fn()
  while (performance.now() - t0 < seconds * 1000)
}

/** Seconds that `fn` takes, and what it returned. */
export function timed (fn) {
  const t0 = performance.now()
  const value = fn()
  return { value, seconds: (performance.now() - t0) / 1000 }
}
