// dlxkit's icon, drawn once: a blue tile with a white 3x3 grid and a given
// in the middle cell, on a 32-unit square whose lines fall on whole pixels
// at 16, 32, 48 and 128. iconSvg() is web/icon.svg (the page's favicon;
// tests/web.test.mjs checks they agree); iconPixels() draws the extension's
// PNGs (tools/build-extension.mjs).

const UNITS = 32
const RADIUS = 6
const TILE = [0x3b, 0x5b, 0xdb]
const WHITE = [0xff, 0xff, 0xff]
/** White rectangles [x, y, width, height]: the grid's lines and the given. */
const MARKS = [[10, 3, 2, 26], [20, 3, 2, 26], [3, 10, 26, 2], [3, 20, 26, 2], [14, 14, 4, 4]]

const hex = (rgb) => '#' + rgb.map((v) => v.toString(16).padStart(2, '0')).join('')

export function iconSvg () {
  const path = MARKS.map(([x, y, w, h]) => `M${x} ${y}h${w}v${h}h${-w}z`).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${UNITS} ${UNITS}"><rect width="${UNITS}" height="${UNITS}" rx="${RADIUS}" fill="${hex(TILE)}"/><path d="${path}" fill="${hex(WHITE)}"/></svg>\n`
}

function colorAt (x, y) {
  const dx = Math.max(RADIUS - x, 0, x - (UNITS - RADIUS))
  const dy = Math.max(RADIUS - y, 0, y - (UNITS - RADIUS))
  if (dx * dx + dy * dy > RADIUS * RADIUS) return null
  return MARKS.some(([mx, my, w, h]) => x >= mx && x < mx + w && y >= my && y < my + h) ? WHITE : TILE
}

/** RGBA pixels of the icon at size x size, each the mean of 4x4 samples (the same bytes every time). */
export function iconPixels (size) {
  const out = new Uint8Array(size * size * 4)
  const scale = UNITS / size
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0]
      let hits = 0
      for (let i = 0; i < 16; i++) {
        const c = colorAt((px + ((i % 4) + 0.5) / 4) * scale, (py + (Math.floor(i / 4) + 0.5) / 4) * scale)
        if (!c) continue
        hits++
        for (let k = 0; k < 3; k++) sum[k] += c[k]
      }
      const at = (py * size + px) * 4
      for (let k = 0; k < 3; k++) out[at + k] = hits ? Math.round(sum[k] / hits) : 0
      out[at + 3] = Math.round((hits / 16) * 255)
    }
  }
  return out
}
