// An edge-matching puzzle (MacMahon/Eternity style) as exact cover with
// colors, for the engine's colored instance: node tests/c/edge-matching.mjs
// SIZE COLORS SEED > file.dlx. Tiles are cut from a random board whose
// border edges are gray; every tile must be placed, turned any way, so that
// touching edges agree. Primary items: tiles t<k> and cells c<r>_<c>;
// secondary items: inner edges h<r>_<c> (right of a cell) and v<r>_<c>
// (below it), colored by the tiles on both sides.
const [size, colors, seed] = process.argv.slice(2).map(Number)
if (!(size >= 2 && colors >= 1 && seed >= 0)) {
  console.error('usage: node edge-matching.mjs SIZE COLORS SEED')
  process.exit(2)
}
let s = seed >>> 0 || 1
const random = (n) => { // xorshift32: the same file for the same arguments
  s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0
  return s % n
}
const n = size
// edge colors: 0 gray (border), 1..colors inside
const right = [], down = []
for (let r = 0; r < n; r++) {
  right.push([]); down.push([])
  for (let c = 0; c < n; c++) {
    right[r].push(c < n - 1 ? 1 + random(colors) : 0)
    down[r].push(r < n - 1 ? 1 + random(colors) : 0)
  }
}
// a tile: [top, right, bottom, left]
const tiles = []
for (let r = 0; r < n; r++)
  for (let c = 0; c < n; c++)
    tiles.push([r ? down[r - 1][c] : 0, right[r][c], down[r][c], c ? right[r][c - 1] : 0])
const items = tiles.map((_, t) => `t${t}`)
for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) items.push(`c${r}_${c}`)
const second = []
for (let r = 0; r < n; r++)
  for (let c = 0; c < n; c++) {
    if (c < n - 1) second.push(`h${r}_${c}`)
    if (r < n - 1) second.push(`v${r}_${c}`)
  }
const lines = [`| edge matching ${n}x${n}, ${colors} colors, seed ${seed} (tests/c/edge-matching.mjs)`,
  `${items.join(' ')} | ${second.join(' ')}`]
tiles.forEach((tile, t) => {
  const seen = new Set()
  for (let turn = 0; turn < 4; turn++) {
    const [top, rt, bot, lf] = [0, 1, 2, 3].map((k) => tile[(k + 4 - turn) % 4])
    const key = [top, rt, bot, lf].join()
    if (seen.has(key)) continue // a symmetric tile: one option per distinct turn
    seen.add(key)
    for (let r = 0; r < n; r++)
      for (let c = 0; c < n; c++) {
        // gray exactly on the border
        if ((top === 0) !== (r === 0) || (bot === 0) !== (r === n - 1)) continue
        if ((lf === 0) !== (c === 0) || (rt === 0) !== (c === n - 1)) continue
        const opt = [`t${t}`, `c${r}_${c}`]
        if (c < n - 1) opt.push(`h${r}_${c}:${rt}`)
        if (c > 0) opt.push(`h${r}_${c - 1}:${lf}`)
        if (r < n - 1) opt.push(`v${r}_${c}:${bot}`)
        if (r > 0) opt.push(`v${r - 1}_${c}:${top}`)
        lines.push(opt.join(' '))
      }
  }
})
console.log(lines.join('\n'))
