// A small horizontal bar chart in SVG, on a log scale, with no dependency:
// panels of groups of bars, a label left of each bar and its value right of
// it, a grid line at every power of ten, and a legend of the series.
//
//   svgChart({ title, note, series: [{ id, label, color }],
//              panels: [{ title, format, groups: [{ label, bars: [{ series, label, value }] }] }] })
//
// Text widths are estimated (no font metrics here): FONT px per character
// times CHAR, generous for the sans-serif fonts browsers pick.

const FONT = 12
const CHAR = 0.62
const PAD = 16
const BAR = 15
const GAP = 4
const GROUP_HEAD = 22
const PANEL_HEAD = 30
const AXIS = 22
const VALUE_ROOM = 80

/** Text safe inside an SVG element or a quoted attribute. */
export function escapeXml (text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c])
}

const textWidth = (text, size = FONT) => String(text).length * size * CHAR
const round = (x) => Math.round(x * 10) / 10

/** The powers of ten around the values: [lowest, highest] exponent. */
function decades (values) {
  const positive = values.filter((v) => v > 0)
  if (!positive.length) throw new Error('svgChart: a panel needs at least one positive value (log scale)')
  let lo = Math.floor(Math.log10(Math.min(...positive)))
  let hi = Math.ceil(Math.log10(Math.max(...positive)))
  if (hi === lo) hi++
  // bars of the smallest value stay visible: at least two decades, and
  // room below a value that sits just above a power of ten
  if (hi - lo < 2 || Math.min(...positive) / 10 ** lo < 2) lo--
  return [lo, hi]
}

function panelSvg (panel, seriesById, top, left, right) {
  const bars = panel.groups.flatMap((g) => g.bars)
  for (const b of bars) {
    if (!seriesById.has(b.series)) throw new Error(`svgChart: bar "${b.label}" has an unknown series "${b.series}"`)
    if (!(Number.isFinite(b.value) && b.value > 0)) throw new Error(`svgChart: bar "${b.label}" needs a positive value (got ${b.value})`)
  }
  const [lo, hi] = decades(bars.map((b) => b.value))
  const x = (v) => left + (Math.log10(v) - lo) / (hi - lo) * (right - left)
  const format = panel.format ?? ((v) => String(v))
  const out = []
  let y = top
  out.push(`<text x="${PAD}" y="${y + 18}" class="panel">${escapeXml(panel.title)}</text>`)
  y += PANEL_HEAD
  const gridTop = y
  for (const group of panel.groups) {
    out.push(`<text x="${PAD}" y="${y + 15}" class="group">${escapeXml(group.label)}</text>`)
    y += GROUP_HEAD
    for (const bar of group.bars) {
      const s = seriesById.get(bar.series)
      const end = x(bar.value)
      out.push(`<g><title>${escapeXml(`${bar.label}: ${format(bar.value)}`)}</title>` +
        `<text x="${left - 6}" y="${round(y + BAR - 3.5)}" class="label">${escapeXml(bar.label)}</text>` +
        `<rect x="${round(left)}" y="${y}" width="${Math.max(1, round(end - left))}" height="${BAR}" fill="${escapeXml(s.color)}"/>` +
        `<text x="${round(end + 5)}" y="${round(y + BAR - 3.5)}" class="value">${escapeXml(format(bar.value))}</text></g>`)
      y += BAR + GAP
    }
  }
  const gridBottom = y
  const grid = []
  for (let e = lo; e <= hi; e++) {
    const gx = round(x(10 ** e))
    grid.push(`<line x1="${gx}" y1="${gridTop}" x2="${gx}" y2="${gridBottom}" class="grid"/>`)
    grid.push(`<text x="${gx}" y="${gridBottom + 15}" class="tick">${escapeXml(format(10 ** e))}</text>`)
  }
  return { svg: [...grid, ...out].join('\n'), bottom: gridBottom + AXIS }
}

export function svgChart ({ title, note = '', series, panels, width = 800 }) {
  const seriesById = new Map(series.map((s) => [s.id, s]))
  const labels = panels.flatMap((p) => p.groups.flatMap((g) => g.bars.map((b) => b.label)))
  const left = PAD + Math.max(...labels.map((l) => textWidth(l))) + 12
  const right = width - PAD - VALUE_ROOM
  if (right - left < 100) throw new Error('svgChart: the labels leave no room for the bars; widen the chart')
  const body = []
  let y = PAD
  body.push(`<text x="${PAD}" y="${y + 16}" class="title">${escapeXml(title)}</text>`)
  y += 26
  if (note) {
    body.push(`<text x="${PAD}" y="${y + 12}" class="note">${escapeXml(note)}</text>`)
    y += 20
  }
  for (const panel of panels) {
    const p = panelSvg(panel, seriesById, y, left, right)
    body.push(p.svg)
    y = p.bottom + 8
  }
  // the legend, wrapped to the width
  let lx = PAD
  y += 4
  for (const s of series) {
    const w = 18 + textWidth(s.label) + 18
    if (lx + w > width - PAD) {
      lx = PAD
      y += 20
    }
    body.push(`<rect x="${lx}" y="${y}" width="12" height="12" fill="${escapeXml(s.color)}"/>` +
      `<text x="${lx + 17}" y="${y + 10.5}" class="legend">${escapeXml(s.label)}</text>`)
    lx += w
  }
  const height = Math.ceil(y + 12 + PAD)
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">
<style>
text { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; font-size: ${FONT}px; fill: #1f2328; }
.title { font-size: 16px; font-weight: 600; }
.panel { font-size: 14px; font-weight: 600; }
.group { font-weight: 600; }
.note, .tick { fill: #59636e; font-size: 11px; }
.label { text-anchor: end; }
.tick { text-anchor: middle; }
.grid { stroke: #d1d9e0; stroke-width: 1; }
</style>
<rect width="100%" height="100%" fill="#ffffff"/>
${body.join('\n')}
</svg>
`
}
