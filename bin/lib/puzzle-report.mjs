// What to print for one puzzle's result: stdout text, stderr message, and
// whether it counts as a failure (exit status 1).
import { formatCandidates, defaultBox } from './candidates-format.mjs'
import { lineToGrid } from './grid-layout.mjs'

/**
 * puzzle: { text, line, index } (index 1-based); result from puzzle-work.mjs;
 * settings: { mode, json, layOut, opts, inputName } (layOut: print
 * solutions, which come as lines, as grids).
 * Returns { out: text or null, message: text or null, failed }.
 */
export function reportPuzzle (puzzle, result, settings) {
  const message = problemOf(result, settings)
  const failed = isFailure(result, settings.mode)
  const out = settings.json ? JSON.stringify(jsonOf(puzzle, result, settings.mode)) : textOf(result, settings)
  return { out, message: message && `${whereIs(puzzle, result, settings.inputName)}: ${message}`, failed }
}

/** "file:line", the line being where in the puzzle the error is, if known. */
function whereIs (puzzle, result, inputName) {
  const offset = result.error?.details?.line ? result.error.details.line - 1 : 0
  return `${inputName}:${puzzle.line + offset}`
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
  const quietNone = mode === 'count' || mode === 'check' || json // the output says it already
  if (status === 'none' && !quietNone) return 'no solution'
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
  return { box: opts.boxRows ? { boxRows: opts.boxRows, boxCols: opts.boxCols } : defaultBox(n), alphabet: opts.alphabet }
}

/** "level=hard score=7.25 nodes=412 guesses=37" (status only when not unique). */
function rateLine (r) {
  const fields = [`level=${r.level}`, `score=${r.score}`, `nodes=${r.nodes}`, `guesses=${r.guesses}`]
  if (r.status !== 'unique') fields.push(`status=${r.status}`)
  return fields.join(' ')
}

function jsonOf (puzzle, result, mode) {
  const head = { puzzle: puzzle.index, line: puzzle.line, status: result.status }
  if (result.status === 'invalid') return { ...head, error: { code: result.error.code, message: result.error.message } }
  switch (mode) {
    case 'candidates': return { ...head, status: 'ok', candidates: result.candidates }
    case 'rate': return { ...head, level: result.level, score: result.score, nodes: result.nodes, guesses: result.guesses }
    default: return { ...head, solution: result.solution ?? null, count: result.count, nodes: result.nodes, guesses: result.guesses }
  }
}
