// What the CLI writes. Output: everything on stdout, lines and multi-line
// blocks (grids, solutions) with a blank line between blocks, buffered, and
// quiet about a reader that went away (dlxkit ... | head). Terminal:
// everything on stderr, messages and a progress bar for long work when
// stderr is a terminal (or --progress asks for it).

const FLUSH_BYTES = 1 << 16
const REDRAW_MS = 100

export class Output {
  /** beforeFlush: called before each write, e.g. to take a progress bar away. */
  constructor (stream = process.stdout, { beforeFlush = () => {} } = {}) {
    this._stream = stream
    this._beforeFlush = beforeFlush
    this._buffer = ''
    this._afterBlock = false
    this._any = false
    stream.on('error', (e) => {
      if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0)
      throw e
    })
  }

  /** One line (a newline is added). */
  line (text) {
    this._write(`${text}\n`, false)
  }

  /** Several lines; set apart from the previous block by a blank line. */
  block (text) {
    this._write(text.endsWith('\n') ? text : `${text}\n`, true)
  }

  /** A line or a block, as the text is. */
  item (text) {
    if (/\n./.test(text)) this.block(text)
    else this.line(text.replace(/\n$/, ''))
  }

  flush () {
    if (!this._buffer) return
    this._beforeFlush()
    this._stream.write(this._buffer)
    this._buffer = ''
  }

  _write (text, isBlock) {
    if (isBlock && this._any) this._buffer += '\n'
    else if (!isBlock && this._afterBlock) this._buffer += '\n'
    this._buffer += text
    this._afterBlock = isBlock
    this._any = true
    if (this._buffer.length >= FLUSH_BYTES) this.flush()
  }
}

export class Terminal {
  /** show: draw the progress bar (default: when stderr is a terminal). */
  constructor ({ stream = process.stderr, show = Boolean(stream.isTTY) } = {}) {
    this._stream = stream
    this._show = show
    this._drawn = false
    this._last = 0
  }

  /** --progress forces the bar on, --quiet off; otherwise: stderr is a terminal. */
  static forOptions (values) {
    return new Terminal(values.quiet ? { show: false } : values.progress ? { show: true } : {})
  }

  get showsProgress () { return this._show }

  /** A line "dlxkit: text" (the bar is cleared first, and redrawn later). */
  message (text) {
    this.clear()
    this._stream.write(`dlxkit: ${text}\n`)
  }

  /** fraction 0..1 of the work done; label says what, e.g. "12/200 puzzles". */
  progress (fraction, label = '', labelOnly = false) {
    if (!this._show) return
    const now = Date.now()
    if (now - this._last < REDRAW_MS && fraction < 1) return
    this._last = now
    this._stream.write(`\r${labelOnly ? label : progressLine(fraction, label, this._stream.columns || 80)}\x1b[K`)
    this._drawn = true
  }

  /** Counted work: done of total. */
  count (done, total, unit) {
    this.progress(total ? done / total : 1, `${done}/${total} ${unit}`)
  }

  /** Counted work of a total not known yet; fraction: of the input read, if known. */
  tally (done, unit, fraction = null) {
    this.progress(fraction ?? 0, `${done} ${unit}`, fraction === null)
  }

  /** The work is over: take the bar away. */
  finish () { this.clear() }

  /** Take the bar off the line (before other output goes to the terminal). */
  clear () {
    if (this._drawn) this._stream.write('\r\x1b[K')
    this._drawn = false
  }
}

/** "[#########.........]  45%  9/20 puzzles", fitted to the width. */
export function progressLine (fraction, label, columns) {
  const f = Math.min(1, Math.max(0, fraction))
  const percent = `${Math.floor(f * 100)}%`.padStart(4)
  const room = columns - label.length - percent.length - 6
  const width = Math.max(10, Math.min(40, room))
  const filled = Math.round(f * width)
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${percent}  ${label}`
}
