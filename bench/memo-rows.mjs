// The memo family: tilings and packings (dominoes, trominoes, pentominoes
// on boards and in long boxes), Wang tilings (colors: edges that must
// match, bench/wang.mjs) and problems with multiplicities (a third field:
// how their count is checked) as DLX texts, for bench/memo-run.mjs (counts
// beside DLX6) and bench/zdd-check.mjs (ZDDs beside DLX6's, not with bounds
// nor past 2^64). Rows past 2^64 (`transfer`: the box and its shapes) are
// counted beside DLX6, whose 64-bit count overflows there, and checked
// against a transfer matrix's exact count (bench/transfer.mjs).
import { DOMINO, PENTOMINO, TROMINO, packing } from './tilings.mjs'
import { wang } from './wang.mjs'
import { pentominoCopies, quotaCount, quotas } from './multiplicity.mjs'

export const ROWS = [
  ['dominoes-8x8', packing(8, 8, DOMINO, false)],
  ['dominoes-10x10', packing(10, 10, DOMINO, false)],
  ['dominoes-12x12', packing(12, 12, DOMINO, false)],
  ['trominoes-6x12', packing(6, 12, TROMINO, false)],
  ['pentominoes-4x15', packing(4, 15, PENTOMINO, true)],
  ['pentominoes-5x12', packing(5, 12, PENTOMINO, true)],
  ['wang-3x18', wang(3, 18, 6, 2)], // DLX6 counts in 64 bits: 3x24's 4.5 * 10^22 overflow it
  ['wang-4x4', wang(4, 4, 6, 2)],
  ['wang-5x8', wang(5, 8, 8, 2)],
  // past 2^64: DLX6 runs to the end, says "(the solution count has overflowed!)" and prints the count mod 2^64
  ['dominoes-8x30', packing(8, 30, DOMINO, false), { transfer: [8, 30, DOMINO] }],
  ['dominoes-12x24', packing(12, 24, DOMINO, false), { transfer: [12, 24, DOMINO] }],
  ['trominoes-4x60', packing(4, 60, TROMINO, false), { transfer: [4, 60, TROMINO] }], // 5 x n and 6 x n take the memo minutes past 2^64
  // multiplicities (src/core/dlx_memo_multi.c): DLX6 has no bounds, so the
  // count is checked against Algorithm M (`check: 'M'`) or a formula (`want`)
  ['quota-7x6-3-3:4', quotas(7, 6, 3, 3, 4), { check: 'M' }],
  ['quota-30x4-2-12:18', quotas(30, 4, 2, 12, 18), { want: quotaCount(30, 4, 2, 12, 18) }],
  ['pento-5x8-k2', pentominoCopies(8, 5, 2), { check: 'M' }]
]
