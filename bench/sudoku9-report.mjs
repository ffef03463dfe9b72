// bench/SUDOKU9.md from bench/sudoku9-run.mjs's measurements: the sets, the
// rates, the ratios (medians of per-round ratios) and issue 30's 9x9 goals,
// met or not; and the check of every program's answers against a set's.
// Pure functions, no timing and no I/O: tests feed them fixed data.
import { int, machineList, missing, ok, peersList, perSecond, ratioOf, shown, sudokuRatioTable, table, times } from './report.mjs'
import { HARNESS_PEERS } from './rows.mjs'
import { FAMILIES } from './sudoku9-sets.mjs'

/** The shared public sets (../shared/data/sudoku), every puzzle with one solution. */
export const SHARED_SETS = ['17-clue', 'top1465', 'hardest1106']

/** Issue 30's 9x9 goals, on every set. */
export const GOALS9 = { wasmOverTdokuWasm: 1.0, nativeOverTdoku: 0.9, callOverBatch: 0.95 }

const tallyOf = (answers) => [0, 1, 2].map((c) => [...answers].filter((a) => a === String(c)).length)

/** Where `got` first differs from `want` (strings of '0'/'1'/'2'), or null. */
function difference (got, want) {
  if (got.length !== want.length) return `${got.length} answers for ${want.length} puzzles`
  let first = -1
  let n = 0
  for (let k = 0; k < want.length; k++) {
    if (got[k] !== want[k]) {
      if (first < 0) first = k
      n++
    }
  }
  return first < 0 ? null : `${n} answers differ from the set's: puzzle ${first + 1} has ${got[first]}, not ${want[first]} (solutions capped at 2)`
}

/**
 * A program's cell checked against the set's answers and stripped of its
 * own: puzzle by puzzle where it gave each (answers, batchAnswers,
 * callAnswers), else its tally of none / one / two or more. A mismatch makes
 * the cell a failed one, as a crash would.
 */
export function checkAnswers (cell, want) {
  if (!cell || cell.error || cell.unbuilt) return cell
  const { answers, batchAnswers, callAnswers, tally, ...rest } = cell
  const lists = [['', answers], ['batch: ', batchAnswers], ['solve(): ', callAnswers]].filter(([, a]) => a !== undefined)
  for (const [label, a] of lists) {
    const d = difference(a, want)
    if (d) return { ...rest, error: label + d }
  }
  if (tally) {
    const w = tallyOf(want)
    if (tally.join() !== w.join()) return { ...rest, error: `tally ${tally.join('/')} (none/one/two+), the set's ${w.join('/')}` }
    return { ...rest, checked: 'tally' }
  }
  return lists.length ? { ...rest, checked: 'per puzzle' } : { ...rest, error: 'no answers to check' }
}

const COLUMNS = [
  { key: 'native', label: 'dlxkit native', metric: (c) => c.rate },
  { key: 'wasm', label: 'dlxkit WASM batch', metric: (c) => c.batch },
  { key: 'wasm', label: 'dlxkit WASM, one solve() each', metric: (c) => c.perCall },
  ...HARNESS_PEERS.map((id) => ({ key: id, label: id, metric: (c) => c.rate })),
  { key: 'tdoku.wasm', label: 'tdoku.wasm', metric: (c) => c.rate }
]

const nativeOverTdoku = (row) => ratioOf(row, 'native', 'tdoku', (n, t) => n.rate / t.rate)
const wasmOverTdokuWasm = (row) => ratioOf(row, 'wasm', 'tdoku.wasm', (w, t) => w.batch / t.rate)
const callOverBatch = (row) => ratioOf(row, 'wasm', 'wasm', (w) => w.perCall / w.batch)

/** Every goal on every set: [{ goal, set, measured, met }]. */
export function goals9 (data) {
  const out = []
  const add = (goal, target, fn) => {
    for (const row of data.rows) {
      const v = fn(row)
      out.push({ goal, set: row.set, measured: v == null ? 'not measured' : times(v), met: v != null && v >= target })
    }
  }
  add(`WASM batch >= ${GOALS9.wasmOverTdokuWasm.toFixed(1)}x tdoku.wasm`, GOALS9.wasmOverTdokuWasm, wasmOverTdokuWasm)
  add(`native >= ${GOALS9.nativeOverTdoku}x tdoku`, GOALS9.nativeOverTdoku, nativeOverTdoku)
  add(`one solve() call >= ${GOALS9.callOverBatch}x the batch`, GOALS9.callOverBatch, callOverBatch)
  return out
}

/** What each set is: made by which generator from which seeds, or where it comes from. */
function madeBy (set) {
  if (set.shared) return `../shared/data/sudoku/${set.name}.txt`
  const seeds = `seeds ${int(set.seed)}-${int(set.seed + set.puzzles - 1)}`
  const f = FAMILIES.find((x) => x.name === set.name) ?? {}
  switch (set.name) {
    case 'minimal': return `generate({ minimal: true, symmetric: false }), ${seeds}; every clue checked needed (${set.madeMinimal} made minimal by the bench)`
    case 'easy': return `generate({ difficulty: 'easy' }), ${seeds}`
    case 'many': return `a minimal puzzle (${seeds}) losing clues in a drawn order until it has at least a drawn 2-${int(f.most ?? 0)} solutions` +
      (set.solutions ? `: ${int(set.solutions.least)} to ${int(set.solutions.most)}${set.solutions.most >= 4 * (f.most ?? 0) ? '+' : ''}, median ${int(set.solutions.median)}` : '')
    case 'invalid': return `generate() (${seeds}), one clue changed to a digit its row, column and box allow, so that only search tells there is no solution`
    case 'clash': return `generate() (${seeds}), an empty cell given a digit its row, column or box has`
    default: return seeds
  }
}

export function setsTable (data) {
  return table(['set', 'puzzles', 'none / one / two or more solutions', 'made by', 'file (sha256, first 12)'],
    data.sets.map((s) => [s.name, int(s.puzzles), s.tally.map(int).join(' / '), madeBy(s), s.sha256 ?? '-']), 'lrrll'.split(''))
}

export function ratesTable (data) {
  return table(['set (limit 2)', 'dlxkit nodes per puzzle', ...COLUMNS.map((c) => c.label)],
    data.rows.map((row) => [row.set, shown(row, 'native', (c) => c.nodesPerPuzzle, (x) => x.toFixed(1)), ...COLUMNS.map((c) => shown(row, c.key, c.metric, perSecond))]),
    ['l', 'r', ...COLUMNS.map(() => 'r')])
}

export function ratiosTable (data) { return sudokuRatioTable(data.rows) }

export function goalsTable9 (data) {
  return table(['goal (issue 30)', 'set', 'measured', 'met'],
    goals9(data).map((g) => [g.goal, g.set, g.measured, g.met ? 'met' : '**not met**']), 'llrl'.split(''))
}

/** How each program's answers were checked, and the cells that failed. */
export function checksList (data) {
  const keys = [...new Set(data.rows.flatMap((row) => row.rounds.flatMap((r) => Object.keys(r))))]
  const lines = keys.map((k) => {
    const cells = data.rows.flatMap((row) => row.rounds.map((r) => r[k]))
    const how = [...new Set(cells.filter(ok).map((c) => c.checked))].join(', ') || 'never measured'
    return `- ${k}: ${how}`
  })
  const failed = data.rows.flatMap((row) => COLUMNS.map((c) => c.key).filter((k, i, a) => a.indexOf(k) === i)
    .map((k) => [row.set, k, missing(row, k)]).filter(([, , m]) => m))
  for (const [set, k, m] of failed) lines.push(`- **${set}, ${k}**: ${m}`)
  return lines.join('\n')
}

/** Whether the tally checks every puzzle: it does on a set whose puzzles all have one count. */
export function tallyNote (data) {
  const mixed = data.sets.filter((s) => s.tally.filter((n) => n > 0).length > 1).map((s) => s.name)
  return mixed.length
    ? `On ${mixed.join(', ')} (puzzles of more than one count) a tally can miss two wrong answers that cancel.`
    : 'Every set here holds puzzles of one count only, so a right tally means every puzzle was answered right.'
}

export function sudoku9Markdown (data) {
  const s = data.settings
  const all = goals9(data)
  return `# 9x9 Sudoku on every family of sets (issue 30)

Written by \`node bench/sudoku9-run.mjs\` (\`make bench\` runs it) from one run:
${s.rounds} round${s.rounds === 1 ? '' : 's'}, every program on every set one after another in each
round, rates over each process's own CPU time, ${s.minSeconds} s of it at least per
measurement; a ratio is the median of the per-round ratios.${s.quick ? ' **A short run (QUICK=1).**' : ''}
Above 1x, dlxkit is faster.

## Goals

${goalsTable9(data)}

${all.filter((g) => g.met).length} of ${all.length} met.

## The sets

${setsTable(data)}

The generated sets are made once by dlxkit's own generator (bench/sudoku9-sets.mjs)
and cached in build/sudoku9/ (a change to that file makes them again); the same
seeds and the same generator give the same puzzles (the digest tells). Their counts (capped at 2) come from dlxkit when they are made
and every program must agree with them in every round.

## Puzzles per CPU second, limit 2 (solve and prove unique)

${ratesTable(data)}

${ratiosTable(data)}

An untimed warm-up, then whole passes over the set until the CPU time is spent
(the harness driver of ../shared/peers for tdoku, kudoku, jsolve and
fast_solv_9r2; bench/sudoku_native.c for dlxkit native, timed the same way).
The WASM batch is \`solveMany\` over slices of 1,000 puzzle strings, one call
each is \`sudoku.solve(puzzle)\`, both through the public JS API (a puzzle
whose givens clash: \`'invalid'\` in the batch, a CLASH error from solve(),
both counted as no solution); tdoku.wasm runs in Node through
bench/tdoku-wasm.mjs, 1,000 puzzles of 82 bytes per \`tdoku_solve_many\` call,
in the same process as dlxkit's WASM: passes in the order batch, tdoku.wasm,
one call each, one call each, tdoku.wasm, batch after a warm-up of each, so
that their ratios are not ratios between two processes (a program's rate
moved 25-35% from one process to the next here, every program of a process
alike).

## Answers checked

Each puzzle's count of solutions capped at 2 (0, 1 or 2), against the set's.
Per puzzle where a program gives each puzzle's answer; the harness driver
prints only how many puzzles had none, one and two or more, so the native
peers are checked by that tally. ${tallyNote(data)}

${checksList(data)}

## Machine

${machineList(data.machine)}
${data.peers.reused ? `- The peers of ${data.peers.built.join(', ')}: built earlier into build/peers from ../shared/peers (delete it to build them again).` : peersList(data)}
`
}
