// Shared by the JS tests: where the data is, and an independent Sudoku checker.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

// The tests' own data (tests/data/README.md says what each file is, and where
// it comes from); no test reads anything outside the repository.
export const DATA = new URL('data', import.meta.url).pathname

// A time limit in a test is a hang guard, never a check of speed: it only ends
// a run that would never end, so it lies far above any run's time on a loaded
// machine (a niced suite beside two busy loops runs ten times slower). Every
// wall-clock limit of the tests (a test's, a child process's, a page's) is this.
export const HANG_MS = 20 * 60 * 1000

/** A small seeded random source, rand(n) in 0 .. n - 1 (the tests' random problems are the same on every run). */
export function rng (seed) {
  let s = seed >>> 0
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return Math.floor((s / 2 ** 32) * n)
  }
}

export function dataFile (...parts) {
  return readFileSync(join(DATA, ...parts), 'utf8')
}

/** Puzzle lines of a set in tests/data/sudoku (comments skipped). */
export function puzzles (name, max = Infinity) {
  return dataFile('sudoku', name).split('\n').filter((l) => l.length >= 81 && !l.startsWith('#')).slice(0, max).map((l) => l.slice(0, 81))
}

const SYMBOLS = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** A grid as numbers from a one-line string (0 for blanks). */
export function cellsOf (line) {
  return [...line].map((ch) => SYMBOLS.indexOf(ch) + 1)
}

/**
 * Whether `grid` (flat numbers) is a complete Sudoku of side n with boxes
 * br x bc that keeps the givens of `puzzle` (flat numbers, 0 = blank).
 */
export function isSolution (grid, puzzle, n = 9, br = 3, bc = 3, extra = []) {
  if (grid.length !== n * n) return false
  if (puzzle && puzzle.some((v, i) => v && v !== grid[i])) return false
  const units = []
  for (let u = 0; u < n; u++) {
    units.push(Array.from({ length: n }, (_, k) => u * n + k))
    units.push(Array.from({ length: n }, (_, k) => k * n + u))
    const r0 = Math.floor(u / br) * br // br boxes of bc columns side by side
    const c0 = (u % br) * bc
    units.push(Array.from({ length: n }, (_, k) => (r0 + Math.floor(k / bc)) * n + c0 + (k % bc)))
  }
  for (const unit of [...units, ...extra]) {
    const seen = new Set(unit.map((c) => grid[c]))
    if (seen.size !== n || [...seen].some((v) => v < 1 || v > n)) return false
  }
  return true
}
