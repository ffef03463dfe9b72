// Puzzle text people paste, read into cells for the board: one line of N*N
// symbols (also "puzzle:count:solution" and CSV lines), grids with '|', '+',
// '-' or box-drawing borders, numbers separated by blanks or commas, and all
// of these squeezed onto one line (as a browser's selected text is). dlxkit
// reads the same formats, but its reader is not public API (see the report),
// so the page reads text here and hands the library plain rows of numbers.
import { SYMBOLS, MIN_SIZE, MAX_SIZE } from './shape.mjs'

const BLANKS = new Set(['.', '_', '-', '0', '*', '?'])
const BORDER = /^[-+=|:\u2500-\u257f]+$/ // '-', '+', '|', '=' and box drawing
const HEX_ALPHABET = '0123456789ABCDEF'

/** A failed read, with a sentence that says what to fix. */
export class PuzzleTextError extends Error {}

function sideOf (count) {
  const n = Math.round(Math.sqrt(count))
  return n * n === count && n >= MIN_SIZE && n <= MAX_SIZE ? n : 0
}

/** Cells of one-symbol-per-cell text, or null when a symbol does not fit n. */
function readSymbols (chars, n, alphabet = SYMBOLS) {
  const cells = []
  for (const ch of chars) {
    if (alphabet === SYMBOLS && BLANKS.has(ch)) { cells.push(0); continue }
    if (alphabet !== SYMBOLS && (ch === '.' || ch === '_' || ch === '-')) { cells.push(0); continue }
    let v = alphabet.indexOf(ch) + 1
    if ((!v || v > n) && n <= 35) v = alphabet.indexOf(ch.toUpperCase()) + 1
    if (!v || v > n) return null
    cells.push(v)
  }
  return cells
}

/** Cells of decimal numbers (blanks as 0, '.', '_', '-' or empty fields), or null. */
function readNumbers (tokens, n) {
  const cells = []
  for (const t of tokens) {
    if (t === '' || BLANKS.has(t)) { cells.push(0); continue }
    if (!/^\d+$/.test(t)) return null
    const v = Number(t)
    if (v > n) return null
    cells.push(v)
  }
  return cells
}

/** 16x16 puzzles are often written 0-F: '0' is then a digit, not a blank. */
function looksHex (chars) {
  return chars.includes('0') && !chars.some((ch) => /[G-Zg-z]/.test(ch)) && chars.some((ch) => ch === '.' || ch === '_' || ch === '-')
}

/** The content lines: comments ('#' to the end of the line) and blank lines dropped. */
function contentLines (text) {
  return text.split(/\r?\n/).map((l) => l.replace(/#.*$/, '').trim()).filter(Boolean)
}

/**
 * Read one puzzle. Returns { size, cells } (cells: N*N numbers, 0 for empty).
 * Throws PuzzleTextError when the text holds no puzzle of 4x4 to 25x25.
 */
export function readPuzzleText (text) {
  const lines = contentLines(String(text))
    .filter((l) => !/^[A-Za-z]*[a-z][A-Za-z]+\b.*:?\s*$/.test(l) || /^[1-9A-Za-z.]+$/.test(l)) // titles like "Grid 01"
  if (!lines.length) throw new PuzzleTextError('There is no puzzle in the text.')

  // One line of N*N symbols, maybe followed by more fields ("puzzle:1:solution").
  const firstField = lines[0].split(/[\s,:;\t]/)[0]
  const n1 = sideOf(firstField.length)
  if (n1 >= MIN_SIZE) {
    const chars = [...firstField]
    const cells = n1 === 16 && looksHex(chars) ? readSymbols(chars, 16, HEX_ALPHABET) : readSymbols(chars, n1)
    if (cells) return { size: n1, cells }
  }

  // Every line's fields: split at blanks, '|' and commas (an empty field between commas is a blank).
  const tokens = []
  let trailingCommas = 0 // CSV writers may end a row with a comma; counted, decided below
  for (const line of lines) {
    const fields = line.includes(',')
      ? line.split(',').map((f) => f.trim().replace(/^\|+|\|+$/g, ''))
      : line.split(/[\s|\u2502\u2503\u2551]+/).filter(Boolean)
    if (line.endsWith(',')) trailingCommas++
    for (const f of fields) if (!(f.length > 1 && BORDER.test(f)) && f !== '|' && f !== '+') tokens.push(f)
  }
  const hasCommas = lines.some((l) => l.includes(','))
  if (hasCommas && !sideOf(tokens.length) && sideOf(tokens.length - trailingCommas)) {
    for (let i = tokens.length - 1, left = trailingCommas; i >= 0 && left; i--) {
      if (tokens[i] === '') { tokens.splice(i, 1); left-- }
    }
  }

  // Numbers, when some field is a number of two or more digits.
  if (hasCommas || tokens.some((t) => /^\d\d+$/.test(t))) {
    const n = sideOf(tokens.length)
    const cells = n && readNumbers(tokens, n)
    if (cells) return { size: n, cells }
  }

  // Otherwise one symbol per cell ("534 678 912" is a row of nine cells).
  const chars = tokens.flatMap((t) => [...t])
  const n = sideOf(chars.length)
  if (!n) {
    throw new PuzzleTextError(`Found ${chars.length} cells; a puzzle has N×N cells for N from ${MIN_SIZE} to ${MAX_SIZE} (81 for a 9×9).`)
  }
  const cells = n === 16 && looksHex(chars) ? readSymbols(chars, 16, HEX_ALPHABET) : readSymbols(chars, n)
  if (!cells) {
    const bad = chars.find((ch) => !readSymbols([ch], n))
    throw new PuzzleTextError(`"${bad}" is not a symbol of a ${n}×${n} puzzle (use ${SYMBOLS[0]}-${SYMBOLS[n - 1]}, and . or 0 for empty cells).`)
  }
  return { size: n, cells }
}

/** The cells as one line of symbols ('.' for empty), the most portable form. */
export function formatPuzzleLine (cells) {
  return Array.from(cells, (v) => v ? SYMBOLS[v - 1] : '.').join('')
}
