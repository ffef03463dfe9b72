// Splitting a multi-puzzle text into puzzles, each with the line it starts on.
//
// Blocks are runs of lines between blank lines and '#' comment lines. In a
// block, lines that are complete one-line puzzles are each a puzzle, and
// each run of other lines between them is one puzzle (a grid, maybe
// decorated, or a bad line) left to the API's reader, which knows every
// format and says what is wrong.

const DEFAULT_SYMBOLS = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const BLANKS = '.0_-'

/**
 * [{ text, line }] in input order. `size` (side N, 0 if unknown) and
 * `alphabet` are the CLI's --box and --alphabet: they settle which lines
 * are one-line puzzles.
 */
export function splitPuzzles (text, { size = 0, alphabet = '' } = {}) {
  const puzzles = []
  for (const block of blocksOf(text)) {
    const sides = block.map((l) => lineSide(l.text, size, alphabet))
    if (isListOfLinePuzzles(block, sides)) {
      for (const p of splitList(block, sides)) puzzles.push(p) // not push(...): a file of 200,000 lines would overflow the stack
    }
    else puzzles.push(puzzleOfLines(block))
  }
  return puzzles
}

/** Each one-line puzzle alone; each run of other lines together. */
function splitList (block, sides) {
  const puzzles = []
  let run = []
  block.forEach((l, i) => {
    if (!sides[i]) { run.push(l); return }
    if (run.length) puzzles.push(puzzleOfLines(run))
    run = []
    puzzles.push({ text: l.text, line: l.line })
  })
  if (run.length) puzzles.push(puzzleOfLines(run))
  return puzzles
}

/** Lines of a grid (or one line) as one puzzle text. */
function puzzleOfLines (lines) {
  const text = lines.length === 1 ? lines[0].text : lines.map((l) => l.text).join('\n') + '\n'
  return { text, line: lines[0].line }
}

/** Runs of content lines ({ text, line } with 1-based line numbers). */
function blocksOf (text) {
  const blocks = []
  let block = []
  text.split(/\r?\n/).forEach((raw, i) => {
    const trimmed = raw.trim()
    if (trimmed === '' || trimmed.startsWith('#')) {
      if (block.length) blocks.push(block)
      block = []
    } else {
      block.push({ text: raw.trimEnd(), line: i + 1 })
    }
  })
  if (block.length) blocks.push(block)
  return blocks
}

/**
 * A block is a list of one-line puzzles when every line is one, or when
 * one is and its N*N cells cannot be a row of a grid with the block's rows
 * (so a bad line among good ones stays a puzzle of its own).
 */
function isListOfLinePuzzles (block, sides) {
  if (sides.every((n) => n > 0)) return true
  const rows = block.filter((l) => !isDecoration(l.text)).length
  return sides.some((n) => n > 0 && n * n !== rows)
}

/** Grid rule lines such as "------+-------+------". */
function isDecoration (line) {
  return /^[\s\-+=|]+$/.test(line)
}

/** The side N if `line` is a complete one-line puzzle of N*N cells, else 0. */
export function lineSide (line, size = 0, alphabet = '') {
  return symbolLineSide(line, size, alphabet) || numberLineSide(line, size)
}

/** "53..7....6..." with optional trailing fields after ':' or whitespace. */
function symbolLineSide (line, size, alphabet) {
  const cells = line.trim().split(/[\s:]/)[0]
  const n = squareSide(cells.length, size)
  if (!n) return 0
  const symbols = (alphabet || DEFAULT_SYMBOLS).slice(0, n)
  for (const ch of cells) {
    if (!symbols.includes(ch) && !(BLANKS.includes(ch) && !(alphabet && alphabet.includes(ch)))) return 0
  }
  return n
}

/** "5 3 0 0 7 ..." or "5,3,,,7,...": N*N numbers (0, '.' or empty for blanks). */
function numberLineSide (line, size) {
  const fields = line.includes(',') ? line.split(',').map((f) => f.trim()) : line.trim().split(/\s+/)
  const n = squareSide(fields.length, size)
  if (!n) return 0
  return fields.every((f) => f === '' || f === '.' || (/^\d+$/.test(f) && +f <= n)) ? n : 0
}

/** N when count is N*N for a plausible side (N >= 4, or the given size). */
function squareSide (count, size) {
  const n = Math.round(Math.sqrt(count))
  if (n * n !== count) return 0
  if (size) return n === size ? n : 0
  return n >= 4 && n <= 64 ? n : 0
}
