// Past 61x61 the default symbols (1-9, A-Z, a-z) run out: a 63x63 or 64x64
// solution has no line and no one-symbol grid, only numbers (unless
// --alphabet gives symbols enough). The library says BAD_ALPHABET; here
// JSON, which carries solutions as lines, takes the numbers' text instead,
// and an explicit --format line or grid gets an error that says what works.
import { DlxError } from './library.mjs'

const DEFAULT_SYMBOLS = 61

/** results of solving `puzzles` with `opts` (one symbol per cell), made good where that form ran out. */
export async function pastTheSymbols (api, puzzles, results, { json, opts }) {
  if (opts.alphabet || !(opts.format === 'line' || opts.format === 'grid')) return results
  return Promise.all(results.map(async (r, k) => {
    if (r.status !== 'invalid' || r.error.code !== 'BAD_ALPHABET') return r
    if (json) {
      try {
        return await api.sudoku.solve(puzzles[k], { ...opts, format: 'numbers' })
      } catch (e) {
        if (!(e instanceof DlxError)) throw e
        return { status: 'invalid', error: e }
      }
    }
    return { status: 'invalid', error: new DlxError('BAD_ALPHABET', `the puzzle is larger than ${DEFAULT_SYMBOLS}x${DEFAULT_SYMBOLS}, and the symbols 1-9, A-Z, a-z (${DEFAULT_SYMBOLS}) cannot write its solution one symbol per cell: use --format numbers, or --alphabet with a symbol per digit`) }
  }))
}
