// The benchmark's reporting half (bench/svg-chart.mjs, bench/report.mjs) on
// fixed numbers: the chart is well-formed XML with every label, its bars grow
// with the values on a log scale, Chromium renders it with the text inside
// the picture, and the goals are judged right. Nothing here is timed.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import saxes from 'saxes' // an XML parser that exceljs (a devDependency) brings
import { svgChart, escapeXml } from '../bench/svg-chart.mjs'
import { chart, goals, resultsMarkdown, secs, shortRate } from '../bench/report.mjs'
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

/** Measurements in the shape run.mjs collects; `f` scales dlxkit's speed. */
function fixedData (f = 1) {
  const machine = { cpu: 'Test CPU', cores: 2, memoryGiB: 4, os: 'Test OS', node: 'v20', clang: 'clang 14', emcc: 'emcc 3.1.6', load: '0.1', date: '2024-01-01 00:00 UTC' }
  const sudoku = [['17-clue', 49158, 36400], ['top1465', 1465, 9730], ['hardest1106', 375, 1130]].map(([set, n, kudoku]) => ({
    set,
    native: { puzzles: n, perSecond: 2 * kudoku * f, nodesPerPuzzle: 100, peakKiB: 4000, runs: 3 },
    wasm: { puzzles: n, batch: 1.6 * kudoku * f, perCall: 1.5 * kudoku * f, memoryBytes: 720896, peakKiB: 60000, runs: 3 },
    peer: { puzzles: Math.min(n, 5000), of: n, perSecond: kudoku / 5, peakKiB: 55000, runs: 3 }
  }))
  const exactCover = [['queens-13', 73712, 0.5], ['pentomino-6x10', 9356, 16]].map(([name, solutions, peer]) => ({
    name,
    native: { solutions, nodes: 1000, seconds: peer / 4 / f, matrixBytes: 20000, peakKiB: 2000, runs: 3 },
    wasm: { solutions, seconds: peer / 3 / f, memoryBytes: 524288, peakKiB: 51000, runs: 3 },
    peer: { solutions, seconds: peer, peakKiB: 53000, runs: 1 }
  }))
  return {
    machine,
    settings: { runs: 3, budget: 6, peerMax: 5000 },
    module: { bytes: 40454, gzipBytes: 20267, firstLoadMs: 1.2, loadMs: 0.4, peakKiB: 45000 },
    sudoku,
    exactCover
  }
}

test('goals: each row judged against its target', () => {
  const byRow = (data, goal) => Object.fromEntries(goals(data).filter((g) => g.goal.startsWith(goal)).map((g) => [g.row, g]))
  const fast = fixedData(1)
  assert.deepEqual(Object.values(byRow(fast, 'native Sudoku >= 1.5x kudoku')).map((g) => [g.measured, g.met]),
    [['2.00x', true], ['2.00x', true], ['2.00x', true]])
  assert.equal(byRow(fast, 'WASM >= 0.7x native')['Sudoku top1465 (batch)'].measured, '0.80x')
  assert.equal(byRow(fast, 'WASM >= 0.7x native')['pentomino-6x10'].measured, '0.75x')
  assert.equal(byRow(fast, 'WASM >= 5x dancing-links')['Sudoku 17-clue (batch)'].met, true) // 8x
  assert.equal(byRow(fast, 'WASM >= 5x dancing-links')['queens-13'].met, false) // 3x
  assert.equal(byRow(fast, 'pentomino-6x10 WASM within 10 s')['pentomino-6x10'].met, true) // 5.33 s
  assert.equal(byRow(fast, 'pentomino-6x10 WASM >= 2x')['pentomino-6x10'].met, true)

  const slow = fixedData(0.5) // dlxkit at half the speed
  assert.equal(byRow(slow, 'native Sudoku >= 1.5x kudoku').top1465.met, false)
  assert.equal(byRow(slow, 'pentomino-6x10 WASM within 10 s')['pentomino-6x10'].measured, secs(32 / 3))
  assert.equal(byRow(slow, 'pentomino-6x10 WASM within 10 s')['pentomino-6x10'].met, false)
  assert.equal(byRow(slow, 'pentomino-6x10 WASM >= 2x')['pentomino-6x10'].met, false)
})

test('RESULTS.md: the machine, the goals, a row per set and instance, the chart', () => {
  const md = resultsMarkdown(fixedData())
  assert.match(md, /CPU: Test CPU, 2 cores; memory 4 GiB/)
  assert.match(md, /!\[[^\]]*\]\(chart\.svg\)/)
  assert.match(md, /\| 17-clue \| 49,158 \| 100 \| 72,800\/s \| 58,240\/s \| 54,600\/s \| 7,280\/s \(first 5,000\) \| 2\.00x \| 0\.80x \| 8\.00x \|/)
  assert.match(md, /\| pentomino-6x10 \| 9,356 \| 1,000 \| 4\.00 s \| 5\.33 s \| 16\.0 s \| 7\.80 s \| 1\.95x \| 0\.75x \| 3\.00x \| 3 \|/)
  assert.match(md, /\| queens-13 \| [^\n]*\| \*\*not met\*\* \|/)
  assert.match(md, /\| dist\/dlxkit\.wasm \| 40,454 \| 20,267 \| 1\.20 ms \| 0\.40 ms \|/)
  assert.match(md, /only loads the module peaked at\s+45,000 KiB/)
})

test('the results chart: every set, instance and peer, as parsable SVG', () => {
  const texts = parseXml(chart(fixedData())).filter((e) => e.name === 'text').map((e) => e.text)
  for (const label of ['17-clue (49,158 puzzles)', 'hardest1106 (375 puzzles)', 'pentomino-6x10 (9,356 solutions)',
    'kudoku (reference)', 'tdoku (reference)', 'Knuth DLX1 (reference)', 'dancing-links (JS)', 'dlxkit WASM, one call each', '72.8k/s', '4 s']) {
    assert.ok(texts.includes(label), `the chart shows "${label}"`)
  }
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
