// The benchmark's reporting half (bench/svg-chart.mjs, bench/report.mjs) on
// fixed numbers: the chart is well-formed XML with every label, its bars grow
// with the values on a log scale, Chromium renders it with the text inside
// the picture, the goals are judged on medians of per-round ratios, failed
// and unbuilt peers are reported; the colored instance's count and the hard
// puzzles' generator and CNF are checked without a solver. Nothing is timed.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import saxes from 'saxes' // an XML parser that exceljs (a devDependency) brings
import { svgChart, escapeXml } from '../bench/svg-chart.mjs'
import { chart, goals, hardRatio, hardSummary, median, resultsMarkdown, secs, shortRate } from '../bench/report.mjs'
import { deBruijn, deBruijnCount } from '../bench/colored.mjs'
import { cnf, fullGrid, holePuzzle, isSolution, readModel } from '../bench/hard-sudoku.mjs'
import { launchBrowser } from './browser.mjs'

/** Every element of an XML document: { name, attributes, text }; throws on any well-formedness error. */
function parseXml (xml) {
  const parser = new saxes.SaxesParser()
  const elements = []
  const open = []
  parser.on('error', (e) => { throw e })
  parser.on('opentag', (node) => {
    const el = { name: node.name, attributes: node.attributes, text: '' }
    elements.push(el)
    open.push(el)
  })
  parser.on('text', (t) => { if (open.length) open[open.length - 1].text += t })
  parser.on('closetag', () => open.pop())
  parser.write(xml).close()
  return elements
}

const SERIES = [{ id: 'a', label: 'ours', color: '#0969da' }, { id: 'b', label: 'theirs & co', color: '#c9d1d9' }]

function smallChart () {
  return svgChart({
    title: 'Speed <test>',
    note: 'fixed numbers',
    series: SERIES,
    panels: [{
      title: 'per second',
      format: shortRate,
      groups: [
        { label: 'set one', bars: [{ series: 'a', label: 'fast "one"', value: 80000 }, { series: 'b', label: 'slow <one>', value: 800 }] },
        { label: 'set two', bars: [{ series: 'a', label: 'middle', value: 8000 }] }
      ]
    }]
  })
}

test('svgChart: well-formed XML, every label escaped and present, one bar per value', () => {
  const svg = smallChart()
  const elements = parseXml(svg)
  assert.equal(elements[0].name, 'svg')
  assert.equal(elements[0].attributes.xmlns, 'http://www.w3.org/2000/svg')
  const texts = elements.filter((e) => e.name === 'text').map((e) => e.text)
  for (const label of ['Speed <test>', 'per second', 'set one', 'set two', 'fast "one"', 'slow <one>', 'middle',
    'ours', 'theirs & co', '80k/s', '800/s', '8k/s']) {
    assert.ok(texts.includes(label), `the chart shows "${label}" (texts: ${texts.join(' | ')})`)
  }
  const bars = elements.filter((e) => e.name === 'rect' && e.attributes.height === '15')
  assert.equal(bars.length, 3)
})

test('svgChart: bar lengths follow log10 of the values', () => {
  const bars = parseXml(smallChart()).filter((e) => e.name === 'rect' && e.attributes.height === '15')
  const [w80k, w800, w8k] = bars.map((b) => Number(b.attributes.width))
  assert.ok(w80k > w8k && w8k > w800)
  // equal ratios, equal steps: 800 -> 8k -> 80k
  assert.ok(Math.abs((w80k - w8k) - (w8k - w800)) < 0.5, `${w800}, ${w8k}, ${w80k}`)
})

test('svgChart: a value just above a power of ten keeps a visible bar (the axis starts a decade lower)', () => {
  const svg = svgChart({ title: 't', series: SERIES, panels: [{ title: 'p', format: shortRate, groups: [{ label: 'g', bars: [{ series: 'a', label: 'low', value: 1060 }, { series: 'a', label: 'high', value: 258000 }] }] }] })
  const elements = parseXml(svg)
  assert.deepEqual(elements.filter((e) => e.name === 'text' && e.attributes.class === 'tick').map((e) => e.text), ['100/s', '1k/s', '10k/s', '100k/s', '1M/s'])
  const [low, high] = elements.filter((e) => e.name === 'rect' && e.attributes.height === '15').map((b) => Number(b.attributes.width))
  assert.ok(low > high / 4, `the low bar is ${low} wide beside ${high}`)
})

test('svgChart: bad data is a clear error', () => {
  const panel = (bar) => ({ title: 'p', groups: [{ label: 'g', bars: [bar] }] })
  assert.throws(() => svgChart({ title: 't', series: SERIES, panels: [panel({ series: 'x', label: 'l', value: 1 })] }),
    /bar "l" has an unknown series "x"/)
  assert.throws(() => svgChart({ title: 't', series: SERIES, panels: [panel({ series: 'a', label: 'l', value: 0 })] }),
    /bar "l" needs a positive value \(got 0\)/)
  assert.throws(() => svgChart({ title: 't', series: SERIES, panels: [panel({ series: 'a', label: 'x'.repeat(200), value: 1 })] }),
    /no room for the bars/)
  assert.equal(escapeXml(`a&b<c>"d'`), 'a&amp;b&lt;c&gt;&quot;d&#39;')
})

/** Rounds of one row: `cells(r)` gives round r's cells. */
const rounds = (n, cells) => Array.from({ length: n }, (_, r) => cells(r))

/**
 * Measurements in the shape run.mjs collects. queens-13's native / SSXCC is
 * 1.6x, 1.1x, 2.0x over the rounds: the median of the ratios is 1.6x (met)
 * where the ratio of the medians would be 2.2 / 2 = 1.1x.
 */
function fixedData () {
  const machine = { cpu: 'Test CPU', cores: 2, memoryGiB: 4, os: 'Test OS', node: 'v20', clang: 'clang 14', emcc: 'emcc 3.1.6', cadical: 'sc2021', load: '0.1', date: '2024-01-01 00:00 UTC' }
  const ec = (seconds, solutions = 100) => ({ seconds, solutions })
  const exactCover = [
    { name: 'queens-13', colored: false, solutions: 100, rounds: rounds(3, (r) => ({
      native: ec([1, 2, 4][r]), wasm: ec([1.2, 2.4, 4.8][r]), dlx1: ec(3), dlx2: ec([3, 3, 6][r]), ssxcc: ec([1.6, 2.2, 8][r]) })) },
    { name: 'langford-12', colored: false, solutions: 100, rounds: rounds(3, () => ({
      native: ec(0.5), wasm: ec(0.8), dlx1: { unbuilt: true }, dlx2: ec(1), ssxcc: { solutions: 99, seconds: 1, error: 'counted 99 solutions, not 100' } })) },
    { name: 'debruijn-2-5', colored: true, solutions: 65536, rounds: rounds(3, () => ({
      native: ec(0.5, 65536), wasm: ec(0.6, 65536), dlx1: { skipped: 'no colors' }, dlx2: ec(0.9, 65536), ssxcc: ec(0.6, 65536) })) }
  ]
  const sudoku = [['17-clue', 49158], ['top1465', 1465]].map(([set, puzzles]) => ({
    set,
    rounds: rounds(3, (r) => ({
      native: { puzzles, rate: 60000, nodesPerPuzzle: 100, peakKiB: [2048, 3072, 1024][r] },
      wasm: { puzzles, batch: 40000, perCall: [38000, 30000, 37000][r] },
      tdoku: { puzzles, rate: 100000 },
      'tdoku.wasm': { puzzles, rate: 50000 },
      kudoku: { puzzles, rate: 30000 },
      jsolve: { unbuilt: true },
      fast_solv_9r2: { puzzles, rate: 20000 }
    }))
  }))
  const hard = [
    { size: 16, blank: 0.6, puzzles: [0.1, 0.2, 0.3].map((t, i) => ({ seed: 16001 + i, dlxkit: { solved: true, seconds: t }, native: { solved: true, seconds: [0.8, 0.5, 0.2][i] }, cadical: { solved: true, seconds: 0.4 } })) },
    { size: 25, blank: 0.58, puzzles: [0.5, null, null].map((t, i) => ({
      seed: 25001 + i, dlxkit: t ? { solved: true, seconds: t } : { solved: false, capped: true, seconds: 30 }, cadical: { solved: true, seconds: 0.3 } })) }
  ]
  return {
    machine,
    settings: { rounds: 3, minSeconds: 1, cap: 30, quick: false },
    peers: { built: ['dlx2', 'ssxcc', 'tdoku', 'tdoku.wasm', 'kudoku', 'fast_solv_9r2'], unbuilt: [{ name: 'dlx1', why: 'build.sh failed (exit 1): boom' }, { name: 'jsolve', why: 'not produced by build.sh' }] },
    module: { bytes: 40454, gzipBytes: 20267, firstLoadMs: 1.2, loadMs: 0.4 },
    exactCover,
    sudoku,
    hard
  }
}

const goalOf = (data, goal, row) => goals(data).find((g) => g.goal.startsWith(goal) && g.row === row)

test('median: the middle value, the mean of the two middle ones, nothing from nothing', () => {
  assert.equal(median([3, 1, 2]), 2)
  assert.equal(median([4, 1, 3, 2]), 2.5)
  assert.equal(median([NaN, 5, undefined]), 5)
  assert.equal(median([]), null)
})

test('goals: medians of the per-round ratios, not ratios of medians', () => {
  const data = fixedData()
  assert.deepEqual(goalOf(data, 'native >= 1.5x SSXCC', 'queens-13'), { issue: 14, goal: 'native >= 1.5x SSXCC', row: 'queens-13', measured: '1.60x', met: true })
  assert.equal(goalOf(data, 'native >= 1.5x DLX2', 'queens-13').measured, '1.50x') // 3/1, 3/2, 6/4
  assert.equal(goalOf(data, 'native >= 1.5x DLX2', 'queens-13').met, true)
  assert.equal(goalOf(data, 'native >= 1.5x DLX2', 'debruijn-2-5').measured, '1.80x')
  assert.equal(goalOf(data, 'native >= 1.5x SSXCC', 'debruijn-2-5').met, false) // 1.2x
  // the WASM goal applies from one second of native time: queens-13's median is 2 s, the others' 0.5 s
  assert.equal(goalOf(data, 'WASM >= 0.9x native', 'queens-13').measured, '0.83x')
  assert.equal(goalOf(data, 'WASM >= 0.9x native', 'queens-13').met, false)
  assert.equal(goalOf(data, 'WASM >= 0.9x native', 'langford-12'), undefined)
  assert.equal(goalOf(data, 'WASM batch >= 0.8x tdoku.wasm', 'top1465').measured, '0.80x')
  assert.equal(goalOf(data, 'WASM batch >= 0.8x tdoku.wasm', 'top1465').met, true)
  assert.equal(goalOf(data, 'one solve() call >= 0.9x the batch', '17-clue').measured, '0.93x') // 0.95, 0.75, 0.925
  assert.equal(goalOf(data, 'native >= 0.6x tdoku', '17-clue').met, true)
})

test('goals: a failed or missing measurement is never met', () => {
  const g = goalOf(fixedData(), 'native >= 1.5x SSXCC', 'langford-12')
  assert.deepEqual([g.measured, g.met], ['not measured', false])
})

test('hard rows: solved counts, an unsolved puzzle over the cap, ratios per puzzle', () => {
  const data = fixedData()
  const [h16, h25] = data.hard
  assert.deepEqual(hardSummary(h16, 'dlxkit', 30), { solved: 3, of: 3, median: 0.2, worst: 0.3, errors: [] })
  assert.deepEqual(hardSummary(h25, 'dlxkit', 30), { solved: 1, of: 3, median: Infinity, worst: Infinity, errors: [] })
  assert.equal(hardRatio(h16, 30), 2) // 4, 2, 1.33
  assert.equal(hardRatio(h25, 30), 0.01) // 0.6, 0.01, 0.01
  assert.equal(hardRatio(h16, 30, 'native'), 0.8) // 0.5, 0.8, 2: the native process's ratio, which the goal judges
  assert.equal(hardRatio(h25, 30, 'native'), null) // not measured
  assert.equal(goalOf(data, 'every puzzle solved, each under 1 s', '16x16').met, true)
  assert.deepEqual([goalOf(data, 'every puzzle solved', '25x25').measured, goalOf(data, 'every puzzle solved', '25x25').met], ['1/3, worst > 30 s', false])
  assert.deepEqual([goalOf(data, 'ahead of CaDiCaL', '16x16').measured, goalOf(data, 'ahead of CaDiCaL', '16x16').met], ['0.80x', false])
  assert.deepEqual([goalOf(data, 'ahead of CaDiCaL', '25x25').measured, goalOf(data, 'ahead of CaDiCaL', '25x25').met], ['not measured', false])
})

test('RESULTS.md: the machine, the peers that could not be built, every row, failures shown, nothing copied', () => {
  const md = resultsMarkdown(fixedData())
  assert.match(md, /CPU: Test CPU, 2 cores; memory 4 GiB/)
  assert.match(md, /CaDiCaL sc2021/)
  assert.match(md, /!\[[^\]]*\]\(chart\.svg\)/)
  assert.match(md, /\*\*dlx1 could not be built\*\*: build\.sh failed \(exit 1\): boom\./)
  assert.match(md, /\*\*jsolve could not be built\*\*/)
  assert.match(md, /\| queens-13 \| 100 \| 2\.00 s \| 2\.40 s \| 3\.00 s \| 3\.00 s \| 2\.20 s \|/)
  assert.match(md, /\| langford-12 \| 100 \| 0\.500 s \| 0\.800 s \| could not be built \| 1\.00 s \| \*\*failed\*\*: counted 99 solutions, not 100 \|/)
  assert.match(md, /\| debruijn-2-5 \(colored\) \| 65,536 \| [^\n]*\| n\/a \(no colors\) \|/)
  assert.match(md, /\| 17-clue \| 49,158 \| 100 \| 60,000\/s \| 40,000\/s \| 37,000\/s \| 100,000\/s \| 30,000\/s \| could not be built \| 20,000\/s \| 50,000\/s \|/)
  assert.match(md, /\| 17-clue \| 0\.60x \| 0\.80x \| 0\.93x \| 0\.67x \| - \(could not be built\) \| 2\.00x \|/)
  assert.match(md, /\| 16x16 \| 60% \| 3\/3 \| 0\.200 s \| 0\.300 s \| 3\/3 \| 0\.500 s \| 0\.800 s \| 3\/3 \| 0\.400 s \| 0\.400 s \| 2\.00x \| 0\.80x \|/)
  assert.match(md, /\| 25x25 \| 58% \| 1\/3 \| > 30 s \| > 30 s \| - \| - \| - \| 3\/3 \| 0\.300 s \| 0\.300 s \| 0\.01x \| - \|/)
  assert.match(md, /\| 14 \| native >= 1\.5x SSXCC \| langford-12 \| not measured \| \*\*not met\*\* \|/)
  assert.match(md, /\| dist\/dlxkit\.wasm \| 40,454 \| 20,267 \| 1\.20 ms \| 0\.40 ms \|/)
  assert.match(md, /\| 17-clue \| 2\.0 MiB \| - \| - \| - \| - \| - \| - \|/) // peak memory: a median; none measured, none shown
  assert.doesNotMatch(md, /reference|QUICK|NaN|undefined/i)
  assert.match(resultsMarkdown({ ...fixedData(), settings: { ...fixedData().settings, quick: true } }), /A short run \(QUICK=1\)/)
})

test('the results chart: every set, instance, program and hard row, as parsable SVG', () => {
  const texts = parseXml(chart(fixedData())).filter((e) => e.name === 'text').map((e) => e.text)
  for (const label of ['17-clue', 'queens-13 (100 solutions)', 'debruijn-2-5 (65,536 solutions)', 'SSXCC', 'DLX2', 'tdoku', 'tdoku.wasm',
    'dlxkit WASM, one solve() each', 'dlxkit WASM, 1/3 solved, median over the 30 s cap', 'CaDiCaL, 3/3 solved', 'dlxkit WASM, 3/3 solved', 'dlxkit native, 3/3 solved', '60k/s', '2 s']) {
    assert.ok(texts.includes(label), `the chart shows "${label}"`)
  }
  assert.ok(!texts.includes('jsolve'), 'a peer that could not be built has no bar')
})

test('the colored instance: its count formula agrees with brute force, its text with Knuth\'s format', () => {
  // every binary string of length 8 whose 8 cyclic windows of 3 are distinct
  let brute = 0
  for (let s = 0; s < 256; s++) {
    const seen = new Set()
    for (let i = 0; i < 8; i++) seen.add([0, 1, 2].map((j) => (s >> ((i + j) % 8)) & 1).join(''))
    if (seen.size === 8) brute++
  }
  assert.equal(deBruijnCount(2, 3), brute)
  assert.equal(deBruijnCount(2, 5), 65536)
  const lines = deBruijn(2, 3).trim().split('\n')
  assert.equal(lines.length, 2 + 64)
  assert.match(lines[1], /^w0 .* p7 \| x0 .* x7$/)
  assert.equal(lines[2 + 8 * 6 + 7], 'w6 p7 x7:1 x0:1 x1:0') // word 110 at position 7 wraps around
  assert.equal(deBruijn(2, 5), deBruijn(2, 5))
})

test('hard puzzles: the same seed gives the same valid grid, the CNF decodes a model back to it', () => {
  for (const size of [16, 25]) {
    const grid = fullGrid(size, 7)
    assert.ok(isSolution(size, new Array(size * size).fill(0), grid))
    assert.deepEqual(fullGrid(size, 7), grid)
    assert.notDeepEqual(fullGrid(size, 8), grid)
  }
  const puzzle = holePuzzle(16, 16001, 0.6)
  assert.equal(puzzle.filter((v) => v === 0).length, Math.round(0.6 * 256))
  const full = fullGrid(16, 16001)
  assert.ok(puzzle.every((v, i) => v === 0 || v === full[i]))
  const { text, decode } = cnf(16, puzzle)
  const [, vars, clauses] = /^p cnf (\d+) (\d+)$/m.exec(text).map(Number)
  assert.equal(text.trim().split('\n').length, 2 + clauses)
  // the full grid's own assignment satisfies every clause and decodes back to it
  const { variable } = cnf(16, puzzle)
  const truth = new Set(puzzle.flatMap((v, cell) => (v ? [] : [variable(cell, full[cell])])))
  assert.equal(truth.size, puzzle.filter((v) => !v).length)
  const body = text.trim().split('\n').slice(2)
  assert.ok(body.every((c) => c.split(' ').map(Number).some((l) => l > 0 ? truth.has(l) : l < 0 && !truth.has(-l))))
  const model = Array.from({ length: vars }, (_, i) => (truth.has(i + 1) ? i + 1 : -(i + 1)))
  assert.deepEqual(decode(readModel(`v ${model.join(' ')} 0`)), full)
  assert.deepEqual(decode(readModel(`v ${model.map((l) => -Math.abs(l)).join(' ')} 0`)), puzzle)
  assert.equal(isSolution(16, puzzle, puzzle), false)
  assert.equal(isSolution(16, puzzle, full), true)
})

test('Chromium renders the chart with every text inside the picture and no label over a bar', async () => {
  const browser = await launchBrowser()
  try {
    const page = await browser.newPage()
    await page.setContent(chart(fixedData()).replace(/^<\?xml[^>]*>\s*/, ''))
    const found = await page.evaluate(() => {
      const svg = document.querySelector('svg')
      const box = svg.getBoundingClientRect()
      const rect = ({ x, y, width, height }) => ({ x, y, width, height }) // an SVGRect's fields are getters, not own properties
      const texts = [...svg.querySelectorAll('text')].map((t) => ({ text: t.textContent, ...rect(t.getBBox()) }))
      const bars = [...svg.querySelectorAll('rect[height="15"]')].map((r) => r.getBBox())
      const labels = [...svg.querySelectorAll('text.label')].map((t) => t.getBBox())
      return { width: box.width, height: box.height, texts, barLeft: Math.min(...bars.map((b) => b.x)), labelRight: Math.max(...labels.map((b) => b.x + b.width)) }
    })
    assert.ok(found.texts.length > 40, `${found.texts.length} texts rendered`)
    for (const t of found.texts) {
      assert.ok(t.width > 0, `"${t.text}" is drawn`)
      assert.ok(t.x >= 0 && t.x + t.width <= found.width && t.y >= 0 && t.y + t.height <= found.height,
        `"${t.text}" lies inside the ${found.width}x${found.height} picture (${t.x}, ${t.y}, ${t.width}x${t.height})`)
    }
    assert.ok(found.labelRight <= found.barLeft, `labels end at ${found.labelRight}, bars start at ${found.barLeft}`)
  } finally {
    await browser.close()
  }
})

test('generation table: seeds generated, median and worst (capped as "> cap"), error codes, sizes not run', async () => {
  const { generationCell, generationTable } = await import('../bench/generation.mjs')
  assert.equal(generationCell([{ seconds: 0.5 }, { seconds: 0.25 }, { capped: true }], 10), '2/3, 0.50 s (worst > 10 s)')
  assert.equal(generationCell([{ error: 'NO_SOLUTION no grid' }, { capped: true }, { capped: true }], 10), '0/3, > 10 s (worst > 10 s); NO_SOLUTION')
  assert.equal(generationCell(null, 10), 'not run')
  const md = generationTable([{ name: 'jigsaw', n: 25, runs: [{ seconds: 1 }] }, { name: 'jigsaw', n: 36, runs: null }])
  assert.match(md, /^\| shape \| 25x25 \| 36x36 \|\n\| --- \| --- \| --- \|\n\| jigsaw \| 1\/1, 1.00 s \(worst 1.00 s\) \| not run \|$/)
  assert.equal(generationTable(undefined), 'Not measured in this run.')
})

test('generation shapes: made-jigsaw asks generate for a map, and its puzzle is checked on that map', async () => {
  const { shapeOptions, generateOne } = await import('../bench/generate-variants.mjs')
  assert.deepEqual(shapeOptions('made-jigsaw+windoku', 16), { size: 16, variant: 'jigsaw+windoku' })
  assert.equal(shapeOptions('jigsaw', 16).jigsaw.length, 256)
  const dist = new URL('../src/js', import.meta.url).pathname
  const r = await generateOne({ dist, name: 'made-jigsaw+windoku', n: 16, seed: 1 })
  assert.equal(r.ok, true)
  assert.ok(r.clues > 0 && r.clues < 256)
})
