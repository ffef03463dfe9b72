// Difficulty by technique (docs/sudoku-logic.md): the levels, read from the
// module's one table (sudoku_logic_table.c), rate's technique fields and
// generate's { difficulty }. The explainer does the work in C; here its
// numbers become names and SE ratings.
import { DlxError, checkCount } from './dlxkit-errors.mjs'

const tables = new WeakMap() // Native -> the levels

/** The levels, easiest first: [{ name, from, to }] (SE ratings, to inclusive; from just above the previous to). */
export function difficulties (native) {
  let levels = tables.get(native)
  if (!levels) {
    levels = []
    for (let d = 1, name; (name = native.difficultyName(d)); d++) {
      levels.push({ name, from: levels.length ? levels[levels.length - 1].to + 0.1 : 1, to: native.difficultyTop(d) / 10 })
    }
    levels.forEach((l) => { l.from = Math.round(l.from * 10) / 10 })
    tables.set(native, Object.freeze(levels.map(Object.freeze)))
    levels = tables.get(native)
  }
  return levels
}

/** The level (its name) of a rating on the 1-to-11 scale. */
export function difficultyOf (native, rating) {
  const levels = difficulties(native)
  return (levels.find((l) => rating <= l.to) ?? levels[levels.length - 1]).name
}

/** A logic record of the module as rate's fields: { difficulty, technique, rating, steps }. */
export function logicFields (native, r) {
  return { difficulty: native.difficultyName(r.difficulty), technique: native.techniqueName(r.technique), rating: r.rating / 10, steps: r.steps }
}

/** rate's technique fields for the grid, or nulls when the puzzle has no one solution (status says so). */
export function rateByTechnique (native, h, cells, status, opts) {
  if (status !== 'unique') return { difficulty: null, technique: null, rating: null, steps: null }
  return logicFields(native, native.rateLogic(h, cells, checkCount(opts.maxNodes ?? 0, 'maxNodes')))
}

/** The number (1..) of a level named in generate's options, with a clear error for another name. */
export function difficultyNumber (native, name) {
  const levels = difficulties(native)
  const k = levels.findIndex((l) => l.name === name)
  if (k < 0) throw new DlxError('BAD_ARGUMENT', `difficulty must be one of ${levels.map((l) => l.name).join(', ')} (got ${JSON.stringify(name)})`, { option: 'difficulty' })
  return k + 1
}
