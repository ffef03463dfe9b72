// dancing-links 4.3.10 from npm (the fastest JavaScript DLX we know; a
// devDependency): measures and returns numbers, prints nothing. Run in a
// fresh Node process by run.mjs, like the WASM measurements.
import { readFileSync } from 'node:fs'
import { DancingLinks } from 'dancing-links'
import { bestOf, instanceFile, puzzlesOf, timed, warmUp } from './timing.mjs'

/** One 9x9 puzzle as dancing-links takes it: its own matrix, only the givens' rows. Returns the count up to 2. */
function solvePuzzle (line) {
  const solver = new DancingLinks().createSolver({ columns: 324 })
  const rows = []
  for (let cell = 0; cell < 81; cell++) {
    const r = Math.floor(cell / 9)
    const c = cell % 9
    const b = Math.floor(r / 3) * 3 + Math.floor(c / 3)
    const given = line.charCodeAt(cell) - 48
    for (let d = 0; d < 9; d++) {
      if (given >= 1 && given <= 9 && d !== given - 1) continue
      rows.push({ data: cell * 9 + d, columnIndices: [cell, 81 + r * 9 + d, 162 + c * 9 + d, 243 + b * 9 + d] })
    }
  }
  solver.addSparseConstraints(rows)
  return solver.find(2).length
}

/** The first `max` puzzles of a set (it is slow), best of `runs`: { puzzles, of, perSecond, runs }. */
export function sudoku (set, { runs = 3, budget = 6, max = 5000 } = {}) {
  const all = puzzlesOf(set)
  const some = all.slice(0, max)
  const solveAll = () => {
    for (const p of some) if (solvePuzzle(p) !== 1) throw new Error(`dancing-links: not unique: ${p}`)
  }
  warmUp(solveAll)
  const best = bestOf(runs, budget, () => timed(solveAll))
  return { puzzles: some.length, of: all.length, perSecond: some.length / best.seconds, runs: best.runs }
}

/** A DLX file as dancing-links takes it: primary and secondary columns (it has no colors). */
function buildSolver (text) {
  const lines = text.split('\n').filter((l) => l.trim() && !l.trimStart().startsWith('|'))
  const [prim, sec = ''] = lines[0].split('|')
  const p = prim.trim().split(/\s+/)
  const s = sec.trim() ? sec.trim().split(/\s+/) : []
  const index = new Map([...p, ...s].map((n, i) => [n, i]))
  const solver = new DancingLinks().createSolver({ primaryColumns: p.length, secondaryColumns: s.length })
  for (const line of lines.slice(1)) {
    const items = line.trim().split(/\s+/).map((n) => {
      if (n.includes(':')) throw new Error(`dancing-links has no colors (${n})`)
      return index.get(n)
    })
    solver.addSparseConstraint(null, {
      primary: items.filter((i) => i < p.length),
      secondary: items.filter((i) => i >= p.length).map((i) => i - p.length)
    })
  }
  return solver
}

/** All solutions of one instance, counted through its generator (building apart): { solutions, seconds, runs }. */
export function exactCover (name, { runs = 3, budget = 6 } = {}) {
  const text = readFileSync(instanceFile(name), 'utf8')
  return bestOf(runs, budget, () => {
    const solver = buildSolver(text)
    const { value, seconds } = timed(() => {
      let n = 0
      for (const _ of solver.createGenerator()) n++ // eslint-disable-line no-unused-vars
      return n
    })
    return { solutions: value, seconds }
  })
}
