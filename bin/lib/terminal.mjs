// What the CLI writes on stderr: messages, and a progress bar for long work
// (with its rate and the time left) when stderr is a terminal that can
// redraw a line: not in a pipe, not under TERM=dumb, unless --progress asks.
// The bar hides the cursor while it is drawn; clear() erases the line and
// shows the cursor again, also on exit and on Ctrl-C (see cleanUpOnExit).

const REDRAW_MS = 100
const ERASE = '\r\x1b[K'
const HIDE_CURSOR = '\x1b[?25l'
const SHOW_CURSOR = '\x1b[?25h'
const SIGNALS = { SIGINT: 130, SIGTERM: 143 }

/** Whether a bar can be drawn on `stream`: a terminal, and not a dumb one. */
export function drawsOn (stream, env = process.env) {
  return Boolean(stream.isTTY) && env.TERM !== 'dumb'
}

export class Terminal {
  /** show: draw the progress bar (default: see drawsOn). now: the clock (ms). */
  constructor ({ stream = process.stderr, show = drawsOn(stream), now = Date.now } = {}) {
    this._stream = stream
    this._show = show
    this._now = now
    this._drawn = false
    this._last = -Infinity
    this._start = now()
  }

  /** --progress forces the bar on, --quiet off; otherwise: see drawsOn. */
  static forOptions (values) {
    return new Terminal(values.quiet ? { show: false } : values.progress ? { show: true } : {})
  }

  get showsProgress () { return this._show }

  /**
   * With a bar, on exit, Ctrl-C (exit status 130) or SIGTERM (143): the bar
   * is taken away. A command with its own handler for the signal (dlxkit
   * sheet removes its temporary file) exits in that handler instead.
   * Without a bar the signals keep their default, which ends the process at
   * once even while this thread is busy.
   */
  cleanUpOnExit () {
    if (!this._show) return
    process.on('exit', () => this.clear())
    for (const [signal, status] of Object.entries(SIGNALS)) {
      const handler = () => {
        this.clear()
        if (process.listenerCount(signal) === 1) process.exit(status)
      }
      process.on(signal, handler)
    }
  }

  /** A line "dlxkit: text" (the bar is cleared first, and redrawn later). */
  message (text) {
    this.clear()
    this._stream.write(`dlxkit: ${text}\n`)
  }

  /** The work starts now (for the rate and the time left); shows an empty bar at once. */
  begin (label) {
    this._start = this._now()
    this._draw(0, label, true)
  }

  /** Counted work: done of total units, e.g. 12 of 200 puzzles. */
  count (done, total, unit) {
    const fraction = total ? done / total : 1
    this._draw(fraction, [`${done}/${total} ${unit}`, this._rate(done, unit), this._timeLeft(fraction)])
  }

  /** Counted work of a total not known yet; fraction: of the input read, if known. */
  tally (done, unit, fraction = null) {
    this._draw(fraction ?? 0, [`${done} ${unit}`, this._rate(done, unit), fraction === null ? '' : this._timeLeft(fraction)], fraction === null)
  }

  /** A search: fraction of the tree (estimated), nodes so far. */
  search (fraction, nodes) {
    this._draw(fraction, ['of the search tree (estimated)', this._rate(nodes, 'nodes'), this._timeLeft(fraction)])
  }

  /** The work is over: take the bar away. */
  finish () { this.clear() }

  /** Take the bar off the line (before other output goes to the terminal). */
  clear () {
    if (this._drawn) this._stream.write(ERASE + SHOW_CURSOR)
    this._drawn = false
  }

  _rate (done, unit) {
    const seconds = (this._now() - this._start) / 1000
    return done > 0 && seconds > 0 ? `${shortNumber(done / seconds)} ${unit}/s` : ''
  }

  _timeLeft (fraction) {
    const ms = this._now() - this._start
    return fraction > 0 && fraction < 1 ? `${duration(ms * (1 - fraction) / fraction)} left` : ''
  }

  _draw (fraction, parts, labelOnly = false) {
    if (!this._show) return
    const now = this._now()
    if (now - this._last < REDRAW_MS && fraction < 1) return
    this._last = now
    const label = [parts].flat().filter(Boolean).join('  ')
    const line = labelOnly ? label : progressLine(fraction, label, this._stream.columns || 80)
    this._stream.write(`${this._drawn ? '' : HIDE_CURSOR}\r${line}\x1b[K`)
    this._drawn = true
  }
}

/** "[#########.........]  45%  9/20 puzzles", fitted to the width. */
export function progressLine (fraction, label, columns) {
  const f = Math.min(1, Math.max(0, fraction))
  const percent = `${Math.floor(f * 100)}%`.padStart(4)
  const room = columns - label.length - percent.length - 6
  const width = Math.max(10, Math.min(40, room))
  const filled = Math.round(f * width)
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${percent}  ${label}`.slice(0, Math.max(1, columns - 1))
}

/** 950, 12.3k, 4.56M: three digits at most. */
export function shortNumber (x) {
  const trim = (text) => text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text
  for (const [unit, size] of [['G', 1e9], ['M', 1e6], ['k', 1e3]]) {
    if (x >= size * 0.9995) return `${trim((x / size).toPrecision(3))}${unit}`
  }
  return x >= 9.95 ? String(Math.round(x)) : trim(x.toPrecision(2))
}

/** 42s, 3m07s, 2h05m. */
export function duration (ms) {
  const s = Math.ceil(ms / 1000)
  if (s < 60) return `${s}s`
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`
  return `${Math.floor(s / 3600)}h${String(Math.floor(s / 60) % 60).padStart(2, '0')}m`
}
