// The arguments of the Sudoku functions, checked and converted: the alphabet,
// sizes and box sides, variants, output formats, 2D arrays as spreadsheets
// pass them, and the candidates the module writes, as lists.
import { DEFAULT_BOX_ROWS, VARIANT } from './dlxkit-abi.mjs'
import { DlxError, describe } from './dlxkit-errors.mjs'

/** Output styles by name, as the C printer numbers them. */
export const STYLE = { line: 0, grid: 1, numbers: 2 }

/** Bytes that mean something in puzzle text, which no alphabet may take (as in the C reader). */
const RESERVED_SYMBOLS = '.-_|,#:+='

/**
 * The alphabet option, checked by the C reader's rules (src/core/sudoku_read.c,
 * alphabet_check): 1..64 printable ASCII symbols, none reserved, none
 * repeated, at least `want` of them. Returns null for the default.
 * Every path that takes an alphabet goes through this one check.
 */
export function checkAlphabet (alphabet, want = 0) {
  if (alphabet == null) return null
  const bad = (why) => new DlxError('BAD_ALPHABET', why, { alphabet: typeof alphabet === 'string' ? alphabet.slice(0, 80) : describe(alphabet) })
  if (typeof alphabet !== 'string') throw bad(`the alphabet must be a string of symbols (got ${describe(alphabet)})`)
  if (!alphabet.length) throw bad('the alphabet is empty; give one symbol per digit')
  if (alphabet.length > 64) throw bad('the alphabet has more than 64 symbols')
  for (let i = 0; i < alphabet.length; i++) {
    const c = alphabet.charCodeAt(i)
    const ch = alphabet[i]
    if (c <= 0x20 || c >= 0x7f) throw bad(`the alphabet may only hold printable ASCII symbols; symbol ${i + 1} is U+${c.toString(16).toUpperCase().padStart(4, '0')}`)
    if (RESERVED_SYMBOLS.includes(ch)) throw bad(`the alphabet may not use '${ch}' (symbol ${i + 1}): it marks empty cells, separators or comments in puzzle text`)
    const first = alphabet.indexOf(ch)
    if (first < i) throw bad(`the alphabet repeats '${ch}' (symbols ${first + 1} and ${i + 1})`)
  }
  if (want > alphabet.length) throw bad(`the alphabet has ${alphabet.length} symbols; a ${want}x${want} puzzle needs ${want}`)
  return alphabet
}

/** Other names some puzzles go by, for the variants' own (VARIANT: sudoku.h's names). */
const VARIANT_ALIASES = { diagonal: 'x', hyper: 'windoku' }

/** The variant option as a list of names (a string splits at commas, plus signs and blanks). */
export function variantList (variant) {
  return variant == null ? [] : Array.isArray(variant) ? variant : String(variant).split(/[,+ ]+/).filter(Boolean)
}

/**
 * Variant names to flags. 'jigsaw' names the map given as the jigsaw option
 * (hasMap); without one it would silently be the boxes, so it is refused
 * (generate makes a map instead: dlxkit-sudoku-generate.mjs).
 */
export function variantFlags (variant, hasMap = false) {
  let flags = 0
  for (const v of variantList(variant)) {
    const given = String(v).toLowerCase()
    const name = Object.hasOwn(VARIANT_ALIASES, given) ? VARIANT_ALIASES[given] : given
    if (Object.hasOwn(VARIANT, name)) flags |= VARIANT[name]
    else if (name === 'jigsaw' && !hasMap) {
      throw new DlxError('BAD_ARGUMENT', "variant 'jigsaw' needs the map as the jigsaw option (N x N piece numbers 0..N-1); only generate makes one", { option: 'variant' })
    } else if (name === 'jigsaw' || name === 'standard' || name === 'none') continue
    else throw new DlxError('BAD_ARGUMENT', `unknown variant "${v}": use x, windoku (or jigsaw with a map)`)
  }
  return flags
}

/**
 * The default box of side n (1..64): { boxRows, boxCols }, from the C
 * header's table (dlxkit-abi.mjs), so it needs no module: a page draws
 * with it before the module has loaded.
 */
/** Whether the variants include X (its two diagonals are houses after the boxes: sudoku.h). */
export function hasDiagonals (variant, hasMap = false) { return (variantFlags(variant, hasMap) & VARIANT.x) !== 0 }

export function defaultBox (n) {
  if (!(Number.isInteger(n) && n >= 1 && n <= 64)) throw new DlxError('BAD_SIZE', `the side must be a whole number 1..64 (got ${describe(n)})`)
  return { boxRows: DEFAULT_BOX_ROWS[n], boxCols: n / DEFAULT_BOX_ROWS[n] }
}

/** The size option of puzzle text: unset, 0 to infer it, or 1..64. */
export function checkTextSize (size) {
  if (size != null && !(Number.isInteger(size) && size >= 0 && size <= 64)) {
    throw new DlxError('BAD_SIZE', `size must be a whole number 1..64, or 0 to infer it (got ${describe(size)})`)
  }
}

/** boxRows or boxCols: absent, or a whole number 1..64. */
export function checkSide (v, what) {
  if (v == null || v === 0) return 0
  if (!(Number.isInteger(v) && v >= 1 && v <= 64)) throw new DlxError('BAD_SIZE', `${what} must be a whole number 1..64 (got ${describe(v)})`)
  return v
}

/** A format name to its style number; own keys only ('toString' is no format). */
export function styleOf (format) {
  if (typeof format === 'string' && Object.hasOwn(STYLE, format)) return STYLE[format]
  throw new DlxError('BAD_ARGUMENT', `format must be line, grid or numbers (got ${describe(format)})`)
}

/**
 * The longest puzzle text taken: a 64x64 grid drawn with every separator
 * is about 50 KB, so 1 MiB leaves room for comments; beyond it a string is
 * refused before it is copied into the module (a 100 MB one costs nothing).
 */
const MAX_PUZZLE_TEXT = 1 << 20

export function checkPuzzleLength (text) {
  if (text.length > MAX_PUZZLE_TEXT) {
    throw new DlxError('BAD_LENGTH', `the puzzle text has ${text.length} characters, more than one puzzle takes (the largest puzzle, 64x64, fits in ${MAX_PUZZLE_TEXT} with room for comments)`, { length: text.length })
  }
}

/** A 2D array as spreadsheets pass ranges. */
export function readArray (rows, opts) {
  const n = rows.length
  if (n < 1 || n > 64) throw new DlxError('BAD_SIZE', `a puzzle range needs 1 to 64 rows (got ${n})`)
  if (opts.size && opts.size !== n) throw new DlxError('BAD_SIZE', `expected ${opts.size} rows, got ${n}`)
  const cells = new Uint8Array(n * n)
  for (let r = 0; r < n; r++) { // not forEach: a hole in the array is a missing row, not one to skip
    const row = rows[r]
    if (!Array.isArray(row) || row.length !== n) {
      throw new DlxError('BAD_LENGTH', `row ${r + 1} has ${Array.isArray(row) ? row.length : 'no'} cells; a ${n}x${n} puzzle needs ${n} in every row`, { row: r + 1 })
    }
    row.forEach((v, c) => {
      if (v === null || v === undefined || v === '' || v === 0 || v === '0' || v === '.') return
      const d = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN
      if (!Number.isInteger(d) || d < 1 || d > n) {
        throw new DlxError('BAD_VALUE', `row ${r + 1}, column ${c + 1} holds ${describe(v)}; cells hold 1..${n} or stay empty`, { row: r + 1, col: c + 1 })
      }
      cells[r * n + c] = d
    })
  }
  return { size: n, cells, kind: 'array' }
}

/** Candidates as the module writes them (per cell, a 64-bit digit mask in two
 * 32-bit halves) to a list of digits per cell, row by row. */
export function candidateLists (u32, size) {
  const rows = []
  for (let r = 0; r < size; r++) {
    const row = []
    for (let c = 0; c < size; c++) {
      const lo = u32[2 * (r * size + c)]
      const hi = u32[2 * (r * size + c) + 1]
      const digits = []
      for (let d = 0; d < size; d++) if ((d < 32 ? lo >>> d : hi >>> (d - 32)) & 1) digits.push(d + 1)
      row.push(digits)
    }
    rows.push(row)
  }
  return rows
}
