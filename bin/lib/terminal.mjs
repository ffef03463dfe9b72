// What the CLI writes on stderr: messages, and a progress bar for long work
// (with its rate and the time left) when stderr is a terminal that can
// redraw a line: not in a pipe, not under TERM=dumb, unless --progress asks.
// The bar hides the cursor while it is drawn; clear() erases the line and
// shows the cursor again, also on exit and on Ctrl-C (see cleanUpOnExit).
// A bar that shows itself (a terminal, no --progress) waits SHOW_AFTER_MS:
// a quick run draws nothing. While it is up it ticks (the time so far) even
// when the work says nothing.

const REDRAW_MS = 100
const SHOW_AFTER_MS = 1000
const TICK_MS = 500
const ERASE = '\r\x1b[K'
const HIDE_CURSOR = '\x1b[?25l'
const SHOW_CURSOR = '\x1b[?25h'
const SIGNALS = { SIGINT: 130, SIGTERM: 143 }

/** Whether a bar can be drawn on `stream`: a terminal, and not a dumb one. */
export function drawsOn (stream, env = process.env) {
  return Boolean(stream.isTTY) && env.TERM !== 'dumb'
}

export class Terminal {
  /**
   * show: draw the progress bar (default: see drawsOn). now: the clock (ms).
   * delay: ms from begin() (or from now) before anything is drawn.
   */
  constructor ({ stream = process.stderr, show = drawsOn(stream), now = Date.now, delay = SHOW_AFTER_MS } = {}) {
    this._stream = stream
    this._show = show
    this._now = now
    this._delay = delay
    this._drawn = false
    this._line = null // the line on the terminal now
    this._last = -Infinity
    this._start = now()
    this._item = now() // when the long item under way began (see item)
    this._again = null // draws the last bar asked for again, with the time as it is then
    this._ticker = null
    this._onSignals = null // the signal handlers, once the bar is first drawn
  }

  /** --progress forces the bar on (at once), --quiet off; otherwise: see drawsOn. */
  static forOptions (values) {
    return new Terminal(values.quiet ? { show: false } : values.progress ? { show: true, delay: 0 } : {})
  }

  get showsProgress () { return this._show }

  /**
   * With a bar, on exit, Ctrl-C (exit status 130) or SIGTERM (143): the bar
   * is taken away. A command with its own handler for the signal (dlxkit
   * sheet removes its temporary file) exits in that handler instead.
   * The signal handlers come with the first bar drawn: a handler in
   * JavaScript runs only when this thread is free, so until then (and
   * without a bar) the signals keep their default, which ends the process
   * at once even while this thread is busy. A command that draws a bar
   * must therefore keep its long work off this thread (Pool's offThread).
   */
  cleanUpOnExit () {
    if (!this._show) return
    process.on('exit', () => this.clear())
    this._onSignals = () => {
      this._onSignals = null
      for (const [signal, status] of Object.entries(SIGNALS)) {
        process.on(signal, () => {
          this.clear()
          if (process.listenerCount(signal) === 1) process.exit(status)
        })
      }
    }
  }

  /** A line "dlxkit: text" (the bar is cleared first, and redrawn later). */
  message (text) {
    this.clear()
    this._stream.write(`dlxkit: ${text}\n`)
  }

  /**
   * The work starts now (for the rate and the time left): the label, and
   * the bar once the delay is over; it ticks until finish().
   */
  begin (label) {
    this._start = this._item = this._now()
    this._again = () => this._draw(0, label, true)
    this._again()
    if (this._show && !this._ticker) {
      this._ticker = setInterval(() => this._tick(), TICK_MS)
      this._ticker.unref?.() // never what keeps the process alive
    }
  }

  /** Counted work: done of total units, e.g. 12 of 200 puzzles. */
  count (done, total, unit) {
    this._again = () => this.count(done, total, unit)
    const fraction = total ? done / total : 1
    this._draw(fraction, [`${done}/${total} ${unit}`, this._rate(done, unit), this._timeLeft(fraction)])
  }

  /** Counted work of a total not known yet; fraction: an estimate of the part done, if any. */
  tally (done, unit, fraction = null) {
    this._again = () => this.tally(done, unit, fraction)
    this._draw(fraction ?? 0, [`${done} ${unit}`, this._rate(done, unit), fraction === null ? '' : this._timeLeft(fraction)], fraction === null)
  }

  /** A long item (one puzzle) begins now: item() counts its rate and time from here. */
  startItem () { this._item = this._now() }

  /** One long item under way: the fraction and label of the whole work, the item's nodes so far. */
  item (fraction, label, nodes) {
    this._again = () => this.item(fraction, label, nodes)
    const seconds = (this._now() - this._item) / 1000
    const rate = nodes > 0 && seconds > 0 ? `${shortNumber(nodes / seconds)} nodes/s` : ''
    this._draw(fraction, [label, nodes ? `${shortNumber(nodes)} nodes` : '', rate, `${duration(this._now() - this._item)} so far`])
  }

  /** A search: fraction of the tree (estimated), nodes so far. */
  search (fraction, nodes) {
    this._again = () => this.search(fraction, nodes)
    this._draw(fraction, ['of the search tree (estimated)', this._rate(nodes, 'nodes'), this._timeLeft(fraction)])
  }

  /** The work is over: take the bar away. */
  finish () {
    clearInterval(this._ticker)
    this._ticker = null
    this._again = null
    this.clear()
  }

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

  /** The last bar again: its rate and times move even when the work says nothing. */
  _tick () {
    this._again?.()
  }

  _draw (fraction, parts, labelOnly = false) {
    if (!this._show) return
    const now = this._now()
    if (now - this._start < this._delay) return
    if (now - this._last < REDRAW_MS && fraction < 1) return
    this._last = now
    parts = [parts].flat()
    const still = parts.slice(1).every((p) => !p) // no rate, no time left: say how long so far
    const label = [...parts, still && now - this._start >= 1000 ? `${duration(now - this._start)} so far` : ''].filter(Boolean).join('  ')
    const line = labelOnly ? label : progressLine(fraction, label, this._stream.columns || 80)
    if (this._drawn && line === this._line) return
    this._onSignals?.()
    this._stream.write(`${this._drawn ? '' : HIDE_CURSOR}\r${line}\x1b[K`)
    this._drawn = true
    this._line = line
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
