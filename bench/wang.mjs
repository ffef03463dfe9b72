// Wang tilings as XCC in DLX text (Knuth's format), for the memo family
// (bench/memo-rows.mjs): a rows x cols board of square tiles, each of
// `types` kinds with a color on each edge (N E S W, of `colors` letters,
// drawn from a fixed seed), any kind any number of times; two neighbours
// must agree on their shared edge. Primary items: the cells, column by
// column (a short frontier); secondary items: the inner edges, colored.
// The border is free. Colors do all the work: a state of the memoized
// count is the cells covered and the colors of the frontier's edges.
//   node bench/wang.mjs ROWS COLS TYPES COLORS [SEED] > file.dlx
import { pathToFileURL } from 'node:url'

/** The tiles: `types` rows of [N, E, S, W] letters, from xorshift32 on `seed`. */
export function tiles (types, colors, seed = 1) {
  let s = seed >>> 0 || 1
  const next = () => {
    s ^= s << 13, s >>>= 0, s ^= s >>> 17, s ^= s << 5, s >>>= 0
    return String.fromCharCode(97 + (s % colors))
  }
  return Array.from({ length: types }, () => [next(), next(), next(), next()])
}

/** Knuth's DLX text of the Wang tilings of a rows x cols board. */
export function wang (rows, cols, types, colors, seed = 1) {
  const cell = (r, c) => `${r}.${c}`, across = (r, c) => `h${r}.${c}`, down = (r, c) => `v${r}.${c}`
  const cells = [], edges = []
  for (let c = 0; c < cols; c++) for (let r = 0; r < rows; r++) cells.push(cell(r, c))
  for (let c = 0; c < cols; c++) {
    for (let r = 0; r < rows; r++) {
      if (c + 1 < cols) edges.push(across(r, c))
      if (r + 1 < rows) edges.push(down(r, c))
    }
  }
  const lines = [`| Wang tilings ${rows}x${cols}, ${types} tiles of ${colors} colors, seed ${seed} (bench/wang.mjs)`, `${cells.join(' ')} | ${edges.join(' ')}`]
  const kinds = tiles(types, colors, seed)
  for (let c = 0; c < cols; c++) {
    for (let r = 0; r < rows; r++) {
      for (const [n, e, s, w] of kinds) {
        const it = [cell(r, c)]
        if (r > 0) it.push(`${down(r - 1, c)}:${n}`)
        if (c + 1 < cols) it.push(`${across(r, c)}:${e}`)
        if (r + 1 < rows) it.push(`${down(r, c)}:${s}`)
        if (c > 0) it.push(`${across(r, c - 1)}:${w}`)
        lines.push(it.join(' '))
      }
    }
  }
  return lines.join('\n') + '\n'
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [rows, cols, types, colors, seed] = process.argv.slice(2).map(Number)
  process.stdout.write(wang(rows, cols, types, colors, seed || 1))
}
