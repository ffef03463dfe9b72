// The files behind --regions (extra regions, JSON) and --jigsaw (a map of
// pieces replacing the boxes). Mistakes in them are usage errors.
import { readFileText } from './input.mjs'
import { UsageError } from './args.mjs'

/**
 * --regions FILE: a JSON array of regions, each an array of N cells; a
 * cell is a [row, col] pair (0-based) or a cell number row * N + col.
 */
export function readRegionsFile (path, command) {
  let regions
  try {
    regions = JSON.parse(readFileText(path, command, 'regions file '))
  } catch (e) {
    if (e instanceof UsageError) throw e
    throw new UsageError(`${path}: not JSON (${e.message})`, command)
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
export function readJigsawFile (path, command) {
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
