// Everything written to stderr: messages, and a progress bar for long work
// when stderr is a terminal (or --progress asks for it).

const REDRAW_MS = 100

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
