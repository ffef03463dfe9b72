// The generator's CPU time on the shapes issue 15 names (windoku up to
// 64x64, rectangular windoku, X + windoku, 25x25 jigsaw), seed by seed, each
// result checked: every row, column, box and window holds each digit once,
// and the puzzle has one solution. In-process CPU time (the module runs on
// one thread). Run: node bench/generate-windoku.mjs [seeds] [shape names...]
import { load } from '../src/js/dlxkit.mjs'
import { jigsawMap, unitsOf } from '../tests/grid-units.mjs'

const dlx = await load()
const seeds = Number(process.argv[2] || 3)
const only = process.argv.slice(3)

/** The shape's units (tests/grid-units.mjs: written apart from the library). */
const units = (n, br, bc, { windoku, x, jigsaw, opts }) => unitsOf(n, { boxRows: br, boxCols: bc, jigsaw: jigsaw ? opts.jigsaw : null, windoku, x })

const shapes = []
for (const [n, br, bc] of [[25, 5, 5], [36, 6, 6], [49, 7, 7], [64, 8, 8], [20, 4, 5], [30, 5, 6], [42, 6, 7], [56, 7, 8],
  [6, 2, 3], [8, 2, 4], [9, 3, 3], [10, 2, 5], [12, 3, 4], [12, 2, 6], [14, 2, 7], [15, 3, 5], [16, 4, 4], [16, 2, 8]]) {
  shapes.push({ name: `${n}x${n} windoku (${br}x${bc})`, opts: { size: n, boxRows: br, boxCols: bc, variant: 'windoku' }, n, br, bc, windoku: true })
}
for (const [n, br, bc] of [[9, 3, 3], [12, 3, 4], [16, 4, 4]]) {
  shapes.push({ name: `${n}x${n} X+windoku (${br}x${bc})`, opts: { size: n, boxRows: br, boxCols: bc, variant: 'x+windoku' }, n, br, bc, windoku: true, x: true })
}
shapes.push({ name: '25x25 jigsaw', opts: { size: 25, jigsaw: jigsawMap(25, 5, 50) }, n: 25, br: 5, bc: 5, jigsaw: true })
shapes.push({ name: '25x25 X+windoku (5M nodes cap)', opts: { size: 25, variant: 'x+windoku', maxNodes: 5e6 }, n: 25, br: 5, bc: 5, windoku: true, x: true })

for (const sh of shapes) {
  if (only.length && !only.some((w) => sh.name.startsWith(w))) continue
  const times = []
  let fails = 0
  const grids = new Set()
  for (let seed = 1; seed <= seeds; seed++) {
    const t = process.cpuUsage()
    let g
    try {
      g = dlx.sudoku.generate({ ...sh.opts, seed, format: 'array' })
    } catch (e) {
      fails++
      times.push(cpu(t))
      console.log(`  ${sh.name} seed ${seed}: ${e.code} ${e.message}`)
      continue
    }
    times.push(cpu(t))
    const grid = g.solution.flat()
    for (const unit of units(sh.n, sh.br, sh.bc, sh)) if (new Set(unit.map((c) => grid[c])).size !== sh.n) throw new Error(`${sh.name} seed ${seed}: a unit misses a digit`)
    if (dlx.sudoku.count(g.puzzle, { ...sh.opts, limit: 2 }) !== 1) throw new Error(`${sh.name} seed ${seed}: not unique`)
    grids.add(String(grid))
  }
  const sorted = [...times].sort((a, b) => a - b)
  console.log(`${sh.name}: ${seeds - fails}/${seeds} generated, ${grids.size} distinct grids, CPU s median ${sorted[sorted.length >> 1].toFixed(2)}, max ${sorted.at(-1).toFixed(2)}`)
}

function cpu (t) {
  const d = process.cpuUsage(t)
  return (d.user + d.system) / 1e6
}
