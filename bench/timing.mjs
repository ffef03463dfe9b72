// Helpers the measuring modules share: the data paths, the puzzles of a set,
// and rates over the process's own CPU time (user + system, every thread:
// process.cpuUsage), which another engineer's work on the machine leaves
// alone where wall-clock time would not.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export const DATA = process.env.DATA ?? '../shared/data'

export const sudokuFile = (set) => join(DATA, 'sudoku', `${set}.txt`)

/** The 81-character puzzles of a shared set (comment lines skipped). */
export const puzzlesOf = (set) => puzzlesIn(sudokuFile(set))

/** The 81-character puzzles of a file, as the peers' harness reads them (comment and short lines skipped). */
export function puzzlesIn (file) {
  return readFileSync(file, 'utf8').split('\n')
    .filter((l) => l.length >= 81 && !l.startsWith('#')).map((l) => l.slice(0, 81))
}

/** CPU seconds this process has used so far. */
export function cpuSeconds () {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1e6
}

/** CPU seconds that `fn` takes, and what it returned. */
export async function cpuTimed (fn) {
  const t0 = cpuSeconds()
  const value = await fn()
  return { value, seconds: cpuSeconds() - t0 }
}

/** CPU seconds of `reps` calls of `pass`, repeated until at least `min` seconds when min > 0. */
export function cpuPasses (pass, reps = 1, min = 0) {
  const t0 = cpuSeconds()
  do for (let k = 0; k < reps; k++) pass()
  while (cpuSeconds() - t0 < min)
  return cpuSeconds() - t0
}

/**
 * Items per CPU second of `pass` (which handles `items` items), as the peers'
 * harness measures: untimed passes for `warm` CPU seconds first (V8 moves hot
 * code to its optimizing compiler only after a while), then whole passes until
 * `minSeconds` of CPU time have gone (at least one).
 */
export function cpuRate (items, pass, { minSeconds = 1, warm = 0.5 } = {}) {
  const w0 = cpuSeconds()
  do pass()
  while (cpuSeconds() - w0 < warm)
  const t0 = cpuSeconds()
  let done = 0
  do {
    pass()
    done += items
  } while (cpuSeconds() - t0 < minSeconds)
  return done / (cpuSeconds() - t0)
}
