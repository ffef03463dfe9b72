// The Sudoku shape options shared by sudoku, rate and generate, turned into
// the API's options (boxRows, boxCols, size, variant, regions, jigsaw,
// alphabet, maxNodes, restarts).
import { UsageError, parseWholeNumber } from './args.mjs'
import { readFileText } from './input.mjs'
import { DlxError, VARIANT, loadKit, optionsFor } from './library.mjs'

const VARIANTS = Object.keys(VARIANT) // x, windoku

/** parseArgs option specs for the shape (merged into each command's own). */
export const SHAPE_OPTIONS = {
  box: { type: 'string' },
  variant: { type: 'string' },
  regions: { type: 'string' },
  jigsaw: { type: 'string' },
  alphabet: { type: 'string' },
  'max-nodes': { type: 'string' },
  'no-restarts': { type: 'boolean' }
}

/** API options from the parsed values; `size` is set when the options fix N. */
export async function shapeOptions (values, command) {
  const opts = {}
  if (values.box !== undefined) Object.assign(opts, await boxOption(values.box, command))
  if (values.variant !== undefined) opts.variant = parseVariant(values.variant, command, command === 'generate' && !values.jigsaw)
  if (values.regions !== undefined) opts.regions = readRegionsFile(values.regions, command)
  if (values.jigsaw !== undefined) opts.jigsaw = readJigsawFile(values.jigsaw, command)
  // '' too (an empty value is an error, never the default): the checks below say what is wrong
  if (values.alphabet !== undefined) opts.alphabet = values.alphabet
  if (values['max-nodes'] !== undefined) opts.maxNodes = parseWholeNumber(values['max-nodes'], 'max-nodes', { note: '0: no limit', command })
  if (values['no-restarts']) opts.restarts = false
  const size = sideFromOptions(opts)
  if (size) opts.size = size
  return opts
}

/**
 * --box, read by the library's one parser (dlx.sudoku.parseBox, in C):
 * { boxRows, boxCols }, or { boxRows } for the rows alone.
 */
export async function boxOption (text, command) {
  try {
    return (await loadKit()).sudoku.parseBox(text)
  } catch (e) {
    if (!(e instanceof DlxError)) throw e
    throw new UsageError(`--box '${text}': ${e.code}: ${e.message}`, command)
  }
}

/** "x", "windoku" or both ("x,windoku"); for generate without --jigsaw also "jigsaw" (a map made). */
function parseVariant (text, command, mapMade) {
  const names = text.toLowerCase().split(/[,+ ]+/).filter(Boolean)
  const unknown = names.find((n) => !VARIANTS.includes(n) && !(mapMade && n === 'jigsaw'))
  if (unknown !== undefined || !names.length) {
    const also = mapMade ? ', and jigsaw for a map made with the puzzle' : ''
    throw new UsageError(`--variant must be ${VARIANTS.join(' or ')} (or both: x,windoku${also}), got '${text}'`, command)
  }
  return names
}

/**
 * N as the box or the jigsaw map imply it (0: from the puzzles). Not from
 * the regions: a region of the wrong length is better reported as such.
 */
function sideFromOptions (opts) {
  if (opts.boxRows && opts.boxCols) return opts.boxRows * opts.boxCols
  if (opts.jigsaw) return Math.round(Math.sqrt(opts.jigsaw.length))
  return 0
}

/**
 * Check the alphabet, and build the solver once up front when N is known, so
 * that a bad alphabet, box, map or region is one usage error instead of the
 * same error for every puzzle.
 */
export function checkShape (kit, opts, command) {
  try {
    kit.sudoku.split('', { size: opts.size, alphabet: opts.alphabet })
  } catch (e) {
    if (!(e instanceof DlxError)) throw e
    throw new UsageError(`--alphabet ${opts.alphabet || "''"}: ${e.message}`, command)
  }
  const symbols = opts.alphabet?.length
  if (symbols < 4 && !opts.size) throw new UsageError(`--alphabet ${opts.alphabet}: ${symbols} symbol${symbols === 1 ? '' : 's'}; the smallest puzzle, 4x4, needs 4`, command)
  if (!opts.size) return
  const empty = Array.from({ length: opts.size }, () => new Array(opts.size).fill(0))
  try {
    kit.sudoku.solve(empty, { ...optionsFor('sudoku.candidates', opts), limit: 1, maxNodes: 1 }) // the shape's options alone
  } catch (e) {
    if (!(e instanceof DlxError)) throw e
    throw new UsageError(`the shape given by the options is not usable: ${e.message}`, command)
  }
}

// ---- the files behind --regions (extra regions, JSON) and --jigsaw (a map
// of pieces replacing the boxes); mistakes in them are usage errors.

/**
 * --regions FILE: a JSON array of regions, each an array of N cells; a
 * cell is a [row, col] pair (0-based) or a cell number row * N + col.
 */
function readRegionsFile (path, command) {
  let regions
  try {
    regions = JSON.parse(readFileText(path, command, 'regions file '))
  } catch (e) {
    if (e instanceof UsageError) throw e
    // V8 quotes the text it could not read, newlines and all: the reason alone, on one line
    const why = e.message.replace(/, ".*" is not valid JSON$/s, '').replace(/\s+/g, ' ')
    throw new UsageError(`${path}: not JSON (${why})`, command)
  }
  const ok = Array.isArray(regions) && regions.every((r) => Array.isArray(r) && r.every(isCell))
  if (!ok) throw new UsageError(`${path}: expected an array of regions, each an array of [row, col] pairs or cell numbers`, command)
  return regions
}

function isCell (c) {
  return Number.isInteger(c) || (Array.isArray(c) && c.length === 2 && c.every(Number.isInteger))
}

/**
 * --jigsaw FILE: N lines of N piece names, one letter or digit per cell
 * ("AAABBBCCC") or names separated by spaces or commas ("1 1 2 2 ...").
 * Returns the N*N piece numbers 0..N-1, numbered in order of appearance.
 */
function readJigsawFile (path, command) {
  const lines = readFileText(path, command, 'jigsaw file ').split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))
  const rows = lines.map((l) => /[\s,]/.test(l) ? l.split(/[\s,]+/).filter(Boolean) : [...l])
  const n = rows.length
  const bad = rows.findIndex((r) => r.length !== n)
  if (n === 0) throw new UsageError(`${path}: the jigsaw map is empty`, command)
  if (bad >= 0) throw new UsageError(`${path}: a jigsaw map needs N lines of N pieces (${n} lines, but map line ${bad + 1} has ${rows[bad].length})`, command)
  const number = new Map()
  for (const name of rows.flat()) if (!number.has(name)) number.set(name, number.size)
  if (number.size !== n) throw new UsageError(`${path}: a ${n}x${n} jigsaw map needs ${n} different pieces (found ${number.size})`, command)
  return rows.flat().map((name) => number.get(name))
}
