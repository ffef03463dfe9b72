// The passes the in-process 9x9 harnesses time (sudoku9-wasm.mjs,
// sudoku9-wasm-ab.mjs): tdoku.wasm's over the puzzles first, whose counts
// (limit 2) every other pass must give, and any kit's batch (solveMany,
// slices of 1,000 strings) or one solve() per puzzle.
import { tdokuPasses } from './tdoku-wasm.mjs'

const BATCH = 1000
const countOf = { none: 0, unique: 1, multiple: 2, invalid: 0 } // invalid: givens that clash

/** { tdoku, batchOf(kit), oneOf(kit) }: functions of no arguments, each a pass that throws on a count not tdoku's. */
export async function sudokuPasses (all) {
  const slices = []
  for (let i = 0; i < all.length; i += BATCH) slices.push(all.slice(i, i + BATCH))
  const { pass: tdoku, answers } = await tdokuPasses(all)
  tdoku()
  const counts = Array.from(answers(), Number)
  const batchOf = (kit) => () => {
    let j = 0
    for (const chunk of slices) {
      for (const r of kit.sudoku.solveMany(chunk, { limit: 2 })) {
        if (countOf[r.status] !== counts[j]) throw new Error(`puzzle ${j + 1}: ${r.status}, tdoku ${counts[j]}`)
        j++
      }
    }
  }
  const oneOf = (kit) => () => {
    for (let j = 0; j < all.length; j++) {
      if (oneCount(kit, all[j]) !== counts[j]) throw new Error(`puzzle ${j + 1}: one call`)
    }
  }
  return { tdoku, batchOf, oneOf }
}

function oneCount (kit, puzzle) {
  try {
    return countOf[kit.sudoku.solve(puzzle, { limit: 2 }).status]
  } catch (e) {
    if (e.code !== 'CLASH') throw e
    return 0
  }
}
