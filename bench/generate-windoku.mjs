// The generator's CPU time on the shapes issue 15 names (windoku up to
// 64x64, rectangular windoku, X + windoku, 25x25 jigsaw), seed by seed, each
// result checked: every row, column, box and window holds each digit once,
// and the puzzle has one solution. In-process CPU time (the module runs on
// one thread). Run: node bench/generate-windoku.mjs [seeds] [shape names...]
import { load } from '../dist/dlxkit.mjs'

const dlx = await load()
const seeds = Number(process.argv[2] || 3)
const only = process.argv.slice(3)

function windows (n, br, bc) {
  const units = []
  for (let r0 = 1; r0 + br <= n; r0 += br + 1) {
    for (let c0 = 1; c0 + bc <= n; c0 += bc + 1) units.push(Array.from({ length: n }, (_, k) => (r0 + Math.floor(k / bc)) * n + c0 + (k % bc)))
  }
  return units
}

/** A 25x25 jigsaw map: the 5x5 boxes with neighbouring cells swapped (each piece keeps 25 cells). */
function jigsawMap (n = 25, b = 5, swaps = 400) {
  const map = Array.from({ length: n * n }, (_, c) => Math.floor(c / n / b) * b + Math.floor((c % n) / b))
  let s = 42
  const random = () => { s = (s * 1103515245 + 12345) % 2147483648; return s }
  for (let k = 0; k < swaps; k++) {
    const a = random() % (n * n)
    const other = random() % 2 ? a + 1 : a + n
    if (other >= n * n || (other === a + 1 && other % n === 0)) continue
    ;[map[a], map[other]] = [map[other], map[a]]
  }
  return map
}

function units (n, br, bc, { windoku, x, jigsaw, opts }) {
  const list = []
  for (let u = 0; u < n; u++) {
    list.push(Array.from({ length: n }, (_, k) => u * n + k), Array.from({ length: n }, (_, k) => k * n + u))
    const r0 = Math.floor(u / br) * br, c0 = (u % br) * bc
    if (jigsaw) list.push(opts.jigsaw.flatMap((piece, c) => piece === u ? [c] : []))
    else list.push(Array.from({ length: n }, (_, k) => (r0 + Math.floor(k / bc)) * n + c0 + (k % bc)))
  }
  if (windoku) list.push(...windows(n, br, bc))
  if (x) list.push(Array.from({ length: n }, (_, k) => k * n + k), Array.from({ length: n }, (_, k) => k * n + n - 1 - k))
  return list
}

const shapes = []
for (const [n, br, bc] of [[25, 5, 5], [36, 6, 6], [49, 7, 7], [64, 8, 8], [20, 4, 5], [30, 5, 6], [42, 6, 7], [56, 7, 8],
  [6, 2, 3], [8, 2, 4], [9, 3, 3], [10, 2, 5], [12, 3, 4], [12, 2, 6], [14, 2, 7], [15, 3, 5], [16, 4, 4], [16, 2, 8]]) {
  shapes.push({ name: `${n}x${n} windoku (${br}x${bc})`, opts: { size: n, boxRows: br, boxCols: bc, variant: 'windoku' }, n, br, bc, windoku: true })
}
for (const [n, br, bc] of [[9, 3, 3], [12, 3, 4], [16, 4, 4]]) {
  shapes.push({ name: `${n}x${n} X+windoku (${br}x${bc})`, opts: { size: n, boxRows: br, boxCols: bc, variant: 'x+windoku' }, n, br, bc, windoku: true, x: true })
}
shapes.push({ name: '25x25 jigsaw', opts: { size: 25, jigsaw: jigsawMap() }, n: 25, br: 5, bc: 5, jigsaw: true })
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
