// What the CLI writes on stdout: lines and multi-line blocks (grids,
// solutions) with a blank line between blocks, buffered. Write errors (a
// reader that went away, a full disk) are stdio-errors.mjs's; stderr is
// terminal.mjs's.

const FLUSH_BYTES = 1 << 16

export class Output {
  /** beforeFlush: called before each write, e.g. to take a progress bar away. */
  constructor (stream = process.stdout, { beforeFlush = () => {} } = {}) {
    this._stream = stream
    this._beforeFlush = beforeFlush
    this._buffer = ''
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
