// Reading the input named on the command line: a file, or '-' for stdin.
//
// The input is streamed, never slurped: an endless or binary input
// (/dev/zero, `yes |`) must end in a clear error, not in gigabytes of
// memory. Standard input is read as a stream (process.stdin), never with a
// synchronous read of fd 0, which fails with EAGAIN on a pipe whose writer
// is slow once Node has made it non-blocking.
import { closeSync, createReadStream, fstatSync, openSync, readSync } from 'node:fs'
import { StringDecoder } from 'node:string_decoder'
import { UsageError } from './args.mjs'
import { StrayLines } from './stray-lines.mjs'

const REASONS = { ENOENT: 'no such file', EACCES: 'permission denied', EISDIR: 'is a directory' }

// The longest line a puzzle can need: a 64x64 puzzle as one line of numbers,
// 4096 numbers of up to two digits with ', ' between them, is 16,384
// characters; four times that leaves room for notes after the puzzle.
export const MAX_LINE_CHARS = 4 * 4096 * 4

/** Bad input found while reading: exit status 1, 'dlxkit: NAME:LINE: message'. */
export class InputError extends Error {
  constructor (message) {
    super(message)
    this.name = 'InputError'
  }
}

/**
 * { name, stream, size }: `name` is what error messages call the input,
 * `size` its length in bytes when it is a regular file (else null). Opening
 * happens here, so a missing file is a usage error before any work starts.
 */
export function openInput (path, command) {
  if (path === '-') return { name: 'stdin', stream: process.stdin, size: null }
  let fd
  try {
    fd = openSync(path, 'r')
    const stat = fstatSync(fd)
    if (stat.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' })
    return { name: path, stream: createReadStream(null, { fd }), size: stat.isFile() ? stat.size : null }
  } catch (e) {
    if (fd !== undefined) closeSync(fd)
    throw cannotRead(path, e, command)
  }
}

/** The usage error for a FILE that cannot be opened. */
export function cannotRead (path, e, command) {
  return new UsageError(`cannot read '${path}': ${REASONS[e.code] ?? e.message}`, command)
}

/**
 * The input's lines, a batch (an array of { text, line }) per block read;
 * `line` is 1-based, a '\r' before the '\n' is dropped. A line longer than
 * `maxChars` stops the reading with an InputError naming where it started.
 * input.bytesRead counts the bytes read so far (for a progress bar).
 */
export async function * readLineBatches (input, { maxChars = MAX_LINE_CHARS } = {}) {
  const decoder = new StringDecoder('utf8')
  let rest = '' // the line read so far (no '\n' yet)
  let line = 1
  input.bytesRead = 0
  for await (const chunk of input.stream) {
    input.bytesRead += chunk.length
    const text = rest + decoder.write(chunk)
    const batch = []
    let start = 0
    let tooLong = null
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      if (nl - start > maxChars) break
      batch.push({ text: withoutCR(text.slice(start, nl)), line: line++ })
      start = nl + 1
    }
    rest = text.slice(start)
    if (rest.length > maxChars) tooLong = lineTooLong(input, line, rest, maxChars)
    if (batch.length) yield batch // the lines before a bad one are still answered
    if (tooLong) throw tooLong
  }
  rest += decoder.end()
  if (rest.length > maxChars) throw lineTooLong(input, line, rest, maxChars)
  if (rest) yield [{ text: withoutCR(rest), line }]
}

const withoutCR = (s) => s.endsWith('\r') ? s.slice(0, -1) : s

function lineTooLong (input, line, text, maxChars) {
  const binary = text.includes('\0') ? ' (it holds NUL bytes: is this a text file?)' : ''
  return new InputError(`${input.name}:${line}: a line of more than ${maxChars} characters${binary}: longer than the largest puzzle, 64x64, can be; stopped reading`)
}

// The most a puzzle text can take, generously: a 64x64 grid with a border
// line between every two rows and around them is 129 lines; a row of 64
// numbers with ' | ' between them is under 400 characters.
export const MAX_PUZZLE_LINES = 256
export const MAX_PUZZLE_CHARS = 1 << 18

/**
 * The input's puzzles as they come, a batch (an array of { text, line }, and
 * `rejected` for a line that is no puzzle: stray-lines.mjs) at a time, cut by the library's reader (sudoku.split, sudoku.read; opts: the
 * command's size and alphabet). The last piece of what has been read may go
 * on in the next lines (a grid), so it waits for them or for the end; a
 * piece longer than any puzzle can be stops the reading with an InputError.
 */
export async function * readPuzzleBatches (input, sudoku, { size, alphabet } = {}) {
  const opts = { size, alphabet }
  const strays = new StrayLines() // lines the reader skips that are no puzzle
  let held = [] // lines not cut yet: { text, line }
  for await (const batch of readLineBatches(input)) {
    const lines = held.length ? held.concat(batch) : batch
    const pieces = cut(lines, sudoku, opts)
    const last = pieces.pop()
    held = last ? lines.slice(last.line - lines[0].line) : afterBreaks(lines)
    const sorted = strays.sort(lines.slice(0, lines.length - held.length), pieces)
    if (sorted.length) yield sorted
    const chars = held.reduce((n, l) => n + l.text.length, 0)
    if (held.length > MAX_PUZZLE_LINES || chars > MAX_PUZZLE_CHARS) {
      throw new InputError(`${input.name}:${held[0].line}: a puzzle text of more than ${MAX_PUZZLE_LINES} lines or ${MAX_PUZZLE_CHARS} characters, without a blank line or a one-line puzzle: longer than the largest puzzle, 64x64, can be; stopped reading`)
    }
  }
  const pieces = strays.sort(held, held.length ? cut(held, sudoku, opts) : []).concat(strays.end())
  if (pieces.length) yield pieces
}

/** Pieces of consecutive lines, each with its line in the input. */
function cut (lines, sudoku, opts) {
  const first = lines[0].line
  return sudoku.split(lines.map((l) => l.text).join('\n') + '\n', opts).map((p) => ({ text: p.text, line: first + p.line - 1 }))
}

/**
 * Lines that hold no piece (blank, comment, title or border lines) without
 * those up to the last blank or comment line: a title or a top border stays
 * with what comes next, the rest can go.
 */
function afterBreaks (lines) {
  return lines.slice(lines.findLastIndex((l) => { const t = l.text.trim(); return t === '' || t.startsWith('#') }) + 1)
}

/**
 * The whole text, for inputs that are one piece (an exact-cover problem):
 * at most `maxBytes`, and no NUL byte (a text format never has one; this
 * stops /dev/zero at once).
 */
export async function readWholeText (input, { maxBytes, what }) {
  const decoder = new StringDecoder('utf8')
  const parts = []
  let bytes = 0
  for await (const chunk of input.stream) {
    bytes += chunk.length
    const nul = chunk.indexOf(0)
    if (nul !== -1) {
      const before = parts.join('') + decoder.write(chunk.subarray(0, nul))
      const line = before.split('\n').length
      const column = before.length - before.lastIndexOf('\n')
      throw new InputError(`${input.name}:${line}:${column}: character 0x00 (a NUL byte): ${what} is text; stopped reading`)
    }
    if (bytes > maxBytes) throw new InputError(`${input.name}: more than ${maxBytes / (1 << 20)} MiB: larger than ${what} can be; stopped reading`)
    parts.push(decoder.write(chunk))
  }
  parts.push(decoder.end())
  return parts.join('')
}

/** A small file's text (at most maxBytes); an unreadable or too big file is a usage error (exit 2). */
export function readFileText (path, command, what = '', maxBytes = 16 << 20) {
  let fd
  try {
    fd = openSync(path, 'r')
    if (fstatSync(fd).isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' })
    const chunks = []
    let total = 0
    for (;;) {
      const buf = Buffer.alloc(1 << 16)
      const n = readSync(fd, buf, 0, buf.length, null)
      if (n === 0) break
      total += n
      if (total > maxBytes) throw Object.assign(new Error(`larger than ${maxBytes >> 20} MiB`), { code: 'TOO_BIG' })
      chunks.push(buf.subarray(0, n))
    }
    return Buffer.concat(chunks).toString('utf8')
  } catch (e) {
    throw new UsageError(`cannot read ${what}'${path}': ${REASONS[e.code] ?? e.message}`, command)
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}
