// Splitting a multi-puzzle text into puzzles, each with the line it starts on.
//
// Blocks are runs of lines between blank lines and '#' comment lines. In a
// block, lines that are complete one-line puzzles are each a puzzle, and
// each run of other lines between them is one puzzle (a grid, maybe
// decorated, or a bad line) left to the API's reader, which knows every
// format and says what is wrong.
//
// The splitter is fed line by line and hands puzzles on as soon as they are
// settled, so a batch of any length streams through in bounded memory; a
// puzzle text longer than any real puzzle stops it with an InputError.
import { InputError } from './input.mjs'

const DEFAULT_SYMBOLS = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const BLANKS = '.0_-'

// The most a grid puzzle (64 rows) can take, generously: a border line
// between every two rows and around them is 129 lines; a row of 64 numbers
// with ' | ' between them is under 400 characters.
export const MAX_PUZZLE_LINES = 256
export const MAX_PUZZLE_CHARS = 1 << 18
// A one-line puzzle of N*N cells can be a row of a grid only if N*N <= 64.
const MAX_ROW_CELLS = 64

/**
 * [{ text, line }] in input order. `size` (side N, 0 if unknown) and
 * `alphabet` are the CLI's --box and --alphabet: they settle which lines
 * are one-line puzzles.
 */
export function splitPuzzles (text, opts = {}) {
  const splitter = new PuzzleSplitter(opts)
  text.split(/\r?\n/).forEach((raw, i) => splitter.push({ text: raw, line: i + 1 }))
  splitter.end()
  return splitter.take()
}

/**
 * Line by line: push({ text, line }) each line, end() at the end of the
 * input, take() the puzzles settled so far ([{ text, line }], in order).
 * `name` is the input's name for errors.
 */
export class PuzzleSplitter {
  constructor ({ size = 0, alphabet = '', name = 'input' } = {}) {
    this._size = size
    this._alphabet = alphabet
    this._name = name
    this._ready = []
    this._block = [] // content lines of a block not settled yet: { text, line, side }
    this._chars = 0
    this._rows = 0 // of them, lines that are not borders
    this._list = false // the block is settled as a list of one-line puzzles
    this._run = [] // in a list: other lines since the last one-line puzzle
    this._runChars = 0
  }

  push ({ text: raw, line }) {
    const trimmed = raw.trim()
    if (trimmed === '' || trimmed.startsWith('#')) { this._endBlock(); return }
    const text = raw.trimEnd()
    const l = { text, line, side: lineSide(text, this._size, this._alphabet) }
    if (this._list) { this._listLine(l); return }
    this._block.push(l)
    this._chars += l.text.length
    if (!isDecoration(l.text)) this._rows++
    if (this._settlesList(l)) this._becomeList()
    else if (this._block.length > MAX_PUZZLE_LINES || this._chars > MAX_PUZZLE_CHARS) {
      if (this._block.some((b) => b.side)) this._becomeList()
      else throw this._tooLong(this._block[0].line)
    }
  }

  end () { this._endBlock() }

  take () {
    const ready = this._ready
    this._ready = []
    return ready
  }

  /**
   * Whether the block is a list whatever follows: a one-line puzzle that
   * cannot be a grid row, or one whose cell count the rows already passed
   * (the rows only grow).
   */
  _settlesList (l) {
    if (l.side * l.side > MAX_ROW_CELLS) return true
    return this._rows > MAX_ROW_CELLS && this._block.some((b) => b.side)
  }

  _becomeList () {
    this._list = true
    const block = this._block
    this._block = []
    for (const l of block) this._listLine(l)
  }

  /** In a list: each one-line puzzle alone; each run of other lines together. */
  _listLine (l) {
    if (l.side) {
      this._endRun()
      this._ready.push({ text: l.text, line: l.line })
      return
    }
    this._run.push(l)
    this._runChars += l.text.length
    if (this._run.length > MAX_PUZZLE_LINES || this._runChars > MAX_PUZZLE_CHARS) throw this._tooLong(this._run[0].line)
  }

  _endRun () {
    if (this._run.length) this._ready.push(puzzleOfLines(this._run))
    this._run = []
    this._runChars = 0
  }

  /**
   * At a blank line or the end: a block not settled yet is a list when every
   * line is a one-line puzzle, or when one is and its N*N cells cannot be a
   * row of a grid with the block's rows (so a bad line among good ones stays
   * a puzzle of its own); else it is one puzzle.
   */
  _endBlock () {
    const block = this._block
    if (block.length) {
      const list = block.every((l) => l.side) || block.some((l) => l.side && l.side * l.side !== this._rows)
      if (list) this._becomeList()
      else this._ready.push(puzzleOfLines(block))
    }
    this._endRun()
    this._block = []
    this._chars = 0
    this._rows = 0
    this._list = false
  }

  _tooLong (line) {
    return new InputError(`${this._name}:${line}: a puzzle text of more than ${MAX_PUZZLE_LINES} lines or ${MAX_PUZZLE_CHARS} characters, without a blank line or a one-line puzzle: longer than the largest puzzle, 64x64, can be; stopped reading`)
  }
}

/** Lines of a grid (or one line) as one puzzle text. */
function puzzleOfLines (lines) {
  const text = lines.length === 1 ? lines[0].text : lines.map((l) => l.text).join('\n') + '\n'
  return { text, line: lines[0].line }
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
