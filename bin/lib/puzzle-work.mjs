// The work on a chunk of puzzles, the same in the main thread and in worker
// threads: plain results (no class instances) so they cross postMessage.
import { DlxError, plainError } from './kit.mjs'

/**
 * mode: 'solve' | 'count' | 'check' (all three: solve up to opts.limit),
 * 'candidates' or 'rate'. Returns one result per puzzle text, in order.
 */
export function runPuzzleChunk (kit, { mode, puzzles, opts }) {
  switch (mode) {
    case 'solve': case 'count': case 'check': return solveChunk(kit, puzzles, opts)
    case 'candidates': return eachPuzzle(puzzles, (p) => ({ status: 'ok', candidates: kit.sudoku.candidates(p, opts) }))
    case 'rate': return eachPuzzle(puzzles, (p) => kit.sudoku.rate(p, opts))
    default: throw new Error(`unknown puzzle mode ${mode}`)
  }
}

/** solveMany for speed (one call into the module per chunk). */
function solveChunk (kit, puzzles, opts) {
  let results
  try {
    results = kit.sudoku.solveMany(puzzles, opts)
  } catch (e) {
    if (!(e instanceof DlxError)) throw e
    return eachPuzzle(puzzles, (p) => kit.sudoku.solve(p, opts)) // find which puzzle, and why
  }
  return results.map((r, k) => r.status === 'invalid' ? explainInvalid(kit, puzzles[k], opts, r.error) : plainResult(r))
}

/** solveMany's errors are terse; a single solve names the digit and the unit. */
function explainInvalid (kit, puzzle, opts, error) {
  try {
    kit.sudoku.solve(puzzle, opts)
  } catch (e) {
    if (e instanceof DlxError) return invalid(e)
    throw e
  }
  return invalid(error)
}

/** fn per puzzle; an API error makes that puzzle's result 'invalid'. */
function eachPuzzle (puzzles, fn) {
  return puzzles.map((p) => {
    try {
      return plainResult(fn(p))
    } catch (e) {
      if (e instanceof DlxError) return invalid(e)
      throw e
    }
  })
}

function invalid (e) {
  return { status: 'invalid', error: plainError(e) }
}

function plainResult (r) {
  return r.error ? { ...r, error: plainError(r.error) } : r
}
