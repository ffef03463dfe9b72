// The common case without a trip through the C reader: a puzzle written as
// one line of N*N symbols (and nothing else). Nothing reads it: its bytes
// are copied into module memory and turned into values (src/wasm/lines.c)
// through a table of what each byte means to the C reader,
// for that size and alphabet, which the C reader filled once (asked to read
// probe lines: N*N copies of each printable byte, or one symbol and N*N-1
// copies, and each mix of empty-cell marks); the answer is written back with
// the symbols of the C printer. A line with a byte the table does not know,
// a mix of empty-cell marks the C reader reads otherwise (a 16x16 with '0'
// and '.' is read as 0-F) or no symbol at all goes to the C reader.
// tests/sudoku-line.test.mjs checks that the two agree.
import { STYLE } from './dlxkit-sudoku-args.mjs'

const TABLES_KEPT = 8 // (size, alphabet) pairs remembered
const NO = -1 // a byte the table leaves to the C reader
const MAX_MARKS = 8 // empty-cell marks whose mixes are probed (2^8 probes at most)

/** What the C reader makes of each byte in a one-line puzzle; null when no line of N*N reads as one. */
export class LineTables {
  constructor (kit) {
    this._kit = kit
    this._tables = new Map()
    this._symbols = new Map()
    this._lastN = 0 // the last table asked, kept out of the map's string keys
    this._lastSize = 0
    this._lastAlphabet = null
    this._last = null
  }

  get native () { return this._kit._native }

  /**
   * The n symbols the C printer writes for 1..n in the alphabet (of an empty
   * n x n line it read), or '' when a puzzle that size has no one-line form.
   */
  symbols (n, alphabet) {
    const key = `${n} ${alphabet ?? ''}`
    let symbols = this._symbols.get(key)
    if (symbols === undefined) {
      symbols = this.withEmpty(n, alphabet, (t) => t && this.native.textSize(t) === n ? printed(this.native, t, n) : '')
      this._symbols.set(key, symbols)
      if (this._symbols.size > TABLES_KEPT) this._symbols.delete(this._symbols.keys().next().value)
    }
    return symbols
  }

  /**
   * fn(t) of the text of an empty n x n line read in the alphabet (or the
   * default symbols), t 0 when none can be read: what the C printer writes
   * values like, in that alphabet.
   */
  withEmpty (n, alphabet, fn) {
    const native = this.native
    const ab = alphabet ?? '' // printable ASCII (checkAlphabet): one byte a symbol
    return native.withBuffers([n * n, ab.length + 1], (text, a) => {
      native.fillBytes(text, n * n, 0x2e) // '.'
      native.writeAscii(a, ab) // not putString: no puzzle text is copied in
      const t = native.textParse(text, n * n, n, alphabet ? a : 0)
      try {
        return fn(t || 0)
      } finally {
        if (t) native.textFree(t)
      }
    })
  }

  /**
   * { value: Int8Array(128) (0 empty, 1..n, NO), kind: Int8Array(128) (the
   * empty-cell marks numbered), mixes: Uint8Array (1 for each set of marks
   * that may be mixed), symbols (n of them, as printed), codes (their bytes
   * by value) } or null.
   */
  get (n, size, alphabet) {
    if (n === this._lastN && size === this._lastSize && alphabet === this._lastAlphabet) return this._last // a run of one shape
    const key = `${n} ${size} ${alphabet ?? ''}`
    let t = this._tables.get(key)
    if (t === undefined) {
      t = this._build(n, size, alphabet)
      this._tables.set(key, t)
      if (this._tables.size > TABLES_KEPT) this._tables.delete(this._tables.keys().next().value)
    }
    this._lastN = n
    this._lastSize = size
    this._lastAlphabet = alphabet
    this._last = t
    return t
  }

  _build (n, size, alphabet) {
    const native = this._kit._native
    const n2 = n * n
    const value = new Int8Array(128).fill(NO)
    const kind = new Int8Array(128).fill(NO)
    const symbols = this.symbols(n, alphabet)
    if (!symbols || n2 < 2) return null
    let mixes = null
    const ab = alphabet ?? '' // printable ASCII (checkAlphabet): one byte a symbol
    native.withBuffers([n2, ab.length + 1], (line, a) => {
      native.writeAscii(a, ab)
      /** The C reader's cells for the probe in `line`, or null if it reads no one-line puzzle of n*n. */
      const probe = () => {
        const t = native.textParse(line, n2, size, alphabet ? a : 0)
        if (!t) return null
        let cells = null
        if (native.textSize(t) === n && native.textStyle(t) === STYLE.line && native.textConsumed(t) === n2) {
          cells = native.textCells(t, n2)
        }
        native.textFree(t)
        return cells
      }
      for (let b = 0x21; b < 0x7f; b++) {
        native.fillBytes(line, n2, b)
        value[b] = probe()?.[0] ?? NO
      }
      const symbol = value.findIndex((v) => v > 0)
      if (symbol < 0) return
      // A byte alone on a line may be no puzzle ('-' makes a border): beside a symbol
      for (let b = 0x21; b < 0x7f; b++) {
        if (value[b] !== NO) continue
        native.fillBytes(line, n2, b)
        native.fillBytes(line, 1, symbol)
        const cells = probe()
        if (cells && cells[0] === value[symbol]) value[b] = cells[1]
      }
      const marks = []
      for (let b = 0; b < 128; b++) if (value[b] === 0) kind[b] = marks.push(b) - 1
      if (marks.length > MAX_MARKS) return // more than the reader's . _ - 0 * ?: leave it all to C
      // Each set of marks, mixed after a symbol: read as empty cells, or left to the C reader.
      mixes = new Uint8Array(1 << marks.length)
      for (let set = 1; set < mixes.length; set++) {
        const used = marks.filter((_, k) => set & (1 << k))
        if (used.length > n2 - 1) continue
        const v = new Uint8Array(n2)
        v[0] = symbol
        for (let i = 1; i < n2; i++) v[i] = used[i % used.length]
        native.writeBytes(line, v)
        const cells = probe()
        mixes[set] = cells && cells[0] === value[symbol] && cells.subarray(1).every((c) => c === 0) ? 1 : 0
      }
    })
    if (!mixes) return null
    const codes = new Uint8Array(65) // the byte written for each value (0: the mark, set per puzzle)
    for (let v = 1; v <= n; v++) codes[v] = symbols.charCodeAt(v - 1)
    return { value, kind, mixes, symbols, codes }
  }
}

/** The symbols the C printer writes for 1..n in a line like t ('' if it cannot). */
function printed (native, t, n) {
  const values = new Uint8Array(n * n)
  for (let i = 0; i < n * n; i++) values[i] = (i % n) + 1
  let line
  try {
    line = native.textFormat(t, n, values, STYLE.line, n * n + 2) // room for one byte more than a line: a longer print is no line
  } catch (e) {
    if (e.code === 'OUT_OF_MEMORY') throw e
    return ''
  }
  return line.length === n * n ? line.slice(0, n) : ''
}

/** The side n of a line of n*n cells (a final newline aside) that size allows, else 0. */
export function lineSide (s, size) {
  const last = s.length - 1
  const len = s.charCodeAt(last) !== 10 ? last + 1 : s.charCodeAt(last - 1) === 13 ? last - 1 : last // without '\n' or '\r\n'
  const n = Math.round(Math.sqrt(len))
  return n * n !== len || n < 1 || (size && size !== n) ? 0 : n
}

/** The lines' first n2 bytes each at p, n2 apart (joined when none ends in a newline): whether all are ASCII. */
export function writeLines (native, lines, n2, p) {
  return lines.every((s) => s.length === n2)
    ? native.writeAsciiPrefix(p, lines.join(''), lines.length * n2)
    : lines.every((s, j) => native.writeAsciiPrefix(p + j * n2, s, n2))
}

const one = new Int32Array(3) // copyLine's answer: a solve() is one puzzle, and an allocation a tenth of its time

/**
 * One line (side n, lineSide) copied through the table into module memory
 * at p and turned into cell values there (dk_sudoku_lines): its first
 * empty-cell mark's code (0 for none, which the answer uses as the C printer
 * would), or -1 for the C reader (a byte the table does not know or not
 * ASCII, a mix of marks the C reader reads otherwise, or no symbol).
 */
export function copyLine (native, table, s, n2, p) {
  return native.writeAsciiPrefix(p, s, n2) && native.sudokuLines(table, p, 1, n2, one) && usable(table, one, 0) ? one[0] : -1
}

/** Whether line j (its [blank, marks, givens] in info) has a symbol, and marks the C reader reads as the table does. */
const usable = (table, info, j) => info[3 * j + 2] > 0 && (!info[3 * j + 1] || table.mixes[info[3 * j + 1]] === 1)

/**
 * A one-line puzzle copied through the table: { size, cells, kind: 'line',
 * symbols, blank }, or null for the C reader.
 */
export function readLine (tables, s, size, alphabet) {
  const n = lineSide(s, size)
  const table = n && tables.get(n, size ?? 0, alphabet)
  if (!table) return null
  const native = tables.native
  return native.withBuffers([n * n], (p) => {
    const blank = copyLine(native, table, s, n * n, p)
    return blank < 0 ? null : { size: n, cells: native.readBytes(p, n * n), kind: 'line', symbols: table.symbols, blank: blank ? String.fromCharCode(blank) : '.' }
  })
}

/** Values 0..n (len of them from values[at]) as a line in those symbols. */
export function writeLine (values, symbols, blank, at = 0, len = values.length) {
  const codes = new Array(len) // one string made at once, not one per cell
  const empty = blank.charCodeAt(0)
  for (let i = 0; i < len; i++) {
    const v = values[at + i]
    codes[i] = v ? symbols.charCodeAt(v - 1) : empty
  }
  return String.fromCharCode.apply(null, codes)
}
