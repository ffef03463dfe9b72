// Generating puzzles for a list of seeds (main thread or a worker thread).
import { DlxError, plainError } from './kit.mjs'

/** One result per seed: { seed, puzzle, solution, clues } or { seed, error }. */
export function runGenerateChunk (kit, { seeds, opts }) {
  return seeds.map((seed) => {
    try {
      return kit.sudoku.generate({ ...opts, seed })
    } catch (e) {
      if (e instanceof DlxError) return { seed, error: plainError(e) }
      throw e
    }
  })
}
