// What bench/hard-sweep.mjs sweeps and judges, and its report (bench/HARD.md)
// from the measurements: pure functions, no timing and no I/O, so tests feed
// fixed data. A row is { size, blank, puzzles: [{ seed, native, cadical,
// wasm, 'cadical-<encoding>' }] }, each program's cell { solved, seconds,
// nodes | conflicts, capped, error }; a program that did not run on a puzzle
// (out of time) has no cell there. An unsolved puzzle counts the cap.
import { AMO_ENCODINGS } from './cnf-amo.mjs'
import { holePuzzle } from './hard-sudoku.mjs'
import { machineList, median, secs } from './report.mjs'

/** The blank fractions swept, 0.35 to 0.75 by 0.05. */
export const FRACTIONS = Array.from({ length: 9 }, (_, i) => Math.round((0.35 + 0.05 * i) * 100) / 100)

/** Issue 30's goals at the peak and a step either side: seconds per puzzle, every one (native, WASM), by size; the median ratio over CaDiCaL. */
export const GOALS = { seconds: { 36: [2, 4], 49: [10, 20] }, overCadical: 2 }

/** The sweep's puzzle `seed` at one fraction: the seed's grid (the same at every fraction), round(blank * N*N) of its cells blank. */
export function sweepPuzzle (size, blank, seed) {
  return holePuzzle(size, seed, blank)
}

const timeOf = (cap) => (c) => (c.solved ? c.seconds : cap)
const cellsOf = (row, who) => row.puzzles.map((p) => p[who]).filter(Boolean)

/** One program's side of a row: { n, solved, median, worst (Infinity: the cap decides), mean, work (median nodes or conflicts of the solved), errors }. */
export function side (row, who, cap) {
  const cells = cellsOf(row, who)
  const t = cells.map((c) => (c.solved ? c.seconds : Infinity)).sort((a, b) => a - b)
  const m = t.length >> 1
  return {
    n: cells.length,
    solved: cells.filter((c) => c.solved).length,
    median: !t.length ? null : t.length % 2 ? t[m] : (t[m - 1] + t[m]) / 2,
    worst: t.length ? t[t.length - 1] : null,
    mean: t.length ? cells.map(timeOf(cap)).reduce((a, b) => a + b, 0) / t.length : null,
    work: median(cells.filter((c) => c.solved).map((c) => c.nodes ?? c.conflicts)),
    errors: cells.filter((c) => c.error).map((c) => c.error)
  }
}

/** The median over a row's puzzles of `over`'s time / `who`'s (both measured; unsolved: the cap). */
export function ratio (row, cap, who, over = 'cadical') {
  const t = timeOf(cap)
  return median(row.puzzles.filter((p) => p[who] && p[over]).map((p) => t(p[over]) / t(p[who])))
}

/**
 * The peak fraction of a size: the row where `who`'s median work (nodes, or
 * CaDiCaL's conflicts; an unsolved puzzle counts as more than any) is the
 * highest. Work, not time: the same on a busy machine, and not lost in a
 * process's fixed cost at 16x16. A tie (medians the cap decides) goes to the
 * row whose neighbours take the most time on the mean (the middle of a
 * plateau of capped rows), then to its own mean time, then to CaDiCaL's median.
 */
export function findPeak (rows, cap, who = 'native') {
  const mean = (r) => (r ? side(r, who, cap).mean ?? 0 : 0)
  const score = (r, j) => {
    const work = median(cellsOf(r, who).map((c) => (c.solved ? c.nodes ?? c.conflicts : 1e300))) ?? -1
    const c = side(r, 'cadical', cap).median
    return [work, mean(rows[j - 1]) + mean(rows[j + 1]), mean(r), c === Infinity ? cap : c ?? -1]
  }
  const above = (a, b) => { const i = a.findIndex((x, j) => x !== b[j]); return i >= 0 && a[i] > b[i] }
  let best = null
  rows.forEach((r, j) => {
    const s = score(r, j)
    if (!best || above(s, best.s)) best = { s, blank: r.blank }
  })
  return best.blank
}

const pct = (b) => `${Math.round(b * 100)}%`
const shown = (x, cap) => (x == null ? '-' : x === Infinity ? `> ${cap} s` : secs(x))
const times = (x) => (x == null ? '-' : `${x.toFixed(2)}x`)
const count = (x) => (x == null ? '-' : Math.round(x).toLocaleString('en'))

function table (head, rows, align) {
  return [`| ${head.join(' | ')} |`, `| ${align.split('').map((a) => (a === 'r' ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n')
}

/** The rows within a step of the peak. */
export function peakRows (size) {
  const k = size.rows.findIndex((r) => r.blank === size.peak)
  return size.rows.filter((_, j) => Math.abs(j - k) <= 1)
}

/** Every goal of issue 30 judged: { goal, row, measured, met }. */
export function goals (data) {
  const out = []
  for (const size of data.sizes) {
    const cap = size.cap
    const rows = peakRows(size)
    const pooled = { puzzles: rows.flatMap((r) => r.puzzles) }
    const where = `${size.size}x${size.size}, ${rows.map((r) => pct(r.blank)).join(' ')}`
    const limits = GOALS.seconds[size.size]
    for (const [k, who] of (limits ? ['native', 'wasm'] : []).entries()) {
      const s = side(pooled, who, cap)
      const planned = pooled.puzzles.length
      out.push({
        goal: `${who === 'wasm' ? 'WASM' : 'native'}: every puzzle under ${limits[k]} s`,
        row: where,
        measured: s.n ? `${s.solved}/${s.n} solved${s.n < planned ? ` (${planned - s.n} not run)` : ''}, ${cellsOf(pooled, who).filter((c) => c.solved && c.seconds < limits[k]).length} under ${limits[k]} s, worst ${shown(s.worst, cap)}` : 'not measured',
        met: s.n === planned && s.n > 0 && s.worst < limits[k]
      })
    }
    const r = ratio(pooled, cap, 'native')
    out.push({ goal: `native: median >= ${GOALS.overCadical}x CaDiCaL`, row: where, measured: times(r), met: r != null && r >= GOALS.overCadical })
  }
  return out
}

function sweepTable (size) {
  const cap = size.cap
  return table(['blank', 'puzzles', 'native solved', 'native median', 'native worst', 'native nodes (median)',
    'CaDiCaL solved', 'CaDiCaL median', 'CaDiCaL worst', 'CaDiCaL conflicts (median)', 'native / CaDiCaL'],
  size.rows.map((r) => {
    const n = side(r, 'native', cap)
    const c = side(r, 'cadical', cap)
    return [r.blank === size.peak ? `**${pct(r.blank)} (peak)**` : pct(r.blank), String(r.puzzles.length), `${n.solved}/${n.n}`, shown(n.median, cap), shown(n.worst, cap),
      count(n.work), `${c.solved}/${c.n}`, shown(c.median, cap), shown(c.worst, cap), count(c.work), times(ratio(r, cap, 'native'))]
  }), 'lrrrrrrrrrr')
}

function peaksTable (data) {
  return table(['size', 'peak (dlxkit native nodes)', 'its native median', 'peak (CaDiCaL conflicts)', 'its CaDiCaL median'], data.sizes.map((s) => {
    const cap = s.cap
    const cp = findPeak(s.rows, cap, 'cadical')
    const at = (b) => s.rows.find((r) => r.blank === b)
    // a median the cap decides: rows past it may be as hard, the peak is only where they begin
    const first = (who, b) => (side(at(b), who, cap).median === Infinity ? `${pct(b)} (the cap decides)` : pct(b))
    return [`${s.size}x${s.size}`, first('native', s.peak), shown(side(at(s.peak), 'native', cap).median, cap), first('cadical', cp), shown(side(at(cp), 'cadical', cap).median, cap)]
  }), 'lrrrr')
}

function encodingTable (data) {
  const key = (a) => (a === data.amoChoice ? 'cadical' : `cadical-${a}`)
  return table(['size', 'blank', ...AMO_ENCODINGS.map((a) => `${a}${a === data.amoChoice ? ' (used)' : ''}: solved, median`),
    ...AMO_ENCODINGS.filter((a) => a !== data.amoChoice).map((a) => `${data.amoChoice} / ${a}`)], data.sizes.map((s) => {
    const row = s.rows.find((r) => r.blank === s.peak)
    const cap = s.cap
    const cells = AMO_ENCODINGS.map((a) => { const x = side(row, key(a), cap); return x.n ? `${x.solved}/${x.n}, ${shown(x.median, cap)}` : 'not run' })
    return [`${s.size}x${s.size}`, pct(s.peak), ...cells, ...AMO_ENCODINGS.filter((a) => a !== data.amoChoice).map((a) => times(ratio(row, cap, 'cadical', key(a))))]
  }), 'lr' + 'r'.repeat(2 * AMO_ENCODINGS.length - 1))
}

function wasmTable (data) {
  return table(['size', 'blank', 'WASM solved', 'WASM median', 'WASM worst', 'WASM / native', 'WASM / CaDiCaL'],
    data.sizes.flatMap((s) => peakRows(s).map((r) => {
      const w = side(r, 'wasm', s.cap)
      return [`${s.size}x${s.size}`, r.blank === s.peak ? `**${pct(r.blank)}**` : pct(r.blank), `${w.solved}/${w.n}`, shown(w.median, s.cap), shown(w.worst, s.cap),
        times(ratio(r, s.cap, 'wasm', 'native')), times(ratio(r, s.cap, 'wasm'))]
    })), 'lrrrrrr')
}

/** What the run left out: programs absent from puzzles they were planned for, errors. */
function gaps (data) {
  const out = []
  for (const s of data.sizes) {
    for (const r of s.rows) {
      const wanted = ['native', 'cadical', ...(data.settings.wasm && peakRows(s).includes(r) ? ['wasm'] : [])]
      for (const who of wanted) {
        const missing = r.puzzles.filter((p) => !p[who]).length
        if (missing) out.push(`- ${s.size}x${s.size} ${pct(r.blank)}: ${who} not run on ${missing} of ${r.puzzles.length} puzzles (out of time).`)
        for (const e of side(r, who, s.cap).errors) out.push(`- ${s.size}x${s.size} ${pct(r.blank)} ${who}: **failed**: ${e}`)
      }
    }
  }
  return out.length ? out.join('\n') : '- Nothing: every planned measurement ran.'
}

/** The 1-minute load average as each measurement began: lowest, median, highest. */
function loadText (data) {
  const loads = data.sizes.flatMap((s) => s.rows.flatMap((r) => r.puzzles.flatMap((p) => Object.values(p).filter((c) => c?.load != null).map((c) => c.load))))
  if (!loads.length) return 'Load during the measurements: not recorded'
  const f = (x) => x.toFixed(1)
  return `Load average (1 minute) as the measurements began: ${f(Math.min(...loads))} to ${f(Math.max(...loads))}, median ${f(median(loads))}, on ${data.machine.cores} cores`
}

/** bench/HARD.md. */
export function hardMarkdown (data) {
  const plans = [...new Set(data.sizes.map((s) => `${s.puzzles}/${s.peakPuzzles}/${s.comparePuzzles}`))]
  const planText = plans.length === 1
    ? `${data.sizes[0].puzzles} puzzle(s) per fraction, ${data.sizes[0].peakPuzzles} at the peak and a step either side (the first ${data.sizes[0].comparePuzzles} of the peak's in CaDiCaL's other encodings)`
    : `puzzles per fraction, at the peak and a step either side, and in CaDiCaL's other encodings (the peak's first): ${data.sizes.map((s) => `${s.puzzles}, ${s.peakPuzzles}, ${s.comparePuzzles} at ${s.size}x${s.size}`).join('; ')}`
  const caps = [...new Set(data.sizes.map((s) => s.cap))]
  const capText = caps.length === 1 ? `${caps[0]} CPU s` : data.sizes.map((s) => `${s.cap} s at ${s.size}x${s.size}`).join(', ')
  return `# Hard random-hole Sudoku: the blank-fraction sweep (issue 30)

Written by \`node bench/hard-sweep.mjs\` (\`make bench\` runs it): do not edit.${data.command ? ` This run: \`${data.command}\`.` : ''}
Puzzles from bench/hard-sudoku.mjs (a pattern grid shuffled by the seed,
round(fraction x N²) cells drawn by the seed blanked; seeds size x 1000 + 1,
2, ...: the same grids at every fraction, more holes as it grows). One
solution asked (limit 1). Each program a process per puzzle, CPU time
(user + system, from the kernel), capped (${capText}); an unsolved puzzle
counts the cap and a median or worst it decides shows as "> cap".
Every solution is checked against the puzzle.

- dlxkit native: build/bench/hard_native, default options, reading the text to printing the answer.
- CaDiCaL: \`cadical\` on the CNF of bench/hard-sudoku.mjs (a variable per value a blank may
  still take, exactly one per cell and per missing value of each unit), at most one by the
  ${data.amoChoice} encoding (bench/cnf-amo.mjs); conflicts from its statistics.
- dlxkit WASM (the rows within a step of the peak): \`sudoku.solve(grid, { limit: 1 })\` through
  the JS API in a fresh Node process, CPU time from \`load()\` to the answer. A puzzle native did
  not solve within the cap is not run in WASM (the same search, slower) and counts as capped.
- ${planText}. The peak of a size is found from this run: the fraction with the highest median dlxkit native nodes (a
  puzzle not solved counting as more than any; ties: the row whose neighbours take the
  most mean time, then its own mean time, then CaDiCaL's median). Ratios: the median of the per-puzzle ratios.

## Goals (issue 30), at the peak and a step either side

${table(['goal', 'rows', 'measured', 'met'], goals(data).map((g) => [g.goal, g.row, g.measured, g.met ? 'met' : '**not met**']), 'llrl')}

## The peaks

${peaksTable(data)}

## CaDiCaL's at-most-one encoding, at the peak

${encodingTable(data)}

A ratio over 1x: the encoding used was faster on the median puzzle.

## dlxkit WASM within a step of the peak

${wasmTable(data)}

Speed ratios, the other program's time over WASM's (median per puzzle): under 1x, WASM took longer.

${data.sizes.map((s) => `## ${s.size}x${s.size}\n\n${sweepTable(s)}`).join('\n\n')}

## Left out

${data.note ? `${data.note}\n\n` : ''}${gaps(data)}

## Machine

${machineList({ ...data.machine, loadAtEnd: data.loadAtEnd })}
- ${loadText(data)}
- dlxkit native build ${data.builds.native}, dist/dlxkit.wasm ${data.builds.wasm} (sha1, first 12 digits)
`
}
