// dlx.sudoku.steps and dlx.sudoku.hint: the module's explainer
// (sudoku_explain_*, docs/sudoku-logic.md) as steps a person can follow, for
// every shape and variant sudoku.solve takes. The C side names the technique,
// writes the sentence and finds the cells; here the cells become { row, col },
// the house numbers { kind, index }, and a hint is cut to the depth asked for.
import { DlxError, checkCount } from './dlxkit-errors.mjs'
import { hasDiagonals } from './dlxkit-sudoku-args.mjs'
import { difficultyOf } from './dlxkit-sudoku-difficulty.mjs'

const GUESS = 'Guess'

/** Every step of the puzzle: { steps, solved (no guess needed), rating: { technique, rating, steps, difficulty } }. */
export function steps (api, puzzle, opts = {}) {
  return explain(api, puzzle, opts, Infinity, (list) => {
    const rating = rateSteps(list)
    return { steps: list, solved: !list.some((s) => s.technique === GUESS), rating: { ...rating, difficulty: difficultyOf(api._native, rating.rating) } }
  })
}

/**
 * The next step at depth 1 (the house to look at), 2 (the technique and where) or 3 (the move); null for a full grid.
 * opts.after: k skips the explanation's first k steps (a page that applied them, eliminations included); null past the last.
 */
export function hint (api, puzzle, opts = {}) {
  const depth = opts.depth ?? 3
  if (depth !== 1 && depth !== 2 && depth !== 3) throw new DlxError('BAD_ARGUMENT', `depth must be 1, 2 or 3 (got ${depth})`, { option: 'depth' })
  const after = checkCount(opts.after ?? 0, 'after')
  return explain(api, puzzle, opts, after + 1, (list) => list[after] ? cut(list[after], depth) : null)
}

/** The hardest technique of a list of steps and its rating, and the number of steps. */
export function rateSteps (list) {
  let hardest = null
  for (const s of list) if (!hardest || s.rating > hardest.rating) hardest = s
  return { technique: hardest?.technique ?? null, rating: hardest?.rating ?? 0, steps: list.length }
}

function explain (api, puzzle, opts, most, done) {
  const maxNodes = checkCount(opts.maxNodes ?? 0, 'maxNodes')
  return api._withPuzzle(puzzle, opts, (input, h) => {
    const native = api._native
    const n = input.size
    const e = native.explainBegin(h, input.cells, maxNodes)
    try {
      const houses = houseKinds(n, opts, native.explainWindows(e))
      const names = new Map()
      const list = []
      for (let raw; list.length < most && (raw = native.explainNext(e));) {
        if (!names.has(raw.technique)) names.set(raw.technique, [native.techniqueName(raw.technique), native.techniqueRating(raw.technique)])
        const [technique, rating] = names.get(raw.technique)
        const move = ([cell, digit]) => ({ row: Math.floor(cell / n), col: cell % n, digit })
        list.push({
          technique,
          rating,
          text: raw.text,
          placements: raw.placements.map(move),
          eliminations: raw.eliminations.map(move),
          cells: raw.cells.map((cell) => ({ row: Math.floor(cell / n), col: cell % n })),
          houses: raw.houses.map(houses)
        })
      }
      return done(list)
    } finally {
      native.explainFree(e)
    }
  })
}

/**
 * The module's house numbers as { kind, index } (index from 0 within its
 * kind): rows 0..n-1, columns, boxes (or jigsaw pieces), then the X
 * diagonals (index 0 the main one), the windoku windows, the extra regions
 * in the order of opts.regions (sudoku.h).
 */
function houseKinds (n, opts, windows) {
  const jigsaw = opts.jigsaw != null
  const diagonals = hasDiagonals(opts.variant, jigsaw) ? 2 : 0
  return (h) => {
    if (h < n) return { kind: 'row', index: h }
    if (h < 2 * n) return { kind: 'column', index: h - n }
    if (h < 3 * n) return { kind: jigsaw ? 'piece' : 'box', index: h - 2 * n }
    h -= 3 * n
    if (h < diagonals) return { kind: 'diagonal', index: h }
    h -= diagonals
    if (h < windows) return { kind: 'window', index: h }
    return { kind: 'region', index: h - windows }
  }
}

/** A house as a person names it, as the module's sentences do ("box 2", "the main diagonal"). */
export function houseName ({ kind, index }) {
  if (kind === 'diagonal') return index ? 'the anti-diagonal' : 'the main diagonal'
  return `${kind} ${index + 1}`
}

const cellName = ({ row, col }) => `r${row + 1}c${col + 1}`

function where (step) {
  if (step.houses.length) return step.houses.map(houseName).join(', ')
  return step.cells.map(cellName).join(', ')
}

/** A step cut to a hint's depth. */
function cut (step, depth) {
  if (depth === 3) return { depth, ...step }
  if (depth === 2) {
    const { technique, rating, cells, houses } = step
    return { depth, technique, rating, cells, houses, text: `${technique === GUESS ? 'No technique applies: a guess' : technique} at ${where(step)}.` }
  }
  const houses = step.houses.slice(0, 1)
  const cells = houses.length ? [] : step.cells.slice(0, 1)
  return { depth, cells, houses, text: `Look at ${houses.length ? houseName(houses[0]) : cellName(cells[0])}.` }
}
