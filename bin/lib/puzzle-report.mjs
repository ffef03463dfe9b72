// What to print for one puzzle's result: stdout text (a solution as a line
// or grid, pencil marks, a rating, JSON), stderr message, and whether it
// counts as a failure (exit status 1).
import { defaultBox } from './library.mjs'

const DEFAULT_SYMBOLS = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/**
 * puzzle: { text, line, index, source } (index 1-based); result from puzzle-batch.mjs;
 * source: its input's name; settings: { mode, json, layOut, opts, several }
 * (layOut: print solutions, which come as lines, as grids; several: there
 * are several inputs, so JSON names the file).
 * Returns { out: text or null, message: text or null, failed }.
 */
export function reportPuzzle (puzzle, result, settings) {
  const failed = isFailure(result, settings.mode)
  const out = settings.json ? JSON.stringify(jsonOf(puzzle, result, settings)) : textOf(result, settings)
  return { out, message: messageOf(puzzle, result, settings), failed }
}

/**
 * The stderr line for this puzzle's result ('FILE:LINE: message'), or null;
 * mode 'explain' too (`dlxkit explain`: status 'none', 'multiple' or
 * 'invalid' for what the explainer could not explain).
 */
export function messageOf (puzzle, result, settings) {
  const message = problemOf(result, settings)
  return message && inFile(puzzle, result.error, message)
}

/**
 * 'FILE:LINE: message' for a message about this puzzle, at the input's line
 * of the error (a reader's DlxError says which of the puzzle's lines) and
 * with the message's places counted in the input's lines too.
 */
export function inFile (puzzle, error, message = error.message) {
  const line = lineOf(puzzle, { error })
  return `${puzzle.source}:${line}: ${placesInFile(message, puzzle, line)}`
}

/** The line of the input where the error is, if known; else where the puzzle starts. */
function lineOf (puzzle, result) {
  const offset = result.error?.details?.line ? result.error.details.line - 1 : 0
  return puzzle.line + offset
}

/**
 * The reader's places ('line 1, column 6') count the lines of the puzzle's
 * own text; in the input that line is further down. The line the message
 * is already at (`at`) goes without saying: 'column 6'.
 */
function placesInFile (message, puzzle, at = null) {
  return message.replace(/\bline (\d+), column (\d+)/g, (_, l, c) => {
    const line = puzzle.line + Number(l) - 1
    return line === at ? `column ${c}` : `line ${line}, column ${c}`
  })
}

function isFailure (result, mode) {
  if (result.status === 'invalid' || result.status === 'none') return true
  if (mode === 'candidates') return false
  return result.status === 'stopped' && !(mode === 'solve' && result.solution)
}

/** The stderr sentence for this result, or null. */
function problemOf (result, { mode, json, opts }) {
  const { status } = result
  if (status === 'invalid') return result.error.message
  const quietNone = mode === 'count' || mode === 'check' || (json && mode !== 'explain') // the output says it already
  if (status === 'none' && !quietNone) return 'no solution'
  if (status === 'multiple' && mode === 'explain') return 'more than one solution; nothing to explain: the steps a person can follow need exactly one to lead to'
  if (status === 'stopped') return stoppedMessage(result, mode, opts)
  if (status === 'multiple' && mode === 'solve' && !json) return 'more than one solution; printed the first found'
  if (status === 'multiple' && mode === 'rate') return 'more than one solution; the rating is of the search for the first'
  return null
}

/** The node budget ran out: what is known so far. */
function stoppedMessage ({ nodes, count }, mode, opts) {
  const head = `stopped after ${nodes} search nodes (--max-nodes ${opts.maxNodes})`
  if (!count) return `${head} without finding a solution`
  if (mode === 'solve') return `${head}: solved, but uniqueness not proved`
  return `${head} with ${count} solution${count === 1 ? '' : 's'} found so far`
}

/** stdout text, or null to print nothing for this puzzle. */
function textOf (result, { mode, opts, layOut }) {
  const { status } = result
  switch (mode) {
    case 'solve': return result.solution && layOut ? lineToGrid(result.solution) : result.solution ?? null
    case 'count': return status === 'invalid' || status === 'stopped' ? status : String(result.count)
    case 'check': return status === 'found' ? 'unique' : status // 'found' only arises with --limit 1
    case 'candidates': return result.candidates ? formatCandidates(result.candidates, candidateLayout(result.candidates.length, opts)) : null
    case 'rate': return status === 'invalid' || status === 'none' ? null : rateLine(result)
  }
  return null
}

function candidateLayout (n, opts) {
  if (opts.jigsaw) return { box: null, alphabet: opts.alphabet }
  const box = opts.boxRows ? { boxRows: opts.boxRows, boxCols: opts.boxCols ?? n / opts.boxRows } : defaultBox(n)
  return { box, alphabet: opts.alphabet }
}

/**
 * "level=hard score=7.25 nodes=412 guesses=37 difficulty=fiendish rating=6.6
 * technique="X-chain" steps=58": the search's rating, then the explainer's
 * (status instead when not unique: the explainer needs one solution).
 */
function rateLine (r) {
  const fields = [`level=${r.level}`, `score=${r.score}`, `nodes=${r.nodes}`, `guesses=${r.guesses}`]
  if (r.status !== 'unique') fields.push(`status=${r.status}`)
  if (r.difficulty) fields.push(`difficulty=${r.difficulty}`, `rating=${r.rating}`, `technique=${JSON.stringify(r.technique)}`, `steps=${r.steps}`)
  return fields.join(' ')
}

function jsonOf (puzzle, result, { mode, several }) {
  const head = several
    ? { puzzle: puzzle.index, file: puzzle.source, line: puzzle.line, status: result.status }
    : { puzzle: puzzle.index, line: puzzle.line, status: result.status }
  if (result.status === 'invalid') return { ...head, error: { code: result.error.code, message: placesInFile(result.error.message, puzzle) } }
  switch (mode) {
    case 'candidates': return { ...head, status: 'ok', candidates: result.candidates }
    case 'rate': {
      const { level, score, nodes, guesses, difficulty, rating, technique, steps } = result
      return { ...head, level, score, nodes, guesses, difficulty, rating, technique, steps }
    }
    default: return { ...head, solution: result.solution ?? null, count: result.count, nodes: result.nodes, guesses: result.guesses }
  }
}

// ---- pencil marks: each cell lists the digits still possible (a given shows
// as its own digit), columns aligned, '|' and '-+-' rules between boxes.

/**
 * rows[r][c] = digits (1..N). box: { boxRows, boxCols } to draw, or null for
 * no box rules (jigsaw). alphabet: the symbols of digits 1..N.
 */
function formatCandidates (rows, { box = null, alphabet = '' } = {}) {
  const n = rows.length
  const symbols = alphabet || DEFAULT_SYMBOLS
  const asText = n <= symbols.length
    ? (digits) => digits.map((d) => symbols[d - 1]).join('')
    : (digits) => digits.join(',') // no one-symbol form: numbers
  const cells = rows.map((row) => row.map((digits) => digits.length ? asText(digits) : '-'))
  const width = cells.flat().reduce((w, s) => Math.max(w, s.length), 0)
  const lines = []
  cells.forEach((row, r) => {
    if (box && r > 0 && r % box.boxRows === 0) lines.push(ruleLine(n, width, box.boxCols))
    lines.push(rowLine(row, width, box?.boxCols).trimEnd())
  })
  return lines.join('\n') + '\n'
}

function rowLine (row, width, boxCols) {
  return row.map((s, c) => (boxCols && c > 0 && c % boxCols === 0 ? '| ' : '') + s.padEnd(width + 1)).join('')
}

function ruleLine (n, width, boxCols) {
  const boxes = n / boxCols
  return Array.from({ length: boxes }, (_, b) => '-'.repeat(boxCols * (width + 1) + (b > 0 ? 1 : 0))).join('+')
}

// ---- a one-line puzzle laid out as a plain grid (symbols separated by
// spaces), as the API's 'grid' style prints one; used with --alphabet, where
// the API's grid style falls back to its default symbols.

/** "1.3.2..." (N*N symbols) -> N lines of N symbols separated by spaces. */
export function lineToGrid (line) {
  const cells = [...line]
  const n = Math.round(Math.sqrt(cells.length))
  const rows = []
  for (let r = 0; r < n; r++) rows.push(cells.slice(r * n, r * n + n).join(' '))
  return rows.join('\n') + '\n'
}

/**
 * The API format to ask for, given the CLI's --format and --alphabet:
 * { format, layOut } where layOut says the CLI lays the line out as a grid.
 */
export function apiFormat (format, alphabet) {
  if (format === 'json') return { format: 'line', layOut: false } // JSON carries solutions as lines
  if (format === 'grid' && alphabet) return { format: 'line', layOut: true }
  return { format: format ?? undefined, layOut: false }
}
