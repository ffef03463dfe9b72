// The hard rows' puzzles as lines for bench/hard_tune.c: "SIZE SEED cells..."
// (0 for blank), the same seeds and blank fractions as run.mjs's hard rows,
// or BLANK's fraction (the seeds stay: the same grids, other holes).
// Usage: node bench/hard-puzzles.mjs SIZE [COUNT [BLANK]] > FILE
import { holePuzzle } from './hard-sudoku.mjs'
import { HARD } from './rows.mjs'

const size = Number(process.argv[2])
const spec = HARD.find((h) => h.size === size)
if (!spec) throw new Error(`bench/hard-puzzles.mjs: no hard row of side ${process.argv[2]} in bench/rows.mjs`)
const count = Number(process.argv[3] ?? spec.puzzles)
const blank = Number(process.argv[4] ?? spec.blank)
if (!(blank > 0 && blank < 1)) throw new Error(`bench/hard-puzzles.mjs: BLANK ${process.argv[4]} is not a fraction between 0 and 1`)
for (let i = 1; i <= count; i++) {
  const seed = size * 1000 + i
  console.log(`${size} ${seed} ${holePuzzle(size, seed, blank).join(' ')}`)
}
