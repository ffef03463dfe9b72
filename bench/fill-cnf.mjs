// Whether a shape of bench/generate-variants.mjs has a complete grid at all,
// and how fast a SAT solver finds one: the empty grid as DIMACS CNF (each
// cell one digit, each unit each digit once; "at most one" by a ladder,
// bench/cnf-amo.mjs, so a 64x64 stays a few million clauses), run through a solver
// (default: Debian's cadical) under a CPU cap, its grid checked.
//   node bench/fill-cnf.mjs [cap s] [solver] [shape names...]
//   node bench/fill-cnf.mjs --map SHAPE N > MAP   (bench/fill_native.c's input)
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { unitsOf } from '../tests/grid-units.mjs'
import { dimacs, exactlyOne } from './cnf-amo.mjs'
import { shapeOptions } from './generate-variants.mjs'

/** The units of a shape name at size n, as cell lists. */
export function shapeUnits (name, n) {
  const opts = shapeOptions(name, n)
  const parts = name.split('+')
  const units = unitsOf(n, { jigsaw: opts.jigsaw ?? null, windoku: parts.includes('windoku'), x: parts.includes('x') })
  if (opts.regions) units.push(...opts.regions)
  return units
}

/** CNF text of the empty grid with these units; variable (cell, digit d in 0..n-1) is cell * n + d + 1. */
export function fillCnf (n, units) {
  let next = n * n * n + 1
  const fresh = () => next++
  const clauses = []
  const v = (cell, d) => cell * n + d + 1
  const digits = Array.from({ length: n }, (_, d) => d)
  for (let cell = 0; cell < n * n; cell++) clauses.push(...exactlyOne(digits.map((d) => v(cell, d)), 'ladder', fresh))
  for (const unit of units) for (let d = 0; d < n; d++) clauses.push(...exactlyOne(unit.map((cell) => v(cell, d)), 'ladder', fresh))
  return dimacs(`empty ${n}x${n} grid (bench/fill-cnf.mjs)`, next - 1, clauses)
}

/** Run the solver on a shape: { status: 'SAT' | 'UNSAT' | 'capped', seconds (CPU, user + sys) }. */
export function solveShape (name, n, cap, solver = 'cadical') {
  const units = shapeUnits(name, n)
  const dir = mkdtempSync(join(tmpdir(), 'fill-cnf-'))
  const file = join(dir, 'f.cnf')
  writeFileSync(file, fillCnf(n, units))
  const r = spawnSync('bash', ['-c', `ulimit -t ${cap}; exec /usr/bin/time -f '%U %S' ${solver} -q ${file}`], { encoding: 'utf8', maxBuffer: 1 << 30 })
  rmSync(dir, { recursive: true })
  const times = r.stderr.trim().split('\n').at(-1).split(' ').map(Number)
  const seconds = times[0] + times[1]
  if (/^s UNSATISFIABLE/m.test(r.stdout)) return { status: 'UNSAT', seconds }
  if (!/^s SATISFIABLE/m.test(r.stdout)) return { status: 'capped', seconds }
  const grid = new Array(n * n).fill(0)
  for (const line of r.stdout.split('\n')) {
    if (!line.startsWith('v ')) continue
    for (const lit of line.slice(2).trim().split(/\s+/).map(Number)) {
      if (lit > 0 && lit <= n * n * n) grid[Math.floor((lit - 1) / n)] = ((lit - 1) % n) + 1
    }
  }
  for (const unit of units) if (new Set(unit.map((c) => grid[c])).size !== n) throw new Error(`${name} ${n}: the solver's grid breaks a unit`)
  return { status: 'SAT', seconds }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--map') { // the map file of bench/fill_native.c: N windoku x, then N*N pieces (-1: boxes)
    const [name, n] = [process.argv[3], Number(process.argv[4])]
    const opts = shapeOptions(name, n), parts = name.split('+')
    console.log(`${n} ${+parts.includes('windoku')} ${+parts.includes('x')}\n${(opts.jigsaw ?? new Array(n * n).fill(-1)).join(' ')}`)
    process.exit(0)
  }
  const cap = Number(process.argv[2] || 60)
  const solver = process.argv[3] || 'cadical'
  const names = process.argv.slice(4).length ? process.argv.slice(4) : ['jigsaw', 'jigsaw+x', 'jigsaw+windoku']
  for (const name of names) {
    for (const n of [25, 36, 49, 64]) {
      const r = solveShape(name, n, cap, solver)
      console.log(`${name} ${n}x${n}: ${r.status}, ${r.seconds.toFixed(2)} CPU s`)
    }
  }
}
