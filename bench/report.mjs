// From the collected measurements (see run.mjs for their shape) to Markdown
// tables, the goals met or not, and the chart. Pure functions: no timing and
// no I/O here, so tests can feed fixed data.
import { DLX1_SECONDS, GOALS, SUDOKU_PEERS } from './reference.mjs'
import { svgChart } from './svg-chart.mjs'

const int = (x) => Math.round(x).toLocaleString('en')
const perSecond = (x) => `${int(x)}/s`
const times = (x) => `${x.toFixed(2)}x`
const kib = (x) => (x == null ? '-' : `${int(x)} KiB`)
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(bytes < 2 ** 20 ? 2 : 1)} MiB`

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

function table (head, rows, align) {
  return [
    `| ${head.join(' | ')} |`,
    `| ${align.map((a) => (a === 'r' ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`)
  ].join('\n')
}

const kudoku = (set) => SUDOKU_PEERS.find((p) => p.name === 'kudoku').rates[set]
const peerNote = (peer) => (peer.puzzles < peer.of ? ` (first ${int(peer.puzzles)})` : '')

/** Every goal of the issue, one line per row it applies to. */
export function goals (data) {
  const out = []
  const check = (goal, row, value, target, show) => out.push({ goal, row, measured: show(value), met: value >= target })
  for (const { set, native } of data.sudoku) {
    check(`native Sudoku >= ${GOALS.nativeOverKudoku}x kudoku`, set, native.perSecond / kudoku(set), GOALS.nativeOverKudoku, times)
  }
  for (const { set, native, wasm } of data.sudoku) {
    check(`WASM >= ${GOALS.wasmOverNative}x native`, `Sudoku ${set} (batch)`, wasm.batch / native.perSecond, GOALS.wasmOverNative, times)
  }
  for (const { name, native, wasm } of data.exactCover) {
    check(`WASM >= ${GOALS.wasmOverNative}x native`, name, native.seconds / wasm.seconds, GOALS.wasmOverNative, times)
  }
  for (const { set, wasm, peer } of data.sudoku) {
    check(`WASM >= ${GOALS.overDancingLinks}x dancing-links`, `Sudoku ${set} (batch)`, wasm.batch / peer.perSecond, GOALS.overDancingLinks, times)
  }
  for (const { name, wasm, peer } of data.exactCover) {
    check(`WASM >= ${GOALS.overDancingLinks}x dancing-links`, name, peer.seconds / wasm.seconds, GOALS.overDancingLinks, times)
  }
  const p = data.exactCover.find((r) => r.name === 'pentomino-6x10')
  if (p) {
    out.push({
      goal: `pentomino-6x10 WASM within ${GOALS.pentomino6x10Seconds} s`,
      row: 'pentomino-6x10',
      measured: secs(p.wasm.seconds),
      met: p.wasm.seconds <= GOALS.pentomino6x10Seconds
    })
    check(`pentomino-6x10 WASM >= ${GOALS.pentomino6x10OverDancingLinks}x dancing-links`, 'pentomino-6x10',
      p.peer.seconds / p.wasm.seconds, GOALS.pentomino6x10OverDancingLinks, times)
  }
  return out
}

export function sudokuTable (data) {
  const rows = data.sudoku.map(({ set, native, wasm, peer }) => [
    set, int(native.puzzles), int(native.nodesPerPuzzle),
    perSecond(native.perSecond), perSecond(wasm.batch), perSecond(wasm.perCall), perSecond(peer.perSecond) + peerNote(peer),
    times(native.perSecond / kudoku(set)), times(wasm.batch / native.perSecond), times(wasm.batch / peer.perSecond)
  ])
  return table(['set (limit 2)', 'puzzles', 'nodes per puzzle', 'dlxkit native C', 'dlxkit WASM batch', 'WASM one call each',
    'dancing-links (JS)', 'native / kudoku', 'WASM / native', 'WASM / dancing-links'], rows, 'lrrrrrrrrr'.split(''))
}

export function sudokuPeersTable (data) {
  const rows = data.sudoku.map(({ set, native }) => [
    set, perSecond(native.perSecond),
    ...SUDOKU_PEERS.map((p) => `${perSecond(p.rates[set])} (${times(native.perSecond / p.rates[set])})`)
  ])
  return table(['set', 'dlxkit native C (measured)', ...SUDOKU_PEERS.map((p) => `${p.name} (${p.kind})`)],
    rows, ['l', 'r', ...SUDOKU_PEERS.map(() => 'r')])
}

export function exactCoverTable (data) {
  const rows = data.exactCover.map(({ name, native, wasm, peer }) => {
    const ref = DLX1_SECONDS[name]
    return [
      name, int(native.solutions), int(native.nodes), secs(native.seconds), secs(wasm.seconds), secs(peer.seconds),
      ref ? secs(ref) : '-', ref ? times(ref / native.seconds) : '-',
      times(native.seconds / wasm.seconds), times(peer.seconds / wasm.seconds), String(native.runs)
    ]
  })
  return table(['instance (all solutions)', 'solutions', 'search nodes', 'dlxkit native C', 'dlxkit WASM', 'dancing-links (JS)',
    'Knuth DLX1 (reference)', 'native vs DLX1', 'WASM / native', 'WASM vs dancing-links', 'best of'], rows, 'lrrrrrrrrrr'.split(''))
}

export function memoryTable (data) {
  const rows = [
    ...data.sudoku.map(({ set, native, wasm, peer }) => [
      `Sudoku ${set}`, kib(native.peakKiB), mib(wasm.memoryBytes), kib(wasm.peakKiB), kib(peer.peakKiB), '-']),
    ...data.exactCover.map(({ name, native, wasm, peer }) => [
      name, kib(native.peakKiB), mib(wasm.memoryBytes), kib(wasm.peakKiB), kib(peer.peakKiB), kib(native.matrixBytes / 1024)])
  ]
  return table(['row', 'native peak RSS', 'WASM linear memory after the runs', 'WASM: Node process peak RSS',
    'dancing-links: Node process peak RSS', 'matrix (16-byte nodes)'], rows, 'lrrrrr'.split(''))
}

export function moduleTable (data) {
  const m = data.module
  return table(['file', 'bytes', 'gzip -9', 'first load() in a process', 'load() after that (best)'],
    [['dist/dlxkit.wasm', int(m.bytes), int(m.gzipBytes), `${m.firstLoadMs.toFixed(2)} ms`, `${m.loadMs.toFixed(2)} ms`]], 'lrrrr'.split(''))
}

export function goalsTable (data) {
  return table(['goal', 'row', 'measured', 'met'],
    goals(data).map((g) => [g.goal, g.row, g.measured, g.met ? 'met' : '**not met**']), 'llrl'.split(''))
}

export function machineList (m) {
  return [
    `- CPU: ${m.cpu}, ${m.cores} cores; memory ${m.memoryGiB} GiB`,
    `- OS: ${m.os}`,
    `- Node ${m.node}; ${m.clang}; ${m.emcc.replace(/\s*\(\)$/, '')}`, // Debian's emcc ends with an empty "()"
    `- Date: ${m.date}; load average at the start: ${m.load}`
  ].join('\n')
}

const SERIES = [
  { id: 'native', label: 'dlxkit native C', color: '#0969da' },
  { id: 'wasm', label: 'dlxkit WASM (batch)', color: '#1a7f37' },
  { id: 'wasm-call', label: 'dlxkit WASM (one call per puzzle)', color: '#6fdd8b' },
  { id: 'peer', label: 'dancing-links, JS (measured here)', color: '#d4a72c' },
  { id: 'reference', label: 'native peers (reference figures, this machine kind)', color: '#c9d1d9' }
]

/** The chart: Sudoku puzzles per second per set, exact cover seconds per instance. */
export function chart (data) {
  const sudokuGroups = data.sudoku.map(({ set, native, wasm, peer }) => ({
    label: `${set} (${int(native.puzzles)} puzzles)`,
    bars: [
      { series: 'native', label: 'dlxkit native C', value: native.perSecond },
      { series: 'wasm', label: 'dlxkit WASM, batch', value: wasm.batch },
      { series: 'wasm-call', label: 'dlxkit WASM, one call each', value: wasm.perCall },
      { series: 'peer', label: `dancing-links (JS)${peerNote(peer)}`, value: peer.perSecond },
      ...SUDOKU_PEERS.map((p) => ({ series: 'reference', label: `${p.name} (reference)`, value: p.rates[set] }))
    ]
  }))
  const coverGroups = data.exactCover.filter(({ name }) => DLX1_SECONDS[name]).map(({ name, native, wasm, peer }) => ({
    label: `${name} (${int(native.solutions)} solutions)`,
    bars: [
      { series: 'native', label: 'dlxkit native C', value: native.seconds },
      { series: 'wasm', label: 'dlxkit WASM', value: wasm.seconds },
      { series: 'peer', label: 'dancing-links (JS)', value: peer.seconds },
      { series: 'reference', label: 'Knuth DLX1 (reference)', value: DLX1_SECONDS[name] }
    ]
  }))
  return svgChart({
    title: 'dlxkit beside its peers',
    note: `${data.machine.cpu}, ${data.machine.cores} cores, ${data.machine.date}; Node ${data.machine.node}. Log scales.`,
    series: SERIES,
    panels: [
      { title: 'Sudoku, solve and prove unique: puzzles per second (longer is faster)', format: shortRate, groups: sudokuGroups },
      { title: 'Exact cover, all solutions: seconds (shorter is faster)', format: (s) => (s >= 1 ? `${+s.toPrecision(3)} s` : `${+(s * 1000).toPrecision(3)} ms`), groups: coverGroups }
    ]
  })
}

/** bench/RESULTS.md in full. */
export function resultsMarkdown (data) {
  const s = data.settings
  return `# Benchmark results

Written by \`make bench\` (bench/run.mjs); do not edit by hand. Every row was
measured in this one run, native, WASM and dancing-links side by side (each
in its own process, one after another for each row), so they shared the
machine's noise. Native: clang -O3 -march=native, as the reference figures.
Times are the best of ${s.runs} runs; an exact-cover row makes no further run
once its native runs have taken ${s.budget} s, and WASM and dancing-links then
make as many runs as native did. Before its timed runs, each Sudoku row of
WASM and dancing-links runs untimed for a second, so that V8 has moved the
hot code to its optimizing compiler. Reference figures are from
../shared/data/README.md, measured on this project's machine kind (2 cores,
x86-64); those peers do not run here.

## Machine

${machineList(data.machine)}

![dlxkit beside its peers](chart.svg)

## Goals (issue 7)

${goalsTable(data)}

The dancing-links goal compares WASM with dancing-links: both run in Node.

## Sudoku: solve and prove unique (limit 2), puzzles per second

${sudokuTable(data)}

Native C and WASM solve every puzzle of the set; dancing-links, which builds
its matrix for each puzzle, solves the first ${int(s.peerMax)} of a set at most.
The WASM batch is \`solveMany\` over slices of 1,000 puzzle strings; one call
each is \`sudoku.solve(puzzle)\` for every puzzle: both through the public JS
API, parsing the strings and writing the answers included.

Beside the native peers' reference figures (dlxkit native / peer in brackets):

${sudokuPeersTable(data)}

## Exact cover: all solutions of each shared instance

${exactCoverTable(data)}

Search time only: reading the file (native), parsing the text (WASM) and
building the matrix (dancing-links) are not counted.

## WebAssembly module

${moduleTable(data)}

## Peak memory

${memoryTable(data)}

Native: the process's getrusage ru_maxrss (sudoku_native reports it; the dlx
CLI runs under /usr/bin/time). WASM and dancing-links run in a fresh Node
process per row, so each Node figure is that row's alone; it includes
Node's own baseline: the process that only loads the module peaked at
${kib(data.module.peakKiB)}.
`
}
