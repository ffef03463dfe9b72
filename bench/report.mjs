// From the collected measurements (see run.mjs for their shape) to Markdown
// tables, the goals met or not, and the chart. Pure functions: no timing and
// no I/O here, so tests can feed fixed data. Every figure comes from the run
// itself; ratios are medians of the per-round ratios (the two programs of a
// ratio ran one after the other in the same round).
import { AMO_CHOICE } from './hard-sudoku.mjs'
import { GOALS, HARNESS_PEERS, KNUTH_PEERS } from './rows.mjs'
import { svgChart } from './svg-chart.mjs'

export const int = (x) => Math.round(x).toLocaleString('en')
export const perSecond = (x) => `${int(x)}/s`
export const times = (x) => `${x.toFixed(2)}x`

/** Seconds with three significant digits (0.0361 s, 0.281 s, 4.03 s, 16.3 s). */
export function secs (s) {
  return `${s < 10 ? s.toPrecision(3) : s.toFixed(1)} s`
}

/** 80.5k/s, 2.3k/s, 422/s: short enough for a chart. */
export function shortRate (x) {
  if (x >= 1e6) return `${+(x / 1e6).toPrecision(3)}M/s`
  if (x >= 1e3) return `${+(x / 1e3).toPrecision(3)}k/s`
  return `${+x.toPrecision(3)}/s`
}

/** The median of the finite numbers in `xs`, or null if there are none. */
export function median (xs) {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b)
  if (!s.length) return null
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

export function table (head, rows, align) {
  return [
    `| ${head.join(' | ')} |`,
    `| ${align.map((a) => (a === 'r' ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`)
  ].join('\n')
}

export const ok = (cell) => !!cell && !cell.error && !cell.unbuilt && !cell.skipped

/** Why a program has no figure in a row ('could not be built', 'failed: ...'), or null if every round measured it. */
export function missing (row, key) {
  const cells = row.rounds.map((r) => r[key])
  if (cells.some((c) => c?.unbuilt)) return 'could not be built'
  if (cells.some((c) => c?.skipped)) return `n/a (${cells.find((c) => c.skipped).skipped})`
  const failed = cells.find((c) => !c || c.error)
  if (failed) return `**failed**: ${failed?.error ?? 'not measured'}`
  return null
}

/** The median over the rounds of `metric` of one program, or null. */
export const medianOf = (row, key, metric) => (missing(row, key) ? null : median(row.rounds.map((r) => metric(r[key]))))

/** The median over the rounds of a ratio between two programs of the same round, or null. */
export const ratioOf = (row, a, b, fn) => (missing(row, a) || missing(row, b)
  ? null
  : median(row.rounds.filter((r) => ok(r[a]) && ok(r[b])).map((r) => fn(r[a], r[b]))))

export const shown = (row, key, metric, format) => missing(row, key) ?? format(medianOf(row, key, metric))
export const ratioShown = (row, a, b, fn) => {
  const x = ratioOf(row, a, b, fn)
  return x == null ? `- (${(missing(row, a) ?? missing(row, b)).replace(/\*\*/g, '')})` : times(x)
}

// ---- exact cover -------------------------------------------------------------

const seconds = (c) => c.seconds
const overNative = (peerKey) => (row) => ratioOf(row, 'native', peerKey, (n, p) => p.seconds / n.seconds)
const wasmOverNative = (row) => ratioOf(row, 'native', 'wasm', (n, w) => n.seconds / w.seconds)

export function exactCoverTable (data) {
  const rows = data.exactCover.map((row) => [
    row.name + (row.colored ? ' (colored)' : ''), int(row.solutions),
    shown(row, 'native', seconds, secs), shown(row, 'wasm', seconds, secs),
    ...KNUTH_PEERS.map((k) => shown(row, k.id, seconds, secs))
  ])
  return table(['instance (all solutions)', 'solutions', 'dlxkit native', 'dlxkit WASM', ...KNUTH_PEERS.map((k) => k.label)],
    rows, ['l', 'r', 'r', 'r', ...KNUTH_PEERS.map(() => 'r')])
}

export function exactCoverRatios (data) {
  const rows = data.exactCover.map((row) => [
    row.name,
    ...['ssxcc', 'dlx2', 'dlx1'].map((k) => ratioShown(row, 'native', k, (n, p) => p.seconds / n.seconds)),
    ratioShown(row, 'native', 'wasm', (n, w) => n.seconds / w.seconds)
  ])
  return table(['instance', 'native / SSXCC', 'native / DLX2', 'native / DLX1', 'WASM / native'], rows, 'lrrrr'.split(''))
}

// ---- 9x9 Sudoku -------------------------------------------------------------

const rate = (c) => c.rate
const SUDOKU_COLUMNS = [
  { key: 'native', label: 'dlxkit native', metric: rate },
  { key: 'wasm', label: 'dlxkit WASM batch', metric: (c) => c.batch },
  { key: 'wasm', label: 'dlxkit WASM, one solve() each', metric: (c) => c.perCall },
  ...HARNESS_PEERS.map((id) => ({ key: id, label: id, metric: rate })),
  { key: 'tdoku.wasm', label: 'tdoku.wasm', metric: rate }
]

export function sudokuTable (data) {
  const rows = data.sudoku.map((row) => [
    row.set, missing(row, 'native') ? '-' : int(row.rounds.find((r) => ok(r.native)).native.puzzles),
    missing(row, 'native') ? '-' : int(medianOf(row, 'native', (c) => c.nodesPerPuzzle)),
    ...SUDOKU_COLUMNS.map((c) => shown(row, c.key, c.metric, perSecond))
  ])
  return table(['set (limit 2)', 'puzzles', 'dlxkit nodes per puzzle', ...SUDOKU_COLUMNS.map((c) => c.label)],
    rows, ['l', 'r', 'r', ...SUDOKU_COLUMNS.map(() => 'r')])
}

const nativeOverTdoku = (row) => ratioOf(row, 'native', 'tdoku', (n, t) => n.rate / t.rate)
const wasmOverTdokuWasm = (row) => ratioOf(row, 'wasm', 'tdoku.wasm', (w, t) => w.batch / t.rate)
const callOverBatch = (row) => ratioOf(row, 'wasm', 'wasm', (w) => w.perCall / w.batch)

export function sudokuRatios (data) { return sudokuRatioTable(data.sudoku) }

/** The 9x9 ratios of rows measured as the bench's 9x9 sets are (bench/sudoku9-report.mjs's too). */
export function sudokuRatioTable (sets) {
  const rows = sets.map((row) => [
    row.set,
    ratioShown(row, 'native', 'tdoku', (n, t) => n.rate / t.rate),
    ratioShown(row, 'wasm', 'tdoku.wasm', (w, t) => w.batch / t.rate),
    ratioShown(row, 'wasm', 'wasm', (w) => w.perCall / w.batch),
    ratioShown(row, 'wasm', 'native', (w, n) => w.batch / n.rate),
    ratioShown(row, 'native', 'jsolve', (n, j) => n.rate / j.rate),
    ratioShown(row, 'native', 'kudoku', (n, k) => n.rate / k.rate)
  ])
  return table(['set', 'native / tdoku', 'WASM batch / tdoku.wasm', 'one call / batch', 'WASM batch / native',
    'native / jsolve', 'native / kudoku'], rows, 'lrrrrrr'.split(''))
}

// ---- hard random-hole grids (issue 15) -----------------------------------------

/**
 * One solver's side of a hard row: { solved, of, median, worst, errors }, an
 * unsolved puzzle counting the cap; a median or worst that an unsolved puzzle
 * decides is Infinity (shown as "> cap").
 */
export function hardSummary (row, who, cap) {
  const cells = row.puzzles.map((p) => p[who])
  const times = cells.map((c) => (c.solved ? c.seconds : Infinity)).sort((a, b) => a - b)
  const m = times.length >> 1
  return {
    solved: cells.filter((c) => c.solved).length,
    of: cells.length,
    median: times.length % 2 ? times[m] : (times[m - 1] + times[m]) / 2,
    worst: times[times.length - 1],
    errors: cells.filter((c) => c.error).map((c) => c.error)
  }
}

/**
 * dlxkit's speed over CaDiCaL's, the median of the per-puzzle ratios (an
 * unsolved puzzle counts the cap): `who` is 'dlxkit' (WASM, the JS API) or
 * 'native' (a process, as CaDiCaL's); null when that side was not measured.
 */
export function hardRatio (row, cap, who = 'dlxkit') {
  const t = (c) => (c == null ? NaN : c.solved ? c.seconds : cap)
  return median(row.puzzles.map((p) => t(p.cadical) / t(p[who])))
}

const ratioText = (x) => (x == null ? '-' : times(x))
const capped = (s, x, cap) => (x === Infinity ? `> ${cap} s` : secs(x))

export function hardTable (data) {
  const cap = data.settings.cap
  const rows = data.hard.map((row) => {
    const side = (who) => {
      if (!row.puzzles.some((p) => p[who])) return { cells: ['-', '-', '-'], errors: [] }
      const h = hardSummary(row, who, cap)
      return { cells: [`${h.solved}/${h.of}`, capped(h, h.median, cap), capped(h, h.worst, cap)], errors: h.errors }
    }
    const [d, n, c] = ['dlxkit', 'native', 'cadical'].map(side)
    const errors = [...new Set([...d.errors, ...n.errors, ...c.errors])]
    return [`${row.size}x${row.size}`, `${Math.round(row.blank * 100)}%`, ...d.cells, ...n.cells, ...c.cells,
      ratioText(hardRatio(row, cap)), ratioText(hardRatio(row, cap, 'native')) + (errors.length ? ` (**failed**: ${errors.join('; ')})` : '')]
  })
  return table(['size', 'blank', 'WASM solved', 'WASM median', 'WASM worst', 'native solved', 'native median', 'native worst',
    'CaDiCaL solved', 'CaDiCaL median', 'CaDiCaL worst', 'WASM / CaDiCaL', 'native / CaDiCaL'], rows, 'lrrrrrrrrrrrr'.split(''))
}

// ---- goals --------------------------------------------------------------------

/** Every goal of issues 14, 15 and 16, one line per row it applies to: { issue, goal, row, measured, met }. */
export function goals (data) {
  const out = []
  const ratio = (issue, goal, row, value, target) => out.push({
    issue, goal, row, measured: value == null ? 'not measured' : times(value), met: value != null && value >= target
  })
  for (const row of data.exactCover) {
    ratio(14, `native >= ${GOALS.overKnuth}x SSXCC`, row.name, overNative('ssxcc')(row), GOALS.overKnuth)
    ratio(14, `native >= ${GOALS.overKnuth}x DLX2`, row.name, overNative('dlx2')(row), GOALS.overKnuth)
  }
  for (const row of data.exactCover) {
    const n = medianOf(row, 'native', seconds)
    if (n != null && n > GOALS.wasmOverNativeFrom) {
      ratio(14, `WASM >= ${GOALS.wasmOverNative}x native (load and parse included)`, row.name, wasmOverNative(row), GOALS.wasmOverNative)
    }
  }
  for (const row of data.sudoku) ratio(16, `WASM batch >= ${GOALS.wasmOverTdokuWasm}x tdoku.wasm`, row.set, wasmOverTdokuWasm(row), GOALS.wasmOverTdokuWasm)
  for (const row of data.sudoku) ratio(16, `one solve() call >= ${GOALS.callOverBatch}x the batch`, row.set, callOverBatch(row), GOALS.callOverBatch)
  for (const row of data.sudoku) ratio(16, `native >= ${GOALS.nativeOverTdoku}x tdoku`, row.set, nativeOverTdoku(row), GOALS.nativeOverTdoku)
  const cap = data.settings.cap
  for (const row of data.hard) {
    const d = hardSummary(row, 'dlxkit', cap)
    const limit = row.size >= 49 ? GOALS.hardSeconds49 : GOALS.hardSeconds
    out.push({
      issue: 15,
      goal: `every puzzle solved, each under ${limit} s`,
      row: `${row.size}x${row.size}`,
      measured: `${d.solved}/${d.of}, worst ${capped(d, d.worst, cap)}`,
      met: d.solved === d.of && d.worst < limit
    })
    // Judged process against process, each from the puzzle text to the answer;
    // the WASM side also pays V8 compiling the module, which RESULTS.md shows.
    if (row.size < 49) ratio(15, 'ahead of CaDiCaL (median ratio >= 1x, native process beside native process)', `${row.size}x${row.size}`, hardRatio(row, cap, 'native'), 1)
  }
  return out
}

export function goalsTable (data) {
  return table(['issue', 'goal', 'row', 'measured', 'met'],
    goals(data).map((g) => [String(g.issue), g.goal, g.row, g.measured, g.met ? 'met' : '**not met**']), 'lllrl'.split(''))
}

// ---- the rest ------------------------------------------------------------------

const mib = (kib) => (kib == null ? '-' : `${(kib / 1024).toFixed(1)} MiB`)

/** Peak resident memory of each program's process (medians over the rounds), a table for each kind of row. */
export function memoryTables (data) {
  const cell = (row, key) => (missing(row, key) ? '-' : mib(medianOf(row, key, (c) => c.peakKiB)))
  const ec = [['native', 'dlxkit native'], ['wasm', 'dlxkit WASM'], ...KNUTH_PEERS.map((k) => [k.id, k.label])]
  const sd = [['native', 'dlxkit native'], ['wasm', 'dlxkit WASM'], ...[...HARNESS_PEERS, 'tdoku.wasm'].map((id) => [id, id])]
  return [
    table(['instance', ...ec.map(([, l]) => l)], data.exactCover.map((row) => [row.name, ...ec.map(([k]) => cell(row, k))]), ['l', ...ec.map(() => 'r')]),
    table(['9x9 set', ...sd.map(([, l]) => l)], data.sudoku.map((row) => [row.set, ...sd.map(([k]) => cell(row, k))]), ['l', ...sd.map(() => 'r')])
  ].join('\n\n')
}

export function moduleTable (data) {
  const m = data.module
  return table(['file', 'bytes', 'gzip -9', 'first load() in a process', 'load() after that (best)'],
    [['dist/dlxkit.wasm', int(m.bytes), int(m.gzipBytes), `${m.firstLoadMs.toFixed(2)} ms`, `${m.loadMs.toFixed(2)} ms`]], 'lrrrr'.split(''))
}

export function peersList (data) {
  const { built, unbuilt } = data.peers
  const lines = [`- Built from ../shared/peers in this run: ${built.length ? built.join(', ') : 'none'}.`]
  if (unbuilt.length) for (const u of unbuilt) lines.push(`- **${u.name} could not be built**: ${u.why}.`)
  else lines.push('- Every peer was built.')
  return lines.join('\n')
}

export function machineList (m) {
  return [
    `- CPU: ${m.cpu}, ${m.cores} cores; memory ${m.memoryGiB} GiB`,
    `- OS: ${m.os}`,
    `- Node ${m.node}; ${m.clang}; ${m.emcc.replace(/\s*\(\)$/, '')}; ${m.cadical === 'not found' ? 'cadical not found' : `CaDiCaL ${m.cadical}`}`,
    `- Date: ${m.date}; load average at the start: ${m.load}${m.loadAtEnd ? `; at the end: ${m.loadAtEnd}` : ''}`
  ].join('\n')
}

const SERIES = [
  { id: 'native', label: 'dlxkit native', color: '#0969da' },
  { id: 'wasm', label: 'dlxkit WASM', color: '#1a7f37' },
  { id: 'wasm-call', label: 'dlxkit WASM, one solve() each', color: '#6fdd8b' },
  { id: 'peer', label: 'native peers', color: '#8c959f' },
  { id: 'peer-wasm', label: 'tdoku.wasm', color: '#d4a72c' },
  { id: 'sat', label: 'CaDiCaL', color: '#bf3989' }
]

/** The chart: 9x9 puzzles per CPU second, exact-cover CPU seconds, hard rows' median CPU seconds; medians of the rounds. */
export function chart (data) {
  const bar = (series, label, value) => (value > 0 ? [{ series, label, value }] : [])
  const sudokuGroups = data.sudoku.map((row) => ({
    label: row.set,
    bars: SUDOKU_COLUMNS.flatMap((c) => bar(
      c.key === 'native' ? 'native' : c.key === 'tdoku.wasm' ? 'peer-wasm' : c.key !== 'wasm' ? 'peer' : c.label.includes('one') ? 'wasm-call' : 'wasm',
      c.label, medianOf(row, c.key, c.metric)))
  }))
  const coverGroups = data.exactCover.map((row) => ({
    label: `${row.name} (${int(row.solutions)} solutions)`,
    bars: [...bar('native', 'dlxkit native', medianOf(row, 'native', seconds)), ...bar('wasm', 'dlxkit WASM', medianOf(row, 'wasm', seconds)),
      ...KNUTH_PEERS.flatMap((k) => bar('peer', k.label, medianOf(row, k.id, seconds)))]
  }))
  const cap = data.settings.cap
  const hardGroups = data.hard.map((row) => {
    const side = (series, name, who) => {
      const h = hardSummary(row, who, cap)
      const over = h.median === Infinity ? `, median over the ${cap} s cap` : ''
      return bar(series, `${name}, ${h.solved}/${h.of} solved${over}`, Math.min(h.median, cap))
    }
    const native = row.puzzles.some((p) => p.native) ? side('native', 'dlxkit native', 'native') : []
    return { label: `${row.size}x${row.size}, ${Math.round(row.blank * 100)}% blank`, bars: [...native, ...side('wasm', 'dlxkit WASM', 'dlxkit'), ...side('sat', 'CaDiCaL', 'cadical')] }
  })
  const time = (s) => (s >= 1 ? `${+s.toPrecision(3)} s` : `${+(s * 1000).toPrecision(3)} ms`)
  const panels = [
    { title: '9x9 Sudoku, solve and prove unique: puzzles per CPU second (longer is faster)', format: shortRate, groups: sudokuGroups },
    { title: 'Exact cover, all solutions: CPU seconds (shorter is faster)', format: time, groups: coverGroups },
    { title: 'Hard random-hole Sudoku, one solution: median CPU seconds (shorter is faster)', format: time, groups: hardGroups }
  ].filter((p) => p.groups.some((g) => g.bars.length))
  return svgChart({
    title: 'dlxkit beside its peers, measured in one run',
    note: `${data.machine.cpu}, ${data.machine.cores} cores, ${data.machine.date}; medians of ${data.settings.rounds} round${data.settings.rounds === 1 ? '' : 's'}; log scales.`,
    series: SERIES,
    panels
  })
}

/** bench/RESULTS.md in full. */
export function resultsMarkdown (data) {
  const s = data.settings
  return `# Benchmark results

Written by \`make bench\` (bench/run.mjs) on ${data.machine.date}; do not edit
by hand. Every figure below was measured in this one run: no figure is copied
from elsewhere. The peers were built from ../shared/peers into build/peers
(git-ignored) at its start. Each row ran in ${s.rounds} round${s.rounds === 1 ? '' : 's'}: dlxkit
native, dlxkit WASM and every peer one after another, each in a process of
its own, timed over that process's own CPU time (user + system, from the
kernel), which other work on a shared machine leaves alone. Figures are
medians over the rounds; ratios are medians of the per-round ratios, so the
two sides of a ratio always ran minutes apart at most.${s.quick ? '\n\n**A short run (QUICK=1): one round, short measurements; not for quoting.**' : ''}

## Machine

${machineList(data.machine)}

## Peers

${peersList(data)}

![dlxkit beside its peers](chart.svg)

## Goals

${goalsTable(data)}

A ratio is dlxkit's speed over the other's: above 1x, dlxkit is faster.

## Exact cover, all solutions: CPU seconds (issue 14)

${exactCoverTable(data)}

${exactCoverRatios(data)}

Native programs (dlxkit's \`build/bench/dlx --count\`, Knuth's DLX1, DLX2
and SSXCC reading the file on stdin): the whole process, reading included,
clang -O3 -march=native (dlxkit also -flto). WASM: from reading the file to
the count, loading the module and parsing included (Node's own start-up
apart). Every count is checked against the one known beforehand; a mismatch
is a failed cell. debruijn-2-5 is generated by bench/colored.mjs: the binary
de Bruijn sequences of order 5 as XCC (colors make overlapping words agree),
2^16 of them by the BEST theorem. edge-matching-7x7
(tests/c/data/, made by tests/c/edge-matching.mjs) places 49 tiles, turned
any way, so that touching edges agree (edges are colored secondary items);
its count of 8 is the engine tests' own, confirmed here by DLX2 and SSXCC.
DLX1 has no colors.

## 9x9 Sudoku, solve and prove unique (limit 2): puzzles per CPU second (issue 16)

${sudokuTable(data)}

${sudokuRatios(data)}

Every program solves every puzzle of the set and must find each unique. An
untimed warm-up first, then whole passes over the set until ${s.minSeconds} s of CPU
time have gone. Native peers run the driver of ../shared/peers/harness (its
rate over CPU time); dlxkit native runs bench/sudoku_native.c, timed the
same way. The WASM batch is \`solveMany\` over slices of 1,000 puzzle
strings, one call each is \`sudoku.solve(puzzle)\` for every puzzle, both
through the public JS API; tdoku.wasm runs in Node through bench/tdoku-wasm.mjs,
1,000 puzzles of 82 bytes per \`tdoku_solve_many\` call.

## Hard random-hole Sudoku, one solution: CPU seconds (issue 15)

${hardTable(data)}

Puzzles from bench/hard-sudoku.mjs: a pattern grid shuffled by a seed
(symbols, rows in bands, bands, columns in stacks, stacks, a transpose),
then the given fraction of cells, drawn by the seed, blanked (seeds
size x 1000 + 1, 2, ...). dlxkit WASM: \`sudoku.solve(grid, { limit: 1 })\`
through the JS API in a fresh process, CPU time from \`load()\` to the
answer (V8 compiling the module and its hot functions included, which is
most of it at 16x16). dlxkit native: build/bench/hard_native
(bench/hard_native.c), a process that reads the puzzle text, builds the
solver for its side, solves (limit 1) and prints the answer, the whole
process timed. CaDiCaL: \`cadical -q\` on a CNF from the same file (a variable per
value a blank may still take, exactly-one per cell and per value of each
unit, at most one ${AMO_CHOICE}), the whole process, parsing included: timed as dlxkit native
is, which is the ratio the goal judges. Each process is capped
at ${s.cap} CPU seconds; an unsolved puzzle counts ${s.cap} s in the ratios,
and a median it decides shows as "> ${s.cap} s". Every solution is checked against the puzzle by the bench.
The ratio is the median of the per-puzzle ratios. The sweep of the blank
fraction, 16x16 to 64x64, with issue 30's goals: [HARD.md](HARD.md).

## Sudoku generation

The generator on the hardest shapes, with its goals: [GENERATION.md](GENERATION.md).

## WebAssembly module

${moduleTable(data)}

Load times are CPU time in one Node process.

## Peak memory

${memoryTables(data)}

The kernel's peak resident set of each process. dlxkit WASM and tdoku.wasm
run in Node: theirs include Node itself (some 40 MiB).
`
}
