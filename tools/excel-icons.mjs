// Draw the Excel add-in's icons (web/excel/icon-SIZE.png): a blue rounded
// square with a 3x3 board, three cells filled on different rows and columns
// (an exact cover in small). Drawn here, anti-aliased by 4x4 supersampling,
// and written as PNG with node:zlib, so no image tool is needed.
// `node tools/excel-icons.mjs` rewrites them; tests/excel-addin.test.mjs
// checks the committed files show what render() draws.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { encodePng } from './png.mjs'

export const SIZES = [16, 32, 64, 80, 128]
const BLUE = [0x3b, 0x5b, 0xdb]
const WHITE = [255, 255, 255]
const FILLED = [[0, 0], [1, 2], [2, 1]] // [row, col] of the board's filled cells
const SAMPLES = 4

/** The colour at (x, y) in units of the icon (0..1), or null outside it. */
function colourAt (x, y) {
  const r = 0.19 // corner radius
  const cx = Math.min(Math.max(x, r), 1 - r)
  const cy = Math.min(Math.max(y, r), 1 - r)
  if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return null
  const lo = 0.18
  const cell = (1 - 2 * lo) / 3
  if (x < lo || x > 1 - lo || y < lo || y > 1 - lo) return BLUE
  const u = (x - lo) / cell
  const v = (y - lo) / cell
  const line = 0.07 // half the width of a board line, in cells
  if (Math.abs(u - Math.round(u)) < line || Math.abs(v - Math.round(v)) < line) return WHITE
  const col = Math.min(2, Math.floor(u))
  const row = Math.min(2, Math.floor(v))
  return FILLED.some(([fr, fc]) => fr === row && fc === col) ? WHITE : BLUE
}

/** RGBA pixels (straight alpha) of the icon at `size` x `size`. */
export function render (size) {
  const px = new Uint8Array(size * size * 4)
  for (let py = 0; py < size; py++) {
    for (let pxi = 0; pxi < size; pxi++) {
      const sum = [0, 0, 0]
      let hits = 0
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const c = colourAt((pxi + (sx + 0.5) / SAMPLES) / size, (py + (sy + 0.5) / SAMPLES) / size)
          if (!c) continue
          hits++
          for (let k = 0; k < 3; k++) sum[k] += c[k]
        }
      }
      const o = (py * size + pxi) * 4
      for (let k = 0; k < 3; k++) px[o + k] = hits ? Math.round(sum[k] / hits) : 0
      px[o + 3] = Math.round(255 * hits / (SAMPLES * SAMPLES))
    }
  }
  return px
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const size of SIZES) writeFileSync(new URL(`../web/excel/icon-${size}.png`, import.meta.url), encodePng(render(size), size))
}
