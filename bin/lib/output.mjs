// What the CLI writes on stdout: lines and multi-line blocks (grids,
// solutions) with a blank line between blocks, buffered: written at 64 KiB,
// or once the oldest text held has waited FLUSH_MS (a timer, and a check at
// each write for work that keeps this thread busy), so that slow work, such
// as 16x16 puzzles generated into a pipe, shows each result soon and meets
// a reader that went away soon. Write errors (a reader that went away, a
// full disk) are stdio-errors.mjs's; stderr is terminal.mjs's.

const FLUSH_BYTES = 1 << 16
const FLUSH_MS = 200

export class Output {
  /** beforeFlush: called before each write, e.g. to take a progress bar away; clock: milliseconds now (for tests). */
  constructor (stream = process.stdout, { beforeFlush = () => {}, clock = Date.now } = {}) {
    this._stream = stream
    this._beforeFlush = beforeFlush
    this._clock = clock
    this._buffer = ''
    this._since = 0 // when the oldest text in the buffer came
    this._timer = null
    this._afterBlock = false
    this._any = false // write errors: stdio-errors.mjs
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
    if (this._timer) { clearTimeout(this._timer); this._timer = null }
    if (!this._buffer) return
    this._beforeFlush()
    this._stream.write(this._buffer)
    this._buffer = ''
  }

  _write (text, isBlock) {
    if (!this._buffer) {
      this._since = this._clock()
      this._timer ??= setTimeout(() => { this._timer = null; this.flush() }, FLUSH_MS)
      this._timer.unref?.() // the end of the run flushes what is left
    }
    if (isBlock && this._any) this._buffer += '\n'
    else if (!isBlock && this._afterBlock) this._buffer += '\n'
    this._buffer += text
    this._afterBlock = isBlock
    this._any = true
    if (this._buffer.length >= FLUSH_BYTES || this._clock() - this._since >= FLUSH_MS) this.flush()
  }
}
