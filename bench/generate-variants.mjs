// The generator on every combination of variants the API takes (X,
// windoku, jigsaw, extra regions) at 25x25 to 64x64, seed by seed, each in
// a fresh process under a CPU cap, each result checked (every unit holds
// every digit, one solution). CPU seconds of the generate call alone.
//   node bench/generate-variants.mjs [seeds] [cap s] [library dir] [shape names...]
// (library dir: another build to compare, e.g. a copy of src/js/ from before
// with its ../../dist/.)
import { fileURLToPath } from 'node:url'
import { resolve } from 'node:path'
import { inChild } from './proc.mjs'
import { disjointGroups, jigsawMap, unitsOf } from '../tests/grid-units.mjs'

/**
 * The generate options of a shape name ('x+windoku', 'jigsaw+x', 'groups',
 * ...) at size n; 'made-jigsaw' asks generate to make the map (variant
 * 'jigsaw' without one).
 */
export function shapeOptions (name, n) {
  const b = Math.round(Math.sqrt(n))
  const parts = name.split('+')
  const variant = parts.flatMap((p) => p === 'x' || p === 'windoku' ? [p] : p === 'made-jigsaw' ? ['jigsaw'] : []).join('+')
  const opts = { size: n }
  if (variant) opts.variant = variant
  // A trade a piece: 25x25 jigsaws of 100 trades and 36x36 of 144 have grids
  // that cadical took 3.6 and over 60 s to find (bench/fill-cnf.mjs).
  if (parts.includes('jigsaw')) opts.jigsaw = jigsawMap(n, b, n)
  // twice the trades: further from the boxes, where a fitted pattern grid
  // helps less (docs/notes/JIGSAW.md, session 46)
  if (parts.includes('jigsaw-2n')) opts.jigsaw = jigsawMap(n, b, 2 * n)
  if (parts.includes('groups')) opts.regions = disjointGroups(n, b, b)
  return opts
}

/** Child side: one generation, timed and checked. */
export async function generateOne ({ dist, name, n, seed }) {
  const { load } = await import(resolve(dist, 'dlxkit.mjs'))
  const dlx = await load()
  const opts = shapeOptions(name, n)
  const t = process.cpuUsage()
  let g
  try {
    g = dlx.sudoku.generate({ ...opts, seed, format: 'array' })
  } catch (e) {
    const d = process.cpuUsage(t)
    return { ok: false, seconds: (d.user + d.system) / 1e6, error: `${e.code} ${e.message}` }
  }
  const d = process.cpuUsage(t)
  const grid = g.solution.flat()
  const map = g.jigsaw ?? opts.jigsaw // a made map comes with the puzzle
  const units = unitsOf(n, { jigsaw: map?.flat() ?? null, windoku: name.includes('windoku'), x: name.split('+').includes('x') })
  if (opts.regions) units.push(...opts.regions)
  for (const unit of units) if (new Set(unit.map((c) => grid[c])).size !== n) throw new Error(`${name} ${n} seed ${seed}: a unit misses a digit`)
  const shape = g.jigsaw ? { ...opts, variant: opts.variant.split('+').filter((v) => v !== 'jigsaw'), jigsaw: g.jigsaw } : opts
  if (dlx.sudoku.count(g.puzzle, { ...shape, limit: 2 }) !== 1) throw new Error(`${name} ${n} seed ${seed}: not unique`)
  return { ok: true, seconds: (d.user + d.system) / 1e6, clues: g.clues }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const seeds = Number(process.argv[2] || 3)
  const cap = Number(process.argv[3] || 30)
  const dist = resolve(process.argv[4] || fileURLToPath(new URL('../src/js', import.meta.url)))
  const only = process.argv.slice(5)
  const names = ['plain', 'x', 'windoku', 'x+windoku', 'jigsaw', 'jigsaw+x', 'jigsaw+windoku', 'groups', 'made-jigsaw', 'made-jigsaw+windoku']
  for (const name of names) {
    if (only.length && !only.includes(name)) continue
    for (const n of [25, 36, 49, 64]) {
      const times = []
      let fails = 0
      for (let seed = 1; seed <= seeds; seed++) {
        const r = inChild('generate-variants.mjs', 'generateOne', { dist, name, n, seed }, undefined, { cap })
        if (r.capped || !r.ok) fails++
        times.push(r.capped ? Infinity : r.seconds)
        if (!r.ok) console.log(`  ${name} ${n} seed ${seed}: ${r.capped ? `capped at ${cap} s` : r.error}`)
      }
      const sorted = [...times].sort((a, b) => a - b)
      console.log(`${name} ${n}x${n}: ${seeds - fails}/${seeds}, CPU s median ${sorted[sorted.length >> 1].toFixed(2)}, worst ${sorted.at(-1).toFixed(2)}`)
    }
  }
}
