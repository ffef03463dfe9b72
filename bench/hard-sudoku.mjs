// Issue 15's hard rows: random-hole Sudoku made by a seeded generator, their
// CNF encoding for a SAT solver, and a checker that trusts neither solver.
// A full grid is a pattern grid (row r, column c of an n x n box shape holds
// (n*(r mod n) + floor(r/n) + c) mod N) shuffled by the seed: symbols, rows
// within bands, bands, columns within stacks, stacks, a transpose. Then a
// fraction of its cells, drawn by the seed, is blanked. Such a puzzle may
// have many solutions: the solvers are asked for one (limit 1).
// Cells are numbers 1..N, 0 for blank, row by row.
import { dimacs, exactlyOne } from './cnf-amo.mjs'

/** A small seeded generator (mulberry32): the same seed, the same numbers. */
export function random (seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function shuffle (list, rand) {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]]
  }
  return list
}

const range = (n) => Array.from({ length: n }, (_, i) => i)

/** Rows (or columns) of an N-grid in a shuffled order that keeps bands (stacks) whole. */
function lineOrder (n, rand) {
  return shuffle(range(n), rand).flatMap((band) => shuffle(range(n), rand).map((r) => band * n + r))
}

/** A full grid of side N = n*n, drawn by `seed`. */
export function fullGrid (size, seed) {
  const n = Math.round(Math.sqrt(size))
  if (n * n !== size) throw new Error(`hard-sudoku: ${size} is not a square side`)
  const rand = random(seed)
  const symbols = shuffle(range(size).map((v) => v + 1), rand)
  const rows = lineOrder(n, rand)
  const cols = lineOrder(n, rand)
  const transpose = rand() < 0.5
  const grid = new Array(size * size)
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const [pr, pc] = transpose ? [cols[c], rows[r]] : [rows[r], cols[c]]
      grid[r * size + c] = symbols[(n * (pr % n) + Math.floor(pr / n) + pc) % size]
    }
  }
  return grid
}

/** A puzzle: the full grid of `seed` with round(blank * N*N) cells, drawn by the seed, emptied. */
export function holePuzzle (size, seed, blank) {
  const cells = fullGrid(size, seed)
  const rand = random(seed ^ 0x9e3779b9)
  const order = shuffle(range(size * size), rand)
  for (const i of order.slice(0, Math.round(blank * size * size))) cells[i] = 0
  return cells
}

/** The units of an N-grid: rows, columns, boxes, each a list of cell numbers. */
export function units (size) {
  const n = Math.round(Math.sqrt(size))
  const rows = range(size).map((r) => range(size).map((c) => r * size + c))
  const cols = range(size).map((c) => range(size).map((r) => r * size + c))
  const boxes = range(size).map((b) => range(size).map((k) => {
    const r = Math.floor(b / n) * n + Math.floor(k / n)
    const c = (b % n) * n + (k % n)
    return r * size + c
  }))
  return [...rows, ...cols, ...boxes]
}

/**
 * The at-most-one encoding of the CNF given to CaDiCaL: the one that made it
 * fastest at the peak of hardness (bench/HARD.md measures it against the
 * others in every run of bench/hard-sweep.mjs).
 */
export const AMO_CHOICE = 'pairwise'

/**
 * DIMACS CNF: a variable for each value an empty cell may still take (none
 * of its row, column or box gives it); each empty cell takes exactly one,
 * each value missing from a unit goes in exactly one of its cells, "at most
 * one" in `amo`'s encoding (bench/cnf-amo.mjs: pairwise, ladder, commander;
 * the ladder's and commander's own variables come after the candidates').
 * Returns { text, decode(model) -> cells, variable(cell, value) (or undefined) }.
 */
export function cnf (size, cells, { amo = AMO_CHOICE } = {}) {
  const all = units(size)
  const unitsOf = range(size * size).map(() => [])
  all.forEach((u, k) => u.forEach((cell) => unitsOf[cell].push(k)))
  const given = all.map((u) => new Set(u.map((cell) => cells[cell]).filter((v) => v)))
  const vars = new Map() // cell * size + (v - 1) -> variable
  const back = [null]
  for (let cell = 0; cell < size * size; cell++) {
    if (cells[cell]) continue
    for (let v = 1; v <= size; v++) {
      if (unitsOf[cell].some((k) => given[k].has(v))) continue
      vars.set(cell * size + v - 1, back.length)
      back.push([cell, v])
    }
  }
  let next = back.length
  const fresh = () => next++
  const clauses = []
  for (let cell = 0; cell < size * size; cell++) {
    if (!cells[cell]) clauses.push(...exactlyOne(range(size).map((v) => vars.get(cell * size + v)).filter(Boolean), amo, fresh))
  }
  all.forEach((u, k) => {
    for (let v = 1; v <= size; v++) {
      if (!given[k].has(v)) clauses.push(...exactlyOne(u.map((cell) => vars.get(cell * size + v - 1)).filter(Boolean), amo, fresh))
    }
  })
  const text = dimacs(`random-hole Sudoku ${size}x${size}, at most one: ${amo} (bench/hard-sudoku.mjs)`, next - 1, clauses)
  const decode = (model) => {
    const out = cells.slice()
    for (const lit of model) if (lit > 0 && back[lit]) out[back[lit][0]] = back[lit][1]
    return out
  }
  return { text, decode, variable: (cell, v) => vars.get(cell * size + v - 1) }
}

/** The puzzle as text: a line of numbers per row, 0 for a blank (what bench/hard_native.c reads). */
export function numbersText (size, cells) {
  return range(size).map((r) => cells.slice(r * size, (r + 1) * size).join(' ')).join('\n') + '\n'
}

/** The cells of a numbers text, row by row. */
export function readNumbers (text) {
  return text.trim().split(/\s+/).map(Number)
}

/** The literals of a SAT solver's "v" lines. */
export function readModel (output) {
  return output.split('\n').filter((l) => l.startsWith('v ')).flatMap((l) => l.slice(2).trim().split(/\s+/).map(Number)).filter((x) => x)
}

/** Whether `solution` completes `puzzle`: every given kept, every unit holds 1..N once. */
export function isSolution (size, puzzle, solution) {
  if (solution.length !== size * size) return false
  if (puzzle.some((v, i) => v && solution[i] !== v)) return false
  return units(size).every((u) => new Set(u.map((cell) => solution[cell])).size === size &&
    u.every((cell) => solution[cell] >= 1 && solution[cell] <= size))
}
