// Lines the library's reader skips without a word (sudoku.split leaves out
// blank, comment, border and title lines), sorted into those that may go and
// those that are no puzzle and must be reported. A line of words is a title
// ("Grid 01", "Puzzle 3:") when it opens a section (at the start, after a
// blank, comment or border line, after a grid, or after another title) and a
// puzzle follows it (past such lines). Right after a one-line puzzle, where a
// list of puzzles has one a line, or with no puzzle after it, it is no puzzle
// (`hello world` between two puzzles): it becomes a piece of its own whose
// result is the error, reported at its line as a bad puzzle is.
import { DlxError } from './library.mjs'

// Titles waiting for their puzzle; more in a row are no titles (prose).
const MAX_PENDING = 256

export class StrayLines {
  constructor () {
    this._open = true // a title may come here
    this._pending = [] // lines of words that are titles if a puzzle follows
    this._coveredTo = 0 // the last line of the last piece
  }

  /**
   * The pieces of `lines` (lines read to their end, in order, after those of
   * the previous call) in order, each line of words that is no puzzle a
   * piece of its own, with `rejected` (the result to report for it).
   */
  sort (lines, pieces) {
    const out = []
    let next = 0
    for (const l of lines) {
      if (next < pieces.length && pieces[next].line === l.line) {
        const piece = pieces[next++]
        this._pending = [] // titles: a puzzle follows
        const count = lineCount(piece.text)
        this._coveredTo = piece.line + count - 1
        this._open = count > 1 // after a grid a title may come; after a one-line puzzle, only puzzles
        out.push(piece)
      } else if (l.line > this._coveredTo) {
        this._skipped(l, out)
      }
    }
    for (; next < pieces.length; next++) out.push(pieces[next]) // (not expected: each piece starts on a line read)
    return out
  }

  /** The input ended: lines of words no puzzle followed. */
  end () {
    return this._pending.splice(0).map((l) => stray(l, 'and no puzzle follows it, as one would a title'))
  }

  _skipped (l, out) {
    const text = l.text.trim()
    if (text === '' || text.startsWith('#') || isBorder(text)) {
      this._open = true
      return
    }
    if (!this._open) {
      out.push(stray(l, 'a line of words right after a one-line puzzle (a title goes at the start, or after a blank line, before its puzzle)'))
      return
    }
    this._pending.push(l)
    if (this._pending.length > MAX_PENDING) out.push(...this.end())
  }
}

/** Only '-', '+', '=', '|', box drawing (U+2500..U+257F) and blanks, as the reader's borders. */
function isBorder (text) {
  return /^[-+=|\u2500-\u257f\s]+$/.test(text)
}

/** The lines a piece's text spans (its last '\n' ends its last line). */
function lineCount (text) {
  const n = text.split('\n').length
  return text.endsWith('\n') ? n - 1 : n
}

function stray (l, why) {
  const shown = l.text.trim().length > 40 ? `${l.text.trim().slice(0, 40)}...` : l.text.trim()
  const error = new DlxError('BAD_SYMBOL', `'${shown}' is no puzzle: ${why}`, { line: 1, column: 1 })
  return { text: l.text, line: l.line, rejected: { status: 'invalid', error } }
}
