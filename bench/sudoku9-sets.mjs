// Issue 30's families of 9x9 sets, made by dlxkit's own generator from named
// seeds (bench/sudoku9-run.mjs caches them in build/sudoku9/), each puzzle
// with its count of solutions capped at 2 (0, 1 or 2), which every program of
// the bench must then agree with:
//   minimal  every clue needed: generate({ minimal: true }), each puzzle
//            checked clue by clue (and made minimal here if it were not)
//   easy     generate({ difficulty: 'easy' }): the easy level's techniques suffice
//   many     a minimal puzzle with clues taken away until it has at least a
//            drawn number of solutions (2 to thousands)
//   invalid  no solution: a unique puzzle with one clue changed to a digit
//            its row, column and box allow, so that only search tells
//   clash    no solution, a rule broken outright: a unique puzzle with an
//            empty cell given a digit that its row, column or box has
// Pure functions of a loaded dlxkit (`dlx`): no files, no timing.
import { random } from './hard-sudoku.mjs'

/**
 * The families, their sizes and first seeds: one place, named in
 * bench/SUDOKU9.md. 10,000 minimal puzzles is issue 30's number; the others
 * keep the whole making under a minute of CPU (a measurement repeats whole
 * passes until its CPU seconds are spent, so a set need not last that long).
 */
export const FAMILIES = [
  { name: 'minimal', puzzles: 10000, seed: 1 },
  { name: 'easy', puzzles: 5000, seed: 100001 },
  { name: 'many', puzzles: 4000, seed: 200001, most: 5000 },
  { name: 'invalid', puzzles: 5000, seed: 300001 },
  { name: 'clash', puzzles: 2000, seed: 400001 }
]

const MAKERS = { minimal: minimalPuzzle, easy: easyPuzzle, many: manyPuzzle, invalid: invalidPuzzle, clash: clashPuzzle }

/** One family's puzzles: { puzzles, counts (a string of '0'/'1'/'2', one per puzzle), madeMinimal, solutions }. */
export function makeFamily (dlx, family, puzzles = family.puzzles) {
  const made = { puzzles: [], counts: '', madeMinimal: 0, solutions: [] }
  for (let i = 0; i < puzzles; i++) {
    const p = MAKERS[family.name](dlx, family, family.seed + i)
    made.puzzles.push(p.puzzle)
    made.counts += String(p.count)
    if (p.madeMinimal) made.madeMinimal++
    if (p.solutions !== undefined) made.solutions.push(p.solutions)
  }
  return made
}

/** Solutions of a line puzzle capped at 2: 0 when it breaks a rule. */
export function count2 (dlx, puzzle) {
  try {
    return dlx.sudoku.count(puzzle, { limit: 2 })
  } catch (e) {
    if (e.code === 'CLASH') return 0
    throw e
  }
}

const withCell = (p, k, ch) => p.slice(0, k) + ch + p.slice(k + 1)
const clueCells = (p) => [...p].flatMap((ch, k) => (ch === '.' ? [] : [k]))

/** The puzzle without every clue it does not need (first to last); removed: how many went. */
export function minimize (dlx, puzzle) {
  let p = puzzle
  let removed = 0
  for (const k of clueCells(puzzle)) {
    const q = withCell(p, k, '.')
    if (count2(dlx, q) === 1) {
      p = q
      removed++
    }
  }
  return { puzzle: p, removed }
}

function minimalPuzzle (dlx, family, seed) {
  const { puzzle, removed } = minimize(dlx, dlx.sudoku.generate({ seed, minimal: true, symmetric: false }).puzzle)
  return { puzzle, count: 1, madeMinimal: removed > 0 }
}

function easyPuzzle (dlx, family, seed) {
  return { puzzle: dlx.sudoku.generate({ seed, difficulty: 'easy' }).puzzle, count: 1 }
}

/**
 * A minimal puzzle (of this seed) losing clues in a drawn order until it has
 * at least a target drawn log-uniformly from 2 to `most`; solutions: its
 * count up to 4 * most.
 */
function manyPuzzle (dlx, family, seed) {
  const rand = random(seed)
  const target = Math.max(2, Math.round(Math.exp(Math.log(2) + rand() * Math.log(family.most / 2))))
  let p = dlx.sudoku.generate({ seed, minimal: true, symmetric: false }).puzzle
  const order = clueCells(p).map((k) => [rand(), k]).sort((a, b) => a[0] - b[0]).map(([, k]) => k)
  let solutions = 1
  for (const k of order) {
    p = withCell(p, k, '.')
    solutions = dlx.sudoku.count(p, { limit: 4 * family.most })
    if (solutions >= target) break
  }
  return { puzzle: p, count: 2, solutions }
}

const unitsOf = (k) => {
  const r = Math.floor(k / 9)
  const c = k % 9
  const b = Math.floor(r / 3) * 3 + Math.floor(c / 3)
  return [r, 9 + c, 18 + b]
}
/** The cells that share a row, column or box with cell k. */
const peersOf = (k) => {
  const mine = unitsOf(k)
  return Array.from({ length: 81 }, (_, j) => j).filter((j) => j !== k && unitsOf(j).some((u) => mine.includes(u)))
}

/**
 * A unique puzzle (of this seed) with one clue changed to another digit that
 * no peer of its cell has, tried in a drawn order until one leaves no
 * solution (the puzzle of another seed if none does).
 */
function invalidPuzzle (dlx, family, seed) {
  const rand = random(seed)
  for (let s = seed; ; s += 1e6) {
    const p = dlx.sudoku.generate({ seed: s }).puzzle
    const tries = clueCells(p).flatMap((k) => {
      const seen = new Set(peersOf(k).map((i) => p[i]))
      return [...'123456789'].filter((d) => d !== p[k] && !seen.has(d)).map((d) => [rand(), k, d])
    }).sort((a, b) => a[0] - b[0])
    for (const [, k, d] of tries) {
      const q = withCell(p, k, d)
      if (count2(dlx, q) === 0) return { puzzle: q, count: 0 }
    }
  }
}

/** A unique puzzle (of this seed) with a drawn empty cell given the digit of a drawn peer. */
function clashPuzzle (dlx, family, seed) {
  const rand = random(seed)
  const pick = (list) => list[Math.floor(rand() * list.length)]
  const p = dlx.sudoku.generate({ seed }).puzzle
  const k = pick([...p].flatMap((ch, j) => (ch === '.' && peersOf(j).some((i) => p[i] !== '.') ? [j] : [])))
  return { puzzle: withCell(p, k, p[pick(peersOf(k).filter((i) => p[i] !== '.'))]), count: 0 }
}
