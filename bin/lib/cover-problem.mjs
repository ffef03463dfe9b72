// What the ways of running `dlxkit cover` share: the problem parsed (its
// errors with their place), and solutions printed as option lines or JSON.
import { DlxError } from './library.mjs'

/** A problem text the library refused (a DlxError with line and column). */
export class ParseError extends Error {
  constructor (error) {
    super(error.message)
    this.error = error
  }
}

/** api.parseDlx(text), its DlxError a ParseError. */
export async function parse (api, text) {
  try {
    return await api.parseDlx(text)
  } catch (e) {
    throw e instanceof DlxError ? new ParseError(e) : e
  }
}

/**
 * Solutions as option lines (blank lines between), or as JSON lines.
 * problem: a Problem, or a worker's RemoteProblem, whose option lines
 * prepare() fetches first (they come async).
 */
export class SolutionPrinter {
  constructor (problem, json, out) {
    this._problem = problem
    this._json = json
    this._out = out
    this._lines = new Map() // option index -> its line: many solutions share options
    this.printed = 0
  }

  async prepare (options) {
    for (const k of options) if (!this._lines.has(k)) this._lines.set(k, await this._problem.formatOption(k))
  }

  print (options) {
    const lines = options.map((k) => this._line(k))
    if (this._json) this._out.line(JSON.stringify({ solution: options, options: lines }))
    else this._out.block(lines.join('\n'))
    this.printed++
  }

  _line (k) {
    let line = this._lines.get(k)
    if (line === undefined) this._lines.set(k, line = this._problem.formatOption(k))
    return line
  }
}
